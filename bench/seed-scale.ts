/**
 * Fills a PostgreSQL database with a platform's worth of history, fast, for the scale
 * benchmarks (`npm run seed:scale`, scripts/seed-scale.ts; bench/api-load.ts seeds its small
 * database with the same code, so the small and the large runs differ only in size).
 *
 * What it writes, all of it consistent with the ledger (`npm run ledger:check` passes) and
 * with the recorded prices (`npm run trades:verify` re-derives every outcome):
 * - `users` users sharing one password hash (computed once), each with a wallet, a completed
 *   deposit that funded it (with its screenshot's file row and the admin's audit row);
 * - `trades` settled trades spread over the last `days` days, with their entry and exit
 *   ticks, results, returned amounts and settlement entries (a draw posts nothing);
 *   one user in a hundred is a heavy trader who places half of all trades, so the others
 *   have a few each, as on a real platform;
 * - transfers between users (a tenth of the trades' number) and withdrawals (a
 *   twenty-fifth): completed, rejected and pending ones, the pending ones held;
 * - one tick per second for the five listed coins over the whole period.
 *
 * How it is fast on two cores: every table is filled by a handful of `INSERT … SELECT
 * generate_series` statements that compute each row from its number alone (ids are md5
 * hashes of a tag and the number, prices a fixed function of coin and second), so no
 * statement reads another's rows; two connections run them side by side. The loaded
 * tables' keys and indexes, and every foreign key, are dropped first and rebuilt after the
 * load (a sort per index instead of millions of random index inserts), exactly as
 * `pg_restore` does; the foreign keys are re-added NOT VALID and then validated, which
 * checks every reference that was loaded. Wallet balances are set last from the postings'
 * sums, so a balance is its postings' sum by construction; the wallet CHECK constraint still
 * refuses any negative one. It refuses a database that already has users or entries.
 */
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { ensurePlatformAccounts, PLATFORM_SHARDS } from '../server/ledger/accounts';
import { hashPassword } from '../server/modules/auth/passwords';
import { ensureSiteSettings } from '../server/modules/settings/site-settings';

/** Every seeded user's password, so any of them can sign in by hand. */
export const SCALE_PASSWORD = 'Scale-Trader-2026';
export const SCALE_ADMIN_EMAIL = 'scale.admin@scale.example.com';
/** The coins the seeded trades and ticks use; the bench server records these too. */
export const SCALE_COINS: readonly (readonly [symbol: string, name: string])[] = [
  ['BTC', 'Bitcoin'],
  ['ETH', 'Ethereum'],
  ['SOL', 'Solana'],
  ['BNB', 'BNB'],
  ['XRP', 'XRP'],
];
/** Price levels and decimals per coin (same order as SCALE_COINS). */
const COIN_BASE_PRICES = [65_000, 3_500, 150, 600, 0.6] as const;
const COIN_DECIMALS = [2, 2, 3, 2, 4] as const;

/** Stakes are 10..100 USDT, transfers 1..100 USDT, withdrawals 20..200 USDT. */
const STAKE_MAX_USDT = 100;
const TRANSFER_MAX_USDT = 100;
const WITHDRAWAL_MAX_USDT = 200;
const MICROS_PER_USDT = 1_000_000n;
/** 1 % in micro-percent: the default transfer fee and the withdraw method's charge. */
const ONE_PERCENT_MICRO = 1_000_000;
/** Trades and transfers are filled in slices of this many rows, so both cores get work. */
const SLICE_ROWS = 500_000;
/** Seeded users are limited so Pay IDs stay unique (see payIdSql). */
const MAX_USERS = 10_000_000;
const MAX_TRADES = 100_000_000;
/** Settled trades end this long before the seed starts, so none is still due. */
const END_MARGIN_S = 120;
/** The longest trade (5 min) plus a second for the exit tick and a margin. */
const LONGEST_TRADE_S = 310;

/** The tables the seed fills; their keys and indexes are rebuilt after the load. */
const LOADED_TABLES = [
  'users',
  'ledger_accounts',
  'files',
  'deposits',
  'withdrawals',
  'transfers',
  'trades',
  'journal_entries',
  'postings',
  'market_ticks',
  'audit_log',
] as const;

export interface ScaleOptions {
  users: number;
  trades: number;
  /** Defaults: trades / 10 and trades / 25. */
  transfers?: number;
  withdrawals?: number;
  /** The period the trades and ticks cover, ending two minutes ago. */
  days?: number;
  /** VACUUM ANALYZE at the end (default); otherwise ANALYZE only. */
  vacuum?: boolean;
  /** Print each step (default true). */
  verbose?: boolean;
}

export interface ScaleStep {
  label: string;
  rows: number;
  ms: number;
}

export interface ScaleReport {
  steps: ScaleStep[];
  /** Rows written by the load steps (not the index rebuilds). */
  rows: number;
  loadMs: number;
  indexMs: number;
  analyzeMs: number;
  totalMs: number;
  counts: Record<string, number>;
}

interface Plan {
  users: number;
  heavyUsers: number;
  trades: number;
  transfers: number;
  withdrawals: number;
  startS: number;
  endS: number;
  /** First journal entry id of each kind. */
  depositEntry0: number;
  tradeEntry0: number;
  transferEntry0: number;
  withdrawalEntry0: number;
  normalDepositMicros: bigint;
  heavyDepositMicros: bigint;
  adminId: string;
  depositMethodId: string;
  withdrawMethodId: string;
  shards: Record<'fee' | 'deposit' | 'withdrawal' | 'house', string>;
}

interface Task {
  label: string;
  rows: number;
  sql: string;
  params?: unknown[];
  /** Tasks of the same group never run at once (they lock the same table). */
  group?: string;
  /** Rows written, from the statement's own row count, when `rows` cannot know them. */
  rowsFrom?: (rowCount: number) => number;
}

function assertCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number in ${min}..${max}, got ${value}`);
  }
}

/** A deterministic, random-looking uuid from a tag and a row number (an SQL expression). */
const idSql = (tag: string, n: string) => `md5('${tag}' || ${n})::uuid`;

/**
 * An 8-digit Pay ID per user number, first digit never 0: 7919 is prime and does not divide
 * 90,000,000, so i ↦ i × 7919 mod 90,000,000 is one-to-one below that.
 */
const payIdSql = (i: string) => `(10000000 + (${i}::bigint * 7919) % 90000000)::text`;
const usernameSql = (i: string) => `'trader_' || ${i}`;

/**
 * The recorded price of coin `k` (0-based) at epoch second `s`: a slow swing, a faster
 * wiggle and a jitter around the coin's level, rounded to its decimals. Ticks and trades
 * both use this one expression, so a trade's entry and exit prices are its ticks' prices.
 */
function priceSql(k: string, s: string): string {
  const bases = `array[${COIN_BASE_PRICES.join(',')}]::float8[]`;
  const decimals = `array[${COIN_DECIMALS.join(',')}]::int[]`;
  return `round(((${bases})[${k} + 1] * (1 + 0.03 * sin(${s}::float8 / 43200 + ${k})
      + 0.002 * sin(${s}::float8 / 17 + 2 * ${k}) + 0.0008 * sin(${s}::float8 / 3.3 + 3 * ${k})))::numeric,
    (${decimals})[${k} + 1])`;
}

const symbolSql = (k: string) =>
  `(array[${SCALE_COINS.map(([symbol]) => `'${symbol}'`).join(',')}])[${k} + 1]`;

/** Half-up 1 % fee of an amount in micros, as common/money.ts feeMicros computes it. */
const onePercentFeeSql = (amount: string) =>
  `((${amount}) * ${ONE_PERCENT_MICRO} + 50000000) / 100000000`;

/** A multiplicative hash of a row number: 32 random-looking bits to pick its details. */
const hashSql = (n: string) => `((${n}::bigint * 2654435761) % 4294967296)`;

const ts = (s: string) => `to_timestamp(${s})`;

function usersTask(plan: Plan, passwordHash: string): Task {
  const created = `${plan.startS} - 86400 - (i * 104729) % (29 * 86400)`;
  return {
    label: `users (${plan.users})`,
    rows: plan.users,
    params: [passwordHash],
    sql: `insert into users (id, full_name, username, email, phone_number, password_hash, role,
            pay_id, is_verified, country, last_login_at, risk_acknowledged_at, created_at, updated_at)
          select ${idSql('u', 'i')}, 'Scale Trader ' || i, ${usernameSql('i')},
            'trader' || i || '@scale.example.com', '+1555' || i, $1, 'user', ${payIdSql('i')},
            i % 3 = 0, case when i % 3 = 0 then 'DE' end,
            ${ts(`${plan.endS} - i % 86400`)}, ${ts(created)}, ${ts(created)}, ${ts(created)}
          from generate_series(1::bigint, ${plan.users}::bigint) as i`,
  };
}

/** Each user's funding: the screenshot's file row, the deposit, its entry, postings, audit. */
function depositsTask(plan: Plan, from: number, to: number): Task {
  const amount = `case when i <= ${plan.heavyUsers} then ${plan.heavyDepositMicros} else ${plan.normalDepositMicros} end`;
  return {
    label: `deposits ${from}..${to}`,
    rows: (to - from + 1) * 6,
    sql: `with src as materialized (
            select i, ${idSql('u', 'i')} as user_id, ${idSql('d', 'i')} as deposit_id,
              ${idSql('f', 'i')} as file_id, (${amount})::bigint as amount,
              ${ts(`${plan.startS} - 86400 - (i * 104729) % (29 * 86400) + 3600`)} as sent_at
            from generate_series(${from}::bigint, ${to}::bigint) as i),
          f as (
            insert into files (id, owner_id, purpose, claimed_at, storage_name, mime_type,
              size_bytes, width_px, height_px, created_at)
            select file_id, user_id, 'deposit', sent_at, 'scale-' || i || '.png', 'image/png',
              40000 + i % 20000, 1080, 1920, sent_at from src),
          d as (
            insert into deposits (id, user_id, method_id, gateway, gateway_type, currency,
              amount_micros, coin_units, conversion_rate_micros, screenshot_file_id,
              transaction_id, status, decided_by, decided_at, created_at)
            select deposit_id, user_id, '${plan.depositMethodId}', 'Tether USDT', 'trc20', 'USDT',
              amount, amount * 100, 1000000, file_id, 'DP' || lpad(upper(to_hex(i)), 12, '0'),
              'Completed', '${plan.adminId}', sent_at + interval '10 minutes', sent_at from src),
          a as (
            insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
            select '${plan.adminId}', 'deposit.approved', 'deposit', deposit_id::text,
              '{"status":"Pending"}'::jsonb,
              jsonb_build_object('status', 'Completed', 'amount', amount::text),
              sent_at + interval '10 minutes' from src),
          e as (
            insert into journal_entries (id, kind, reference_type, reference_id, created_at)
            overriding system value
            select ${plan.depositEntry0} + i - 1, 'deposit', 'deposit', deposit_id::text,
              sent_at + interval '10 minutes' from src)
          insert into postings (id, entry_id, account_id, amount_micros, created_at)
          overriding system value
          select (${plan.depositEntry0} + i - 1) * 4 + v.n, ${plan.depositEntry0} + i - 1,
            v.account, v.amount, sent_at + interval '10 minutes'
          from src cross join lateral (values
            (0, (${shardArraySql(plan.shards.deposit)})[1 + i % ${PLATFORM_SHARDS}], -amount),
            (1, ${idSql('w', 'i')}, amount)) as v(n, account, amount)`,
  };
}

function shardArraySql(arrayLiteral: string): string {
  return `'${arrayLiteral}'::uuid[]`;
}

/**
 * Trades `from..to` (0-based): the trade rows, and for each win or loss its settlement
 * entry and two postings (wallet and trading house). Heavy traders take the odd numbers.
 */
function tradesTask(plan: Plan, from: number, to: number): Task {
  const entrySpanS = plan.endS - LONGEST_TRADE_S - plan.startS;
  const user =
    plan.heavyUsers > 0
      ? `case when j % 2 = 1 then (j / 2) % ${plan.heavyUsers} + 1 else (j / 2) % ${plan.users} + 1 end`
      : `j % ${plan.users} + 1`;
  return {
    label: `trades ${from}..${to}`,
    rows: to - from + 1,
    // The statement counts the postings: two per entry, one entry per win or loss.
    rowsFrom: (postings) => to - from + 1 + (postings / 2) * 3,
    // Each step is a LATERAL subquery with OFFSET 0, which PostgreSQL cannot flatten: a
    // value is computed once per row. Flattened, every use of a column would repeat its
    // whole expression (the prices many times over), several times slower.
    sql: `with settled as materialized (
            select j, ui, k, direction, dur, payout, stake, s0, s1, p0, p1, result, delta,
              created_at, ${ts('s1')} + interval '400 milliseconds' as settled_at
            from generate_series(${from}::bigint, ${to}::bigint) as j
            cross join lateral (
              select ${user} as ui, ${hashSql('j')} as r,
                ${plan.startS} + (j * ${entrySpanS}::bigint) / ${plan.trades} as s0
              offset 0) as a
            cross join lateral (
              select (r % 5)::int as k,
                case when (r / 5) % 2 = 0 then 'buy' else 'sell' end as direction,
                (array[30, 60, 180, 300])[1 + (r / 10) % 4] as dur,
                (array[80000000, 82000000, 85000000, 88000000]::bigint[])[1 + (r / 10) % 4] as payout,
                (10 + (r / 40) % ${STAKE_MAX_USDT - 9})::bigint * ${MICROS_PER_USDT} as stake,
                (r / 3640) % 1000 as off_ms
              offset 0) as b
            cross join lateral (
              select s0 + dur + case when off_ms > 0 then 1 else 0 end as s1,
                ${ts('s0')} + off_ms * interval '1 millisecond' as created_at
              offset 0) as c
            cross join lateral (
              select ${priceSql('k', 's0')} as p0, ${priceSql('k', 's1')} as p1 offset 0) as d
            cross join lateral (
              select case when p1 = p0 then 'draw'
                          when (p1 > p0) = (direction = 'buy') then 'win' else 'loss' end as result
              offset 0) as e
            cross join lateral (
              select case result when 'win' then stake * payout / 100000000
                                 when 'loss' then -stake else 0 end as delta
              offset 0) as f),
          t as (
            insert into trades (id, user_id, symbol, direction, stake_micros, duration_s,
              payout_micro_percent, entry_price, entry_tick_at, entry_source, created_at,
              expires_at, status, result, exit_price, exit_tick_at, exit_source,
              returned_micros, settled_at)
            select ${idSql('t', 'j')}, ${idSql('u', 'ui')}, ${symbolSql('k')}, direction, stake, dur,
              payout, p0, ${ts('s0')}, 'simulated', created_at,
              created_at + dur * interval '1 second', 'Completed', result, p1, ${ts('s1')},
              'simulated', stake + delta, settled_at
            from settled),
          e as (
            insert into journal_entries (id, kind, reference_type, reference_id, created_at)
            overriding system value
            select ${plan.tradeEntry0} + j, 'trade_settlement', 'trade', ${idSql('t', 'j')}::text,
              settled_at
            from settled where delta <> 0)
          insert into postings (id, entry_id, account_id, amount_micros, created_at)
          overriding system value
          select (${plan.tradeEntry0} + j) * 4 + v.n, ${plan.tradeEntry0} + j, v.account,
            v.amount, settled_at
          from settled cross join lateral (values
            (0, ${idSql('w', 'ui')}, delta),
            (1, (${shardArraySql(plan.shards.house)})[1 + j % ${PLATFORM_SHARDS}], -delta))
            as v(n, account, amount)
          where delta <> 0`,
  };
}

/** Transfers `from..to` (0-based) between two different users, each with its entry. */
function transfersTask(plan: Plan, from: number, to: number): Task {
  const spanS = plan.endS - plan.startS;
  return {
    label: `transfers ${from}..${to}`,
    rows: (to - from + 1) * 5,
    sql: `with base as (
            select x, x % ${plan.users} + 1 as si,
              (x % ${plan.users} + 1 + (x * 13) % ${plan.users - 1}) % ${plan.users} + 1 as ri,
              ${hashSql('x')} as r,
              ${plan.startS} + (x * ${spanS}::bigint) / ${plan.transfers} as s
            from generate_series(${from}::bigint, ${to}::bigint) as x),
          src as materialized (
            select x, si, ri, ${idSql('x', 'x')} as transfer_id, amount,
              ${onePercentFeeSql('amount')} as fee, ${ts('s')} + (r % 1000) * interval '1 millisecond' as at
            from base cross join lateral (
              select (1 + r % ${TRANSFER_MAX_USDT})::bigint * ${MICROS_PER_USDT}
                + ((r / 100) % 100) * 10000 as amount offset 0) as a),
          t as (
            insert into transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
              sender_username, receiver_username, amount_micros, fee_micros, net_micros, created_at)
            select transfer_id, ${idSql('u', 'si')}, ${idSql('u', 'ri')}, ${payIdSql('si')},
              ${payIdSql('ri')}, ${usernameSql('si')}, ${usernameSql('ri')}, amount, fee,
              amount - fee, at
            from src),
          e as (
            insert into journal_entries (id, kind, reference_type, reference_id, created_at)
            overriding system value
            select ${plan.transferEntry0} + x, 'transfer', 'transfer', transfer_id::text, at from src)
          insert into postings (id, entry_id, account_id, amount_micros, created_at)
          overriding system value
          select (${plan.transferEntry0} + x) * 4 + v.n, ${plan.transferEntry0} + x, v.account,
            v.amount, at
          from src cross join lateral (values
            (0, ${idSql('w', 'si')}, -amount),
            (1, ${idSql('w', 'ri')}, amount - fee),
            (2, (${shardArraySql(plan.shards.fee)})[1 + x % ${PLATFORM_SHARDS}], fee))
            as v(n, account, amount)`,
  };
}

/** Rows a withdrawals task writes: rows, audit rows, and completed ones' entries and postings. */
function withdrawalRows(count: number): number {
  const pending = Math.ceil(count / 20);
  const rejected = Math.floor((count + 18) / 20);
  const completed = count - pending - rejected;
  return count + (count - pending) + completed * 4;
}

/**
 * Withdrawals: of every 20, one pending (its amount held on the wallet), one rejected
 * (nothing posted), the rest completed (wallet → withdrawal clearing and fee revenue).
 */
function withdrawalsTask(plan: Plan): Task {
  const spanS = plan.endS - plan.startS;
  const half = Math.floor(plan.users / 2);
  return {
    label: `withdrawals (${plan.withdrawals})`,
    rows: withdrawalRows(plan.withdrawals),
    sql: `with base as (
            select w, (w + ${half}) % ${plan.users} + 1 as ui, ${hashSql('w')} as r,
              ${plan.startS} + (w * ${spanS}::bigint) / ${plan.withdrawals} as s
            from generate_series(0::bigint, ${plan.withdrawals - 1}::bigint) as w),
          src as materialized (
            select w, ui, ${idSql('o', 'w')} as withdrawal_id, amount,
              ${onePercentFeeSql('amount')} as fee,
              case w % 20 when 0 then 'Pending' when 1 then 'Rejected' else 'Completed' end as status,
              ${ts('s')} as at
            from base cross join lateral (
              select (20 + r % ${WITHDRAWAL_MAX_USDT - 19})::bigint * ${MICROS_PER_USDT} as amount
              offset 0) as a),
          o as (
            insert into withdrawals (id, user_id, method_id, gateway, gateway_type, currency,
              amount_micros, fee_micros, net_micros, charge_micro_percent, coin_units,
              conversion_rate_micros, payment_address, status, transaction_hash, reason,
              decided_by, decided_at, created_at)
            select withdrawal_id, ${idSql('u', 'ui')}, '${plan.withdrawMethodId}', 'Tether USDT',
              'trc20', 'USDT', amount, fee, amount - fee, ${ONE_PERCENT_MICRO}, (amount - fee) * 100,
              1000000, 'T' || substr(md5('a' || ui), 1, 33), status,
              case when status = 'Completed' then md5('h' || w) end,
              case when status = 'Rejected' then 'The address could not be verified.' end,
              case when status <> 'Pending' then '${plan.adminId}'::uuid end,
              case when status <> 'Pending' then at + interval '20 minutes' end, at
            from src),
          a as (
            insert into audit_log (actor_id, action, target_type, target_id, before, after,
              reason, created_at)
            select '${plan.adminId}',
              case when status = 'Completed' then 'withdrawal.approved' else 'withdrawal.rejected' end,
              'withdrawal', withdrawal_id::text, '{"status":"Pending"}'::jsonb,
              jsonb_build_object('status', status, 'amount', amount::text),
              case when status = 'Rejected' then 'The address could not be verified.' end,
              at + interval '20 minutes'
            from src where status <> 'Pending'),
          e as (
            insert into journal_entries (id, kind, reference_type, reference_id, created_at)
            overriding system value
            select ${plan.withdrawalEntry0} + w, 'withdrawal', 'withdrawal', withdrawal_id::text,
              at + interval '20 minutes'
            from src where status = 'Completed')
          insert into postings (id, entry_id, account_id, amount_micros, created_at)
          overriding system value
          select (${plan.withdrawalEntry0} + w) * 4 + v.n, ${plan.withdrawalEntry0} + w, v.account,
            v.amount, at + interval '20 minutes'
          from src cross join lateral (values
            (0, ${idSql('w', 'ui')}, -amount),
            (1, (${shardArraySql(plan.shards.withdrawal)})[1 + w % ${PLATFORM_SHARDS}], amount - fee),
            (2, (${shardArraySql(plan.shards.fee)})[1 + w % ${PLATFORM_SHARDS}], fee))
            as v(n, account, amount)
          where status = 'Completed'`,
  };
}

function ticksTask(plan: Plan, from: number, to: number): Task {
  const coins = SCALE_COINS.length;
  return {
    label: `ticks ${from}..${to}`,
    rows: (to - from + 1) * coins,
    sql: `insert into market_ticks (symbol, recorded_at, price, source)
          select ${symbolSql('k')}, ${ts('s')}, ${priceSql('k', 's')}, 'simulated'
          from generate_series(${from}::bigint, ${to}::bigint) as s
          cross join generate_series(0, ${coins - 1}) as k`,
  };
}

/** Slices `0..count-1` (or `first..first+count-1`) into ranges of at most `size`. */
function slices(count: number, size: number, first = 0): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let from = first; from < first + count; from += size) {
    ranges.push([from, Math.min(first + count, from + size) - 1]);
  }
  return ranges;
}

/** Runs tasks on the clients, one at a time per client, in order; reports each. */
async function runTasks(
  clients: pg.Client[],
  tasks: Task[],
  steps: ScaleStep[],
  verbose: boolean,
): Promise<void> {
  const queue = [...tasks];
  const busyGroups = new Set<string>();
  const next = (): Task | undefined => {
    const index = queue.findIndex(
      (task) => task.group === undefined || !busyGroups.has(task.group),
    );
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  };
  let wake: () => void = () => undefined;
  const worker = async (client: pg.Client) => {
    for (;;) {
      const task = next();
      if (task === undefined) {
        if (queue.length === 0) return;
        // Every queued task waits for a group another worker holds.
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (task.group !== undefined) busyGroups.add(task.group);
      const startedAt = performance.now();
      let rows = task.rows;
      try {
        const result = await client.query(task.sql, task.params);
        if (task.rowsFrom) rows = task.rowsFrom(result.rowCount ?? 0);
      } catch (error) {
        throw new Error(`seed step "${task.label}" failed: ${(error as Error).message}`, {
          cause: error,
        });
      } finally {
        if (task.group !== undefined) busyGroups.delete(task.group);
        wake();
      }
      const ms = performance.now() - startedAt;
      steps.push({ label: task.label, rows, ms });
      if (verbose) {
        const rate = rows > 0 ? `, ${rows} rows, ${Math.round(rows / (ms / 1000))} rows/s` : '';
        console.log(`  ${task.label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(6)} s${rate}`);
      }
    }
  };
  await Promise.all(clients.map(worker));
}

interface SavedSchema {
  foreignKeys: Array<{ table: string; name: string; def: string }>;
  keys: Array<{ table: string; name: string; def: string }>;
  indexes: Array<{ table: string; name: string; def: string }>;
}

/** Reads, then drops, every foreign key and the loaded tables' keys and indexes. */
async function dropKeysAndIndexes(client: pg.Client): Promise<SavedSchema> {
  const tables = `array[${LOADED_TABLES.map((t) => `'${t}'`).join(',')}]::regclass[]`;
  const foreignKeys = (
    await client.query<{ table: string; name: string; def: string }>(
      `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace
       order by 1, 2`,
    )
  ).rows;
  const keys = (
    await client.query<{ table: string; name: string; def: string }>(
      `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype in ('p', 'u') and conrelid = any(${tables})
       order by 1, 2`,
    )
  ).rows;
  const indexes = (
    await client.query<{ table: string; name: string; def: string }>(
      `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name,
              pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       where i.indrelid = any(${tables})
         and not exists (select 1 from pg_constraint c
                         where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
       order by 1, 2`,
    )
  ).rows;
  await client.query('begin');
  for (const fk of foreignKeys) {
    await client.query(`alter table ${fk.table} drop constraint ${fk.name}`);
  }
  for (const key of keys)
    await client.query(`alter table ${key.table} drop constraint ${key.name}`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await client.query('commit');
  return { foreignKeys, keys, indexes };
}

/** Rebuilds what dropKeysAndIndexes dropped: keys and indexes, then the foreign keys. */
function rebuildTasks(saved: SavedSchema, rowsOf: (table: string) => number): Task[][] {
  const bySize = (a: { table: string }, b: { table: string }) => rowsOf(b.table) - rowsOf(a.table);
  // A primary key takes the table's exclusive lock; its other indexes wait for it anyway,
  // so a table's keys and indexes are one group and the two cores build different tables.
  const build: Task[] = [
    ...saved.keys.map((key) => ({
      label: `key ${key.name}`,
      rows: rowsOf(key.table),
      group: key.table,
      sql: `alter table ${key.table} add constraint ${key.name} ${key.def}`,
    })),
    ...saved.indexes.map((index) => ({
      label: `index ${index.name}`,
      rows: rowsOf(index.table),
      group: index.table,
      sql: index.def,
    })),
  ].sort((a, b) => bySize({ table: a.group }, { table: b.group }));
  // NOT VALID is instant; VALIDATE then checks every row under a lock that lets the other
  // validations (and readers) run.
  const addForeignKeys: Task[] = saved.foreignKeys.map((fk) => ({
    label: `foreign key ${fk.name} (not valid)`,
    rows: 0,
    group: 'foreign-keys',
    sql: `alter table ${fk.table} add constraint ${fk.name} ${fk.def} not valid`,
  }));
  const validate: Task[] = saved.foreignKeys
    .map((fk) => ({
      label: `validate ${fk.name}`,
      rows: rowsOf(fk.table),
      group: `validate ${fk.table}`,
      sql: `alter table ${fk.table} validate constraint ${fk.name}`,
    }))
    .sort((a, b) => b.rows - a.rows);
  return [build, addForeignKeys, validate];
}

async function singleRow<T extends pg.QueryResultRow>(client: pg.Client, sql: string): Promise<T> {
  const { rows } = await client.query<T>(sql);
  const row = rows[0];
  if (!row) throw new Error(`no row from: ${sql}`);
  return row;
}

/** Settings row, platform accounts, coins, one deposit and one withdraw method, the admin. */
async function prepareBase(
  url: string,
  client: pg.Client,
  passwordHash: string,
): Promise<Pick<Plan, 'adminId' | 'depositMethodId' | 'withdrawMethodId' | 'shards'>> {
  // openDatabase applies the migrations, as the server does at start.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  let platform;
  try {
    await ensureSiteSettings(database.db);
    platform = await ensurePlatformAccounts(database.db);
  } finally {
    await database.close();
  }
  const used = await singleRow<{ users: string; entries: string }>(
    client,
    `select (select count(*) from users)::text as users,
            (select count(*) from journal_entries)::text as entries`,
  );
  if (Number(used.users) > 0 || Number(used.entries) > 0) {
    throw new Error(
      `the database already has ${used.users} users and ${used.entries} journal entries; seed:scale fills an empty one`,
    );
  }
  const coinValues = SCALE_COINS.map(([symbol, name], i) => `('${symbol}', '${name}', ${i})`);
  await client.query(
    `insert into coins (symbol, name, sort_order) values ${coinValues.join(', ')}
     on conflict (symbol) do nothing`,
  );
  const admin = await client.query<{ id: string }>(
    `insert into users (full_name, username, email, phone_number, password_hash, role, pay_id)
     values ('Scale Admin', 'scale_admin', $1, '+15550000000', $2, 'admin', '10000000')
     returning id::text as id`,
    [SCALE_ADMIN_EMAIL, passwordHash],
  );
  const method = (table: string, extra: string, extraValue: string) =>
    singleRow<{ id: string }>(
      client,
      `insert into ${table} (coin_name, payment_address_type, payment_address, min_amount_micros,
         max_amount_micros, conversion_price_micros, currency, coin_symbol${extra})
       values ('Tether USDT', 'trc20', 'TQ5N6aP7xJzWb1m4Hs3vKd8eR2cYfL9uGt', 10000000,
         100000000000, 1000000, 'USDT', 'USDT'${extraValue})
       returning id::text as id`,
    );
  const deposit = await method('deposit_methods', '', '');
  const withdraw = await method(
    'withdraw_methods',
    ', charge_micro_percent',
    `, ${ONE_PERCENT_MICRO}`,
  );
  const arrayOf = (ids: readonly string[]) => `{${ids.join(',')}}`;
  return {
    adminId: admin.rows[0]!.id,
    depositMethodId: deposit.id,
    withdrawMethodId: withdraw.id,
    shards: {
      fee: arrayOf(platform.fee_revenue),
      deposit: arrayOf(platform.deposit_clearing),
      withdrawal: arrayOf(platform.withdrawal_clearing),
      house: arrayOf(platform.trading_house),
    },
  };
}

/**
 * What a user can spend at most, so its deposit covers it: every stake lost, every
 * transfer and withdrawal at the maximum (each user gets at most ceil(n / users) of each).
 */
function depositsFor(
  users: number,
  heavyUsers: number,
  trades: number,
  transfers: number,
  withdrawals: number,
) {
  const perUser = (n: number, among: number) => BigInt(Math.ceil(n / Math.max(1, among)));
  const normalSpend =
    perUser(trades / 2, users) * BigInt(STAKE_MAX_USDT) +
    perUser(transfers, users) * BigInt(TRANSFER_MAX_USDT) +
    perUser(withdrawals, users) * BigInt(WITHDRAWAL_MAX_USDT);
  const heavySpend = normalSpend + perUser(trades / 2, heavyUsers) * BigInt(STAKE_MAX_USDT);
  // Twice the worst case, in whole thousands of USDT, at least 10,000 USDT.
  const round = (usdt: bigint) => {
    const doubled = usdt * 2n;
    const thousands = (doubled + 999n) / 1000n;
    const value = thousands * 1000n;
    return (value < 10_000n ? 10_000n : value) * MICROS_PER_USDT;
  };
  return { normal: round(normalSpend), heavy: round(heavySpend) };
}

/** Fills the (migrated or empty) database at `url`; see the file comment. */
export async function seedScale(url: string, options: ScaleOptions): Promise<ScaleReport> {
  const verbose = options.verbose ?? true;
  const days = options.days ?? 7;
  const transfers = options.transfers ?? Math.round(options.trades / 10);
  const withdrawals = options.withdrawals ?? Math.round(options.trades / 25);
  assertCount('users', options.users, 2, MAX_USERS);
  assertCount('trades', options.trades, 1, MAX_TRADES);
  assertCount('transfers', transfers, 0, MAX_TRADES);
  assertCount('withdrawals', withdrawals, 0, MAX_TRADES);
  assertCount('days', days, 1, 25);
  const heavyUsers = Math.max(1, Math.round(options.users / 100));
  const deposits = depositsFor(options.users, heavyUsers, options.trades, transfers, withdrawals);

  const startedAt = performance.now();
  const steps: ScaleStep[] = [];
  const clients = [
    new pg.Client({ connectionString: url }),
    new pg.Client({ connectionString: url }),
  ];
  for (const client of clients) {
    await client.connect();
    // Bulk load: big sorts for the index builds, no waiting for each commit's flush, no
    // parallel workers (the two connections already use both cores), and no Memoize nodes
    // (the planner puts them on the per-row LATERAL steps, where they only cost).
    await client.query(`set maintenance_work_mem = '512MB'; set work_mem = '256MB';
      set synchronous_commit = off; set max_parallel_maintenance_workers = 0;
      set max_parallel_workers_per_gather = 0; set enable_memoize = off`);
  }
  const [main] = clients as [pg.Client, pg.Client];
  try {
    const passwordHash = await hashPassword(SCALE_PASSWORD);
    const base = await prepareBase(url, main, passwordHash);
    const nowS = Math.floor(Date.now() / 1000);
    const endS = nowS - END_MARGIN_S;
    const startS = endS - days * 86_400;
    const maxEntry = await singleRow<{ id: string }>(
      main,
      'select coalesce(max(id), 0)::text as id from journal_entries',
    );
    const entry0 = Number(maxEntry.id) + 1;
    const plan: Plan = {
      ...base,
      users: options.users,
      heavyUsers,
      trades: options.trades,
      transfers,
      withdrawals,
      startS,
      endS,
      depositEntry0: entry0,
      tradeEntry0: entry0 + options.users,
      transferEntry0: entry0 + options.users + options.trades,
      withdrawalEntry0: entry0 + options.users + options.trades + transfers,
      normalDepositMicros: deposits.normal,
      heavyDepositMicros: deposits.heavy,
    };
    if (verbose) {
      console.log(
        `seeding ${plan.users} users (${heavyUsers} heavy traders), ${plan.trades} trades, ${transfers} transfers, ${withdrawals} withdrawals over ${days} days`,
      );
    }

    const saved = await dropKeysAndIndexes(main);
    const loadStartedAt = performance.now();
    const tasks: Task[] = [
      ...slices(plan.trades, SLICE_ROWS).map(([from, to]) => tradesTask(plan, from, to)),
      usersTask(plan, passwordHash),
      ...slices(plan.users, SLICE_ROWS, 1).map(([from, to]) => depositsTask(plan, from, to)),
      ...slices(endS - startS + 1, 300_000, startS).map(([from, to]) => ticksTask(plan, from, to)),
      ...slices(transfers, SLICE_ROWS).map(([from, to]) => transfersTask(plan, from, to)),
      ...(withdrawals > 0 ? [withdrawalsTask(plan)] : []),
    ];
    await runTasks(clients, tasks, steps, verbose);

    // Wallets last: each balance is the sum of its postings, each hold its pending
    // withdrawals; the platform shards' balances likewise.
    await runTasks(
      [main],
      [
        {
          label: 'balances (sum of postings per account)',
          rows: 0,
          sql: `create temp table seed_balances as
                select account_id, sum(amount_micros)::bigint as balance
                from postings group by account_id`,
        },
        {
          label: `wallets (${plan.users})`,
          rows: plan.users,
          sql: `insert into ledger_accounts (id, kind, user_id, shard, balance_micros,
                  held_micros, created_at)
                select ${idSql('w', 'i')}, 'user_wallet', ${idSql('u', 'i')}, 0,
                  coalesce(b.balance, 0), coalesce(h.held, 0),
                  ${ts(`${plan.startS} - 86400 - (i * 104729) % (29 * 86400)`)}
                from generate_series(1::bigint, ${plan.users}::bigint) as i
                left join seed_balances b on b.account_id = ${idSql('w', 'i')}
                left join (select user_id, sum(amount_micros)::bigint as held from withdrawals
                           where status = 'Pending' group by user_id) h
                  on h.user_id = ${idSql('u', 'i')}`,
        },
        {
          label: 'platform balances',
          rows: 0,
          sql: `update ledger_accounts a set balance_micros = a.balance_micros + b.balance
                from seed_balances b
                where b.account_id = a.id and a.kind <> 'user_wallet'`,
        },
        { label: 'drop balances', rows: 0, sql: 'drop table seed_balances' },
      ],
      steps,
      verbose,
    );
    const loadMs = performance.now() - loadStartedAt;

    const counts: Record<string, number> = {};
    for (const table of LOADED_TABLES) {
      // Exact counts: they order the index builds (largest first) and end the report.
      const row = await singleRow<{ n: string }>(main, `select count(*)::text as n from ${table}`);
      counts[table] = Number(row.n);
    }
    const rowsOf = (table: string) => counts[table] ?? 0;
    const indexStartedAt = performance.now();
    for (const phase of rebuildTasks(saved, rowsOf)) {
      await runTasks(phase[0]?.group === 'foreign-keys' ? [main] : clients, phase, steps, verbose);
    }
    await runTasks(
      [main],
      [
        {
          label: 'identity sequences',
          rows: 0,
          sql: `select setval(pg_get_serial_sequence('journal_entries', 'id'),
                  (select max(id) from journal_entries)),
                setval(pg_get_serial_sequence('postings', 'id'), (select max(id) from postings))`,
        },
      ],
      steps,
      verbose,
    );
    const indexMs = performance.now() - indexStartedAt;

    const analyzeStartedAt = performance.now();
    const analyze = LOADED_TABLES.map((table) => ({
      label: `${options.vacuum === false ? 'analyze' : 'vacuum analyze'} ${table}`,
      rows: rowsOf(table),
      sql: `${options.vacuum === false ? 'analyze' : 'vacuum (analyze)'} ${table}`,
    })).sort((a, b) => b.rows - a.rows);
    await runTasks(clients, analyze, steps, verbose);
    const analyzeMs = performance.now() - analyzeStartedAt;

    const loadRows = steps
      .filter((s) => !s.label.startsWith('key ') && !s.label.startsWith('index '))
      .filter((s) => !s.label.startsWith('validate ') && !s.label.includes('analyze'))
      .reduce((sum, s) => sum + s.rows, 0);
    return {
      steps,
      rows: loadRows,
      loadMs,
      indexMs,
      analyzeMs,
      totalMs: performance.now() - startedAt,
      counts,
    };
  } finally {
    for (const client of clients) await client.end();
  }
}
