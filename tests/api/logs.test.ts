/** Logs never contain passwords or tokens, even at the most verbose level. */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/seed';
import { newUserBody } from './harness';

it('a session of register, login, reads, password change and logout logs no secret', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'trace', WEB_DIR: '/nonexistent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const options = loggerOptions(config);
  const app = await buildApp({ config, database, logger: { ...(options as object), stream } });
  await seed(database.db, config, app.log, app.platformAccounts);

  const body = newUserBody();
  await app.inject({ method: 'POST', url: '/api/registerUser', payload: body });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: body.password },
  });
  const token = login.json().token as string;
  const auth = { authorization: `Bearer ${token}` };
  await app.inject({ url: '/api/getUserById', headers: auth });
  await app.inject({
    method: 'PUT',
    url: '/api/updateUserPasswordByUser',
    payload: { currentPassword: body.password, password: 'Second-Secret-Phrase-9' },
    headers: auth,
  });
  await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: 'wrong-password-x' },
  });
  await app.close();

  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(10);
  expect(log).toContain('signed in');
  for (const secret of [body.password, token, 'Second-Secret-Phrase-9', 'wrong-password-x']) {
    expect(log).not.toContain(secret);
  }
});
