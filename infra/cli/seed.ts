import { DateTime } from 'luxon';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { EventStore } from '../../application/platform/ports/event-store';
import { CatalogReads } from '../../projections/catalog/queries';
import { CatalogService } from '../../application/seller';
import { CommandHandler } from '../../application/platform/command-handler';
import { systemClock } from '../../application/platform/ports/clock';
import { ProjectionRunner } from '../../application/platform/processing/runner';
import { PROJECTORS } from '../engine';
import { withProgress } from '../progress';
import { runCommand } from './run';
import { seedDemoCatalog } from '../seed/seed';
import { GENERATED_KEY, GENERATED_SELLERS, generatedCatalog, seedGeneratedCatalog } from '../seed/generated-catalog';

export interface SeedArgs {
  /** Trips of the generated marketplace; null: the demo catalog only. */
  trips: number | null;
  /** Seed of the generator's random numbers. */
  seed: number;
}

const USAGE = 'usage: npm run seed [-- --trips N [--seed S]]';

/** `--trips 10000 --seed 7` (or `--trips=10000`); throws with the usage on anything else. */
export function parseSeedArgs(argv: string[]): SeedArgs {
  const args: SeedArgs = { trips: null, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = inline ?? argv[++i];
    const n = Number(value);
    if ((flag !== '--trips' && flag !== '--seed') || value === undefined || !Number.isSafeInteger(n) || n < (flag === '--trips' ? 1 : 0)) {
      throw new Error(`${argv.join(' ')}: ${USAGE} (N a whole number above 0, S a whole number)`);
    }
    if (flag === '--trips') args.trips = n;
    else args.seed = n;
  }
  return args;
}

/**
 * Writes the demo catalog unless it is there and, with `trips`, the generated marketplace unless
 * it is there, through the seller commands; returns what it did, a line each. The projections are
 * rebuilt in this process first, since the catalog is read from them before it is written.
 */
export async function seedCatalogs(events: EventStore, docs: DocumentStore, args: SeedArgs, now: Date): Promise<string[]> {
  const runner = new ProjectionRunner(events, docs, PROJECTORS);
  try {
    await runner.start();
    return await withProgress(
      'seed',
      () => runner.position,
      () => events.headPosition(),
      (async () => {
        await runner.catchUp(600_000);
        const reads = new CatalogReads(docs);
        const catalog = new CatalogService(new CommandHandler(events), systemClock, reads);
        const lines: string[] = [];
        let last = -1;
        const demo = await seedDemoCatalog(catalog, reads, now);
        lines.push(demo === null ? 'the demo catalog is there already' : `demo catalog written (log position ${demo})`);
        if (demo !== null) last = demo;
        if (args.trips !== null) {
          const today = DateTime.fromJSDate(now, { zone: 'UTC' }).toISODate() as string;
          const generated = await seedGeneratedCatalog(catalog, reads, generatedCatalog(args.trips, today, args.seed));
          lines.push(
            generated === null
              ? 'the generated marketplace is there already'
              : `generated marketplace written: ${args.trips} trips over ${GENERATED_SELLERS} sellers, website key ${GENERATED_KEY} (log position ${generated})`,
          );
          if (generated !== null) last = generated;
        }
        if (last >= 0) await runner.waitFor(last, 600_000);
        return lines;
      })(),
    );
  } finally {
    await runner.stop();
  }
}

/**
 * `npm run seed`: writes the demo catalog into the configured stores unless it is there; with
 * `--trips N` also a generated marketplace of N published trips over 50 sellers (its website
 * key is tp_pk_generated_market), unless that is there.
 */
if (require.main === module) {
  runCommand('seed', async ({ events, docs }) => {
    const args = parseSeedArgs(process.argv.slice(2));
    const started = Date.now();
    const lines = await seedCatalogs(events, docs, args, systemClock.now());
    process.stdout.write(`${lines.join('\n')}\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  });
}
