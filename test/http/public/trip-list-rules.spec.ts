import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { OptionDefinition, ProductDefinition } from '../../../domain/catalog/definitions';
import { sellerDecider, sellerStream, type SellerCommand } from '../../../domain/seller';
import { demoCatalog, demoId } from '../../../infra/seed/demo-catalog';
import { ADULT, content, option, product, tier } from '../../domain/fixtures';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, STOREFRONTS, TestServer, expectProblem, startTestServer } from '../harness';
import { publishNewerTrips } from './newer-trips';
import { publishedSchemas } from './published-schemas';

/** Every card of a list (at most 100 here), by slug. */
async function slugs(server: TestServer, query: string, key: string): Promise<string[]> {
  const answer = await server.request('GET', `/v1/public/products?limit=100&${query}`, { key });
  expect(answer.status, answer.text).to.equal(200);
  expect(answer.body.total).to.be.at.most(100);
  return answer.body.data.map((c: any) => c.slug);
}

/** A trip a seller defines through the seller interface, with its own ids; each option priced at `price` USD cents unless it asks. */
function tripBody(slug: string, options: Partial<OptionDefinition>[], more: Partial<ProductDefinition> = {}): ProductDefinition {
  return product({
    slug,
    network: true,
    photos: [{ url: `https://images.example/${slug}.jpg`, alt: slug }],
    options: options.map((o, i) => {
      const unit = { ...ADULT, id: randomUUID() };
      return option({ id: randomUUID(), is_default: i === 0, units: [unit], pricing: { tiers: [tier(1, null, { [unit.id]: 4000 })] }, ...o });
    }),
    ...more,
  });
}

async function publishThroughSellerInterface(server: TestServer, definition: ProductDefinition): Promise<string> {
  const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: definition });
  expect(created.status, created.text).to.equal(201);
  const published = await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY });
  expect(published.status, published.text).to.equal(200);
  return created.body.id;
}

/** A platform command on a demo seller, as staff would send it; resolves once the catalog shows it. */
async function platformCommand(server: TestServer, seller: string, command: SellerCommand): Promise<void> {
  const at = server.engine.platform.clock.now().toISOString();
  const done = await server.engine.platform.commands.handle(sellerStream(demoId(`demo:seller:${seller}`)), sellerDecider, command, {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    at,
  });
  expect(done).to.have.property('position');
  await server.engine.runner.waitFor((done as { position: number }).position);
}

describe('HTTP: trip list rules (spec 4.2)', function () {
  this.timeout(120_000);

  describe('on a marketplace with more than 1,000 newer trips', () => {
    let server: TestServer;
    const QUERIES = [
      'min_rating=4.5',
      'style=shared',
      'pickup=hotel',
      'confirmation=instant',
      'min_price=5000',
      'min_price=2000&max_price=9000',
      'price=ask',
      'price=shown&style=shared&pickup=hotel&min_rating=4.5',
      'via=alfama',
      'duration=multi_day',
      'seller=muscat-dunes',
      'currency=JPY&min_price=1000',
    ];
    const earlier = new Map<string, string[]>();

    before(async () => {
      server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
      for (const query of QUERIES) earlier.set(query, await slugs(server, query, MARKET_KEY));
      await publishNewerTrips(server, 1001);
    });
    after(() => server.close());

    it('looks through the 1,000 newest trips only when no filter narrows the list', async () => {
      const all = await server.request('GET', '/v1/public/products?limit=5', { key: MARKET_KEY });
      expect(all.body.total).to.equal(1000);
      expect(all.body.data.every((c: any) => c.slug.startsWith('newer-trip-'))).to.equal(true);
    });

    for (const query of QUERIES) {
      it(`finds with ${query} every trip it found before, as every filter the trip decides is applied before the window`, async () => {
        const found = earlier.get(query) as string[];
        expect(found, query).to.not.be.empty;
        expect(await slugs(server, query, MARKET_KEY)).to.have.members(found);
      });
    }
  });

  describe('filters, prices and the order', () => {
    let server: TestServer;
    let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];
    const catalog = demoCatalog('2026-11-22');

    before(async () => {
      server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
      ({ expectAnswer } = await publishedSchemas(server));
    });
    after(() => server.close());

    for (const [name, key] of STOREFRONTS) {
      it(`matches slugs in filters whatever their case (${name})`, async () => {
        for (const [lower, mixed] of [
          ['city=lisbon', 'city=Lisbon'],
          ['country=pt', 'country=PT'],
          ['category=culture', 'category=Culture'],
          ['place=alfama', 'place=ALFAMA'],
          ['via=belem-tower', 'via=Belem-Tower'],
          ['region=andalusia', 'region=Andalusia'],
        ]) {
          const found = await slugs(server, lower, key);
          expect(found, lower).to.not.be.empty;
          expect(await slugs(server, mixed, key), mixed).to.have.members(found);
        }
      });

      it(`counts only pickups that come to where travellers stay, in the filter and the facet (${name})`, async () => {
        const sold = catalog.products.filter(
          (p) =>
            p.published &&
            (key === DIRECT_KEY ? p.seller_id === demoId('demo:seller:atlas-trails') : p.definition.network) &&
            !p.definition.options.every((o) => o.sales_paused),
        );
        const hotel = sold.filter((p) => p.definition.options.some((o) => !o.sales_paused && o.pickup?.rules.some((r) => r.kind === 'hotel')));
        const answer = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?limit=100&pickup=hotel&facets=true', { key }));
        expect(answer.data.map((c: any) => c.slug)).to.have.members(hotel.map((p) => p.definition.slug));
        expect(answer.facets.pickup).to.deep.equal([{ value: 'hotel', name: null, count: hotel.length }]);
        const everything = await server.request('GET', '/v1/public/products?limit=1&facets=true', { key });
        expect(everything.body.facets.pickup).to.deep.equal([{ value: 'hotel', name: null, count: hotel.length }]);
      });
    }

    it('leaves out trips whose only pickups are at an airport, a port or a meeting point', async () => {
      const found = await slugs(server, 'pickup=hotel', MARKET_KEY);
      expect(found).to.not.include('narita-airport-private-transfer');
      expect(found).to.include.members(['toledo-day-trip-from-madrid', 'nizwa-fort-and-souq-day-trip', 'seville-to-granada-transfer']);
    });

    it('keeps the pickup kind a seller gives, hotel when none, and refuses an unknown kind', async () => {
      const kinds = tripBody('pickup-kinds-walk', [
        {
          pickup: {
            rules: [
              { area: 'Old town hotels', price: 0 },
              { area: 'Cruise terminal', price: 500, kind: 'port' },
            ],
          },
        },
      ]);
      const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: kinds });
      expect(created.status, created.text).to.equal(201);
      expect(created.body.options[0].pickup.rules).to.deep.equal(kinds.options[0].pickup?.rules);
      const unknown = tripBody('pickup-kinds-dock', [{ pickup: { rules: [{ area: 'Dock', price: 0, kind: 'dock' as never }] } }]);
      const problem = expectProblem(await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: unknown }), 422, 'InvalidInput');
      expect(problem.problems[0]).to.deep.include({ field: 'options[0].pickup.rules[0].kind' });
      expect(problem.problems[0].details).to.deep.include({ allowed: ['hotel', 'meeting_point', 'airport', 'port'], given: 'dock' });
    });

    it('compares min_price with from_price and max_price with it too, unless travellers are sent: then with the group share', async () => {
      // Nizwa: from 65.00 each (a group of six or more); 90.00 each for one or two.
      const nizwa = 'nizwa-fort-and-souq-day-trip';
      const has = async (query: string) => (await slugs(server, query, MARKET_KEY)).includes(nizwa);
      expect(await has('min_price=6500')).to.equal(true);
      expect(await has('min_price=6501')).to.equal(false);
      expect(await has('min_price=8000&travellers=1')).to.equal(false);
      expect(await has('max_price=7000')).to.equal(true);
      expect(await has('max_price=7000&travellers=1')).to.equal(false);
      expect(await has('max_price=9000&travellers=1')).to.equal(true);
    });

    for (const currency of ['EUR', 'JPY', 'OMR']) {
      it(`keeps a trip shown at exactly min_price or max_price in ${currency}, and leaves it out one minor unit beyond`, async () => {
        const cards = (await server.request('GET', `/v1/public/products?limit=100&sort=price&currency=${currency}`, { key: MARKET_KEY })).body.data;
        const priced = cards.filter((c: any) => c.from_price !== null);
        for (const card of [priced[0], priced[Math.floor(priced.length / 2)], priced[priced.length - 1]]) {
          const amount = card.from_price.amount;
          const has = async (query: string) => (await slugs(server, `currency=${currency}&${query}`, MARKET_KEY)).includes(card.slug);
          expect(await has(`min_price=${amount}`), `${card.slug} at ${amount}`).to.equal(true);
          expect(await has(`max_price=${amount}`), `${card.slug} at ${amount}`).to.equal(true);
          expect(await has(`min_price=${amount + 1}`), `${card.slug} above ${amount}`).to.equal(false);
          if (amount > 0) expect(await has(`max_price=${amount - 1}`), `${card.slug} below ${amount}`).to.equal(false);
        }
      });
    }

    it('shows trips published in the asked language in it, whatever the storefront lists; the rest in English', async () => {
      // The marketplace lists en, de and ja; Atlas Trails writes its trips in English and Spanish.
      const market = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?limit=100&locale=es', { key: MARKET_KEY }));
      const atlas = market.data.filter((c: any) => c.seller.slug === 'atlas-trails');
      expect(atlas).to.not.be.empty;
      expect(atlas.every((c: any) => c.content_locale === 'es')).to.equal(true);
      expect(market.data.filter((c: any) => c.seller.slug !== 'atlas-trails').every((c: any) => c.content_locale === 'en')).to.equal(true);
      const alfama = atlas.find((c: any) => c.slug === 'lisbon-alfama-walking-tour');
      expect(alfama.title).to.equal('Tour a pie por Alfama y el Castillo');
      const page = expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${alfama.id}?locale=es`, { key: MARKET_KEY }));
      expect(page).to.include({ content_locale: 'es', title: 'Tour a pie por Alfama y el Castillo' });

      // The direct storefront lists en and es; a trip its seller also wrote in German comes in German.
      const german = tripBody('german-harbour-walk', [{}], { content: { en: content('Harbour walk'), de: content('Hafenrundgang') } });
      const id = await publishThroughSellerInterface(server, german);
      const direct = await server.request('GET', '/v1/public/products?limit=100&locale=de', { key: DIRECT_KEY });
      const cards = direct.body.data;
      expect(cards.find((c: any) => c.id === id)).to.include({ content_locale: 'de', title: 'Hafenrundgang' });
      expect(cards.filter((c: any) => c.id !== id).every((c: any) => c.content_locale === 'en')).to.equal(true);
      expect((await server.request('GET', `/v1/public/products/${id}?locale=de`, { key: DIRECT_KEY })).body).to.include({
        content_locale: 'de',
        title: 'Hafenrundgang',
      });
    });

    it('keeps a price for a trip whose options are all paused, or leaves it out of price filters, and never sorts it with the ask-for-price trips', async () => {
      const paused = await publishThroughSellerInterface(server, tripBody('paused-priced-walk', [{ sales_paused: true }]));
      const pausedAsking = await publishThroughSellerInterface(
        server,
        tripBody('paused-asking-charter', [
          { sales_paused: true, ask_for_price: true, pricing: { tiers: [] }, capacity_mode: 'on_request', confirmation: 'manual' },
        ]),
      );
      for (const [, key] of STOREFRONTS) {
        const card = (await server.request('GET', '/v1/public/products?limit=100', { key })).body.data.find((c: any) => c.id === paused);
        expect(card).to.deep.include({ sales_paused: true, from_price: { amount: 4000, currency: 'USD', group_size: 1 } });
        expect(await slugs(server, 'price=shown', key))
          .to.include('paused-priced-walk')
          .and.not.include('paused-asking-charter');
        expect(await slugs(server, 'price=ask', key)).to.not.include.members(['paused-priced-walk', 'paused-asking-charter']);
      }
      const asking = await slugs(server, 'price=ask', MARKET_KEY);
      expect(asking).to.deep.equal(['muscat-private-dhow-charter']);
      for (const sort of ['recommended', 'price', 'price_desc', 'rating', 'duration']) {
        const ids = (await server.request('GET', `/v1/public/products?limit=100&sort=${sort}`, { key: MARKET_KEY })).body.data.map((c: any) => c.id);
        // On a marketplace the ask-for-price trips come last in every order; paused trips are not among them.
        const askAt = ids.length - asking.length;
        expect(ids.indexOf(paused), sort).to.be.below(askAt);
        expect(ids.indexOf(pausedAsking), sort).to.be.within(0, askAt - 1);
      }
    });
  });

  describe('a seller needing attention', () => {
    let server: TestServer;
    const order = async (query: string, key = MARKET_KEY) =>
      (await server.request('GET', `/v1/public/products?limit=100&${query}`, { key })).body.data.map((c: any) => `${c.seller.slug}/${c.slug}`);

    before(async () => {
      server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
    });
    after(() => server.close());

    it('comes after the others in the default order with no q on a marketplace, priced trips still first; other orders and a direct storefront are unaffected', async () => {
      const unflagged = {
        recommended: await order(''),
        q: await order('q=desert'),
        price: await order('sort=price'),
        direct: await order('', DIRECT_KEY),
      };
      await platformCommand(server, 'muscat-dunes', { type: 'FlagSellerForAttention', reason: 'bookings answered late' });
      await platformCommand(server, 'atlas-trails', { type: 'FlagSellerForAttention', reason: 'bookings answered late' });

      const flagged = await order('');
      const isAsk = (entry: string) => entry === 'muscat-dunes/muscat-private-dhow-charter';
      const priced = flagged.filter((e: string) => !isAsk(e));
      const demoted = (e: string) => e.startsWith('muscat-dunes/') || e.startsWith('atlas-trails/');
      const firstDemoted = priced.findIndex(demoted);
      expect(firstDemoted).to.be.above(0);
      expect(priced.slice(firstDemoted).every(demoted)).to.equal(true);
      expect(flagged[flagged.length - 1]).to.satisfy(isAsk);
      // Within each group the default order stands.
      expect(priced.filter((e: string) => !demoted(e))).to.deep.equal(unflagged.recommended.filter((e: string) => !demoted(e) && !isAsk(e)));
      expect(priced.filter(demoted)).to.deep.equal(unflagged.recommended.filter((e: string) => demoted(e) && !isAsk(e)));

      expect(await order('q=desert')).to.deep.equal(unflagged.q);
      expect(await order('sort=price')).to.deep.equal(unflagged.price);
      expect(await order('', DIRECT_KEY)).to.deep.equal(unflagged.direct);

      await platformCommand(server, 'muscat-dunes', { type: 'ClearSellerAttention' });
      await platformCommand(server, 'atlas-trails', { type: 'ClearSellerAttention' });
      expect(await order('')).to.deep.equal(unflagged.recommended);
    });
  });

  describe('bad input', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
    });
    after(() => server.close());

    for (const [name, key] of STOREFRONTS) {
      it(`refuses unknown values with param_values and {param, allowed, given} (${name})`, async () => {
        for (const [query, param, allowed, given] of [
          ['style=group', 'style', ['private', 'shared'], 'group'],
          ['pickup=airport', 'pickup', ['hotel'], 'airport'],
          ['confirmation=manual', 'confirmation', ['instant'], 'manual'],
          ['price=free', 'price', ['shown', 'ask'], 'free'],
        ] as const) {
          const problem = expectProblem(await server.request('GET', `/v1/public/products?${query}`, { key }), 422, 'InvalidInput');
          expect(problem.problems, query).to.deep.equal([
            { reason: 'param_values', field: param, detail: `${param} must be one of ${allowed.join(', ')}`, details: { param, allowed, given } },
          ]);
        }
      });

      it(`names the field of an out-of-range number or a date that does not exist (${name})`, async () => {
        for (const [query, field] of [
          ['min_rating=5.5', 'min_rating'],
          ['min_rating=-1', 'min_rating'],
          ['min_price=1000000001', 'min_price'],
          ['max_price=-1', 'max_price'],
          ['travellers=51', 'travellers'],
          ['date=2026-02-30', 'date'],
          ['month=2026-13', 'month'],
        ]) {
          const problem = expectProblem(await server.request('GET', `/v1/public/products?${query}`, { key }), 422, 'InvalidInput');
          expect(
            problem.problems.map((p: any) => p.field),
            query,
          ).to.deep.equal([field]);
          expect(problem.problems[0].reason, query).to.equal('invalid_value');
        }
      });
    }
  });
});
