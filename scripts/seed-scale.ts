/**
 * `npm run seed:scale -- --users 1000000 --trades 5000000`: fills a PostgreSQL database
 * with that many users and settled trades (and transfers, withdrawals, ticks) for the scale
 * benchmarks; see bench/seed-scale.ts for what is written and how. Prints each step, the
 * elapsed time, rows per second and the machine's load average meanwhile, then checks the
 * ledger. Without `--database-url` (or DATABASE_URL) it creates a fresh database on the
 * benchmark server (BENCH_PG_URL) and prints its URL, to pass to `npm run bench:api` as
 * BENCH_DATABASE_URL; drop it with `drop database … with (force)` when done.
 *
 * Options: --users N, --trades N, --transfers N (trades / 10), --withdrawals N
 * (trades / 25), --days N (7), --database-url URL, --no-vacuum (ANALYZE only),
 * --no-check (skip the ledger check), --verify (also re-derive every trade's outcome).
 */
import { parseArgs } from 'node:util';
import { displayMicros } from '../common/money';
import { seedScale } from '../bench/seed-scale';
import {
  dropDatabase,
  formatLoadAverage,
  freshDatabase,
  machineReport,
  sampleLoadAverage,
} from '../bench/lib';
import { openDatabase } from '../server/db/client';
import { checkLedger } from '../server/ledger/check';
import { verifyTrades } from '../server/modules/trades/verify';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    trades: { type: 'string', default: '5000000' },
    transfers: { type: 'string' },
    withdrawals: { type: 'string' },
    days: { type: 'string', default: '7' },
    'database-url': { type: 'string' },
    'no-vacuum': { type: 'boolean', default: false },
    'no-check': { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
  },
  strict: true,
});

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const digits = text.replace(/_/g, '');
  if (!/^\d+$/.test(digits)) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return Number(digits);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  console.log('seed:scale');
  console.log(await machineReport());
  const options = {
    users: wholeNumber('users', values.users) ?? 0,
    trades: wholeNumber('trades', values.trades) ?? 0,
    transfers: wholeNumber('transfers', values.transfers),
    withdrawals: wholeNumber('withdrawals', values.withdrawals),
    days: wholeNumber('days', values.days),
    vacuum: !values['no-vacuum'],
  };
  let url = values['database-url'] ?? process.env.DATABASE_URL;
  let created: string | null = null;
  if (url === undefined) {
    const fresh = await freshDatabase('tw_scale');
    url = fresh.url;
    created = fresh.name;
    console.log(`created database ${fresh.name}`);
  }
  console.log(`database ${url}`);

  const load = sampleLoadAverage();
  let report;
  try {
    report = await seedScale(url, options);
  } catch (error) {
    // A half-filled database has no keys or foreign keys: never leave one behind.
    if (created !== null) {
      await dropDatabase(created);
      console.error(`dropped the half-filled database ${created}`);
    } else {
      console.error(`the database at ${url} is half-filled, without its keys: drop it`);
    }
    throw error;
  }
  const loadDuringSeed = load.stop();

  console.log('');
  console.log('rows');
  for (const [table, n] of Object.entries(report.counts)) {
    console.log(`  ${table.padEnd(18)} ${n.toLocaleString('en-US').padStart(14)}`);
  }
  console.log(
    `load                 ${seconds(report.loadMs)}: ${report.rows.toLocaleString('en-US')} rows, ${Math.round(report.rows / (report.loadMs / 1000)).toLocaleString('en-US')} rows/s`,
  );
  console.log(`keys and indexes     ${seconds(report.indexMs)} (rebuilt, foreign keys validated)`);
  console.log(
    `${values['no-vacuum'] ? 'analyze' : 'vacuum analyze'}       ${seconds(report.analyzeMs)}`,
  );
  console.log(
    `total                ${seconds(report.totalMs)}, ${Math.round(report.rows / (report.totalMs / 1000)).toLocaleString('en-US')} rows/s overall`,
  );
  console.log(`machine              ${formatLoadAverage(loadDuringSeed)}`);

  if (!values['no-check'] || values.verify) {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      if (!values['no-check']) {
        const startedAt = performance.now();
        const ledger = await checkLedger(database.db);
        console.log(
          `ledger check         ${ledger.violations.length === 0 ? 'clean' : ledger.violations.join('; ')} (${seconds(performance.now() - startedAt)}; ${ledger.entries} entries, ${ledger.postings} postings, user balances ${displayMicros(ledger.userBalancesMicros, 2)} USDT, held ${displayMicros(ledger.userHeldMicros, 2)} USDT)`,
        );
        if (ledger.violations.length > 0) process.exitCode = 1;
      }
      if (values.verify) {
        const startedAt = performance.now();
        const verify = await verifyTrades(database.db);
        console.log(
          `trades verify        settled ${verify.settled}, verified ${verify.verified}, mismatches ${verify.mismatchCount}, unverifiable ${verify.unverifiable} (${seconds(performance.now() - startedAt)})`,
        );
        for (const mismatch of verify.mismatches.slice(0, 5)) {
          console.log(`  ${mismatch.tradeId}: ${mismatch.problems.join('; ')}`);
        }
        if (verify.mismatchCount > 0) process.exitCode = 1;
      }
    } finally {
      await database.close();
    }
  }
  console.log('');
  console.log(`BENCH_DATABASE_URL=${url}`);
}

await main();
