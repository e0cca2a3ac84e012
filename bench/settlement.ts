/**
 * Settlement throughput on PostgreSQL: N trades of ~100 users all expiring within the same
 * second, their exit ticks recorded, then settled by one sweeper, and (a fresh set) by two
 * sweepers at once on separate connection pools, as two instances would. Target: 10,000
 * trades settled within 5 s. Prints the machine, the figures, the ledger check and the
 * trades:verify result.
 *
 *   npm run bench:settlement            (BENCH_PG_URL, BENCH_TRADES, BENCH_DATABASE_URL)
 *
 * With BENCH_DATABASE_URL (a database filled by `npm run seed:scale`) the same two rounds run
 * there too, after the fresh database, and both are printed side by side (target: within
 * 20 %). The large database keeps the bench's users and trades (it is a throwaway). There the
 * ledger check covers the whole database, and trades:verify is left to `seed:scale --verify`
 * (about 8,000 trades a second: ten minutes for five million); the fresh database verifies
 * every trade the bench settled.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type Db } from '../server/db/client';
import {
  ensurePlatformAccounts,
  platformShard,
  type PlatformAccounts,
} from '../server/ledger/accounts';
import { checkLedger } from '../server/ledger/check';
import { postEntry } from '../server/ledger/posting';
import { placeHolds } from '../server/ledger/trades';
import { settleDueTrades } from '../server/modules/trades/settlement';
import { verifyTrades } from '../server/modules/trades/verify';
import { databaseNameOf, dropDatabase, freshDatabase, machineReport } from './lib';

const TRADES = Number(process.env.BENCH_TRADES ?? 10_000);
const USERS = 100;
const TARGET_S = 5;
const FUNDING_MICROS = 1_000_000n * 1_000_000n;
const PAYOUT_MICRO_PERCENT = 80_000_000n;

interface Bench {
  db: Db;
  platform: PlatformAccounts;
  users: Array<{ userId: string; walletId: string }>;
}

/**
 * Users and wallets straight in SQL (registration hashes passwords: slow by design). Names
 * carry a tag of this run and the Pay IDs are ones no user has, so a database that already
 * has users (the scaled one) takes them too.
 */
async function createUsers(db: Db, platform: PlatformAccounts): Promise<Bench['users']> {
  const tag = randomBytes(3).toString('hex');
  const rows = await queryRows<{ user_id: string; wallet_id: string }>(
    db,
    sql`with free_pay_ids as (
          select row_number() over () as i, p::text as pay_id
          from generate_series(20000000, 20999999) as p
          where not exists (select 1 from users where pay_id = p::text)
          limit ${USERS}),
        u as (
          insert into users (full_name, username, email, phone_number, password_hash, pay_id)
          select 'Bench Trader ' || i, 'bench_trader_' || ${tag} || '_' || i,
                 'bench_' || ${tag} || '_' || i || '@example.com',
                 '+10000000000', 'not-a-hash', pay_id
          from free_pay_ids
          returning id),
        w as (
          insert into ledger_accounts (kind, user_id) select 'user_wallet', id from u
          returning id, user_id)
        select user_id::text, id::text as wallet_id from w order by user_id`,
  );
  const users = rows.map((row) => ({ userId: row.user_id, walletId: row.wallet_id }));
  for (const user of users) {
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'adjustment',
        referenceType: 'bench_funding',
        referenceId: user.userId,
        postings: [
          { accountId: platformShard(platform, 'deposit_clearing'), amountMicros: -FUNDING_MICROS },
          { accountId: user.walletId, amountMicros: FUNDING_MICROS },
        ],
      }),
    );
  }
  return users;
}

const stakeOf = (i: number) => BigInt(10 + (i % 50)) * 1_000_000n;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * N pending trades expiring within one second `expirySecondMs`, with their holds, entry
 * ticks 30 s before and exit ticks after. Of every 20 trades one has no exit tick (void)
 * and one an exit equal to its entry (draw); the rest rise or fall.
 */
async function openTrades(
  bench: Bench,
  symbols: { up: string; down: string; flat: string; silent: string },
  expirySecondMs: number,
): Promise<void> {
  const userIds = `{${bench.users.map((u) => u.userId).join(',')}}`;
  const entryMs = expirySecondMs - 30_000;
  const holds = new Map<string, bigint>();
  for (let i = 0; i < TRADES; i += 1) {
    const wallet = bench.users[i % USERS]!.walletId;
    holds.set(wallet, (holds.get(wallet) ?? 0n) + stakeOf(i));
  }
  await bench.db.transaction(async (tx) => {
    for (const symbol of Object.values(symbols)) {
      await tx.execute(
        sql`insert into market_ticks (symbol, recorded_at, price, source)
            values (${symbol}, ${iso(entryMs)}::timestamptz, 100, 'simulated')`,
      );
    }
    await tx.execute(
      sql`insert into trades (user_id, symbol, direction, stake_micros, duration_s,
            payout_micro_percent, entry_price, entry_tick_at, entry_source, created_at, expires_at)
          select (${userIds}::uuid[])[1 + i % ${USERS}],
                 case when i % 20 = 0 then ${symbols.silent}
                      when i % 20 = 1 then ${symbols.flat}
                      when i % 2 = 0 then ${symbols.up}
                      else ${symbols.down} end,
                 case when i % 3 = 0 then 'sell' else 'buy' end,
                 (10 + i % 50)::bigint * 1000000, 30, ${PAYOUT_MICRO_PERCENT}, 100,
                 ${iso(entryMs)}::timestamptz, 'simulated',
                 ${iso(entryMs)}::timestamptz + (i % 1000) * interval '1 millisecond',
                 ${iso(expirySecondMs)}::timestamptz + (i % 1000) * interval '1 millisecond'
          from generate_series(0, ${TRADES - 1}) as i`,
    );
    await placeHolds(tx, holds);
    for (let s = 1; s <= 6; s += 1) {
      const at = iso(expirySecondMs + s * 1000);
      for (const [symbol, price] of [
        [symbols.up, '100.01'],
        [symbols.down, '99.99'],
        [symbols.flat, '100.000'],
      ] as const) {
        await tx.execute(
          sql`insert into market_ticks (symbol, recorded_at, price, source)
              values (${symbol}, ${at}::timestamptz, ${price}::numeric, 'simulated')`,
        );
      }
    }
  });
}

async function pendingCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from trades where status = 'Pending'`,
  );
  return Number(row?.n ?? 0);
}

interface Round {
  ok: boolean;
  tradesPerS: number;
  seconds: number;
}

async function runRound(
  label: string,
  sweepers: Array<{ db: Db; platform: PlatformAccounts }>,
  bench: Bench,
): Promise<Round> {
  const [before] = await queryRows<{ n: string }>(
    bench.db,
    sql`select count(*)::text as n from trades where status = 'Completed'`,
  );
  const startedAt = performance.now();
  const summaries = await Promise.all(
    sweepers.map((sweeper) => settleDueTrades(sweeper.db, sweeper.platform, Date.now())),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const [after] = await queryRows<{ n: string }>(
    bench.db,
    sql`select count(*)::text as n from trades where status = 'Completed'`,
  );
  const settled = Number(after?.n ?? 0) - Number(before?.n ?? 0);
  const failed = summaries.reduce((sum, s) => sum + s.failed.length, 0);
  const left = await pendingCount(bench.db);
  console.log(
    `${label.padEnd(22)} ${String(settled).padStart(6)} trades in ${seconds.toFixed(2)} s = ${Math.round(settled / seconds)} trades/s` +
      `   (batches ${summaries.map((s) => s.batches).join(' + ')}, per sweeper ${summaries.map((s) => s.settled).join(' / ')}, failed ${failed}, still pending ${left})`,
  );
  return {
    ok: seconds <= TARGET_S && left === 0 && failed === 0 && settled === TRADES,
    tradesPerS: settled / seconds,
    seconds,
  };
}

interface RunResult {
  one: Round;
  two: Round;
  ok: boolean;
}

/** Both rounds on one database: one sweeper, then two at once on separate pools. */
async function runOn(url: string, verify: boolean): Promise<RunResult> {
  const databases: Database[] = [];
  try {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    databases.push(database);
    const platform = await ensurePlatformAccounts(database.db);
    const bench: Bench = {
      db: database.db,
      platform,
      users: await createUsers(database.db, platform),
    };
    // A second pool, as a second instance would have.
    const other = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    databases.push(other);

    const now = Math.floor(Date.now() / 1000) * 1000;
    // Expired 10 s ago, so the window has passed and the void ones settle too. Coins that
    // `seed:scale` records no ticks for, so the bench's own ticks never collide with its.
    await openTrades(
      bench,
      { up: 'AVAX', down: 'DOT', flat: 'LINK', silent: 'DOGE' },
      now - 10_000,
    );
    await database.db.execute(sql`analyze trades, market_ticks`);
    const one = await runRound('one sweeper', [{ db: database.db, platform }], bench);

    const later = Math.floor(Date.now() / 1000) * 1000;
    await openTrades(
      bench,
      { up: 'ATOM', down: 'ADA', flat: 'LTC', silent: 'TRX' },
      later - 10_000,
    );
    await database.db.execute(sql`analyze trades, market_ticks`);
    const two = await runRound(
      'two sweepers at once',
      [
        { db: database.db, platform },
        { db: other.db, platform },
      ],
      bench,
    );

    const ledger = await checkLedger(database.db);
    console.log(
      `ledger check           ${ledger.violations.length === 0 ? 'clean' : ledger.violations.join('; ')}`,
    );
    let mismatches = 0;
    if (verify) {
      const report = await verifyTrades(database.db);
      mismatches = report.mismatchCount;
      console.log(
        `trades verify          settled ${report.settled}, verified ${report.verified}, mismatches ${report.mismatchCount}, void ${report.void}`,
      );
    }
    return { one, two, ok: one.ok && two.ok && ledger.violations.length === 0 && mismatches === 0 };
  } finally {
    for (const database of databases) await database.close();
  }
}

const change = (from: number, to: number) => {
  const percent = Math.round(((to - from) / from) * 100);
  return `${percent >= 0 ? '+' : ''}${percent} %`;
};

async function main(): Promise<void> {
  console.log(
    `bench: settling ${TRADES} trades of ${USERS} users expiring in the same second, PostgreSQL`,
  );
  console.log(await machineReport());
  const largeUrl = process.env.BENCH_DATABASE_URL;
  const target = await freshDatabase('tw_bench_settlement');
  let small: RunResult;
  try {
    console.log('\nfresh database');
    small = await runOn(target.url, true);
  } finally {
    await dropDatabase(target.name);
  }
  let ok = small.ok;
  if (largeUrl) {
    console.log(`\nlarge database (${databaseNameOf(largeUrl)})`);
    const large = await runOn(largeUrl, false);
    ok &&= large.ok;
    console.log('\nside by side: fresh → large; target: within 20 %');
    for (const [label, a, b] of [
      ['one sweeper', small.one, large.one],
      ['two sweepers', small.two, large.two],
    ] as const) {
      const within = b.tradesPerS >= a.tradesPerS * 0.8;
      ok &&= within;
      console.log(
        `  ${label.padEnd(13)} ${Math.round(a.tradesPerS)} → ${Math.round(b.tradesPerS)} trades/s (${change(a.tradesPerS, b.tradesPerS)}), ${a.seconds.toFixed(2)} → ${b.seconds.toFixed(2)} s  ${within ? 'within' : 'OUTSIDE'}`,
      );
    }
  }
  console.log('');
  console.log(`target                 ${TRADES} trades settled within ${TARGET_S} s`);
  if (!ok) process.exitCode = 1;
}

await main();
