/**
 * Transfers per second through the HTTP API on PostgreSQL, beside pgbench's built-in
 * TPC-B-like TPS on the same server in the same run, and their ratio (target ≥ 0.5).
 *
 *   npm run bench:transfers            (BENCH_PG_URL, BENCH_SECONDS, BENCH_CONNECTIONS)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { ensurePlatformAccounts, platformShard, walletAccountId } from '../server/ledger/accounts';
import { checkLedger } from '../server/ledger/check';
import { postEntry } from '../server/ledger/posting';
import { createAccount } from '../server/modules/users/accounts';
import {
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
const USERS = 40;
const PORT = 3310;
const PASSWORD = 'Bench-Transfer-2026';

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
      const backendsBefore = await backendCpuMs(appDb.name);
      const serverCpuBefore = server.cpuMs();
      const machineBefore = machineBusyMs();
      const result = await autocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: SECONDS,
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
      const machineApiMs = machineBusyMs() - machineBefore;
      const serverApiMs = server.cpuMs() - serverCpuBefore;
      const backendsApiMs = backendCpuDeltaMs(backendsBefore, await backendCpuMs(appDb.name));
      const rssMiB = server.rssMiB();
      const apiTps = result.requests.average;
      const non2xx = result.non2xx;

      const report = await checkLedger(database.db);
      await database.close();

      const pgbenchUrl = pgbenchDb.url;
      execFileSync('pgbench', ['-i', '-q', '-s', '10', pgbenchUrl], { stdio: 'ignore' });
      const machinePgbenchBefore = machineBusyMs();
      const output = execFileSync(
        'pgbench',
        ['-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), pgbenchUrl],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const machinePgbenchMs = machineBusyMs() - machinePgbenchBefore;
      const pgbenchTps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
      const pgbenchTransactions = Number(
        /number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN,
      );
      const transfers = result.requests.total;
      const perTransfer = (ms: number) => (ms / transfers).toFixed(2);

      console.log('');
      console.log(`duration ${SECONDS} s, ${CONNECTIONS} connections each`);
      console.log(
        `API transfers/s        ${apiTps.toFixed(0)}   (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${non2xx}, errors ${result.errors})`,
      );
      console.log(
        `pgbench TPC-B TPS      ${pgbenchTps.toFixed(0)}   (scale 10, built-in tpcb-like)`,
      );
      console.log(`ratio API / pgbench    ${(apiTps / pgbenchTps).toFixed(2)}   (target >= 0.50)`);
      console.log(`server memory (RSS)    ${rssMiB.toFixed(0)} MiB`);
      console.log(
        `CPU ms per transfer    ${perTransfer(machineApiMs)} machine: server ${perTransfer(serverApiMs)}, PostgreSQL ${perTransfer(backendsApiMs)}, rest (load generator, other) ${perTransfer(machineApiMs - serverApiMs - backendsApiMs)}`,
      );
      console.log(
        `CPU ms per pgbench tx  ${(machinePgbenchMs / pgbenchTransactions).toFixed(2)} machine (PostgreSQL and pgbench)`,
      );
      console.log(
        `ledger check           ${report.violations.length === 0 ? 'clean' : report.violations.join('; ')}`,
      );
      if (report.violations.length > 0 || non2xx > 0) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase(appDb.name);
    await dropDatabase(pgbenchDb.name);
  }
}

await main();
