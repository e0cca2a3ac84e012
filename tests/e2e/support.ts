/**
 * What the end-to-end specs share: the demo accounts, signing in through the page, calls
 * made the way the app makes them (a bearer token, an idempotency key per money-moving
 * request), accounts of a spec's own, and exact amounts. The e2e database is shared by every
 * spec, so a spec that changes a user's money or flags makes a user of its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';

export interface Credentials {
  email: string;
  password: string;
  /** The account's two-factor key (base32), when it has one: the demo admins do. */
  twoFactorSecret?: string;
}

/**
 * The last 30 s step whose code a spec used, per key: the server accepts each step once.
 * Kept in a file beside the run's data, as Playwright loads this module again for each spec
 * file while the server (and what it remembers) lives through the whole run.
 */
const USED_STEPS_FILE = path.join(
  os.tmpdir(),
  `tw-e2e-totp-steps-${process.env.E2E_PORT ?? '3100'}.json`,
);

function readUsedSteps(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(USED_STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A code of `secret` the server has not seen yet, as an authenticator app shows it. The
 * server takes the current step's code and the next one's, each once (RFC 6238's replay
 * rule), so a spec that signs in often may wait here for the next step.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const usedSteps = readUsedSteps();
  const last = usedSteps[secret] ?? -1;
  let step = Math.floor(Date.now() / 30_000);
  if (last >= step + 1) {
    await new Promise((resolve) => setTimeout(resolve, last * 30_000 - Date.now() + 500));
    step = Math.floor(Date.now() / 30_000);
  }
  const use = Math.max(step, last + 1);
  fs.writeFileSync(USED_STEPS_FILE, JSON.stringify({ ...usedSteps, [secret]: use }));
  return totp.generate({ timestamp: use * 30_000 + 1000 });
}

export const ALICE: Credentials = {
  email: 'alice@tradewallet.local',
  password: 'Demo-Trader-2026',
};
export const BOB: Credentials = { email: 'bob@tradewallet.local', password: 'Demo-Trader-2026' };
/** The demo admin, enrolled in two-factor with the key the banner and the README print. */
export const ADMIN: Credentials = {
  email: 'admin@tradewallet.local',
  password: 'Admin-Demo-2026',
  twoFactorSecret: 'TRADEWALLETDEMOADMINTWOFACTORKEY',
};
/** The second demo admin: the second pair of eyes on what ADMIN asks for. */
export const ADMIN2: Credentials = {
  email: 'admin2@tradewallet.local',
  password: 'Admin-Demo-2026',
  twoFactorSecret: 'TRADEWALLETSECONDADMINTWOFACTORK',
};

/** A pending four-eyes request the predicate picks, as the second demo admin lists them. */
async function pendingApproval(
  request: APIRequestContext,
  pick: (approval: { _id: string; kind: string; subject: Record<string, unknown> }) => boolean,
): Promise<{ _id: string; kind: string; subject: Record<string, unknown> }> {
  const listed = await request.get('/api/admin/approvals?status=Pending', {
    headers: bearer(await apiLogin(request, ADMIN2)),
  });
  expect(listed.ok()).toBe(true);
  const { items } = (await listed.json()) as {
    items: { _id: string; kind: string; subject: Record<string, unknown> }[];
  };
  const found = items.find(pick);
  if (!found) throw new Error('no such pending request');
  return found;
}

/** Approves a four-eyes request as the second demo admin. */
export async function approveAsSecondAdmin(
  request: APIRequestContext,
  approvalId: string,
): Promise<void> {
  const approved = await request.post(`/api/admin/approvals/${approvalId}/approve`, {
    headers: bearer(await apiLogin(request, ADMIN2)),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** Approves, as the second demo admin, the pending four-eyes request that `pick` chooses. */
export async function approvePending(
  request: APIRequestContext,
  pick: Parameters<typeof pendingApproval>[1],
): Promise<void> {
  await approveAsSecondAdmin(request, (await pendingApproval(request, pick))._id);
}

/** A valid 1×1 PNG: the server decodes and re-encodes uploads, so it must be a real image. */
export const SCREENSHOT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Headers of a money-moving write: the token and a fresh idempotency key. */
export const keyed = (token: string) => ({ ...bearer(token), 'idempotency-key': randomUUID() });

/**
 * Admin sessions the specs signed in by the API, reused: each two-factor sign-in spends a
 * 30 s step's code, and the specs sign the demo admins in many times.
 */
const SESSIONS_FILE = path.join(
  os.tmpdir(),
  `tw-e2e-admin-sessions-${process.env.E2E_PORT ?? '3100'}.json`,
);

function readSessions(): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(SESSIONS_FILE, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export async function apiLogin(request: APIRequestContext, who: Credentials): Promise<string> {
  const cached = who.twoFactorSecret ? readSessions()[who.email] : undefined;
  if (cached) {
    const alive = await request.get('/api/getUserById', { headers: bearer(cached) });
    if (alive.ok()) return cached;
  }
  const response = await request.post('/api/login', {
    data: { email: who.email, password: who.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const answer = (await response.json()) as { token?: string; challenge?: string };
  if (answer.token) return answer.token;
  if (!answer.challenge || !who.twoFactorSecret) throw new Error('a code is needed to sign in');
  const second = await request.post('/api/loginTwoFactor', {
    data: { challenge: answer.challenge, code: await freshTotpCode(who.twoFactorSecret) },
  });
  expect(second.ok(), await second.text()).toBe(true);
  const { token } = (await second.json()) as { token: string };
  fs.writeFileSync(SESSIONS_FILE, JSON.stringify({ ...readSessions(), [who.email]: token }));
  return token;
}

/**
 * Signs in through /signin and waits for the landing page: `/` for users, `/admin` for
 * admins. An account with two-factor (the demo admins) is signed in with its API session
 * instead, put where the app keeps it: each two-factor sign-in spends a 30 s step's code,
 * and the specs sign the admins in more often than that. `viaForm` takes the form and its
 * second step anyway (tests/e2e/two-factor.spec.ts and the foundation spec do).
 */
export async function signIn(
  page: Page,
  who: Credentials,
  landing = '/',
  options: { viaForm?: boolean } = {},
): Promise<void> {
  if (who.twoFactorSecret && !options.viaForm) {
    const token = await apiLogin(page.request, who);
    await page.goto('/signin');
    await page.evaluate((adminToken) => {
      localStorage.removeItem('uToken');
      localStorage.setItem('aToken', adminToken);
    }, token);
    await page.goto(landing);
    await expect(page).toHaveURL(landing);
    return;
  }
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (who.twoFactorSecret) {
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('6-digit code').fill(await freshTotpCode(who.twoFactorSecret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).toHaveURL(landing);
}

/** A page in a new phone-sized context of its own: a second person, signed in separately. */
export async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

export interface TestAccount extends Credentials {
  _id: string;
  username: string;
  fullName: string;
  token: string;
}

/** A new account through the public sign-up, signed in by the API. */
export async function registerUser(
  request: APIRequestContext,
  fullName = 'End To End',
  options: {
    /**
     * Leave the trading risk unacknowledged (default: acknowledged through the API, as the
     * sheet before a first trade does), for the spec of that sheet.
     */
    unacknowledged?: boolean;
  } = {},
): Promise<TestAccount> {
  const tag = randomBytes(4).toString('hex');
  const body = {
    fullName,
    username: `e2e_${tag}`,
    email: `e2e-${tag}@example.com`,
    phoneNumber: '+15550101010',
    password: 'Granite-Harbor-2026',
  };
  const registered = await request.post('/api/registerUser', { data: body });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { _id: string } };
  // As its owner would: the link of the verification mail (withdrawals and transfers wait for it).
  const verified = await request.post('/api/verifyEmail', {
    data: { token: linkToken(await mailTo(body.email, 'Confirm your email address')) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const token = await apiLogin(request, body);
  if (!options.unacknowledged) {
    const acknowledged = await request.post('/api/acknowledgeTradingRisk', {
      headers: bearer(token),
    });
    expect(acknowledged.status(), await acknowledged.text()).toBe(200);
  }
  return { ...body, _id: user._id, token };
}

/**
 * The mail folder of the server under test: each Playwright config starts its server with
 * its own DATA_DIR and names that folder in E2E_MAIL_DIR (workers load the config too).
 */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through a Playwright config');
  return dir;
}

/** A raw message's body parts joined, quoted-printable decoded (enough to find its link). */
function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest mail to `email` whose subject is `subject`, as written by the server's `.eml`
 * channel (the embedded default), waiting for the mail job to send it. Answers its body.
 */
export async function mailTo(email: string, subject: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = mailDir();
  for (;;) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const name of names) {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      if (new RegExp(`^To: ${email}\\r?$`, 'm').test(raw) && raw.includes(`Subject: ${subject}`)) {
        return decodedBody(raw);
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The token of the link in a mail's body. */
export function linkToken(body: string): string {
  const token = /\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!token) throw new Error('no link in the mail');
  return token;
}

/**
 * A new admin account: asked for by the demo admin and approved by the second one. For 24
 * hours it may not approve what the demo admin asks for or first-approves.
 */
export async function registerAdmin(request: APIRequestContext): Promise<TestAccount> {
  const tag = randomBytes(4).toString('hex');
  const body = {
    fullName: 'Second Operator',
    username: `ops_${tag}`,
    email: `ops-${tag}@example.com`,
    password: 'Copper-Lantern-2026',
  };
  const created = await request.post('/api/admin/admins', {
    headers: bearer(await apiLogin(request, ADMIN)),
    data: body,
  });
  expect(created.status(), await created.text()).toBe(202);
  const { approval } = (await created.json()) as { approval: { _id: string } };
  await approveAsSecondAdmin(request, approval._id);
  const token = await apiLogin(request, body);
  // Every admin must have a second factor before the console opens: set one up.
  const twoFactorSecret = await enrollTwoFactor(request, token);
  const me = await request.get('/api/admin/overview', { headers: bearer(token) });
  expect(me.ok()).toBe(true);
  const admins = await request.get('/api/admin/admins', { headers: bearer(token) });
  const list = (await admins.json()) as { admins: { _id: string; email: string }[] };
  const admin = list.admins.find((a) => a.email === body.email);
  if (!admin) throw new Error('the approved admin is not listed');
  return { ...body, twoFactorSecret, _id: admin._id, token };
}

/** Sets up and enables two-factor for the session `token`; answers the key. */
export async function enrollTwoFactor(request: APIRequestContext, token: string): Promise<string> {
  const setup = await request.post('/api/setupTwoFactor', { headers: bearer(token) });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/enableTwoFactor', {
    headers: bearer(token),
    data: { code: await freshTotpCode(secret) },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  return secret;
}

/**
 * Credits a user by an admin's ledger adjustment, the one way an admin moves money. From the
 * dual-approval size on, the demo admin asks and the second demo admin approves.
 */
export async function fund(
  request: APIRequestContext,
  userId: string,
  amount: string,
): Promise<void> {
  const adminToken = await apiLogin(request, ADMIN);
  const funded = await request.post(`/api/admin/users/${userId}/adjustments`, {
    headers: keyed(adminToken),
    data: { amount, reason: 'End-to-end test funding' },
  });
  expect(funded.ok(), await funded.text()).toBe(true);
  if (funded.status() === 202) {
    const { approval } = (await funded.json()) as { approval: { _id: string } };
    await approveAsSecondAdmin(request, approval._id);
  }
}

/** "12.5" or "12.500000" as micro-USDT, exactly (non-negative decimals only). */
export function micros(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return BigInt(match[1] ?? '0') * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** As the screens show amounts: two decimals, rounded half up, thousands with commas. */
export function shown(amountMicros: bigint): string {
  const cents = (amountMicros + 5_000n) / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The amount as an amount field holds it after being set back: no trailing zeros. */
export function typed(amountMicros: bigint): string {
  const fraction = (amountMicros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  const whole = (amountMicros / 1_000_000n).toString();
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

export interface Balances {
  payId: string;
  balanceMicros: bigint;
  onHoldMicros: bigint;
}

/** The signed-in user's available balance and amount on hold, as GET /api/getUserById has them. */
export async function balances(request: APIRequestContext, token: string): Promise<Balances> {
  const response = await request.get('/api/getUserById', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as {
    user: { payId: string; balance: string; onHold: string };
  };
  return {
    payId: user.payId,
    balanceMicros: micros(user.balance),
    onHoldMicros: micros(user.onHold),
  };
}

export interface CreatedDeposit {
  _id: string;
  /** The deposit's reference, shown in the console's queue. */
  transactionId: string;
}

/** A deposit made as the user would: the screenshot uploaded, then the request sent once. */
export async function createDeposit(
  request: APIRequestContext,
  token: string,
  amount: string,
  screenshot: Buffer = SCREENSHOT_PNG,
): Promise<CreatedDeposit> {
  const methods = await request.get('/api/depositMethods', { headers: bearer(token) });
  expect(methods.ok()).toBe(true);
  const [method] = (await methods.json()) as { _id: string }[];
  if (!method) throw new Error('no deposit method in the demo data');
  const upload = await request.post(`/upload?timestamp=${Date.now()}`, {
    headers: bearer(token),
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: screenshot } },
  });
  expect(upload.status()).toBe(201);
  const { fileUrl } = (await upload.json()) as { fileUrl: string };
  const created = await request.post('/api/createDeposit', {
    headers: keyed(token),
    data: { gatWay: method._id, amount, transactionScreenshot: fileUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { deposit: CreatedDeposit }).deposit;
}

/** A withdrawal to a fixed TRON address on the demo data's first withdraw method. */
export async function createWithdraw(
  request: APIRequestContext,
  token: string,
  amount: string,
): Promise<{ _id: string }> {
  const methods = await request.get('/api/withdrawMethods', { headers: bearer(token) });
  expect(methods.ok()).toBe(true);
  const [method] = (await methods.json()) as { _id: string }[];
  if (!method) throw new Error('no withdraw method in the demo data');
  const created = await request.post('/api/createWithdraw', {
    headers: keyed(token),
    data: { gatWay: method._id, paymentAddress: 'TXyzEndToEndAddress123', amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { withdraw: { _id: string } }).withdraw;
}

/** The documents of a KYC request, by their field. */
export type KycDocument = 'idFront' | 'idBack' | 'cameraRoll';

/**
 * A pending KYC request (Mei Lin Zhang's details) of the account behind `token`, its three
 * documents uploaded first: `documentOf` draws each one; SCREENSHOT_PNG when not given.
 */
export async function createKyc(
  request: APIRequestContext,
  token: string,
  documentOf: (field: KycDocument) => Promise<Buffer> = async () => SCREENSHOT_PNG,
): Promise<string> {
  const upload = async (field: KycDocument) => {
    const response = await request.post(`/upload?timestamp=${Date.now()}`, {
      headers: bearer(token),
      multipart: {
        file: { name: `${field}.png`, mimeType: 'image/png', buffer: await documentOf(field) },
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { fileUrl: string }).fileUrl;
  };
  const created = await request.post('/api/createKyc', {
    headers: bearer(token),
    data: {
      firstName: 'Mei Lin',
      lastName: 'Zhang',
      dateOfBirth: '1991-04-23',
      street: '1 Raffles Place',
      city: 'Singapore',
      state: 'Central Region',
      postalCode: '048616',
      country: 'SG',
      employmentStatus: 'Employed',
      annualIncome: '64000',
      documentType: 'Passport',
      idFront: await upload('idFront'),
      idBack: await upload('idBack'),
      cameraRoll: await upload('cameraRoll'),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { kyc: { _id: string } }).kyc._id;
}

/** A row of a detail list (`<dl>`), found by its exact label. */
export function detailRow(page: Page, label: string) {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('dl > div').filter({ has: page.locator('dt', { hasText: exact }) });
}

/**
 * Records every alert, confirm or prompt the page opens (and dismisses it). Markup in a
 * user's field must never run, so a spec expects this list to stay empty.
 */
export function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/**
 * A pending 5-minute Buy of BTC for `tradeAmount` USDT; answers its id. Right after the server
 * starts there may be no recent tick yet (503): it is retried for a few seconds.
 */
export async function placeTrade(
  request: APIRequestContext,
  token: string,
  tradeAmount = '10',
): Promise<string> {
  const data = { coinType: 'BTCUSDT', tradeType: 'buy', tradeAmount, selectedTime: 'trade5Min' };
  for (let attempt = 1; ; attempt += 1) {
    const created = await request.post('/api/createTrade', { headers: keyed(token), data });
    if (created.status() === 503 && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { trade: { _id: string } }).trade._id;
  }
}

/** A small PNG of one colour: the server decodes and re-encodes uploads, so it must be real. */
function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The KYC form's documents step: a passport, both sides uploaded until each says so. */
export async function uploadPassport(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Passport' }).check();
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'passport-front.png',
    mimeType: 'image/png',
    buffer: await png('#3366cc'),
  });
  await page.getByLabel('Back of the document').setInputFiles({
    name: 'passport-back.png',
    mimeType: 'image/png',
    buffer: await png('#cc6633'),
  });
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
}
