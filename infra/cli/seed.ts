import { CatalogReads } from '../../application/catalog-reads';
import { CatalogService } from '../../application/catalog-service';
import { CommandHandler } from '../../application/command-handler';
import { systemClock } from '../../application/ports/clock';
import { ProjectionRunner } from '../../projections/runner';
import { loadConfig } from '../config';
import { PROJECTORS, openStores } from '../engine';
import { seedDemoCatalog } from '../seed/seed';

/** `npm run seed`: writes the demo catalog into the configured stores unless it is there. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { events, docs } = await openStores(config);
  const runner = new ProjectionRunner(events, docs, PROJECTORS);
  try {
    await runner.start();
    await runner.catchUp(600_000);
    const seeded = await seedDemoCatalog(new CatalogService(new CommandHandler(events), systemClock, new CatalogReads(docs)), new CatalogReads(docs), systemClock.now());
    if (seeded !== null) await runner.waitFor(seeded, 600_000);
    process.stdout.write(seeded === null ? 'the demo catalog is there already\n' : `demo catalog written (log position ${seeded})\n`);
  } finally {
    await runner.stop();
    await events.close();
    await docs.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
