import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, expectProblem, startTestServer } from '../harness';
import { publishedSchemas } from './published-schemas';

/** Spec 4.2: a trip page by slug on a marketplace, where a slug is one seller's. */
describe('HTTP: a trip by its slug on a marketplace', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
    ({ expectAnswer } = await publishedSchemas(server));
  });
  after(() => server.close());

  /** The demo owner (atlas-trails) publishes a network trip with the given slug. */
  async function publishAs(slug: string): Promise<string> {
    const unit = { ...ADULT, id: randomUUID() };
    const body = product({
      slug,
      network: true,
      photos: [{ url: `https://images.example/${slug}.jpg`, alt: slug }],
      options: [option({ id: randomUUID(), is_default: true, units: [unit], pricing: { tiers: [tier(1, null, { [unit.id]: 4000 })] } })],
    });
    const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body });
    expect(created.status, created.text).to.equal(201);
    const published = await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY });
    expect(published.status, published.text).to.equal(200);
    return created.body.id;
  }

  it('answers a bare slug that one seller of the site uses', async () => {
    const market = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
    const card = market.body.data.find((c: any) => c.seller.slug !== 'atlas-trails');
    const trip = expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${card.slug}`, { key: MARKET_KEY }));
    expect(trip.id).to.equal(card.id);
  });

  it('asks for the seller, naming them, when several sellers of the site use the slug', async () => {
    const market = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
    const theirs = market.body.data.find((c: any) => c.seller.slug !== 'atlas-trails');
    const ours = await publishAs(theirs.slug);

    const problem = expectProblem(await server.request('GET', `/v1/public/products/${theirs.slug}`, { key: MARKET_KEY }), 409, 'Conflict');
    expect(problem.reason).to.equal('slug_not_unique');
    expect(problem.details).to.deep.equal({ slug: theirs.slug, sellers: ['atlas-trails', theirs.seller.slug].sort() });
    expect(problem.detail).to.include('seller');

    const picked = async (seller: string) =>
      expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${theirs.slug}?seller=${seller}`, { key: MARKET_KEY })).id;
    expect(await picked(theirs.seller.slug)).to.equal(theirs.id);
    expect(await picked('atlas-trails')).to.equal(ours);
    // A direct storefront sells one seller's trips: its slug is its own.
    expect(expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${theirs.slug}`, { key: DIRECT_KEY })).id).to.equal(ours);
  });
});
