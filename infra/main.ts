import cron from 'node-cron';
import { ConfigError, loadConfig } from './config';
import { createEngine } from './engine';
import { jsonLogger } from './logger';

/** `npm start`: one process serving the public and seller interfaces. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = jsonLogger();
  const engine = await createEngine(config, { log });
  // Places of unpaid holds already stop counting when their time is up; this records it in the log.
  const expiry = cron.schedule('* * * * *', () => {
    engine.bookings.expireHolds((ref, error) => log.error('hold expiry failed', { ref, error: String(error) }))
      .catch((error: unknown) => log.error('hold expiry failed', { error: String(error) }));
  }, { noOverlap: true });
  const server = engine.app.listen(config.port, () => {
    log.info('listening', {
      port: config.port,
      eventStore: config.eventStoreUrl ? 'eventstoredb' : 'embedded',
      documents: config.mongodbUrl ? 'mongodb' : 'embedded',
    });
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    void expiry.stop();
    server.close(() => {
      engine.close().then(() => process.exit(0), () => process.exit(1));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
