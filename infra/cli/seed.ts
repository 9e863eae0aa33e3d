import { CatalogReads } from '../../projections/catalog/queries';
import { CatalogService } from '../../application/seller/commands';
import { CommandHandler } from '../../application/platform/command-handler';
import { systemClock } from '../../application/platform/ports/clock';
import { ProjectionRunner } from '../../application/platform/processing/runner';
import { PROJECTORS } from '../engine';
import { withProgress } from '../progress';
import { runCommand } from './run';
import { seedDemoCatalog } from '../seed/seed';

/** `npm run seed`: writes the demo catalog into the configured stores unless it is there. */
if (require.main === module) {
  runCommand('seed', async ({ events, docs }) => {
    const runner = new ProjectionRunner(events, docs, PROJECTORS);
    try {
      await runner.start();
      // The catalog is read from the projections before and after it is written: they follow the log's head.
      const seeded = await withProgress(
        'seed',
        () => runner.position,
        () => events.headPosition(),
        (async () => {
          await runner.catchUp(600_000);
          const reads = new CatalogReads(docs);
          const written = await seedDemoCatalog(new CatalogService(new CommandHandler(events), systemClock, reads), reads, systemClock.now());
          if (written !== null) await runner.waitFor(written, 600_000);
          return written;
        })(),
      );
      process.stdout.write(seeded === null ? 'the demo catalog is there already\n' : `demo catalog written (log position ${seeded})\n`);
    } finally {
      await runner.stop();
    }
  });
}
