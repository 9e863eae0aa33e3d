import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { DIRECT_KEY, MARKET_KEY, TestServer, openStart, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const TRANSFER = 'lisbon-airport-private-transfer';
const MINIVAN = demoId('demo:option:lisbon-airport-private-transfer:minivan');
const TEAMLAB = 'tokyo-teamlab-planets-ticket';
const TAPAS = demoId('demo:option:madrid-tapas-evening-walk:shared');

/**
 * Issue 6 (review F14, F1, F6): what the trip list and the calendar show as bookable or priced is
 * what a quote of it gives (spec 4.2 date, travellers/group_price, max_price; 2.5; 4.3 group-prices).
 */
describe('HTTP: lists and calendars promise only what quotes give', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 }); // Sunday 2026-11-22 08:00 UTC
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  const list = async (query: string, key = DIRECT_KEY) =>
    schemas.expectAnswer('listProducts', await server.request('GET', `/v1/public/products?limit=100&${query}`, { key }));
  const card = async (slug: string, query: string, key = DIRECT_KEY) => (await list(query, key)).data.find((t: any) => t.slug === slug);
  const unitOf = async (slug: string, optionId: string, key = DIRECT_KEY) => {
    const trip = schemas.expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${slug}`, { key }));
    return trip.options.find((o: any) => o.id === optionId).units.find((u: any) => u.type === 'adult').id;
  };
  const quote = async (optionId: string, start: string, qty: number, key = DIRECT_KEY, currency?: string) =>
    server.request('POST', '/v1/public/quotes', {
      key,
      body: {
        option_id: optionId,
        start,
        units: [{ unit_id: await unitOf(optionId === TAPAS ? 'madrid-tapas-evening-walk' : TRANSFER, optionId, key), qty }],
        ...(currency ? { currency } : {}),
      },
    });

  describe('vehicles (F14)', () => {
    it('leaves a day whose vehicles are all taken out of date=, with or without travellers', async () => {
      const start = await openStart(server, MINIVAN, '2026-12', '12');
      const day = start.slice(0, 10);
      expect(await card(TRANSFER, `date=${day}`)).to.not.equal(undefined);
      expect(await card(TRANSFER, `date=${day}&travellers=2`)).to.not.equal(undefined);
      const held = await server.request('POST', '/v1/public/holds', {
        body: { option_id: MINIVAN, start, units: [{ unit_id: await unitOf(TRANSFER, MINIVAN), qty: 5 }] },
      });
      expect(held.status, held.text).to.equal(201);
      expect((await quote(MINIVAN, start, 1)).body.code).to.equal('VehicleLimitReached');
      for (const query of [`date=${day}`, `date=${day}&travellers=1`, `date=${day}&travellers=2`, `month=${day.slice(0, 7)}&travellers=1`]) {
        const found = await card(TRANSFER, query);
        // The month still has other days with minivans.
        if (query.startsWith('month')) expect(found, query).to.not.equal(undefined);
        else expect(found, query).to.equal(undefined);
      }
    });

    it('gives no group price to a group no vehicle a booking may take can seat, and max_price leaves it out', async () => {
      const start = await openStart(server, MINIVAN, '2026-12', '10');
      expect((await quote(MINIVAN, start, 9)).body.code).to.equal('VehicleCapacityExceeded');
      expect((await quote(MINIVAN, start, 8)).status).to.equal(200);
      const nine = await card(TRANSFER, 'travellers=9');
      if (nine) expect(nine.group_price).to.equal(null);
      const eight = await card(TRANSFER, 'travellers=8');
      expect(eight.group_price).to.not.equal(null);
      expect(eight.next_group_price).to.equal(null);
      expect(await card(TRANSFER, 'travellers=9&max_price=100000')).to.equal(undefined);
      expect(await card(TRANSFER, `date=${start.slice(0, 10)}&travellers=9`)).to.equal(undefined);
    });
  });

  describe('specials (F1)', () => {
    it("prices a group as from_price and group-prices do, at the special's price", async () => {
      const one = await card(TEAMLAB, 'travellers=1&currency=USD', MARKET_KEY);
      expect(one.group_price.amount).to.equal(one.from_price.amount);
      const four = await card(TEAMLAB, 'travellers=4&currency=USD', MARKET_KEY);
      const option = schemas.expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${TEAMLAB}`, { key: MARKET_KEY })).options[0];
      const calendar = (await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2026-12`, { key: MARKET_KEY })).body;
      const day = calendar.find((d: any) => d.starts.some((s: any) => s.time === '09:00' && s.status === 'open'));
      const prices = await server.request('GET', `/v1/public/options/${option.id}/group-prices?start=${day.date}T09:00&currency=USD&up_to=5`, {
        key: MARKET_KEY,
      });
      expect(prices.status, prices.text).to.equal(200);
      const groupOf = (n: number) => prices.body.groups.find((g: any) => g.travellers === n);
      expect(groupOf(1).original_unit_price).to.not.equal(null);
      expect(one.group_price.amount).to.equal(groupOf(1).total.amount);
      expect(four.group_price.amount).to.equal(groupOf(4).total.amount);
      expect(one.next_group_price.amount).to.equal(groupOf(2).total.amount);
      // max_price with travellers filters on the same share.
      expect(await card(TEAMLAB, `travellers=1&currency=USD&max_price=${one.from_price.amount}`, MARKET_KEY)).to.not.equal(undefined);
    });
  });

  describe('payment window (F6)', () => {
    it('shows starts no way to pay can be paid before as closed, and leaves their days out of date=', async () => {
      // Iberia Walks takes only a payment link, due 72 hours before: 2026-11-24 19:00 is 59 hours away.
      expect((await quote(TAPAS, '2026-11-24T19:00', 1, MARKET_KEY, 'EUR')).body.code).to.equal('PaymentWindowClosed');
      expect((await quote(TAPAS, '2026-11-26T19:00', 1, MARKET_KEY, 'EUR')).status).to.equal(200);
      const month = schemas.expectAnswer('getCalendar', await server.request('GET', `/v1/public/options/${TAPAS}/calendar?month=2026-11`, { key: MARKET_KEY }));
      const dayOf = (date: string) => month.find((d: any) => d.date === date);
      expect(dayOf('2026-11-24').status).to.equal('closed');
      expect(dayOf('2026-11-24').starts.map((s: any) => s.status)).to.deep.equal(dayOf('2026-11-24').starts.map(() => 'closed'));
      expect(dayOf('2026-11-26').status).to.equal('open');
      const slugs = async (query: string) => (await list(`seller=iberia-walks&${query}`, MARKET_KEY)).data.map((t: any) => t.slug);
      expect(await slugs('date=2026-11-24')).to.not.include('madrid-tapas-evening-walk');
      expect(await slugs('date=2026-11-24&travellers=2')).to.not.include('madrid-tapas-evening-walk');
      expect(await slugs('date=2026-11-26')).to.include('madrid-tapas-evening-walk');
    });

    it('prices group-prices by default at the first start that can be quoted', async () => {
      const answer = await server.request('GET', `/v1/public/options/${TAPAS}/group-prices?currency=EUR`, { key: MARKET_KEY });
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.start).to.not.equal(null);
      expect(answer.body.groups.length).to.be.greaterThan(0);
      expect((await quote(TAPAS, answer.body.start, 1, MARKET_KEY, 'EUR')).status).to.equal(200);
    });
  });

  describe('names in locale (F2, F3)', () => {
    it('names region, country and the trip page places in locale as the place library does, on cards, search items and the trip page', async () => {
      const seville = (await list('locale=es&city=seville')).data[0];
      expect(seville.city.name).to.equal('Sevilla');
      expect(seville.region).to.deep.equal({ slug: seville.region.slug, name: 'Andalucía' });
      expect(seville.country.name).to.equal('España');
      const search = await server.request('GET', '/v1/public/search?q=seville&locale=es');
      expect(search.status, search.text).to.equal(200);
      const item = search.body.data.find((i: any) => i.city.slug === 'seville');
      expect([item.region.name, item.country.name]).to.deep.equal(['Andalucía', 'España']);
      const page = schemas.expectAnswer('getProduct', await server.request('GET', '/v1/public/products/lisbon-belem-monuments-tour?locale=es'));
      expect(page.country.name).to.equal('Portugal');
      expect(page.places.map((p: any) => p.name)).to.include('Torre de Belém');
      const english = schemas.expectAnswer('getProduct', await server.request('GET', '/v1/public/products/lisbon-belem-monuments-tour'));
      expect(english.places.map((p: any) => p.name)).to.include('Belém Tower');
    });

    it('names a place in locale when the library translates its name, with its page in the language it is written in', async () => {
      const places = schemas.expectAnswer('listPlaces', await server.request('GET', '/v1/public/places?locale=es'));
      expect(places.data.find((p: any) => p.slug === 'belem-tower')).to.include({ name: 'Torre de Belém', content_locale: 'en' });
      const page = await server.request('GET', '/v1/public/places/belem-tower?locale=es');
      expect(page.status, page.text).to.equal(200);
      expect(page.body).to.include({ name: 'Torre de Belém', content_locale: 'en' });
      const english = await server.request('GET', '/v1/public/places/belem-tower');
      expect(english.body).to.include({ name: 'Belém Tower', content_locale: 'en' });
    });
  });
});
