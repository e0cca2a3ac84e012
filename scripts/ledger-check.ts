/**
 * `npm run ledger:check`: checks the ledger's invariants on the configured database
 * (DATABASE_URL, or the embedded database in DATA_DIR — stop the server first, PGlite
 * allows one process at a time). Prints its figures; exits 1 on any violation.
 */
import { displayMicros } from '../common/money';
import { databaseTarget, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { checkLedger } from '../server/ledger/check';

const config = loadConfig();
const database = await openDatabase(databaseTarget(config, 2));
try {
  const startedAt = performance.now();
  const report = await checkLedger(database.db);
  const elapsedMs = Math.round(performance.now() - startedAt);
  console.log(`ledger check on ${database.kind} (${elapsedMs} ms)`);
  console.log(`  accounts              ${report.accounts}`);
  console.log(`  journal entries       ${report.entries}`);
  console.log(`  postings              ${report.postings}`);
  console.log(
    `  sum of all postings   ${report.totalPostedMicros} micro-units (USDT and PRACTICE)`,
  );
  console.log(`  user balances         ${displayMicros(report.userBalancesMicros, 6)} USDT`);
  console.log(`  held (pending)        ${displayMicros(report.userHeldMicros, 6)} USDT`);
  console.log('  practice (PRACTICE currency, never USDT):');
  console.log(
    `  practice balances     ${displayMicros(report.practiceBalancesMicros, 6)} PRACTICE`,
  );
  console.log(`  practice held         ${displayMicros(report.practiceHeldMicros, 6)} PRACTICE`);
  console.log(`  practice postings sum ${report.practicePostedMicros} micro-PRACTICE`);
  if (report.violations.length === 0) {
    console.log('  result                OK: no violations');
  } else {
    console.log(`  result                ${report.violations.length} VIOLATION(S):`);
    for (const violation of report.violations) console.log(`    - ${violation}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
