import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, TestServer, startTestServer } from '../harness';
import { publishedSchemas } from './published-schemas';

/** Trip cards and search items name their city and categories in `locale` as the filter lists do (spec 2.3, 4.2, 4.8). */
describe('HTTP: city and category names on trip cards and search items', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
    ({ expectAnswer } = await publishedSchemas(server));
  });
  after(() => server.close());

  /** The names the filter lists give, by slug. */
  async function listNames(locale: string, key: string): Promise<{ cities: Map<string, string>; categories: Map<string, string> }> {
    const cities = expectAnswer('listCities', await server.request('GET', `/v1/public/cities?locale=${locale}`, { key })).data;
    const categories = expectAnswer('listCategories', await server.request('GET', `/v1/public/categories?locale=${locale}`, { key })).data;
    return { cities: new Map(cities.map((c: any) => [c.slug, c.name])), categories: new Map(categories.map((c: any) => [c.slug, c.name])) };
  }

  for (const [name, key] of [
    ['direct storefront', DIRECT_KEY],
    ['marketplace', MARKET_KEY],
  ] as const) {
    it(`names them on the trip list and in search as the filter lists do, in German and in English (${name})`, async () => {
      for (const locale of ['de', 'en']) {
        const names = await listNames(locale, key);
        const list = expectAnswer('listProducts', await server.request('GET', `/v1/public/products?limit=100&locale=${locale}`, { key }));
        const search = expectAnswer('searchTrips', await server.request('GET', `/v1/public/search?per_page=50&locale=${locale}`, { key }));
        for (const card of [...list.data, ...search.data]) expect(card.city.name, card.city.slug).to.equal(names.cities.get(card.city.slug));
        for (const card of list.data) for (const c of card.categories) expect(c.name, c.slug).to.equal(names.categories.get(c.slug));
      }
      const lisbonDe = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?limit=100&locale=de&city=lisbon', { key })).data;
      if (lisbonDe.length > 0) expect(lisbonDe[0].city.name).to.equal('Lissabon');
    });
  }
});
