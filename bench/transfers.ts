/**
 * Transfers per second through the HTTP API on PostgreSQL, beside pgbench's built-in
 * TPC-B-like TPS on the same server in the same run, and their ratio (target 1.0, at least 0.6),
 * with the sizes of the batches the transfers were written in.
 *
 * The run: a warm-up, then ANALYZE (pgbench -i analyzes its tables too; a fresh
 * database's first plans would otherwise scan tables that have since grown), one client alone
 * (a lone request's latency), the full load, then the server stops (its mail sender would
 * otherwise drain the load's mails beside pgbench) and pgbench runs on the same server.
 *
 *   npm run bench:transfers   (BENCH_PG_URL, BENCH_SECONDS, BENCH_CONNECTIONS,
 *                              BENCH_WARMUP_SECONDS, BENCH_ONE_CLIENT_SECONDS)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { ensurePlatformAccounts, platformShard, walletAccountId } from '../server/ledger/accounts';
import { checkLedger } from '../server/ledger/check';
import { postEntry } from '../server/ledger/posting';
import { createAccount } from '../server/modules/auth/new-account';
import {
  adminQuery,
  backendCpuDeltaMs,
  backendCpuMs,
  dropDatabase,
  freshDatabase,
  machineBusyMs,
  machineReport,
  postJson,
  startServer,
} from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ONE_CLIENT_SECONDS = Number(process.env.BENCH_ONE_CLIENT_SECONDS ?? 8);
const USERS = 40;
const PORT = 3310;
const PASSWORD = 'Bench-Transfer-2026';

/**
 * What one createTransfer asked of PostgreSQL before batching, as a pgbench script: the
 * session lookup, the transfer context and the one-transfer write statement (key, transfer
 * row, locks, balances, entry, postings), with random parties as the HTTP load uses. A
 * measuring stick of the unbatched design, not the product: the product now sends one
 * `post_transfer_batch` per batch and reads the session and the context only when its
 * recently read copies are missing or stale.
 */
const SQL_ONLY_SCRIPT = `\\set s random(1, ${USERS})
\\set r random(1, ${USERS - 1})
\\set q (:s + :r - 1) % ${USERS} + 1
\\set f random(1, 16)
select s.user_id, u.role, u.disabled_at from sessions s join users u on u.id = s.user_id
  where s.token_hash = (select token_hash from bench_users where n = :s) and s.expires_at > now() limit 1;
select u.id, u.username, u.pay_id, a.id, s.transfer_min_micros, s.transfer_charge_micro_percent
  from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
  cross join site_settings s
  where s.id = 1 and (u.id = (select user_id from bench_users where n = :s)
    or (u.pay_id = (select pay_id from bench_users where n = :q)
        and u.role = 'user' and u.disabled_at is null));
with sender as (select user_id, wallet, pay_id from bench_users where n = :s),
receiver as (select user_id, wallet, pay_id from bench_users where n = :q),
fee as (select id from bench_fee where n = :f),
claim as (insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body)
  select user_id, md5(random()::text), 'createTransfer', md5(random()::text) || md5(random()::text), 201,
    repeat('x', 520) from sender
  on conflict do nothing returning key),
tr as (insert into transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
    sender_username, receiver_username, amount_micros, fee_micros, net_micros, created_at)
  select gen_random_uuid(), sender.user_id, receiver.user_id, sender.pay_id, receiver.pay_id,
    'sender', 'receiver', 1250000, 12500, 1237500, now()
  from sender, receiver where exists (select 1 from claim) returning id),
v as (select * from unnest(array[(select wallet from sender), (select wallet from receiver),
    (select id from fee)], array[-1250000, 1237500, 12500]::bigint[]) as v(id, delta)),
locked as materialized (select id from ledger_accounts
  where id in (select id from v) and exists (select 1 from claim) order by id for update),
moved as (update ledger_accounts a set balance_micros = a.balance_micros + v.delta
  from v, locked where a.id = v.id and locked.id = a.id returning a.id),
entry as (insert into journal_entries (kind, reference_type, reference_id, memo)
  select 'transfer', 'transfer', (select id::text from tr), null
  where exists (select 1 from claim) returning id),
lines as (insert into postings (entry_id, account_id, amount_micros)
  select entry.id, v.id, v.delta from entry, v returning id)
select (select id from entry), (select count(*) from moved);
`;

/** Runs pgbench and answers its report; on failure, throws with what it printed. */
function runPgbench(args: string[]): string {
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** The tables the SQL-only script picks its parties from. */
async function prepareSqlOnlyTables(database: Database): Promise<void> {
  await database.db.execute(sql`create table bench_users as
    select row_number() over (order by u.id) as n, u.id as user_id, a.id as wallet, u.pay_id,
      (select token_hash from sessions s where s.user_id = u.id limit 1) as token_hash
    from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'`);
  await database.db.execute(sql`create table bench_fee as
    select row_number() over (order by id) as n, id from ledger_accounts
    where kind = 'fee_revenue'`);
}

/**
 * The sizes of the batches the API wrote since `since`: the transfers of one batch share one
 * transaction, so their rows carry the same `xmin`. Median and p99 over the batches.
 */
async function batchSizes(
  database: Database,
  since: Date,
): Promise<{ median: number; p99: number; max: number; count: number }> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from transfers where created_at >= ${since.toISOString()}::timestamptz
        group by xmin::text order by n`,
  )) as unknown as { rows: { n: number }[] };
  const sizes = result.rows.map((row) => row.n);
  const at = (q: number) => sizes[Math.min(sizes.length - 1, Math.floor(q * sizes.length))] ?? 0;
  return { median: at(0.5), p99: at(0.99), max: sizes.at(-1) ?? 0, count: sizes.length };
}

async function main(): Promise<void> {
  console.log('bench: transfers through the API vs pgbench TPC-B-like, same PostgreSQL server');
  console.log(await machineReport());
  const appDb = await freshDatabase('tw_bench_transfers');
  const pgbenchDb = await freshDatabase('tw_bench_pgbench');
  try {
    // Users and balances are set up directly (registration is rate-limited per address).
    const database = await openDatabase({ kind: 'postgres', url: appDb.url, poolSize: 4 });
    const platform = await ensurePlatformAccounts(database.db);
    const users: { email: string; payId: string; token?: string }[] = [];
    await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const email = `bench${i}@example.com`;
        const result = await createAccount(database.db, {
          fullName: `Bench User ${i}`,
          username: `bench_${i}`,
          email,
          phoneNumber: '+10000000000',
          password: PASSWORD,
          role: 'user',
        });
        if (!result.ok) throw new Error('bench user not created');
        await database.db.transaction(async (tx) => {
          await postEntry(tx, {
            kind: 'adjustment',
            referenceType: 'bench_funding',
            referenceId: result.userId,
            postings: [
              {
                accountId: platformShard(platform, 'deposit_clearing'),
                amountMicros: -1_000_000_000_000n,
              },
              {
                accountId: await walletAccountId(tx, result.userId),
                amountMicros: 1_000_000_000_000n,
              },
            ],
          });
        });
        users.push({ email, payId: '' });
      }),
    );

    const server = await startServer(appDb.url, PORT);
    try {
      for (const user of users) {
        const login = await postJson<{ token: string }>(`${server.baseUrl}/api/login`, {
          email: user.email,
          password: PASSWORD,
        });
        user.token = login.token;
        const me = await fetch(`${server.baseUrl}/api/getUserById`, {
          headers: { authorization: `Bearer ${login.token}` },
        });
        user.payId = ((await me.json()) as { user: { payId: string } }).user.payId;
      }

      let counter = 0;
      const load = (connections: number, duration: number) =>
        autocannon({
          url: server.baseUrl,
          connections,
          duration,
          requests: [
            {
              method: 'POST',
              path: '/api/createTransfer',
              setupRequest: (request) => {
                counter += 1;
                const from = users[counter % USERS]!;
                const to = users[(counter * 7 + 3) % USERS]!;
                const receiver = to === from ? users[(counter + 1) % USERS]! : to;
                return {
                  ...request,
                  headers: {
                    'content-type': 'application/json',
                    authorization: `Bearer ${from.token}`,
                    'idempotency-key': randomBytes(16).toString('hex'),
                  },
                  body: JSON.stringify({ amount: '1.25', receivePId: receiver.payId }),
                };
              },
            },
          ],
        });
      // The warm-up at one client, so its mails are few when the lone client is measured.
      await load(1, WARMUP_SECONDS);
      await database.db.execute(sql`analyze`);
      const alone = await load(1, ONE_CLIENT_SECONDS);

      await adminQuery('checkpoint');
      const loadStart = new Date();
      const backendsBefore = await backendCpuMs(appDb.name);
      const serverCpuBefore = server.cpuMs();
      const machineBefore = machineBusyMs();
      const result = await load(CONNECTIONS, SECONDS);
      const machineApiMs = machineBusyMs() - machineBefore;
      const serverApiMs = server.cpuMs() - serverCpuBefore;
      const backendsApiMs = backendCpuDeltaMs(backendsBefore, await backendCpuMs(appDb.name));
      const rssMiB = server.rssMiB();
      const apiTps = result.requests.average;
      const non2xx = result.non2xx + alone.non2xx;
      await server.stop();

      const batches = await batchSizes(database, loadStart);
      await prepareSqlOnlyTables(database);
      const report = await checkLedger(database.db);
      await database.close();

      const pgbenchUrl = pgbenchDb.url;
      execFileSync('pgbench', ['-i', '-q', '-s', '10', pgbenchUrl], { stdio: 'ignore' });
      // Both measured phases start from a checkpoint: the API run's dirty pages are flushed
      // before pgbench runs, as pgbench -i's are before the API run.
      await adminQuery('checkpoint');
      const machinePgbenchBefore = machineBusyMs();
      const output = runPgbench([
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        pgbenchUrl,
      ]);
      const machinePgbenchMs = machineBusyMs() - machinePgbenchBefore;
      const pgbenchTps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
      const pgbenchTransactions = Number(
        /number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN,
      );
      const transfers = result.requests.total;
      const perTransfer = (ms: number) => (ms / transfers).toFixed(2);

      // The same transfers as SQL alone: what PostgreSQL can do with the API's statements
      // when no HTTP, no Node.js and no load generator share the two cores.
      const scriptPath = path.join(os.tmpdir(), `tw-transfer-${process.pid}.sql`);
      fs.writeFileSync(scriptPath, SQL_ONLY_SCRIPT);
      const sqlOnlyOutput = runPgbench([
        '-n',
        '-M',
        'prepared',
        '-f',
        scriptPath,
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(SECONDS),
        appDb.url,
      ]);
      fs.rmSync(scriptPath, { force: true });
      const sqlOnlyTps = Number(/tps = ([\d.]+)/.exec(sqlOnlyOutput)?.[1] ?? NaN);
      const recheck = await openDatabase({ kind: 'postgres', url: appDb.url, poolSize: 1 });
      const afterSqlOnly = await checkLedger(recheck.db);
      await recheck.close();

      console.log('');
      console.log(
        `duration ${SECONDS} s, ${CONNECTIONS} connections each (after a ${WARMUP_SECONDS} s warm-up and ANALYZE)`,
      );
      console.log(
        `API transfers/s        ${apiTps.toFixed(0)}   (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${non2xx}, errors ${result.errors})`,
      );
      console.log(
        `one client alone       ${alone.requests.average.toFixed(0)}   (p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms, mean ${alone.latency.average} ms, ${ONE_CLIENT_SECONDS} s)`,
      );
      console.log(
        `pgbench TPC-B TPS      ${pgbenchTps.toFixed(0)}   (scale 10, built-in tpcb-like)`,
      );
      console.log(
        `ratio API / pgbench    ${(apiTps / pgbenchTps).toFixed(2)}   (target 1.0, at least 0.60)`,
      );
      console.log(
        `unbatched SQL TPS      ${sqlOnlyTps.toFixed(0)}   (the one-transfer design's three statements through pgbench, no HTTP or Node.js; ${(sqlOnlyTps / pgbenchTps).toFixed(2)} of TPC-B)`,
      );
      console.log(
        `batch sizes            median ${batches.median}, p99 ${batches.p99}, max ${batches.max} (${batches.count} batches; transfers per committing transaction)`,
      );
      console.log(`server memory (RSS)    ${rssMiB.toFixed(0)} MiB`);
      console.log(
        `CPU ms per transfer    ${perTransfer(machineApiMs)} machine: server ${perTransfer(serverApiMs)}, PostgreSQL ${perTransfer(backendsApiMs)}, rest (load generator, other) ${perTransfer(machineApiMs - serverApiMs - backendsApiMs)}`,
      );
      console.log(
        `CPU ms per pgbench tx  ${(machinePgbenchMs / pgbenchTransactions).toFixed(2)} machine (PostgreSQL and pgbench)`,
      );
      console.log(
        `ledger check           ${report.violations.length === 0 ? 'clean' : report.violations.join('; ')}${afterSqlOnly.violations.length === 0 ? ', clean after the SQL-only run' : `; after the SQL-only run: ${afterSqlOnly.violations.join('; ')}`}`,
      );
      if (report.violations.length > 0 || afterSqlOnly.violations.length > 0 || non2xx > 0) {
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase(appDb.name);
    await dropDatabase(pgbenchDb.name);
  }
}

await main();
