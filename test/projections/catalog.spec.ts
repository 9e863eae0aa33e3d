import { expect } from 'chai';
import { CatalogEvent, catalogProjector } from '../../projections/catalog/projector';
import { productStream } from '../../domain/product';
import { sellerStream } from '../../domain/seller';
import { storefrontStream } from '../../domain/storefront';
import { content, option, product, sellerDefinition, storefrontDefinition } from '../domain/fixtures';
import { Given, RECORDED_AT, project } from './project';

const streamOf = (event: CatalogEvent): string => {
  const data = event.data as { sellerId?: string; storefrontId?: string; productId?: string };
  if (data.productId) return productStream(data.productId);
  if (data.storefrontId) return storefrontStream(data.storefrontId);
  return sellerStream(data.sellerId as string);
};
const given = (...events: CatalogEvent[]): Given[] => events.map((e) => ({ ...e, stream: streamOf(e) }));

const walk = product({
  categories: [{ slug: 'walking', name: 'Walking' }],
  places: [{ slug: 'alfama', name: 'Alfama' }],
});
const created: CatalogEvent = { type: 'ProductCreated', data: { productId: 'prod-1', sellerId: 'seller-1', definition: walk } };

describe('catalog projector', () => {
  it('keeps a seller as its definition', async () => {
    const projected = await project(catalogProjector, given({ type: 'SellerCreated', data: { sellerId: 'seller-1', definition: sellerDefinition() } }));
    expect(await projected.docs('sellers')).to.deep.equal([{ _id: 'seller-1', ...sellerDefinition() }]);
  });

  it('keeps keys by their hash only, and marks a revoked one', async () => {
    const projected = await project(
      catalogProjector,
      given(
        { type: 'SecretKeyIssued', data: { sellerId: 'seller-1', keyId: 'key-1', keyHash: 'hash-1', scopes: ['products:read'] } },
        { type: 'SecretKeyIssued', data: { sellerId: 'seller-1', keyId: 'key-2', keyHash: 'hash-2', scopes: [] } },
        { type: 'SecretKeyRevoked', data: { sellerId: 'seller-1', keyId: 'key-2' } },
        { type: 'WebsiteKeyIssued', data: { storefrontId: 'sf-1', keyId: 'key-3', keyHash: 'hash-3' } },
      ),
    );
    // Keys issued by the platform act for no member and carry no name.
    const platformIssued = { name: null, created_by: null, created_at: RECORDED_AT };
    expect(await projected.docs('keys')).to.deep.equal([
      { ...platformIssued, _id: 'hash-1', kind: 'secret', key_id: 'key-1', seller_id: 'seller-1', scopes: ['products:read'], revoked: false },
      { ...platformIssued, _id: 'hash-2', kind: 'secret', key_id: 'key-2', seller_id: 'seller-1', scopes: [], revoked: true },
      { _id: 'hash-3', kind: 'website', key_id: 'key-3', storefront_id: 'sf-1', revoked: false, retires_at: null, created_at: RECORDED_AT },
    ]);
  });

  it('keeps a storefront as its latest definition', async () => {
    const renamed = storefrontDefinition({ name: 'Atlas Trails' });
    const projected = await project(
      catalogProjector,
      given(
        { type: 'StorefrontCreated', data: { storefrontId: 'sf-1', definition: storefrontDefinition() } },
        { type: 'StorefrontUpdated', data: { storefrontId: 'sf-1', definition: renamed } },
      ),
    );
    expect(await projected.docs('storefronts')).to.deep.equal([{ _id: 'sf-1', ...renamed, updated_at: RECORDED_AT }]);
  });

  it('keeps a product with the fields lists filter and sort on, unpublished until published', async () => {
    const projected = await project(catalogProjector, given(created));
    expect(await projected.docs('products')).to.deep.equal([
      {
        _id: 'prod-1',
        seller_id: 'seller-1',
        published: false,
        created_at: RECORDED_AT,
        created_position: 1,
        updated_at: RECORDED_AT,
        definition: walk,
        slug: 'old-town-walk',
        template: 'day_tour',
        network: false,
        city: 'lisbon',
        region: 'lisboa',
        country: 'pt',
        categories: ['walking'],
        places: ['lisbon', 'alfama'],
        stops: ['alfama'],
        duration: ['up_to_3h'],
        style: 'shared',
        pickup: [],
        confirmation: ['instant'],
        rating: null,
        price: 'shown',
        option_ids: ['opt-1'],
        item_ids: ['opt-1', 'adult', 'child', 'infant'],
        from_usd: { amount: 5000, group_size: 1 },
      },
    ]);
  });

  it('publishes, unpublishes and updates a product', async () => {
    const renamed = product({ slug: 'lisbon-walk', content: { en: content('Lisbon walk') }, options: [option({ id: 'opt-2' })] });
    const published = await project(catalogProjector, given(created, { type: 'ProductPublished', data: { productId: 'prod-1' } }));
    expect(await published.doc('products', 'prod-1')).to.deep.include({ published: true });
    const unpublished = await project(
      catalogProjector,
      given(created, { type: 'ProductPublished', data: { productId: 'prod-1' } }, { type: 'ProductUnpublished', data: { productId: 'prod-1' } }),
    );
    expect(await unpublished.doc('products', 'prod-1')).to.deep.include({ published: false });
    const updated = await project(catalogProjector, given(created, { type: 'ProductUpdated', data: { productId: 'prod-1', definition: renamed } }));
    expect(await updated.doc('products', 'prod-1')).to.deep.include({
      slug: 'lisbon-walk',
      definition: renamed,
      option_ids: ['opt-2'],
      created_position: 1,
      seller_id: 'seller-1',
    });
  });
});
