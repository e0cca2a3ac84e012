/**
 * The database schema (Drizzle). The same schema and migrations run on PGlite and on
 * PostgreSQL. Money columns are BIGINT micro-USDT; never a float.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InfoTranslations } from '../../common/contract';
import { LOGIN_RESULTS } from '../../common/rules';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes. Read and written in SQL as hex (`encode`/`decode`): both drivers agree on text. */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

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
    /**
     * ISO 3166 alpha-2 code of the user's country of residence (from KYC), used to apply
     * the trading restrictions by country; null until known.
     */
    country: text('country'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set by an admin: may this user open trades, and request withdrawals. */
    tradingAllowed: boolean('trading_allowed').notNull().default(true),
    withdrawalsAllowed: boolean('withdrawals_allowed').notNull().default(true),
    /**
     * The cooling period after a security change (a password change or reset, two-factor
     * turned off or reset by an admin): withdrawal requests are refused until then.
     */
    withdrawalsLockedUntil: timestamp('withdrawals_locked_until', { withTimezone: true }),
    /**
     * The admin who asked for this admin account (an approved `admin.create` request); null
     * for users and for admins made at start from ADMIN_EMAIL or the demo data. For 24 hours
     * the two may not approve each other's four-eyes requests or withdrawals.
     */
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    /**
     * When the user proved the mailbox (the link of the verification mail, or of a password
     * reset); null until then. Withdrawals and transfers wait for it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language the user's mails are written in: the web app's at sign-up and on change. */
    language: text('language', { enum: ['en', 'es', 'fr', 'de', 'zh'] })
      .notNull()
      .default('en'),
    /**
     * When the user acknowledged the risk of timed trades (POST /api/acknowledgeTradingRisk);
     * null until then, and a real trade is refused (403 `risk_not_acknowledged`).
     */
    riskAcknowledgedAt: timestamp('risk_acknowledged_at', { withTimezone: true }),
    /** The session reminder the user chose on the trade screens: 15, 30 or 60 min, or none. */
    sessionReminderMinutes: integer('session_reminder_minutes'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_pay_id_key').on(t.payId),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'es', 'fr', 'de', 'zh')`),
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
    /**
     * An admin viewing the app as this user (`POST /api/userLogin/:id`): the admin's id. Such
     * a session is short-lived and read-only: every request that would change something is
     * refused.
     */
    impersonatedBy: uuid('impersonated_by').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session's name in the API (`GET /api/getSessions`, `PUT /api/revokeSession/:id`):
     * random, so it tells nothing about the token, whose hash never leaves the server.
     */
    id: uuid('id').notNull().defaultRandom(),
    /** The browser's User-Agent at sign-in, cut to SESSION_USER_AGENT_MAX_LENGTH; null if none. */
    userAgent: text('user_agent'),
    /** The address the session was last used from (at sign-in, then at each `lastSeenAt`). */
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    /**
     * When the session was last used, to the minute: the guard moves it on at most once per
     * SESSION_LAST_SEEN_RESOLUTION_MS, so most requests write nothing.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in attempts on existing accounts, for the account's own history (`GET
 * /api/getLoginHistory`). Attempts on unknown emails belong to no one and are not kept. The
 * expired row purge keeps each account's newest LOGIN_ATTEMPTS_KEPT_PER_USER rows, none older
 * than LOGIN_ATTEMPT_RETENTION_MS.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    result: text('result', { enum: LOGIN_RESULTS }).notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    /** A successful sign-in from a device this account had not signed in from before. */
    newDevice: boolean('new_device').notNull().default(false),
  },
  (t) => [
    index('login_attempts_user_id_attempted_at_idx').on(t.userId, t.attemptedAt),
    index('login_attempts_attempted_at_idx').on(t.attemptedAt),
    check(
      'login_attempts_result_check',
      sql`${t.result} in ('success', 'wrong_password', 'throttled', 'account_disabled', 'two_factor_failed')`,
    ),
  ],
);

/**
 * The devices each account has signed in from (server/modules/auth/devices.ts): the SHA-256
 * of the web app's device id (or, without one, of the browser and system names). A sign-in
 * from a device not in the list is a new device. Forgotten after KNOWN_DEVICE_RETENTION_MS
 * without a sign-in.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('known_devices_last_seen_at_idx').on(t.lastSeenAt),
  ],
);

/**
 * Sign-in counters per account and per address, shared by every instance
 * (server/modules/auth/throttle.ts): the failures of the window plus the attempts being
 * checked, and, once the free attempts are used, when the next attempt may be checked.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
});

/**
 * A user's second factor (TOTP, RFC 6238; server/modules/users/two-factor*.ts). The secrets
 * are AES-256-GCM ciphertexts under a key derived from an installation secret, never plain.
 * `pending_secret` is a set-up not yet confirmed by a code; `secret` with `enabled_at` is the
 * active one. `last_used_step` refuses a code used before (its 30 s step or an earlier one);
 * `failed_attempts` and `locked_until` are the brute-force lock (5 wrong codes: 15 minutes).
 */
export const userTwoFactor = pgTable(
  'user_two_factor',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret'),
    pendingSecret: text('pending_secret'),
    pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_two_factor_enabled_check', sql`(${t.enabledAt} is null) = (${t.secret} is null)`),
    check('user_two_factor_failed_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);

/** Single-use recovery codes of a second factor: only their SHA-256, and when each was used. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The second step of a sign-in with two-factor on: a random challenge (only its SHA-256
 * kept) answered with a code within 5 minutes, once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('login_challenges_user_id_idx').on(t.userId),
    index('login_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

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
        'user_practice',
        'practice_house',
        'practice_faucet',
      ],
    }).notNull(),
    /**
     * What the account counts: real USDT, or the practice money of practice mode. The kind
     * decides it (the check below). Every posting names its currency, and two foreign keys
     * hold it to its account's and to its entry's, so a journal entry stays within one
     * currency and practice money can never move to or from USDT.
     */
    currency: text('currency', { enum: ['USDT', 'PRACTICE'] })
      .notNull()
      .default('USDT'),
    userId: uuid('user_id').references(() => users.id),
    /**
     * Platform accounts are split into shards: every transfer credits fee revenue, and one
     * row would serialise them all on its lock. A platform balance is the sum of its shards.
     */
    shard: integer('shard').notNull().default(0),
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
    uniqueIndex('ledger_accounts_user_practice_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'user_practice'`),
    // What the postings' foreign key on (account, currency) refers to.
    uniqueIndex('ledger_accounts_id_currency_key').on(t.id, t.currency),
    uniqueIndex('ledger_accounts_platform_shard_key')
      .on(t.kind, t.shard)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_shard_check', sql`${t.shard} >= 0 and ${t.shard} < 64`),
    check(
      'ledger_accounts_user_balance_non_negative',
      sql`${t.kind} not in ('user_wallet', 'user_practice') or (${t.balanceMicros} >= 0 and ${t.heldMicros} >= 0 and ${t.heldMicros} <= ${t.balanceMicros})`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} in ('user_wallet', 'user_practice')) = (${t.userId} is not null)`,
    ),
    check(
      'ledger_accounts_currency_check',
      sql`${t.currency} = case when ${t.kind} in ('user_practice', 'practice_house', 'practice_faucet') then 'PRACTICE' else 'USDT' end`,
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
    /**
     * Script address of the third-party live-chat widget the help page loads; the security
     * policy allows exactly its origin. Null: the help page shows the support links instead.
     */
    chatWidgetUrl: text('chat_widget_url'),
    transferMinMicros: bigint('transfer_min_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Transfer fee in millionths of a percent: 1 % = 1,000,000. */
    transferChargeMicroPercent: bigint('transfer_charge_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`1000000`),
    /**
     * Withdrawals of at least this amount need a second admin's approval (a different admin
     * from the first). Null: one approval is enough for any amount.
     */
    withdrawalDualApprovalMicros: bigint('withdrawal_dual_approval_micros', { mode: 'bigint' }),
    /** Timed trades: on or off for everyone, and off for users of these countries. */
    tradingEnabled: boolean('trading_enabled').notNull().default(true),
    tradingBlockedCountries: text('trading_blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * When an admin first saved the blocked-country list: until then the dashboard asks to
     * choose where timed trades are offered (retail binary options are banned or restricted
     * in several jurisdictions, common/jurisdictions.ts).
     */
    tradingCountriesSavedAt: timestamp('trading_countries_saved_at', { withTimezone: true }),
    tradeMinMicros: bigint('trade_min_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`10000000`),
    tradeMaxMicros: bigint('trade_max_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`10000000000`),
    /** Profit on a winning trade, per duration, in micro-percent of the stake (1 % = 1,000,000). */
    payout30sMicroPercent: bigint('payout_30s_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`80000000`),
    payout60sMicroPercent: bigint('payout_60s_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`82000000`),
    payout180sMicroPercent: bigint('payout_180s_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`85000000`),
    payout300sMicroPercent: bigint('payout_300s_micro_percent', { mode: 'bigint' })
      .notNull()
      .default(sql`88000000`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_singleton', sql`${t.id} = 1`),
    check(
      'site_settings_dual_approval_check',
      sql`${t.withdrawalDualApprovalMicros} is null or ${t.withdrawalDualApprovalMicros} > 0`,
    ),
    check(
      'site_settings_trade_limits_check',
      sql`${t.tradeMinMicros} > 0 and ${t.tradeMaxMicros} >= ${t.tradeMinMicros}`,
    ),
    check(
      'site_settings_payouts_check',
      sql`${t.payout30sMicroPercent} between 1 and 100000000 and ${t.payout60sMicroPercent} between 1 and 100000000 and ${t.payout180sMicroPercent} between 1 and 100000000 and ${t.payout300sMicroPercent} between 1 and 100000000`,
    ),
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

/**
 * Uploaded files (images). Stored encrypted under `storageName` in the data folder, never
 * in a served folder. An upload without a token has no owner: it is quarantined until an
 * authenticated request claims it (once), and purged after 24 h if nobody does.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id),
    /** What claimed it: 'deposit', 'kyc'...; null while unclaimed. */
    purpose: text('purpose'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    storageName: text('storage_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    widthPx: integer('width_px').notNull(),
    heightPx: integer('height_px').notNull(),
    uploaderIp: text('uploader_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_storage_name_key').on(t.storageName),
    index('files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
    index('files_uploader_ip_idx').on(t.uploaderIp, t.createdAt),
    // A signed-in uploader's unclaimed uploads are counted against the user's cap.
    index('files_owner_unclaimed_idx')
      .on(t.ownerId, t.createdAt)
      .where(sql`${t.claimedAt} is null`),
  ],
);

/** A journal entry: one business event; its postings sum to zero. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The record behind the entry: 'deposit', 'withdrawal', 'transfer', 'adjustment'... */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    memo: text('memo'),
    /** The one currency of the entry's postings (see `postings.currency`). */
    currency: text('currency', { enum: ['USDT', 'PRACTICE'] })
      .notNull()
      .default('USDT'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_reference_key').on(t.referenceType, t.referenceId, t.kind),
    // What the postings' foreign key on (entry, currency) refers to.
    uniqueIndex('journal_entries_id_currency_key').on(t.id, t.currency),
  ],
);

/** A posting: a signed amount on one account. Credits positive, debits negative. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    accountId: uuid('account_id').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    /**
     * The posting's currency: its account's and its entry's (the two foreign keys below), so
     * that no entry can mix USDT with practice money, whatever the code that writes it.
     */
    currency: text('currency', { enum: ['USDT', 'PRACTICE'] })
      .notNull()
      .default('USDT'),
    createdAt: createdAt(),
  },
  (t) => [
    index('postings_account_idx').on(t.accountId, t.id),
    index('postings_entry_idx').on(t.entryId),
    check('postings_amount_nonzero', sql`${t.amountMicros} <> 0`),
    foreignKey({
      name: 'postings_entry_currency_fk',
      columns: [t.entryId, t.currency],
      foreignColumns: [journalEntries.id, journalEntries.currency],
    }),
    foreignKey({
      name: 'postings_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
  ],
);

/**
 * Idempotency keys of money-moving requests, per user. Inserted in the transaction of the
 * change itself, so a key is stored exactly when its effect is.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The answer's exact JSON text, so a replay is byte-for-byte the first answer. */
    responseBody: text('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

const methodColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  coinName: text('coin_name').notNull(),
  paymentAddressType: text('payment_address_type').notNull(),
  paymentAddress: text('payment_address').notNull(),
  minAmountMicros: bigint('min_amount_micros', { mode: 'bigint' }).notNull(),
  maxAmountMicros: bigint('max_amount_micros', { mode: 'bigint' }).notNull(),
  /** USDT per coin, in micros. */
  conversionPriceMicros: bigint('conversion_price_micros', { mode: 'bigint' }).notNull(),
  /** The currency amounts and limits are expressed in (the contract's currencyUsdt): "USDT". */
  currency: text('currency').notNull(),
  /** The coin the user sends or receives on chain, e.g. "BTC"; conversions are in it. */
  coinSymbol: text('coin_symbol').notNull(),
  /** Deleted methods stay, so history keeps its gateway; lists leave them out. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const depositMethods = pgTable('deposit_methods', methodColumns(), (t) => [
  check(
    'deposit_methods_limits',
    sql`${t.minAmountMicros} > 0 and ${t.maxAmountMicros} >= ${t.minAmountMicros} and ${t.conversionPriceMicros} > 0`,
  ),
]);

export const withdrawMethods = pgTable(
  'withdraw_methods',
  {
    ...methodColumns(),
    info: text('info').notNull().default(''),
    /**
     * The instructions in the other languages ({ es?, fr?, de?, zh? }), null when none:
     * read and written only with the method, so they live in its row (and in its audit).
     */
    infoTranslations: jsonb('info_translations').$type<InfoTranslations>(),
    chargeMicroPercent: bigint('charge_micro_percent', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    check(
      'withdraw_methods_limits',
      sql`${t.minAmountMicros} > 0 and ${t.maxAmountMicros} >= ${t.minAmountMicros} and ${t.conversionPriceMicros} > 0`,
    ),
    check(
      'withdraw_methods_charge',
      sql`${t.chargeMicroPercent} >= 0 and ${t.chargeMicroPercent} < 100000000`,
    ),
  ],
);

const requestStatus = () =>
  text('status', { enum: ['Pending', 'Completed', 'Rejected'] })
    .notNull()
    .default('Pending');

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    methodId: uuid('method_id')
      .notNull()
      .references(() => depositMethods.id),
    gateway: text('gateway').notNull(),
    gatewayType: text('gateway_type').notNull(),
    currency: text('currency').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    coinUnits: bigint('coin_units', { mode: 'bigint' }).notNull(),
    conversionRateMicros: bigint('conversion_rate_micros', { mode: 'bigint' }).notNull(),
    screenshotFileId: uuid('screenshot_file_id')
      .notNull()
      .references(() => files.id),
    transactionId: text('transaction_id').notNull(),
    status: requestStatus(),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_status_idx').on(t.status, t.createdAt),
    uniqueIndex('deposits_screenshot_key').on(t.screenshotFileId),
    uniqueIndex('deposits_transaction_id_key').on(t.transactionId),
    check('deposits_amount_positive', sql`${t.amountMicros} > 0`),
    check('deposits_status_check', sql`${t.status} in ('Pending', 'Completed', 'Rejected')`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    methodId: uuid('method_id')
      .notNull()
      .references(() => withdrawMethods.id),
    gateway: text('gateway').notNull(),
    gatewayType: text('gateway_type').notNull(),
    currency: text('currency').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    feeMicros: bigint('fee_micros', { mode: 'bigint' }).notNull(),
    netMicros: bigint('net_micros', { mode: 'bigint' }).notNull(),
    chargeMicroPercent: bigint('charge_micro_percent', { mode: 'bigint' }).notNull(),
    coinUnits: bigint('coin_units', { mode: 'bigint' }).notNull(),
    conversionRateMicros: bigint('conversion_rate_micros', { mode: 'bigint' }).notNull(),
    paymentAddress: text('payment_address').notNull(),
    status: requestStatus(),
    transactionHash: text('transaction_hash'),
    reason: text('reason'),
    /**
     * The first of two approvals, for amounts at or above the dual-approval threshold: who
     * and when. The request stays Pending until a different admin approves it too.
     */
    firstApprovedBy: uuid('first_approved_by').references(() => users.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'withdrawals_second_approver_check',
      sql`${t.firstApprovedBy} is null or ${t.decidedBy} is null or ${t.status} <> 'Completed' or ${t.decidedBy} <> ${t.firstApprovedBy}`,
    ),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amountMicros} > 0`),
    check(
      'withdrawals_split',
      sql`${t.feeMicros} >= 0 and ${t.netMicros} > 0 and ${t.feeMicros} + ${t.netMicros} = ${t.amountMicros}`,
    ),
    check('withdrawals_status_check', sql`${t.status} in ('Pending', 'Completed', 'Rejected')`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    senderPayId: text('sender_pay_id').notNull(),
    receiverPayId: text('receiver_pay_id').notNull(),
    senderUsername: text('sender_username').notNull(),
    receiverUsername: text('receiver_username').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    feeMicros: bigint('fee_micros', { mode: 'bigint' }).notNull(),
    netMicros: bigint('net_micros', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfers_sender_idx').on(t.senderId, t.createdAt),
    index('transfers_receiver_idx').on(t.receiverId, t.createdAt),
    check('transfers_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    check(
      'transfers_split',
      sql`${t.amountMicros} > 0 and ${t.feeMicros} >= 0 and ${t.netMicros} > 0 and ${t.feeMicros} + ${t.netMicros} = ${t.amountMicros}`,
    ),
  ],
);

/**
 * Market prices as the server recorded them: one tick per listed coin per second. Trades take
 * their entry and exit prices from here and nowhere else, so any instance can settle any
 * trade, and `trades:verify` can re-derive every outcome. Prices are exact decimals as the
 * source quoted them (USDT per coin), never floats.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    /** Base symbol, e.g. "BTC". */
    symbol: text('symbol').notNull(),
    /** The whole second the tick belongs to (UTC, milliseconds zero). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    /** Provider that quoted it: 'simulated', 'binance', 'binance-us', 'coingecko'. */
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.recordedAt] }),
    index('market_ticks_recorded_at_idx').on(t.recordedAt),
    check('market_ticks_price_positive', sql`${t.price} > 0`),
  ],
);

/**
 * Timed trades. The stake is held on the user's wallet while pending; settlement posts the
 * result to the ledger exactly once and fills in the exit tick, which with the entry tick
 * and the rule forms the trade's receipt.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Base symbol, e.g. "BTC"; the pair shown is `${symbol}USDT`. */
    symbol: text('symbol').notNull(),
    /** 'buy' wins when the price rises, 'sell' when it falls. */
    direction: text('direction', { enum: ['buy', 'sell'] }).notNull(),
    stakeMicros: bigint('stake_micros', { mode: 'bigint' }).notNull(),
    /** Which balance the stake came from: the real wallet, or the practice balance. */
    account: text('account', { enum: ['real', 'practice'] })
      .notNull()
      .default('real'),
    durationS: integer('duration_s').notNull(),
    /** Fixed at entry from the published table: profit in micro-percent of the stake. */
    payoutMicroPercent: bigint('payout_micro_percent', { mode: 'bigint' }).notNull(),
    entryPrice: numeric('entry_price', { precision: 38, scale: 18 }).notNull(),
    entryTickAt: timestamp('entry_tick_at', { withTimezone: true }).notNull(),
    entrySource: text('entry_source').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['Pending', 'Completed'] })
      .notNull()
      .default('Pending'),
    /** win, loss, draw (exit = entry, stake refunded) or void (no exit tick, refunded). */
    result: text('result', { enum: ['win', 'loss', 'draw', 'void'] }),
    exitPrice: numeric('exit_price', { precision: 38, scale: 18 }),
    exitTickAt: timestamp('exit_tick_at', { withTimezone: true }),
    exitSource: text('exit_source'),
    /** What the wallet received back at settlement: stake + profit, stake, or zero. */
    returnedMicros: bigint('returned_micros', { mode: 'bigint' }),
    voidReason: text('void_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('trades_user_idx').on(t.userId, t.createdAt),
    index('trades_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'Pending'`),
    // The fairness figures count the trades settled in the last 30 and 90 days.
    index('trades_settled_idx')
      .on(t.settledAt)
      .where(sql`${t.status} = 'Completed'`),
    check('trades_stake_positive', sql`${t.stakeMicros} > 0`),
    check('trades_duration_check', sql`${t.durationS} in (30, 60, 180, 300)`),
    check('trades_direction_check', sql`${t.direction} in ('buy', 'sell')`),
    check('trades_account_check', sql`${t.account} in ('real', 'practice')`),
    check('trades_status_check', sql`${t.status} in ('Pending', 'Completed')`),
    check(
      'trades_settled_check',
      sql`(${t.status} = 'Pending' and ${t.result} is null and ${t.settledAt} is null and ${t.returnedMicros} is null)
        or (${t.status} = 'Completed' and ${t.result} is not null and ${t.settledAt} is not null and ${t.returnedMicros} >= 0)`,
    ),
  ],
);

/**
 * Identity verification requests. The documents and the face scan are uploaded files
 * (encrypted at rest, metadata stripped) claimed by the request; only their owner and admins
 * reach them, through short-lived signed links. One open (Pending) request per user.
 */
export const kycRequests = pgTable(
  'kyc_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166 alpha-2 as the spec lists them (UK for the United Kingdom). */
    country: text('country').notNull(),
    employmentStatus: text('employment_status').notNull(),
    /** Yearly income in micro-units of the user's currency; a non-negative whole number. */
    annualIncomeMicros: bigint('annual_income_micros', { mode: 'bigint' }).notNull(),
    documentType: text('document_type', { enum: ['ID', 'Passport', 'DL'] }).notNull(),
    idFrontFileId: uuid('id_front_file_id')
      .notNull()
      .references(() => files.id),
    idBackFileId: uuid('id_back_file_id')
      .notNull()
      .references(() => files.id),
    cameraRollFileId: uuid('camera_roll_file_id')
      .notNull()
      .references(() => files.id),
    status: text('status', { enum: ['Pending', 'Completed', 'Rejected'] })
      .notNull()
      .default('Pending'),
    /** Why an admin rejected it; shown to the user. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_requests_user_idx').on(t.userId, t.createdAt),
    index('kyc_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('kyc_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'Pending'`),
    check('kyc_requests_document_type_check', sql`${t.documentType} in ('ID', 'Passport', 'DL')`),
    check('kyc_requests_status_check', sql`${t.status} in ('Pending', 'Completed', 'Rejected')`),
    check('kyc_requests_income_check', sql`${t.annualIncomeMicros} >= 0`),
  ],
);

/**
 * Secrets generated once per installation and shared by every instance through the database:
 * the key of the simulated market's prices ('simulated-market'). The first instance to start
 * inserts one; the others find it. Never logged, never answered to a client.
 */
export const installationSecrets = pgTable(
  'installation_secrets',
  {
    name: text('name').primaryKey(),
    value: bytea('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('installation_secrets_value_length', sql`octet_length(${t.value}) between 16 and 1024`),
  ],
);

/**
 * Four-eyes requests: an admin asks, a second, different admin decides, once. The action
 * (creating an admin, enabling a disabled one, a large ledger adjustment, loosening dual
 * approval) runs in the transaction that approves it. `payload` is what the action needs;
 * for an admin creation it holds the password's hash, never the password.
 */
export const adminApprovals = pgTable(
  'admin_approvals',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', {
      enum: ['admin.create', 'admin.enable', 'ledger.adjust', 'settings.dual_approval'],
    }).notNull(),
    payload: jsonb('payload').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** A request nobody decided by then is Expired and can no longer be approved. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['Pending', 'Approved', 'Rejected', 'Expired'] })
      .notNull()
      .default('Pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected. */
    reason: text('reason'),
  },
  (t) => [
    index('admin_approvals_status_idx').on(t.status, t.requestedAt),
    index('admin_approvals_requested_by_idx').on(t.requestedBy, t.status),
    check(
      'admin_approvals_kind_check',
      sql`${t.kind} in ('admin.create', 'admin.enable', 'ledger.adjust', 'settings.dual_approval')`,
    ),
    check(
      'admin_approvals_status_check',
      sql`${t.status} in ('Pending', 'Approved', 'Rejected', 'Expired')`,
    ),
    check('admin_approvals_expiry_check', sql`${t.expiresAt} > ${t.requestedAt}`),
    // The database's own four-eyes guard: nobody approves their own request.
    check(
      'admin_approvals_second_admin_check',
      sql`${t.status} <> 'Approved' or (${t.decidedBy} is not null and ${t.decidedBy} <> ${t.requestedBy})`,
    ),
    check(
      'admin_approvals_decided_check',
      sql`(${t.status} = 'Pending') = (${t.decidedAt} is null)`,
    ),
  ],
);

/**
 * Single-use tokens sent by mail (server/modules/auth/mail-tokens.ts): only the SHA-256 of
 * each token is kept. `purpose` says what it proves; a used token keeps its row (used_at) until
 * it expires, so a second use is told apart from a guess.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('user_tokens_expires_at_idx').on(t.expiresAt),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * The mail outbox (server/modules/mail/): a mail is a row written in the transaction of the
 * event that causes it, and sent by the mail job (server/jobs/send-mail.ts). The recipient
 * and language are fixed when the row is written; the message is rendered when it is sent.
 * A claim is a lease (`lease_until`): a sender that dies mid-send loses its claim when the
 * lease ends and another instance sends the row again, with the same Message-ID.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /** `<id@host>`, fixed at enqueue: a resend after a crash carries the same one. */
    messageId: text('message_id').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the row may next be claimed (a retry's back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim holds until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The limits a user sets on their own real trading (server/modules/limits/): one row per
 * user and kind. `value_micros` is the limit in force (null: none). Lowering a limit takes
 * effect at once; raising or removing one is stored as `pending_value_micros` (null with
 * `has_pending`: removal) that applies from `pending_effective_at`, 24 h after the request;
 * reads apply it when due, so no job is needed.
 */
export const userLimits = pgTable(
  'user_limits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', {
      enum: ['loss_day', 'loss_week', 'loss_month', 'stake', 'deposit_day'],
    }).notNull(),
    valueMicros: bigint('value_micros', { mode: 'bigint' }),
    hasPending: boolean('has_pending').notNull().default(false),
    pendingValueMicros: bigint('pending_value_micros', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'user_limits_kind_check',
      sql`${t.kind} in ('loss_day', 'loss_week', 'loss_month', 'stake', 'deposit_day')`,
    ),
    check('user_limits_value_check', sql`${t.valueMicros} is null or ${t.valueMicros} > 0`),
    check(
      'user_limits_pending_check',
      sql`(not ${t.hasPending} and ${t.pendingValueMicros} is null and ${t.pendingEffectiveAt} is null)
          or (${t.hasPending} and ${t.pendingEffectiveAt} is not null
              and (${t.pendingValueMicros} is null or ${t.pendingValueMicros} > 0))`,
    ),
  ],
);

/**
 * A time-out (1 day to 6 weeks) or self-exclusion (6 months to 5 years) the user started:
 * real trades and deposits are refused until `until`. Nothing ends one early: no route
 * updates or deletes these rows.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['timeout', 'self_exclusion'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_blocks_user_until_idx').on(t.userId, t.until),
    check('user_blocks_kind_check', sql`${t.kind} in ('timeout', 'self_exclusion')`),
    check('user_blocks_until_check', sql`${t.until} > ${t.startedAt}`),
  ],
);
