import { DateTime } from 'luxon';
import type { CatalogService } from '../../application/seller/commands';
import type { CatalogReads } from '../../projections/catalog/queries';
import { isRefusal, Refusal } from '../../domain/shared/refusal';
import { demoCatalog, demoId } from './demo-catalog';
import { DemoContentWriter, seedDemoContent } from './demo-content';

function must<T>(result: T | Refusal, what: string): T {
  if (isRefusal(result)) throw new Error(`seeding ${what} was refused: ${result.code} ${result.detail}`);
  return result;
}

/**
 * Writes the demo catalog through the seller-side commands, as a seller would, then (given a
 * writer) the demo site content through the operators' content commands.
 * Does nothing when the demo sellers exist already. Returns the last log position written.
 */
export async function seedDemoCatalog(catalog: CatalogService, reads: CatalogReads, now: Date, content?: DemoContentWriter): Promise<number | null> {
  const demo = demoCatalog(DateTime.fromJSDate(now, { zone: 'UTC' }).toISODate() as string);
  if (await reads.seller(demo.sellers[0].id)) return null;
  let position = -1;
  const track = (done: { position: number }) => {
    position = Math.max(position, done.position);
  };
  for (const seller of [...demo.sellers, ...demo.operators]) {
    track(must(await catalog.createSeller(seller.definition, seller.id, `seed-${seller.id}`), `seller ${seller.definition.slug}`));
    if (seller.secret_keys.length === 0) continue;
    // The demo keys act for the seller's first owner, as every key acts for the member who made it.
    const owner = {
      id: demoId(`demo:member:${seller.definition.slug}`),
      email: `owner@${seller.definition.slug}.example`,
      name: `${seller.definition.name} owner`,
    };
    track(must(await catalog.addFirstOwner(seller.id, owner), `the owner of ${seller.definition.slug}`));
    for (const key of seller.secret_keys) {
      track(must(await catalog.issueSecretKey(seller.id, key.key, key.scopes, undefined, { createdBy: owner.id, name: 'Demo key' }), 'a secret key'));
    }
  }
  for (const storefront of demo.storefronts) {
    track(must(await catalog.createStorefront(storefront.definition, storefront.id), `storefront ${storefront.definition.name}`));
    for (const key of storefront.website_keys) track(must(await catalog.issueWebsiteKey(storefront.id, key), 'a website key'));
  }
  for (const product of demo.products) {
    track(must(await catalog.createProduct(product.seller_id, product.definition, product.id), `product ${product.definition.slug}`));
    if (product.published) track(must(await catalog.publishProduct(product.seller_id, product.id, true), `publishing ${product.definition.slug}`));
  }
  return content ? seedDemoContent(demo, catalog, content, position) : position;
}
