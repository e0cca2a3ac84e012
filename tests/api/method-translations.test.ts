/**
 * A withdraw method's instructions in other languages (`infoTranslations`): the admin's
 * create and update calls take them within `info`'s limit, refuse an unknown language or a
 * text too long with a 400 that changes nothing, the lists carry them, and the audit entry
 * of a change has them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { AdminMethods, WithdrawMethodList, type WithdrawMethod } from '../../common/contract';
import {
  WITHDRAW_METHOD,
  closeCheckingLedger,
  createAdminTestApp,
  createMethod,
  registerAndLogin,
  type AdminTestApp,
  type Headers,
} from './harness';

let t: AdminTestApp;
let user: Headers;

beforeAll(async () => {
  t = await createAdminTestApp();
  user = (await registerAndLogin(t.app)).auth;
});

afterAll(() => closeCheckingLedger(t));

const GERMAN = 'Wird über das TRON-Netzwerk gesendet.';
const CHINESE = '通过 TRON 网络发送。';

async function listed(id: string): Promise<WithdrawMethod | undefined> {
  const res = await t.app.inject({ url: '/api/withdrawMethods', headers: user });
  expect(res.statusCode).toBe(200);
  expect(is(res.json(), WithdrawMethodList)).toBe(true);
  return (res.json() as WithdrawMethod[]).find((method) => method._id === id);
}

function update(id: string, overrides: object) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/updateWithdrawMethod',
    headers: t.admin,
    payload: { id, ...WITHDRAW_METHOD, ...overrides },
  });
}

describe('instructions in other languages', () => {
  it('are created with the method, trimmed, an empty one left out, and listed to users', async () => {
    const id = await createMethod(t.app, t.admin, 'withdraw', {
      infoTranslations: { de: `  ${GERMAN} `, zh: CHINESE, es: '' },
    } as object);
    const method = await listed(id);
    expect(method?.info).toBe('Sent on TRON.');
    expect(method?.infoTranslations).toEqual({ de: GERMAN, zh: CHINESE });

    const admin = await t.app.inject({ url: '/api/admin/methods', headers: t.admin });
    expect(is(admin.json(), AdminMethods)).toBe(true);
    const inConsole = (admin.json() as AdminMethods).withdraw.find((m) => m._id === id);
    expect(inConsole?.infoTranslations).toEqual({ de: GERMAN, zh: CHINESE });

    // Every reader gets the same answer and picks its language: it stays cacheable.
    const german = await t.app.inject({
      url: '/api/withdrawMethods',
      headers: { ...user, 'accept-language': 'de' },
    });
    const english = await t.app.inject({ url: '/api/withdrawMethods', headers: user });
    expect(german.body).toBe(english.body);
    expect(german.headers.vary ?? '').not.toMatch(/accept-language/i);
  });

  it('are none for a method created without them', async () => {
    const id = await createMethod(t.app, t.admin, 'withdraw');
    expect((await listed(id))?.infoTranslations).toEqual({});
  });

  it('are replaced by an update, kept when it leaves them out, and audited', async () => {
    const id = await createMethod(t.app, t.admin, 'withdraw', {
      infoTranslations: { de: GERMAN },
    } as object);
    const changed = await update(id, { infoTranslations: { fr: 'Envoyé sur TRON.', de: '' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().method.infoTranslations).toEqual({ fr: 'Envoyé sur TRON.' });

    const kept = await update(id, { info: 'Sent on TRON, within a day.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await listed(id))?.infoTranslations).toEqual({ fr: 'Envoyé sur TRON.' });

    const cleared = await update(id, { infoTranslations: { fr: '  ' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await listed(id))?.infoTranslations).toEqual({});

    const audit = await t.app.inject({
      url: `/api/admin/audit?action=withdraw_method.updated&targetId=${id}`,
      headers: t.admin,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().items as { before: unknown; after: unknown }[];
    expect(entries).toHaveLength(3);
    expect(entries).toContainEqual(
      expect.objectContaining({
        before: expect.objectContaining({ infoTranslations: { de: GERMAN } }),
        after: expect.objectContaining({ infoTranslations: { fr: 'Envoyé sur TRON.' } }),
      }),
    );
  });

  it.each([
    ['an unknown language', { it: 'Inviato su TRON.' }, 'infoTranslations.it', /Unknown field/],
    ['a text too long', { zh: '字'.repeat(1001) }, 'infoTranslations.zh', /at most 1000/],
    ['a text that is not a string', { de: 42 }, 'infoTranslations.de', /Invalid value/],
  ])('refuse %s with a 400 that changes nothing', async (_case, translations, field, message) => {
    const id = await createMethod(t.app, t.admin, 'withdraw', {
      infoTranslations: { de: GERMAN },
    } as object);
    const before = await listed(id);

    const refused = await update(id, { infoTranslations: translations });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe(field);
    expect(refused.json().error).toMatch(message);
    expect(await listed(id)).toEqual(before);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/createWithdrawMethod',
      headers: t.admin,
      payload: { ...WITHDRAW_METHOD, coinName: 'Refused', infoTranslations: translations },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().field).toBe(field);
    const all = (await t.app.inject({ url: '/api/withdrawMethods', headers: user })).json();
    expect((all as WithdrawMethod[]).map((m) => m.coinName)).not.toContain('Refused');
  });

  it('take 1000 characters in a language, as info does', async () => {
    const id = await createMethod(t.app, t.admin, 'withdraw', {
      infoTranslations: { zh: '字'.repeat(1000) },
    } as object);
    expect((await listed(id))?.infoTranslations?.zh).toHaveLength(1000);
  });

  it('are not taken on a deposit method, which has no instructions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/createDepositMethod',
      headers: t.admin,
      payload: { ...WITHDRAW_METHOD, info: undefined, charge: undefined, infoTranslations: {} },
    });
    expect(res.statusCode).toBe(400);
  });
});
