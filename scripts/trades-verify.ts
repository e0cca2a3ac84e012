/**
 * `npm run trades:verify`: re-derives every settled trade's outcome from the recorded
 * market ticks (exit = the first tick at or after expiry within the settlement window;
 * the rule; the payout math) and compares it with the stored result, exit tick and
 * returned amount, and with what the ledger posted. Runs on the configured database
 * (DATABASE_URL, or the embedded database in DATA_DIR — stop the server first, PGlite
 * allows one process at a time). Prints its counts; exits 1 on any mismatch.
 *
 * `npm run trades:verify -- --receipts FILE`: the same check of a receipts file a user
 * downloaded ("Download receipts" on /orders, GET /api/downloadTradeReceipts), offline:
 * no database and no server, the rule from the same pure code settlement uses.
 */
import fs from 'node:fs';

const receiptsAt = process.argv.indexOf('--receipts');
if (receiptsAt !== -1) {
  await verifyReceipts(process.argv[receiptsAt + 1]);
} else {
  await verifyDatabase();
}

async function verifyReceipts(file: string | undefined): Promise<void> {
  const { checkReceiptsFile } = await import('../server/modules/trades/receipts-check');
  if (file === undefined || file.startsWith('--')) {
    console.error('usage: npm run trades:verify -- --receipts FILE');
    process.exitCode = 2;
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`trades verify: cannot read ${file}: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  const checked = checkReceiptsFile(parsed);
  if (!checked.ok) {
    console.error(`trades verify: ${file} is ${checked.error}`);
    process.exitCode = 2;
    return;
  }
  const report = checked.report;
  console.log(`trades verify of receipts ${file} (offline)`);
  console.log(`  user         ${report.userId}, exported ${report.exportedAt}`);
  console.log(`  settled      ${report.trades}`);
  console.log(`  verified     ${report.verified}`);
  console.log(`  mismatches   ${report.mismatches.length}`);
  console.log(`  void         ${report.void}`);
  if (report.truncated) {
    console.log('  older        the file holds the newest trades only; older ones were left out');
  }
  if (report.mismatches.length === 0) {
    console.log(
      '  result       OK: every trade re-derives from its recorded ticks to what it says',
    );
  } else {
    console.log(`  result       ${report.mismatches.length} MISMATCH(ES):`);
    for (const mismatch of report.mismatches) {
      console.log(`    - trade ${mismatch.tradeId}: ${mismatch.problems.join('; ')}`);
    }
    process.exitCode = 1;
  }
}

async function verifyDatabase(): Promise<void> {
  const { databaseTarget, loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { verifyTrades } = await import('../server/modules/trades/verify');
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config, 2));
  try {
    const startedAt = performance.now();
    const report = await verifyTrades(database.db);
    const elapsedMs = Math.round(performance.now() - startedAt);
    console.log(`trades verify on ${database.kind} (${elapsedMs} ms)`);
    console.log(`  settled      ${report.settled}`);
    console.log(`  verified     ${report.verified}`);
    console.log(`  practice     ${report.practice} of the settled (practice money, same rule)`);
    console.log(`  mismatches   ${report.mismatchCount}`);
    console.log(`  void         ${report.void}`);
    console.log(`  pending      ${report.pending} (not yet settled, not checked)`);
    if (report.unverifiable > 0) {
      console.log(
        `  older        ${report.unverifiable} settled before the oldest kept tick (purged by retention), not checked`,
      );
    }
    if (report.mismatchCount === 0) {
      console.log(
        '  result       OK: every settled trade re-derives to what was stored and posted',
      );
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
}
