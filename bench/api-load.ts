/**
 * API load on PostgreSQL with autocannon: requests per second, p50 and p99 latency, errors
 * and non-2xx answers, the server's peak memory and its CPU per request, for five calls:
 *
 *   user      GET  /api/getUserById                 (every request one of N users' tokens)
 *   config    GET  /api/config                      (public)
 *   orders    GET  /api/getUserTrades?tab=All&page=1 (the users with the most trades)
 *   transfer  POST /api/createTransfer              (fresh Idempotency-Key each)
 *   trade     POST /api/createTrade                 (fresh key, 10 USDT, 30 s)
 *
 * Targets (the issue): getUserById ≥ 5,000 requests/s with p99 ≤ 25 ms at 50 connections,
 * no errors, server memory ≤ 300 MB; on a database of 1,000,000 users and 5,000,000 trades
 * every figure within 20 % of the small database's.
 *
 *   npm run bench:api
 *     BENCH_SECONDS (15), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3),
 *     BENCH_SCENARIOS (user,config,orders,transfer,trade), BENCH_USERS (50),
 *     BENCH_DATABASE_URL (a database filled by `npm run seed:scale`: it is measured after
 *     a fresh small one, and both are printed side by side; BENCH_BASELINE=none skips the
 *     small one), BENCH_SMALL_USERS (1000), BENCH_SMALL_TRADES (5000), BENCH_PORT (3340),
 *     BENCH_NODE_ARGS (e.g. --cpu-prof), BENCH_JSON (write the figures there),
 *     BENCH_LEDGER_CHECK (1; 0 skips the check after the write scenarios).
 *
 * The small database is filled by the same code as the large one (bench/seed-scale.ts)
 * with the same shape per user (five trades per user, one user in a hundred a heavy
 * trader), so the two differ only in size. Sessions are made directly in the database
 * (signing in hashes passwords: slow by design, and rate-limited); the users that send
 * money get a ledger adjustment first. The server runs the simulated market with its tick
 * recorder, so createTrade finds a tick under 3 s old, and its settlement sweeper.
 *
 * /api/config is limited to 300 requests a minute per address. All the load comes from
 * one address, so the server trusts that address as its proxy (TRUST_PROXY=127.0.0.1) and
 * the config requests carry X-Forwarded-For addresses from a pool of 2,000, as a proxy in
 * front of many clients would send; the limiter still runs on every request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { ensurePlatformAccounts, platformShard } from '../server/ledger/accounts';
import { checkLedger } from '../server/ledger/check';
import { postEntry } from '../server/ledger/posting';
import {
  backendCpuDeltaMs,
  backendCpuMs,
  databaseNameOf,
  dropDatabase,
  formatLoadAverage,
  freshDatabase,
  machineBusyMs,
  machineReport,
  sampleLoadAverage,
  samplePeak,
  startServer,
  type LoadAverageSummary,
  type RunningServer,
} from './lib';
import { SCALE_COINS, seedScale } from './seed-scale';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const SMALL_USERS = Number(process.env.BENCH_SMALL_USERS ?? 1000);
const SMALL_TRADES = Number(process.env.BENCH_SMALL_TRADES ?? 5000);
const LARGE_URL = process.env.BENCH_DATABASE_URL;
const WITH_BASELINE = process.env.BENCH_BASELINE !== 'none';
const LEDGER_CHECK = process.env.BENCH_LEDGER_CHECK !== '0';
const JSON_PATH = process.env.BENCH_JSON;

/** What the issue asks of getUserById, and of the large database against the small. */
const TARGET = { requestsPerS: 5000, p99Ms: 25, rssMiB: 300, scaleTolerance: 0.2 } as const;
/** Each bench user who sends money gets this much first (1,000,000 USDT). */
const FUNDING_MICROS = 1_000_000n * 1_000_000n;
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const FORWARDED_ADDRESSES = 2000;
/** Between the last scenario and stopping the server: its last handlers finish. */
const SHUTDOWN_GRACE_MS = 1000;
/** A fresh tick must be recorded before the trade scenario can run. */
const TICK_WAIT_MS = 30_000;

const SCENARIOS = ['user', 'config', 'orders', 'transfer', 'trade'] as const;
type ScenarioName = (typeof SCENARIOS)[number];
const WRITE_SCENARIOS: ReadonlySet<ScenarioName> = new Set(['transfer', 'trade']);

interface BenchUser {
  id: string;
  payId: string;
  token: string;
}

interface Figures {
  scenario: ScenarioName;
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: string;
  rssPeakMiB: number;
  serverCpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  machineCpuMsPerRequest: number;
  load: LoadAverageSummary;
}

interface TargetRun {
  label: string;
  users: number;
  trades: number;
  figures: Figures[];
  ledger: string;
}

function selectedScenarios(): ScenarioName[] {
  const text = process.env.BENCH_SCENARIOS;
  if (text === undefined || text.trim() === '') return [...SCENARIOS];
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_SCENARIOS: unknown scenario "${name}" (${SCENARIOS.join(', ')})`);
    }
  }
  return names as ScenarioName[];
}

/** Sessions made directly, as the login route makes them: only the token's SHA-256 is kept. */
async function createSessions(client: pg.Client, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await client.query(
    `insert into sessions (token_hash, user_id, role, expires_at)
     select h, u, 'user', now() + $3 * interval '1 millisecond'
     from unnest($1::text[], $2::uuid[]) as s(h, u)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), userIds, SESSION_TTL_MS],
  );
  return tokens;
}

/**
 * The bench's users: `count` ordinary active users (readers and senders), and the `count`
 * users with the most trades (the orders page).
 */
async function pickUsers(
  url: string,
  count: number,
): Promise<{
  users: BenchUser[];
  traders: BenchUser[];
  population: { users: number; trades: number };
}> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const users = (
      await client.query<{ id: string; pay_id: string }>(
        `select id::text, pay_id from users
         where role = 'user' and disabled_at is null and trading_allowed
         order by id limit $1`,
        [count],
      )
    ).rows;
    const traders = (
      await client.query<{ id: string; pay_id: string }>(
        `select u.id::text, u.pay_id from users u
         join (select user_id, count(*) as n from trades group by user_id
               order by n desc, user_id limit $1) t on t.user_id = u.id
         order by t.n desc`,
        [count],
      )
    ).rows;
    if (users.length < 2) throw new Error('the database needs at least two users');
    if (traders.length === 0) throw new Error('the database has no trades');
    const userTokens = await createSessions(
      client,
      users.map((u) => u.id),
    );
    const traderTokens = await createSessions(
      client,
      traders.map((u) => u.id),
    );
    const [population] = (
      await client.query<{ users: string; trades: string }>(
        // Planner estimates: exact counts of millions of rows take seconds.
        `select (select reltuples::bigint from pg_class where oid = 'users'::regclass)::text as users,
                (select reltuples::bigint from pg_class where oid = 'trades'::regclass)::text as trades`,
      )
    ).rows;
    return {
      users: users.map((u, i) => ({ id: u.id, payId: u.pay_id, token: userTokens[i]! })),
      traders: traders.map((u, i) => ({ id: u.id, payId: u.pay_id, token: traderTokens[i]! })),
      population: {
        users: Number(population?.users ?? 0),
        trades: Number(population?.trades ?? 0),
      },
    };
  } finally {
    await client.end();
  }
}

/** Funds the senders through the ledger (an adjustment from deposit clearing), as an admin would. */
async function fundUsers(url: string, users: BenchUser[]): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const platform = await ensurePlatformAccounts(database.db);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const wallets = new Map(
      (
        await client.query<{ user_id: string; id: string }>(
          `select user_id::text, id::text from ledger_accounts
           where kind = 'user_wallet' and user_id = any($1::uuid[])`,
          [users.map((u) => u.id)],
        )
      ).rows.map((row) => [row.user_id, row.id]),
    );
    await client.end();
    for (const user of users) {
      const wallet = wallets.get(user.id);
      if (wallet === undefined) throw new Error(`user ${user.id} has no wallet`);
      await database.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'adjustment',
          referenceType: 'bench_funding',
          // Unique per run: the same database may be measured again.
          referenceId: randomUUID(),
          memo: 'bench:api funding',
          postings: [
            {
              accountId: platformShard(platform, 'deposit_clearing'),
              amountMicros: -FUNDING_MICROS,
            },
            { accountId: wallet, amountMicros: FUNDING_MICROS },
          ],
        }),
      );
    }
  } finally {
    await database.close();
  }
}

/** Waits until the server's recorder has stored a tick of every seeded coin within 2 s. */
async function waitForFreshTicks(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + TICK_WAIT_MS;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        `select count(distinct symbol)::text as n from market_ticks
         where recorded_at > now() - interval '2 seconds' and symbol = any($1::text[])`,
        [SCALE_COINS.map(([symbol]) => symbol)],
      );
      if (Number(rows[0]?.n ?? 0) === SCALE_COINS.length) return;
      if (Date.now() > deadline) throw new Error('the server recorded no fresh ticks within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

const bearer = (user: BenchUser) => `Bearer ${user.token}`;

/** autocannon's requests for a scenario; GETs are fixed requests it cycles through. */
function requestsFor(
  scenario: ScenarioName,
  users: BenchUser[],
  traders: BenchUser[],
): autocannon.Request[] {
  switch (scenario) {
    case 'user':
      return users.map((user) => ({
        method: 'GET',
        path: '/api/getUserById',
        headers: { authorization: bearer(user) },
      }));
    case 'config':
      return Array.from({ length: FORWARDED_ADDRESSES }, (_, i) => ({
        method: 'GET',
        path: '/api/config',
        headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      }));
    case 'orders':
      return traders.map((user) => ({
        method: 'GET',
        path: '/api/getUserTrades?tab=All&page=1',
        headers: { authorization: bearer(user) },
      }));
    case 'transfer': {
      let counter = 0;
      return [
        {
          method: 'POST',
          path: '/api/createTransfer',
          setupRequest: (request) => {
            counter += 1;
            const from = users[counter % users.length]!;
            const step = 1 + ((counter * 7) % (users.length - 1));
            const to = users[(counter + step) % users.length]!;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: bearer(from),
                'idempotency-key': randomBytes(16).toString('hex'),
              },
              body: JSON.stringify({ amount: '1.25', receivePId: to.payId }),
            };
          },
        },
      ];
    }
    case 'trade': {
      let counter = 0;
      return [
        {
          method: 'POST',
          path: '/api/createTrade',
          setupRequest: (request) => {
            counter += 1;
            const user = users[counter % users.length]!;
            const [symbol] = SCALE_COINS[counter % SCALE_COINS.length]!;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: bearer(user),
                'idempotency-key': randomBytes(16).toString('hex'),
              },
              body: JSON.stringify({
                coinType: `${symbol}USDT`,
                tradeType: counter % 2 === 0 ? 'buy' : 'sell',
                tradeAmount: '10',
                selectedTime: 'trade30Second',
              }),
            };
          },
        },
      ];
    }
  }
}

function statusCodesOf(result: autocannon.Result): string {
  const stats = result.statusCodeStats ?? {};
  return Object.entries(stats)
    .map(([code, stat]) => `${code}×${stat.count ?? 0}`)
    .join(' ');
}

async function runScenario(
  scenario: ScenarioName,
  server: RunningServer,
  databaseName: string,
  users: BenchUser[],
  traders: BenchUser[],
): Promise<Figures> {
  const base = { url: server.baseUrl, connections: CONNECTIONS };
  if (WARMUP_SECONDS > 0) {
    await autocannon({
      ...base,
      duration: WARMUP_SECONDS,
      requests: requestsFor(scenario, users, traders),
    });
  }
  const backendsBefore = await backendCpuMs(databaseName);
  const serverBefore = server.cpuMs();
  const machineBefore = machineBusyMs();
  const rss = samplePeak(() => server.rssMiB());
  const load = sampleLoadAverage(1000);
  const result = await autocannon({
    ...base,
    duration: SECONDS,
    requests: requestsFor(scenario, users, traders),
  });
  const rssPeakMiB = rss.stop();
  const loadSummary = load.stop();
  const machineMs = machineBusyMs() - machineBefore;
  const serverMs = server.cpuMs() - serverBefore;
  const backendsMs = backendCpuDeltaMs(backendsBefore, await backendCpuMs(databaseName));
  const total = Math.max(1, result.requests.total);
  return {
    scenario,
    requestsPerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: statusCodesOf(result),
    rssPeakMiB,
    serverCpuMsPerRequest: serverMs / total,
    postgresCpuMsPerRequest: backendsMs / total,
    machineCpuMsPerRequest: machineMs / total,
    load: loadSummary,
  };
}

function printFigures(figures: Figures): void {
  console.log(
    `  ${figures.scenario.padEnd(9)} ${figures.requestsPerS.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(4)} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}  RSS peak ${figures.rssPeakMiB.toFixed(0)} MiB  CPU/req: server ${figures.serverCpuMsPerRequest.toFixed(3)} ms, PostgreSQL ${figures.postgresCpuMsPerRequest.toFixed(3)} ms, machine ${figures.machineCpuMsPerRequest.toFixed(3)} ms  (${figures.statusCodes}; ${formatLoadAverage(figures.load)})`,
  );
}

async function measure(label: string, url: string, scenarios: ScenarioName[]): Promise<TargetRun> {
  const databaseName = databaseNameOf(url);
  const { users, traders, population } = await pickUsers(url, USERS);
  if (scenarios.some((s) => WRITE_SCENARIOS.has(s))) await fundUsers(url, users);
  console.log('');
  console.log(
    `${label}: ${population.users.toLocaleString('en-US')} users, ${population.trades.toLocaleString('en-US')} trades (estimates); ${users.length} bench users, orders of the ${traders.length} users with most trades`,
  );
  const server = await startServer(url, PORT, {
    MARKET_SOURCE: 'simulated',
    MARKET_RECORDER: 'true',
    TRUST_PROXY: '127.0.0.1',
  });
  const figures: Figures[] = [];
  let ledger = 'not checked';
  try {
    if (scenarios.includes('trade')) await waitForFreshTicks(url);
    for (const scenario of scenarios) {
      const result = await runScenario(scenario, server, databaseName, users, traders);
      printFigures(result);
      figures.push(result);
    }
  } finally {
    // autocannon drops its sockets at the end, and the server may still be answering the
    // last requests; stopping it at once closes the database under those handlers.
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    await server.stop();
  }
  if (LEDGER_CHECK && scenarios.some((s) => WRITE_SCENARIOS.has(s))) {
    // After the server has stopped, so no settlement runs between the check's queries.
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      const startedAt = performance.now();
      const report = await checkLedger(database.db);
      ledger = `${report.violations.length === 0 ? 'clean' : report.violations.join('; ')} (${report.entries} entries, ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`;
      if (report.violations.length > 0) process.exitCode = 1;
    } finally {
      await database.close();
    }
    console.log(`  ledger check: ${ledger}`);
  }
  return { label, users: population.users, trades: population.trades, figures, ledger };
}

/** The target for getUserById on the small database. */
function userTargetVerdict(figures: Figures | undefined): string {
  if (figures === undefined) return 'getUserById not measured';
  const misses: string[] = [];
  if (figures.requestsPerS < TARGET.requestsPerS) {
    misses.push(`${figures.requestsPerS.toFixed(0)} req/s < ${TARGET.requestsPerS}`);
  }
  if (figures.p99Ms > TARGET.p99Ms) misses.push(`p99 ${figures.p99Ms} ms > ${TARGET.p99Ms} ms`);
  if (figures.errors + figures.non2xx > 0) {
    misses.push(`${figures.errors} errors, ${figures.non2xx} non-2xx`);
  }
  if (figures.rssPeakMiB > TARGET.rssMiB) {
    misses.push(`RSS ${figures.rssPeakMiB.toFixed(0)} MiB > ${TARGET.rssMiB} MB`);
  }
  return misses.length === 0
    ? `getUserById target met (≥ ${TARGET.requestsPerS} req/s, p99 ≤ ${TARGET.p99Ms} ms, no errors, RSS ≤ ${TARGET.rssMiB} MB)`
    : `getUserById target MISSED: ${misses.join(', ')}`;
}

/** Large against small, per figure: within the tolerance in the direction that is worse. */
function printSideBySide(small: TargetRun, large: TargetRun): boolean {
  const tolerance = TARGET.scaleTolerance;
  let allWithin = true;
  const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)} %`;
  console.log('');
  console.log(
    `side by side: ${small.label} (${small.users.toLocaleString('en-US')} users, ${small.trades.toLocaleString('en-US')} trades) → ${large.label} (${large.users.toLocaleString('en-US')} users, ${large.trades.toLocaleString('en-US')} trades); target: every figure within ${tolerance * 100} %`,
  );
  console.log(
    `  ${'scenario'.padEnd(9)}  ${['req/s', 'p50 ms', 'p99 ms', 'RSS peak MiB'].map((h) => h.padEnd(24)).join(' ')} ${'server CPU ms/req'.padEnd(30)} PostgreSQL CPU ms/req`,
  );
  for (const a of small.figures) {
    const b = large.figures.find((f) => f.scenario === a.scenario);
    if (!b) continue;
    const cells: string[] = [];
    // Higher is better for throughput; lower is better for the rest.
    const checks: Array<[number, number, boolean, number]> = [
      [a.requestsPerS, b.requestsPerS, true, 0],
      [a.p50Ms, b.p50Ms, false, 0],
      [a.p99Ms, b.p99Ms, false, 0],
      [a.rssPeakMiB, b.rssPeakMiB, false, 0],
      [a.serverCpuMsPerRequest, b.serverCpuMsPerRequest, false, 3],
      [a.postgresCpuMsPerRequest, b.postgresCpuMsPerRequest, false, 3],
    ];
    let rowWithin = b.errors + b.non2xx === 0 || a.errors + a.non2xx > 0;
    for (const [x, y, higherIsBetter, digits] of checks) {
      const ratio = x === 0 ? (y === 0 ? 1 : Infinity) : y / x;
      const within = higherIsBetter ? ratio >= 1 - tolerance : ratio <= 1 + tolerance;
      // Only the figures count for the verdict; CPU per request is for diagnosis
      // (it varies far less than throughput when other work shares the machine).
      if (!within && digits === 0) rowWithin = false;
      cells.push(
        `${x.toFixed(digits)} → ${y.toFixed(digits)} (${pct(ratio)}${within ? '' : '!'})`.padEnd(
          digits === 0 ? 24 : 30,
        ),
      );
    }
    allWithin &&= rowWithin;
    console.log(
      `  ${a.scenario.padEnd(9)}  ${cells.join(' ')} ${rowWithin ? 'within' : 'OUTSIDE'}`,
    );
  }
  return allWithin;
}

async function main(): Promise<void> {
  const scenarios = selectedScenarios();
  console.log(
    `bench: API load, ${CONNECTIONS} connections, ${SECONDS} s per scenario (after ${WARMUP_SECONDS} s warm-up): ${scenarios.join(', ')}`,
  );
  console.log(await machineReport());
  const runs: TargetRun[] = [];

  if (LARGE_URL === undefined || WITH_BASELINE) {
    const small = await freshDatabase('tw_bench_api');
    try {
      const startedAt = performance.now();
      await seedScale(small.url, { users: SMALL_USERS, trades: SMALL_TRADES, verbose: false });
      console.log(
        `small database ${small.name}: seeded ${SMALL_USERS} users, ${SMALL_TRADES} trades in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (bench/seed-scale.ts)`,
      );
      runs.push(await measure('small', small.url, scenarios));
    } finally {
      await dropDatabase(small.name);
    }
  }
  if (LARGE_URL !== undefined) {
    runs.push(await measure(`large (${databaseNameOf(LARGE_URL)})`, LARGE_URL, scenarios));
  }

  console.log('');
  const first = runs[0];
  console.log(userTargetVerdict(first?.figures.find((f) => f.scenario === 'user')));
  for (const run of runs) {
    const user = run.figures.find((f) => f.scenario === 'user');
    if (run !== first && user) console.log(`  ${run.label}: ${userTargetVerdict(user)}`);
  }
  const [small, large] = runs;
  if (small && large) {
    const within = printSideBySide(small, large);
    console.log(within ? 'scale target met' : 'scale target MISSED (marked !)');
  }
  if (JSON_PATH !== undefined) {
    fs.writeFileSync(JSON_PATH, `${JSON.stringify(runs, null, 2)}\n`);
    console.log(`figures written to ${JSON_PATH}`);
  }
}

await main();
