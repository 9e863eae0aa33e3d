import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { EventStore } from '../../application/platform/ports/event-store';
import { Config, loadConfig } from '../config';
import { openStores } from '../engine';

/**
 * Runs one operator command against the stores configuration names, closes them whatever
 * happens, and turns a failure into a message on stderr and exit code 1.
 */
export function runCommand(name: string, work: (stores: { events: EventStore; docs: DocumentStore; config: Config }) => Promise<void>): void {
  const run = async () => {
    const config = loadConfig();
    const stores = await openStores(config);
    try {
      await work({ ...stores, config });
    } finally {
      await stores.events.close();
      await stores.docs.close();
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
