import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CatalogService } from '../../../application/seller';
import type { StorefrontContext, StorefrontDoc } from '../../../application/platform/context';
import { MAX_SAVED_TRIPS } from '../../../domain/saved-trips';
import { type Refusal, isRefusal } from '../../../domain/shared/refusal';
import { demoId } from '../../../infra/seed/demo-catalog';
import { CatalogReads } from '../../../projections/catalog/queries';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, startTestServer } from '../../http/harness';
import { publishNewerTrips } from '../../http/public/newer-trips';

const NOW = '2026-11-22T08:00:00.000Z';
const ANA = 'ana@example.com';

/**
 * The saved-trips use cases against the real engine and the demo catalog, with the traveller
 * session given as the session middleware sets it (caller.traveller).
 */
describe('saved trips use cases', function () {
  this.timeout(60_000);
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 }, new Date(NOW));
  });
  afterEach(async () => server.close());

  const app = () => server.engine.useCases.savedTrips;

  async function caller(email: string | null = ANA, key = DIRECT_KEY): Promise<StorefrontContext> {
    const found = await server.engine.useCases.keys.websiteKey(key);
    if (!found) throw new Error(`no storefront for ${key}`);
    return { storefront: found.storefront as StorefrontDoc, correlationId: randomUUID(), ...(email ? { traveller: { sessionId: 'session-1', email } } : {}) };
  }

  const must = <T>(result: T | Refusal): T => {
    if (isRefusal(result)) throw new Error(`refused: ${result.code} ${result.detail} ${JSON.stringify(result.fields)}`);
    return result;
  };
  const refused = (result: unknown): Refusal => {
    if (!isRefusal(result)) throw new Error(`expected a refusal, got ${JSON.stringify(result).slice(0, 300)}`);
    return result;
  };

  /** The trip cards of the storefront's trip list, by id, as GET /v1/public/products answers them. */
  async function listCards(key = DIRECT_KEY, query = ''): Promise<Map<string, Record<string, unknown>>> {
    const list = await server.request('GET', `/v1/public/products?limit=100${query}`, { key });
    expect(list.status).to.equal(200);
    return new Map(list.body.data.map((card: { id: string }) => [card.id, card]));
  }

  const ids = (list: { data: { id: string }[] }) => list.data.map((t) => t.id);

  it('every use case needs the traveller session: 401 Unauthenticated without', async () => {
    const guest = await caller(null);
    const [trip] = (await listCards()).keys();
    for (const result of [
      await app().list(guest, {}),
      await app().save(guest, { trip }, {}),
      await app().get(guest, trip, {}),
      await app().saveOne(guest, trip, {}),
      await app().unsave(guest, trip),
    ]) {
      expect(refused(result).code).to.equal('Unauthenticated');
    }
  });

  it('starts empty, and lists saved trips newest first as the trip list shows their cards, with saved_at', async () => {
    const ana = await caller();
    expect(must(await app().list(ana, {}))).to.deep.equal({ data: [] });
    const cards = await listCards();
    const [first, second] = [...cards.keys()];
    must(await app().save(ana, { trip: first }, {}));
    server.clock.tick(60_000);
    const after = must(await app().save(ana, { trip: cards.get(second)?.slug as string }, {}));
    const expected = {
      data: [
        { ...cards.get(second), saved_at: '2026-11-22T08:01:00.000Z' },
        { ...cards.get(first), saved_at: NOW },
      ],
    };
    expect(after).to.deep.equal(expected);
    expect(must(await app().list(ana, {}))).to.deep.equal(expected);
  });

  it("gives the cards in the list's locale and currency", async () => {
    const ana = await caller();
    const cards = await listCards(DIRECT_KEY, '&locale=es&currency=EUR');
    const translated = [...cards.values()].find((card) => card.content_locale === 'es');
    expect(translated, 'a demo trip in Spanish').to.not.equal(undefined);
    must(await app().saveOne(ana, translated?.id as string, {}));
    const list = must(await app().list(ana, { locale: 'es', currency: 'EUR' }));
    expect(list.data).to.deep.equal([{ ...translated, saved_at: NOW }]);
    expect(list.data[0].from_price?.currency).to.equal('EUR');
  });

  it('each storefront keeps its own list, and each email its own', async () => {
    const [trip] = (await listCards(MARKET_KEY)).keys();
    must(await app().saveOne(await caller(ANA, MARKET_KEY), trip, {}));
    expect(ids(must(await app().list(await caller(ANA, MARKET_KEY), {})))).to.deep.equal([trip]);
    expect(must(await app().list(await caller(ANA, DIRECT_KEY), {})).data).to.deep.equal([]);
    expect(must(await app().list(await caller('bo@example.com', MARKET_KEY), {})).data).to.deep.equal([]);
  });

  describe("a guest's list", () => {
    it('merges in its order before the trips saved already; a trip listed twice or already saved is saved once and keeps its place', async () => {
      const ana = await caller();
      const [a, b, c, d] = [...(await listCards()).keys()];
      must(await app().saveOne(ana, a, {}));
      server.clock.tick(1000);
      const merged = must(await app().save(ana, { trips: [{ trip: c }, { trip: a }, { trip: d }, { trip: c }, { trip: b }] }, {}));
      expect(ids(merged)).to.deep.equal([c, d, b, a]);
      expect(merged.data.map((t) => t.saved_at)).to.deep.equal(['2026-11-22T08:00:01.000Z', '2026-11-22T08:00:01.000Z', '2026-11-22T08:00:01.000Z', NOW]);
      expect(must(await app().list(ana, {}))).to.deep.equal(merged);
    });

    it('refuses unknown trips with their position and saves none of the list', async () => {
      const ana = await caller();
      const [a, b] = [...(await listCards()).keys()];
      const refusal = refused(await app().save(ana, { trips: [{ trip: a }, { trip: 'no-such-trip' }, { trip: b }, { trip: randomUUID() }] }, {}));
      expect(refusal.code).to.equal('InvalidInput');
      expect((refusal.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
        ['trips[1].trip', 'unknown_trip'],
        ['trips[3].trip', 'unknown_trip'],
      ]);
      expect(must(await app().list(ana, {})).data).to.deep.equal([]);
    });

    it('a trip the storefront does not sell is unknown there: an unpublished trip, or a direct-only trip on the marketplace', async () => {
      const unpublished = demoId('demo:product:porto-six-bridges-cruise');
      const directOnly = demoId('demo:product:lisbon-fado-dinner-show');
      const direct = await listCards();
      expect(direct.has(unpublished), 'not published').to.equal(false);
      expect(direct.has(directOnly), 'sold on the direct site').to.equal(true);
      const fieldsOf = (result: unknown) => (refused(result).fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason]);
      expect(fieldsOf(await app().save(await caller(), { trips: [{ trip: directOnly }, { trip: unpublished }] }, {}))).to.deep.equal([
        ['trips[1].trip', 'unknown_trip'],
      ]);
      expect(fieldsOf(await app().save(await caller(ANA, MARKET_KEY), { trips: [{ trip: directOnly }] }, {}))).to.deep.equal([
        ['trips[0].trip', 'unknown_trip'],
      ]);
      const one = refused(await app().save(await caller(), { trip: 'porto-six-bridges-cruise' }, {}));
      expect(one.fields.problems).to.deep.equal([
        { reason: 'unknown_trip', field: 'trip', detail: 'trip is not a trip this site sells (on a marketplace a slug also needs its seller)' },
      ]);
    });

    it('says what is wrong with the shape: neither trip nor trips, both, or seller beside trips', async () => {
      const ana = await caller();
      const [a] = [...(await listCards()).keys()];
      const fieldsOf = (result: unknown) => (refused(result).fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason]);
      expect(fieldsOf(await app().save(ana, {}, {}))).to.deep.equal([['trip', 'required']]);
      expect(fieldsOf(await app().save(ana, { trip: a, trips: [{ trip: a }] }, {}))).to.deep.equal([['trips', 'invalid_value']]);
      expect(fieldsOf(await app().save(ana, { seller: 'atlas-trails', trips: [{ trip: a }] }, {}))).to.deep.equal([['seller', 'invalid_value']]);
    });
  });

  it('on a marketplace a slug two sellers use needs the seller, as GET products/{product}', async () => {
    const slug = 'lisbon-belem-monuments-tour';
    const atlasTrip = demoId(`demo:product:${slug}`);
    const sakura = demoId('demo:seller:sakura-journeys');
    const catalog = new CatalogService(server.engine.platform.commands, server.engine.platform.clock, new CatalogReads(server.engine.docs));
    const unit = { ...ADULT, id: randomUUID() };
    const created = must(
      await catalog.createProduct(
        sakura,
        product({ slug, network: true, options: [option({ id: randomUUID(), units: [unit], pricing: { tiers: [tier(1, null, { [unit.id]: 100 })] } })] }),
      ),
    );
    const published = must(await catalog.publishProduct(sakura, created.id, true));
    await server.engine.runner.waitFor(published.position, 10_000);

    const market = await caller(ANA, MARKET_KEY);
    const ambiguous = refused(await app().save(market, { trips: [{ trip: slug }] }, {}));
    expect((ambiguous.fields.problems as { field: string }[]).map((p) => p.field)).to.deep.equal(['trips[0].trip']);
    const merged = must(
      await app().save(
        market,
        {
          trips: [
            { trip: slug, seller: 'sakura-journeys' },
            { trip: slug, seller: 'atlas-trails' },
          ],
        },
        {},
      ),
    );
    expect(ids(merged)).to.deep.equal([created.id, atlasTrip]);
    expect(merged.data.map((t) => t.seller?.slug)).to.deep.equal(['sakura-journeys', 'atlas-trails']);
    // On the direct site a slug is the operator's own: the seller is not needed.
    expect(ids(must(await app().save(await caller(), { trip: slug }, {})))).to.deep.equal([atlasTrip]);
  });

  describe('one trip by id', () => {
    it('saves, answers its card; saving again changes nothing (the same saved_at and place)', async () => {
      const ana = await caller();
      const cards = await listCards();
      const [a, b] = [...cards.keys()];
      expect(must(await app().saveOne(ana, a, {}))).to.deep.equal({ ...cards.get(a), saved_at: NOW });
      server.clock.tick(5000);
      must(await app().saveOne(ana, b, {}));
      server.clock.tick(5000);
      expect(must(await app().saveOne(ana, a, {}))).to.deep.equal({ ...cards.get(a), saved_at: NOW });
      expect(ids(must(await app().list(ana, {})))).to.deep.equal([b, a]);
    });

    it('a trip the storefront does not sell: 404 NotFound, entity product', async () => {
      const refusal = refused(await app().saveOne(await caller(), randomUUID(), {}));
      expect([refusal.code, refusal.fields.entity]).to.deep.equal(['NotFound', 'product']);
    });

    it('answers whether it is saved: the card, or 404 NotFound entity saved_trip', async () => {
      const ana = await caller();
      const cards = await listCards();
      const [a, b] = [...cards.keys()];
      must(await app().saveOne(ana, a, {}));
      expect(must(await app().get(ana, a, {}))).to.deep.equal({ ...cards.get(a), saved_at: NOW });
      const missing = refused(await app().get(ana, b, {}));
      expect([missing.code, missing.fields.entity]).to.deep.equal(['NotFound', 'saved_trip']);
    });

    it('unsaves, idempotently: the same answer whether it was saved or not', async () => {
      const ana = await caller();
      const [a, b] = [...(await listCards()).keys()];
      must(await app().saveOne(ana, a, {}));
      must(await app().saveOne(ana, b, {}));
      expect(must(await app().unsave(ana, a))).to.deep.equal({ product_id: a, saved: false });
      expect(must(await app().unsave(ana, a))).to.deep.equal({ product_id: a, saved: false });
      expect(refused(await app().get(ana, a, {})).code).to.equal('NotFound');
      expect(ids(must(await app().list(ana, {})))).to.deep.equal([b]);
    });
  });

  it('a saved trip no longer published is left out but kept: it comes back in its place when published again, and can be unsaved meanwhile', async () => {
    const ana = await caller();
    const [a, b, c] = [...(await listCards()).keys()];
    for (const trip of [a, b, c]) {
      must(await app().saveOne(ana, trip, {}));
      server.clock.tick(1000);
    }
    expect((await server.request('POST', `/v1/products/${b}/unpublish`, { key: null, secret: OWNER_KEY })).status).to.equal(200);
    expect(ids(must(await app().list(ana, {})))).to.deep.equal([c, a]);
    expect(refused(await app().get(ana, b, {})).code).to.equal('NotFound');
    expect((await server.request('POST', `/v1/products/${b}/publish`, { key: null, secret: OWNER_KEY })).status).to.equal(200);
    const back = must(await app().list(ana, {}));
    expect(ids(back)).to.deep.equal([c, b, a]);
    expect(back.data[1].saved_at).to.equal('2026-11-22T08:00:01.000Z');

    expect((await server.request('POST', `/v1/products/${c}/unpublish`, { key: null, secret: OWNER_KEY })).status).to.equal(200);
    expect(must(await app().unsave(ana, c))).to.deep.equal({ product_id: c, saved: false });
    expect((await server.request('POST', `/v1/products/${c}/publish`, { key: null, secret: OWNER_KEY })).status).to.equal(200);
    expect(ids(must(await app().list(ana, {})))).to.deep.equal([b, a]);
  });

  it('keeps 200 trips: saving past 200 drops the oldest', async () => {
    await publishNewerTrips(server, MAX_SAVED_TRIPS + 1);
    const market = await caller(ANA, MARKET_KEY);
    const trips = await tripsOf(MARKET_KEY, 'filler-town');
    expect(trips.length).to.equal(MAX_SAVED_TRIPS + 1);
    const [newest, ...first200] = trips;
    const guestList = first200.map((trip) => ({ trip }));
    expect(ids(must(await app().save(market, { trips: guestList }, {})))).to.deep.equal(first200);
    server.clock.tick(1000);
    const after = must(await app().save(market, { trip: newest }, {}));
    expect(after.data).to.have.length(MAX_SAVED_TRIPS);
    expect(ids(after)).to.deep.equal([newest, ...first200.slice(0, MAX_SAVED_TRIPS - 1)]);
    expect(refused(await app().get(market, first200[MAX_SAVED_TRIPS - 1], {})).code).to.equal('NotFound');
  });

  /** Every trip of a city on a storefront, over the list's pages. */
  async function tripsOf(key: string, city: string): Promise<string[]> {
    const found: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await server.request('GET', `/v1/public/products?limit=100&city=${city}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
      expect(page.status).to.equal(200);
      found.push(...page.body.data.map((card: { id: string }) => card.id));
      cursor = page.body.next_cursor;
    }
    return found;
  }
});
