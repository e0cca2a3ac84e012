/** Data survives a restart of the embedded database; start-up seeding is idempotent. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/seed';
import { newUserBody } from './harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-persist-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIR: '/nonexistent' });
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(config.dataDir, 'pgdata'),
  });
  const app = await buildApp({ config, database, logger: false });
  await seed(database.db, config, app.log, app.platformAccounts);
  return app;
}

it('a user registered before a restart signs in after it, and demo data is seeded once', async () => {
  const body = newUserBody();
  const first = await start();
  expect(
    (await first.inject({ method: 'POST', url: '/api/registerUser', payload: body })).statusCode,
  ).toBe(201);
  const coinsBefore = (await first.inject({ url: '/api/getCoinList' })).json() as string[];
  expect(coinsBefore.length).toBeGreaterThanOrEqual(30);
  await first.close();

  const second = await start();
  const login = await second.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: body.password },
  });
  expect(login.statusCode).toBe(200);
  const coinsAfter = (await second.inject({ url: '/api/getCoinList' })).json() as string[];
  expect(coinsAfter).toEqual(coinsBefore);
  const demo = await second.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'alice@tradewallet.local', password: 'Demo-Trader-2026' },
  });
  expect(demo.statusCode).toBe(200);
  await second.close();
});
