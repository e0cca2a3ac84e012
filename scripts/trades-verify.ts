/**
 * `npm run trades:verify`: re-derives every settled trade's outcome from the recorded
 * market ticks (exit = the first tick at or after expiry within the settlement window;
 * the rule; the payout math) and compares it with the stored result, exit tick and
 * returned amount, and with what the ledger posted. Runs on the configured database
 * (DATABASE_URL, or the embedded database in DATA_DIR — stop the server first, PGlite
 * allows one process at a time). Prints its counts; exits 1 on any mismatch.
 */
import { databaseTarget, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { verifyTrades } from '../server/modules/trades/verify';

const config = loadConfig();
const database = await openDatabase(databaseTarget(config, 2));
try {
  const startedAt = performance.now();
  const report = await verifyTrades(database.db);
  const elapsedMs = Math.round(performance.now() - startedAt);
  console.log(`trades verify on ${database.kind} (${elapsedMs} ms)`);
  console.log(`  settled      ${report.settled}`);
  console.log(`  verified     ${report.verified}`);
  console.log(`  mismatches   ${report.mismatchCount}`);
  console.log(`  void         ${report.void}`);
  console.log(`  pending      ${report.pending} (not yet settled, not checked)`);
  if (report.unverifiable > 0) {
    console.log(
      `  older        ${report.unverifiable} settled before the oldest kept tick (purged by retention), not checked`,
    );
  }
  if (report.mismatchCount === 0) {
    console.log('  result       OK: every settled trade re-derives to what was stored and posted');
  } else {
    console.log(`  result       ${report.mismatchCount} MISMATCH(ES):`);
    for (const mismatch of report.mismatches) {
      console.log(`    - trade ${mismatch.tradeId}: ${mismatch.problems.join('; ')}`);
    }
    if (report.mismatchCount > report.mismatches.length) {
      console.log(`    ...and ${report.mismatchCount - report.mismatches.length} more`);
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
