/**
 * The database schema (Drizzle). The same schema and migrations run on PGlite and on
 * PostgreSQL. Money columns are BIGINT micro-USDT; never a float.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: text('username').notNull(),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    payId: text('pay_id').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isVerificationPending: boolean('is_verification_pending').notNull().default(false),
    appNotice: text('app_notice'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_pay_id_key').on(t.payId),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** Sessions: only the SHA-256 of each token is kept, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Failed sign-in counters per account and per address, shared by every instance. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
});

/**
 * Ledger accounts. Balances are a cache of the postings (checked by `npm run ledger:check`);
 * a user's wallet can never go below zero, and the database refuses it too.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'user_wallet',
        'fee_revenue',
        'deposit_clearing',
        'withdrawal_clearing',
        'trading_house',
      ],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    balanceMicros: bigint('balance_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    heldMicros: bigint('held_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_wallet_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'user_wallet'`),
    uniqueIndex('ledger_accounts_platform_kind_key')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_user_balance_non_negative',
      sql`${t.kind} <> 'user_wallet' or (${t.balanceMicros} >= 0 and ${t.heldMicros} >= 0 and ${t.heldMicros} <= ${t.balanceMicros})`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'user_wallet') = (${t.userId} is not null)`,
    ),
  ],
);

/** The single row of site settings (id = 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    whatsappLink: text('whatsapp_link'),
    telegramLink: text('telegram_link'),
    emailLink: text('email_link'),
    transferMinMicros: bigint('transfer_min_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Transfer fee in millionths of a percent: 1 % = 1,000,000. */
    transferChargeMicroPercent: bigint('transfer_charge_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`1000000`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_singleton', sql`${t.id} = 1`),
    check('site_settings_transfer_min_check', sql`${t.transferMinMicros} >= 0`),
    check(
      'site_settings_transfer_charge_check',
      sql`${t.transferChargeMicroPercent} >= 0 and ${t.transferChargeMicroPercent} <= 100000000`,
    ),
  ],
);

/** The coins listed for trading, by symbol ("BTC"). */
export const coins = pgTable(
  'coins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coins_symbol_key').on(t.symbol),
    check('coins_symbol_check', sql`${t.symbol} ~ '^[A-Z0-9]{2,15}$'`),
  ],
);

/**
 * The audit trail: every admin change and every document view. Append-only: a trigger
 * (migration 0001) makes the database refuse UPDATE, DELETE and TRUNCATE on it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
