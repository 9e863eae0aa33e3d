import { randomUUID } from 'node:crypto';
import { CatalogService } from '../../../application/seller';
import { isRefusal, type Refusal } from '../../../domain/shared/refusal';
import { demoId } from '../../../infra/seed/demo-catalog';
import { CatalogReads } from '../../../projections/catalog/queries';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import type { TestServer } from '../harness';

/**
 * Publishes `count` trips of a demo seller, newer than the whole demo catalog, that no filter of
 * the spec tests finds: private, no pickup, confirmed by hand, unrated, one hour, in a city of
 * their own, priced at one US dollar. Written through the seller's commands straight against the
 * engine (no HTTP per trip), so a list with more than 1,000 newer trips is cheap to build.
 */
export async function publishNewerTrips(server: TestServer, count: number, seller = 'sakura-journeys'): Promise<void> {
  const sellerId = demoId(`demo:seller:${seller}`);
  const catalog = new CatalogService(server.engine.platform.commands, server.engine.platform.clock, new CatalogReads(server.engine.docs));
  const must = <T>(result: T | Refusal): T => {
    if (isRefusal(result)) throw new Error(`refused: ${result.code} ${result.detail}`);
    return result;
  };
  let position = 0;
  for (let i = 0; i < count; i++) {
    const unit = { ...ADULT, id: randomUUID() };
    const definition = product({
      slug: `newer-trip-${i}`,
      network: true,
      duration_minutes: 60,
      city: { slug: 'filler-town', name: 'Filler Town' },
      region: { slug: 'filler-region', name: 'Filler Region' },
      country: { slug: 'jp', name: 'Japan' },
      options: [
        option({
          id: randomUUID(),
          private: true,
          confirmation: 'manual',
          units: [unit],
          pricing: { tiers: [tier(1, null, { [unit.id]: 100 })] },
        }),
      ],
    });
    const created = must(await catalog.createProduct(sellerId, definition));
    position = must(await catalog.publishProduct(sellerId, created.id, true)).position;
  }
  await server.engine.runner.waitFor(position, 60_000);
}
