import { serve } from '../../../http/kernel/server';
import { loadConfig } from '../../../infra/config';
import { createEngine } from '../../../infra/engine';
import { jsonLogger } from '../../../infra/logger';

/**
 * The embedded server for the crash spec, in a process of its own: `node crashing-server.js
 * <DATA_DIR> hold-mail|send`. With hold-mail its mail server takes every mail and never answers,
 * so a kill lands between the append and the mail; with send it writes the outbox as the service
 * does. It prints one JSON line, {"port": n}, once it serves (with send: once its reactors have
 * caught up with the log).
 */
async function main(): Promise<void> {
  const [dataDir, mode] = process.argv.slice(2);
  const config = { ...loadConfig({}), dataDir, port: 0, logRequests: false };
  const hanging = { send: () => new Promise<void>(() => undefined) };
  const engine = await createEngine(config, { log: jsonLogger(true), mailer: mode === 'hold-mail' ? hanging : undefined });
  if (mode === 'send') await engine.reactors.catchUp(60_000);
  const server = await serve(engine.app, { port: 0, host: '127.0.0.1' });
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : null })}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
