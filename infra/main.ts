import type { Server } from 'node:http';
import { serve } from '../http/kernel/server';
import { Config, ConfigError, dataDirProblem, loadConfig } from './config';
import { createEngine } from './engine';
import { scheduleJobs } from './jobs';
import { jsonLogger } from './logger';

/** However long a request or job still runs, the process has exited this long after a stop signal. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** A reason not to start that the operator can act on: said in one line, without a stack trace. */
class CannotStart extends Error {}

/** `npm start`: one process serving the public and seller interfaces. */
async function main(): Promise<void> {
  const config = loadConfig();
  const problem = dataDirProblem(config.dataDir);
  if (problem) throw new CannotStart(problem);
  const log = jsonLogger();
  const engine = await createEngine(config, { log });
  let server: Server;
  try {
    server = await serve(engine.app, { port: config.port, host: config.host });
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw new CannotStart(listenProblem(error, config));
  }
  const address = server.address();
  log.info('listening', {
    host: config.host,
    // PORT=0 lets the system choose: say which port it chose.
    port: typeof address === 'object' && address ? address.port : config.port,
    eventStore: config.eventStoreUrl ? 'eventstoredb' : 'embedded',
    documents: config.mongodbUrl ? 'mongodb' : 'embedded',
  });
  const jobs = scheduleJobs(engine.jobs, engine.platform, log);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    Promise.all([closed, jobs.stop()])
      .then(() => engine.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error('shutdown failed', { error: String(error) });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function listenProblem(error: unknown, config: Config): string {
  const where = `cannot listen on ${config.host}:${config.port}`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `${where}: the port is in use (set PORT to a free one)`;
    case 'EACCES':
      return `${where}: permission denied (ports below 1024 need privileges)`;
    case 'EADDRNOTAVAIL':
      return `${where}: the address is not one of this machine's (check HOST)`;
    case 'ENOTFOUND':
      return `${where}: the host name does not resolve (check HOST)`;
    default:
      return `${where}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
