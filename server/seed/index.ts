/**
 * Start-up data: the site settings row always; the configured admin when ADMIN_EMAIL is set
 * (the one way to make an admin without a second admin's approval: it takes access to the
 * server); a second demo admin, demo users, coins and support links when DEMO is on. Every step is idempotent, so several
 * instances can start at once and a restart changes nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { coins, depositMethods, siteSettings, users, withdrawMethods } from '../db/schema';
import { platformShard, walletAccountId, type PlatformAccounts } from '../ledger/accounts';
import { postEntry } from '../ledger/posting';
import { createAccount, hashPassword, revokeAllSessions, verifyPassword } from '../modules/auth';
import { ensureSiteSettings } from '../modules/settings';
import { enrollKnownSecret } from '../modules/users';
import { normalizeEmail } from '../../common/validation';
import {
  DEMO_ADMIN,
  DEMO_COINS,
  DEMO_DEPOSIT_METHODS,
  DEMO_OPENING_BALANCES_MICROS,
  DEMO_SECOND_ADMIN,
  DEMO_SUPPORT_LINKS,
  DEMO_USERS,
  DEMO_WITHDRAW_METHODS,
} from './demo-data';

export async function seed(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  platform: PlatformAccounts,
): Promise<void> {
  await ensureSiteSettings(db);

  const admin =
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail, password: config.adminPassword }
      : config.demo
        ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }
        : null;
  if (admin) await upsertAdmin(db, admin.email, admin.password, log);

  if (!config.demo) return;
  // The demo admins come enrolled in two-factor with their printed keys (an ADMIN_EMAIL admin
  // sets one up at first sign-in instead); a key set up since is kept.
  if (!config.adminEmail) await enrollDemoAdmin(db, DEMO_ADMIN.email, DEMO_ADMIN.twoFactorSecret);
  const [secondAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_SECOND_ADMIN.email))
    .limit(1);
  if (!secondAdmin) {
    const { twoFactorSecret: _secret, ...account } = DEMO_SECOND_ADMIN;
    const created = await createAccount(db, { ...account, role: 'admin' });
    if (!created.ok) log.warn({ conflict: created.conflict }, 'second demo admin not created');
  }
  await enrollDemoAdmin(db, DEMO_SECOND_ADMIN.email, DEMO_SECOND_ADMIN.twoFactorSecret);
  for (const demoUser of DEMO_USERS) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUser.email))
      .limit(1);
    if (existing.length > 0) continue;
    const created = await createAccount(db, { ...demoUser, role: 'user' });
    const openingMicros = DEMO_OPENING_BALANCES_MICROS[demoUser.email];
    if (!created.ok || !openingMicros) continue;
    // Opening balances go through the ledger like everything else.
    await db.transaction(async (tx) => {
      await postEntry(tx, {
        kind: 'adjustment',
        referenceType: 'demo_seed',
        referenceId: created.userId,
        memo: 'Demo opening balance',
        postings: [
          { accountId: platformShard(platform, 'deposit_clearing'), amountMicros: -openingMicros },
          { accountId: await walletAccountId(tx, created.userId), amountMicros: openingMicros },
        ],
      });
    });
  }
  // The demo users come with the trading risk acknowledged, so the demo trades at once.
  await db
    .update(users)
    .set({ riskAcknowledgedAt: new Date() })
    .where(
      and(
        inArray(
          users.email,
          DEMO_USERS.map((demoUser) => demoUser.email),
        ),
        isNull(users.riskAcknowledgedAt),
      ),
    );
  const [anyDepositMethod] = await db
    .select({ id: depositMethods.id })
    .from(depositMethods)
    .limit(1);
  if (!anyDepositMethod) await db.insert(depositMethods).values(DEMO_DEPOSIT_METHODS);
  const [anyWithdrawMethod] = await db
    .select({ id: withdrawMethods.id })
    .from(withdrawMethods)
    .limit(1);
  if (!anyWithdrawMethod) await db.insert(withdrawMethods).values(DEMO_WITHDRAW_METHODS);
  else await translateDemoWithdrawMethods(db);
  await db
    .insert(coins)
    .values(
      DEMO_COINS.map((coin, index) => ({ symbol: coin.symbol, name: coin.name, sortOrder: index })),
    )
    .onConflictDoNothing();
  await db.update(siteSettings).set(DEMO_SUPPORT_LINKS).where(eq(siteSettings.id, 1));
  log.info({ users: DEMO_USERS.length, coins: DEMO_COINS.length }, 'demo data ready');
}

/** Creates the admin, or updates its password and role when the account already exists. */
/** Gives a demo admin its printed two-factor key, unless it has a second factor already. */
async function enrollDemoAdmin(db: Db, email: string, secret: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'admin')))
    .limit(1);
  if (row) await enrollKnownSecret(db, row.id, secret, Date.now());
}

async function upsertAdmin(
  db: Db,
  emailInput: string,
  password: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const email = normalizeEmail(emailInput);
  const existing = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const row = existing[0];
  if (!row) {
    const result = await createAccount(db, {
      fullName: 'Administrator',
      username: `admin_${
        email
          .split('@')[0]
          ?.replace(/[^A-Za-z0-9_.]/g, '')
          .slice(0, 20) || 'ops'
      }`,
      email,
      phoneNumber: '+10000000000',
      password,
      role: 'admin',
    });
    if (!result.ok)
      throw new Error(`Could not create the admin account (${result.conflict} taken)`);
    log.info({ email }, 'admin account created');
    return;
  }
  if (row.role === 'admin' && (await verifyPassword(password, row.passwordHash))) return;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'admin', passwordHash, updatedAt: new Date() })
      .where(eq(users.id, row.id));
    // A changed password or a new role must not leave older sessions alive.
    await revokeAllSessions(tx, row.id);
  });
  log.info({ email }, 'admin account updated');
}

/**
 * A demo database seeded before the instructions had translations gets them: a demo method
 * whose English text is still the demo's and that has none yet (an admin's own wording and
 * translations are left alone).
 */
async function translateDemoWithdrawMethods(db: Db): Promise<void> {
  for (const method of DEMO_WITHDRAW_METHODS) {
    await db
      .update(withdrawMethods)
      .set({ infoTranslations: method.infoTranslations })
      .where(and(eq(withdrawMethods.info, method.info), isNull(withdrawMethods.infoTranslations)));
  }
}
