/**
 * Starts the server: reads the configuration, opens the database (migrating it), seeds,
 * listens, and closes gracefully on SIGINT/SIGTERM.
 */
import { buildApp, loggerOptions } from './app';
import { startBanner } from './banner';
import { ConfigError, databaseTarget, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { simulatedMarketNotice } from './market/runtime';
import { startExpiredRowPurge } from './jobs/purge-expired';
import { startMailSender } from './jobs/send-mail';
import { startTickPurge } from './jobs/purge-ticks';
import { startUploadPurge } from './jobs/purge-uploads';
import { startTradeSettlement } from './jobs/settle-trades';
import { fileStoreFor } from './modules/files';
import { createMailChannel } from './modules/mail';
import { seed } from './seed';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const database = await openDatabase(databaseTarget(config));
  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  app.log.info({ database: database.kind }, 'database ready');
  const notice = simulatedMarketNotice(config);
  if (notice !== null) {
    // Real users may be trading on prices that follow no market: where no operator misses it,
    // in the log and as a plain notice on stderr, whatever the log level.
    app.log.warn({ market: 'simulated', demo: false }, notice.join(' '));
    const rule = '!'.repeat(76);
    console.error(['', rule, ...notice.map((line) => `!!  ${line}`), rule, ''].join('\n'));
  }
  await seed(database.db, config, app.log, app.platformAccounts);
  // Jobs start here, not in buildApp, so test apps run no timers.
  const stopUploadPurge = startUploadPurge({
    db: database.db,
    store: fileStoreFor(config),
    log: app.log,
  });
  const stopTickPurge = startTickPurge({
    db: database.db,
    retentionDays: config.tickRetentionDays,
    log: app.log,
  });
  const stopExpiredPurge = startExpiredRowPurge({ db: database.db, log: app.log });
  const mailChannel = createMailChannel(config);
  const stopMailSender = startMailSender({
    db: database.db,
    channel: mailChannel,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  if (config.marketRecorder) app.market.recorder.start();
  const stopTradeSettlement = startTradeSettlement({
    db: database.db,
    platformAccounts: app.platformAccounts,
    log: app.log,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    Promise.all([
      app.market.recorder.stop(),
      stopUploadPurge(),
      stopTickPurge(),
      stopExpiredPurge(),
      stopMailSender().then(() => mailChannel.close()),
      stopTradeSettlement(),
    ])
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `TradeWallet is ready at http://localhost:${config.port} (market: ${config.marketSource}, demo: ${config.demo})`,
  );
  // For the person who started it; stdout stays JSON log lines (banner.ts says why).
  const address = app.server.address();
  if (address !== null && typeof address === 'object') {
    process.stderr.write(startBanner(config, address));
  }
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
