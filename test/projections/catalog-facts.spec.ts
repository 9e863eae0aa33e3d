import { expect } from 'chai';
import { CatalogEvent, catalogProjector } from '../../projections/catalog/projector';
import { productStream } from '../../domain/product';
import { sellerStream } from '../../domain/seller';
import { option, product, sellerDefinition, tier } from '../domain/fixtures';
import { Given, project } from './project';

const streamOf = (event: CatalogEvent): string => {
  const data = event.data as { sellerId?: string; productId?: string };
  return data.productId ? productStream(data.productId) : sellerStream(data.sellerId as string);
};
const given = (...events: CatalogEvent[]): Given[] => events.map((e) => ({ ...e, stream: streamOf(e) }));
const created = (definition: ReturnType<typeof product>): CatalogEvent => ({
  type: 'ProductCreated',
  data: { productId: 'prod-1', sellerId: 'seller-1', definition },
});

describe('catalog projector: the facts lists filter by in the store', () => {
  it('keeps style, pickup kinds, confirmations, rating, price kind, duration buckets and stops, slugs lowercase', async () => {
    const definition = product({
      city: { slug: 'Lisbon', name: 'Lisbon' },
      country: { slug: 'PT', name: 'Portugal' },
      categories: [{ slug: 'Walking-Tours', name: 'Walking tours' }],
      places: [{ slug: 'Alfama', name: 'Alfama' }],
      duration_minutes: 600,
      rating: { average: 4.6, count: 12 },
      options: [
        option({ id: 'opt-1', private: true, confirmation: 'manual', pickup: { rules: [{ area: 'Airport', price: 0, kind: 'airport' }] } }),
        // Written before pickups had kinds: a hotel pickup.
        option({ id: 'opt-2', is_default: false, pickup: { rules: [{ area: 'Centre', price: 0 }] } }),
      ],
    });
    const projected = await project(catalogProjector, given(created(definition)));
    expect(await projected.doc('products', 'prod-1')).to.deep.include({
      city: 'lisbon',
      country: 'pt',
      categories: ['walking-tours'],
      places: ['lisbon', 'alfama'],
      stops: ['alfama'],
      duration: ['full_day'],
      style: 'private',
      pickup: ['airport', 'hotel'],
      confirmation: ['instant', 'manual'],
      rating: 4.6,
      price: 'shown',
    });
  });

  it('keeps the price of a trip whose options are all paused, and no price kind for one that only asked', async () => {
    const paused = { sales_paused: true };
    const priced = product({ options: [option({ ...paused, pricing: { tiers: [tier(1, null, { adult: 4000, child: 2000 })] } })] });
    const asked = product({ options: [option({ ...paused, ask_for_price: true, pricing: { tiers: [] } })] });
    expect(await (await project(catalogProjector, given(created(priced)))).doc('products', 'prod-1')).to.deep.include({
      from_usd: { amount: 4000, group_size: 1 },
      price: 'shown',
      style: null,
      pickup: [],
      confirmation: [],
    });
    expect(await (await project(catalogProjector, given(created(asked)))).doc('products', 'prod-1')).to.deep.include({ from_usd: null, price: null });
  });

  it('updates the facts with the definition', async () => {
    const asking = product({ options: [option({ ask_for_price: true, pricing: { tiers: [] }, capacity_mode: 'on_request', confirmation: 'manual' })] });
    const projected = await project(catalogProjector, given(created(product()), { type: 'ProductUpdated', data: { productId: 'prod-1', definition: asking } }));
    expect(await projected.doc('products', 'prod-1')).to.deep.include({ price: 'ask', from_usd: null, confirmation: ['manual'] });
  });

  it('marks a seller the platform flagged for attention, and clears the mark', async () => {
    const sellerCreated: CatalogEvent = { type: 'SellerCreated', data: { sellerId: 'seller-1', definition: sellerDefinition() } };
    const flagged: CatalogEvent = { type: 'SellerFlaggedForAttention', data: { sellerId: 'seller-1', reason: 'late answers' } };
    const cleared: CatalogEvent = { type: 'SellerAttentionCleared', data: { sellerId: 'seller-1' } };
    expect(await (await project(catalogProjector, given(sellerCreated, flagged))).doc('sellers', 'seller-1')).to.deep.equal({
      _id: 'seller-1',
      ...sellerDefinition(),
      needs_attention: true,
    });
    expect(await (await project(catalogProjector, given(sellerCreated, flagged, cleared))).doc('sellers', 'seller-1')).to.deep.include({
      needs_attention: false,
    });
  });
});
