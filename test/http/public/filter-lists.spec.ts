import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PLATFORM_CATEGORIES } from '../../../application/filter-lists/categories';
import type { ProductDefinition } from '../../../domain/catalog/definitions';
import { demoCatalog, demoId } from '../../../infra/seed/demo-catalog';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, expectProblem, startTestServer, STOREFRONTS } from '../harness';
import { publishedSchemas } from './published-schemas';

const catalog = demoCatalog('2026-11-22');
const ATLAS = demoId('demo:seller:atlas-trails');

/** The published trips a storefront sells, from the demo's own definitions. */
const sold = (key: string): ProductDefinition[] =>
  catalog.products.filter((p) => p.published && (key === DIRECT_KEY ? p.seller_id === ATLAS : p.definition.network)).map((p) => p.definition);

/** How many of the trips name each slug. */
function counts(trips: ProductDefinition[], of: (d: ProductDefinition) => string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of trips) for (const slug of new Set(of(d))) out[slug] = (out[slug] ?? 0) + 1;
  return out;
}

/** The places a trip starts at (its city) or visits (its stops), as `place=` finds it. */
const placeSlugs = (d: ProductDefinition) => [d.city.slug, ...d.places.map((p) => p.slug)];

const asCounts = (data: { slug: string; trip_count: number }[]) => Object.fromEntries(data.map((item) => [item.slug, item.trip_count]));
const mostFirst = (data: { name: string; trip_count: number }[]) =>
  data.every(
    (item, i) =>
      i === 0 || data[i - 1].trip_count > item.trip_count || (data[i - 1].trip_count === item.trip_count && data[i - 1].name.localeCompare(item.name) <= 0),
  );

describe('HTTP: filter lists (spec 4.8)', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];
  const get = (path: string, key: string) => server.request('GET', path, { key });

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    ({ expectAnswer } = await publishedSchemas(server));
  });
  after(() => server.close());

  for (const [name, key] of STOREFRONTS) {
    describe(name, () => {
      const trips = sold(key);

      it('lists the cities its published trips start in, with region, country and trip_count, most trips first', async () => {
        const cities = expectAnswer('listCities', await get('/v1/public/cities', key)).data;
        expect(asCounts(cities)).to.deep.equal(counts(trips, (d) => [d.city.slug]));
        expect(mostFirst(cities)).to.equal(true);
        const lisbon = cities.find((c: any) => c.slug === 'lisbon');
        expect(lisbon).to.deep.include({
          name: 'Lisbon',
          region: { slug: 'lisbon-district', name: 'Lisbon District' },
          country: { slug: 'pt', name: 'Portugal' },
        });
      });

      it("lists the categories its trips use in the platform's order, with stable slugs and trip_count", async () => {
        const categories = expectAnswer('listCategories', await get('/v1/public/categories', key)).data;
        const used = counts(trips, (d) => d.categories.map((c) => c.slug));
        expect(asCounts(categories)).to.deep.equal(used);
        expect(categories.map((c: any) => c.slug)).to.deep.equal(PLATFORM_CATEGORIES.map((c) => c.slug).filter((slug) => used[slug]));
      });

      it('lists the places its trips start at or visit, each with the language it comes in, most trips first', async () => {
        const places = expectAnswer('listPlaces', await get('/v1/public/places', key)).data;
        expect(asCounts(places)).to.deep.equal(counts(trips, placeSlugs));
        expect(mostFirst(places)).to.equal(true);
        expect(places.every((p: any) => p.content_locale === 'en')).to.equal(true);
      });

      it('lists the sellers of its trips with trip_count, and answers one seller with the hours it answers within', async () => {
        const sellers = expectAnswer('listSellers', await get('/v1/public/sellers', key)).data;
        const expected = catalog.sellers
          .map((s) => ({
            slug: s.definition.slug,
            trip_count: catalog.products.filter((p) => p.seller_id === s.id && p.published && (key === DIRECT_KEY ? s.id === ATLAS : p.definition.network))
              .length,
          }))
          .filter((s) => s.trip_count > 0);
        expect(asCounts(sellers)).to.deep.equal(asCounts(expected));
        expect(sellers.map((s: any) => s.name)).to.deep.equal(sellers.map((s: any) => s.name).sort((a: string, b: string) => a.localeCompare(b)));
        const atlas = expectAnswer('getSeller', await get('/v1/public/sellers/atlas-trails', key));
        expect(atlas).to.deep.include({ slug: 'atlas-trails', name: 'Atlas Trails', base: 'Lisbon, Portugal', answer_hours: 48, reply_hours: 24 });
      });

      it('answers a place page with its body; 404 NotFound for a place none of its trips visits', async () => {
        const alfama = expectAnswer('getPlace', await get('/v1/public/places/alfama', key));
        expect(alfama).to.deep.include({ slug: 'alfama', name: 'Alfama', content_locale: 'en', locales: ['de', 'en', 'es'] });
        expect(alfama.body).to.match(/^Lisbon's oldest quarter/);
        expect(alfama.trip_count).to.equal(counts(trips, placeSlugs).alfama);
        const unknown = expectProblem(await get('/v1/public/places/atlantis', key), 404, 'NotFound');
        expect(unknown.entity).to.equal('place');
        expectProblem(await get('/v1/public/sellers/no-such-seller', key), 404, 'NotFound');
      });

      it('is a catalog read: weak ETag, private max-age=60, 304 on If-None-Match', async () => {
        for (const path of [
          '/v1/public/cities',
          '/v1/public/categories',
          '/v1/public/places',
          '/v1/public/places/alfama',
          '/v1/public/sellers',
          '/v1/public/sellers/atlas-trails',
        ]) {
          const first = await get(path, key);
          expect(first.status, path).to.equal(200);
          expect(first.headers.get('etag'), path).to.match(/^W\/".+"$/);
          expect(first.headers.get('cache-control'), path).to.equal('private, max-age=60');
          const again = await server.request('GET', path, { key, headers: { 'If-None-Match': first.headers.get('etag') as string } });
          expect(again.status, path).to.equal(304);
          expect(again.text, path).to.equal('');
        }
      });

      it('refuses a locale that is not two lowercase letters, and any other parameter', async () => {
        for (const path of [
          '/v1/public/cities',
          '/v1/public/categories',
          '/v1/public/places',
          '/v1/public/places/alfama',
          '/v1/public/sellers',
          '/v1/public/sellers/atlas-trails',
        ]) {
          const problem = expectProblem(await get(`${path}?locale=EN`, key), 422, 'InvalidInput');
          expect(
            problem.problems.map((p: any) => [p.field, p.reason]),
            path,
          ).to.deep.equal([['locale', 'invalid_value']]);
          const extra = expectProblem(await get(`${path}?city=lisbon`, key), 422, 'InvalidInput');
          expect(
            extra.problems.map((p: any) => [p.field, p.reason]),
            path,
          ).to.deep.equal([['city', 'unknown_param']]);
        }
      });
    });
  }

  describe('what is listed, and in which language', () => {
    it('lists only what the published trips it sells use: no unpublished trip, no trip kept off the network on a marketplace', async () => {
      // The chapel is on a trip Atlas Trails sells on its own site only.
      expect((await get('/v1/public/places', DIRECT_KEY)).body.data.map((p: any) => p.slug)).to.include('chapel-of-bones');
      expect((await get('/v1/public/places', MARKET_KEY)).body.data.map((p: any) => p.slug)).to.not.include('chapel-of-bones');
      expect(expectProblem(await get('/v1/public/places/chapel-of-bones', MARKET_KEY), 404, 'NotFound').entity).to.equal('place');
      expect((await get('/v1/public/cities', MARKET_KEY)).body.data.map((c: any) => c.slug)).to.not.include('evora');
      // Golden Gai is a stop of an unpublished trip only.
      expect((await get('/v1/public/places', MARKET_KEY)).body.data.map((p: any) => p.slug)).to.not.include('golden-gai');
      expectProblem(await get('/v1/public/places/golden-gai', MARKET_KEY), 404, 'NotFound');
      // Sakura Journeys sells on the marketplace only.
      expect(expectProblem(await get('/v1/public/sellers/sakura-journeys', DIRECT_KEY), 404, 'NotFound').entity).to.equal('seller');
    });

    it('names cities, regions, countries, categories and places in the asked language when translated, else in English', async () => {
      const de = (await get('/v1/public/cities?locale=de', MARKET_KEY)).body.data;
      expect(de.find((c: any) => c.slug === 'lisbon')).to.deep.include({ name: 'Lissabon', country: { slug: 'pt', name: 'Portugal' } });
      expect(de.find((c: any) => c.slug === 'seville')).to.deep.include({
        name: 'Sevilla',
        region: { slug: 'andalusia', name: 'Andalusien' },
        country: { slug: 'es', name: 'Spanien' },
      });
      expect(de.find((c: any) => c.slug === 'lisbon').region).to.deep.equal({ slug: 'lisbon-district', name: 'Distrikt Lissabon' });
      const ja = (await get('/v1/public/cities?locale=ja', MARKET_KEY)).body.data;
      expect(ja.find((c: any) => c.slug === 'kyoto')).to.deep.include({ name: '京都', country: { slug: 'jp', name: '日本' } });
      // A language the storefront does not list is still named in when translated.
      const es = (await get('/v1/public/cities?locale=es', MARKET_KEY)).body.data;
      expect(es.find((c: any) => c.slug === 'seville').name).to.equal('Sevilla');
      const categories = expectAnswer('listCategories', await get('/v1/public/categories?locale=es', DIRECT_KEY)).data;
      expect(categories.find((c: any) => c.slug === 'culture').name).to.equal('Cultura e historia');
      expect(categories.map((c: any) => c.slug)).to.deep.equal((await get('/v1/public/categories', DIRECT_KEY)).body.data.map((c: any) => c.slug));
      const places = expectAnswer('listPlaces', await get('/v1/public/places?locale=de', MARKET_KEY)).data;
      expect(places.find((p: any) => p.slug === 'alfama')).to.deep.include({ name: 'Alfama', content_locale: 'de' });
      // Its page has no German text: the page comes in English, the place is still named in German (spec 4.8, review F3).
      expect(places.find((p: any) => p.slug === 'belem-tower')).to.deep.include({ name: 'Turm von Belém', content_locale: 'en' });
    });

    it('names the city and category facets of the trip list and of search in the asked language as these lists name them', async () => {
      for (const [key, locale] of [
        [MARKET_KEY, 'de'],
        [MARKET_KEY, 'ja'],
        [DIRECT_KEY, 'es'],
        [MARKET_KEY, null],
      ]) {
        const inLocale = locale ? `locale=${locale}` : '';
        const named = (data: { slug: string; name: string }[]) => Object.fromEntries(data.map((item) => [item.slug, item.name]));
        const cities = named((await get(`/v1/public/cities?${inLocale}`, key!)).body.data);
        const categories = named((await get(`/v1/public/categories?${inLocale}`, key!)).body.data);
        const list = (await get(`/v1/public/products?facets=true&limit=1&${inLocale}`, key!)).body.facets;
        const search = (await get(`/v1/public/search?per_page=1&${inLocale}`, key!)).body.facets;
        for (const facets of [list, search]) {
          expect(named(facets.city.map((f: any) => ({ slug: f.value, name: f.name })))).to.deep.equal(cities);
          expect(named(facets.category.map((f: any) => ({ slug: f.value, name: f.name })))).to.deep.equal(categories);
        }
      }
      const german = (await get('/v1/public/products?facets=true&limit=1&locale=de', MARKET_KEY)).body.facets;
      expect(german.city.find((f: any) => f.value === 'lisbon').name).to.equal('Lissabon');
      expect(german.category.find((f: any) => f.value === 'culture').name).to.equal('Kultur & Geschichte');
    });

    it('answers a place page in the asked language when the library has it, else English, and with no body when the place has no text', async () => {
      const de = expectAnswer('getPlace', await get('/v1/public/places/alfama?locale=de', MARKET_KEY));
      expect(de).to.deep.include({ content_locale: 'de', name: 'Alfama', locales: ['de', 'en', 'es'] });
      expect(de.body).to.match(/^Lissabons ältestes Viertel/);
      const ja = expectAnswer('getPlace', await get('/v1/public/places/fushimi-inari-taisha?locale=ja', MARKET_KEY));
      expect(ja).to.deep.include({ content_locale: 'ja', name: '伏見稲荷大社', locales: ['en', 'ja'] });
      const jaFallback = expectAnswer('getPlace', await get('/v1/public/places/alfama?locale=ja', MARKET_KEY));
      // No Japanese page: the page is English, the name Japanese (the library translates it).
      expect(jaFallback).to.deep.include({ content_locale: 'en', name: 'アルファマ' });
      const plain = expectAnswer('getPlace', await get('/v1/public/places/cabo-da-roca', DIRECT_KEY));
      // No written page: a line saying where its trips start, in the language it comes in.
      expect(plain).to.deep.include({
        slug: 'cabo-da-roca',
        name: 'Cabo da Roca',
        content_locale: 'en',
        locales: [],
        body: 'Cabo da Roca: trips from Lisbon (Portugal) that start here or visit it.',
        trip_count: 1,
      });
    });

    it('answers the hours a seller gives, and the defaults for one that gives none', async () => {
      expect(expectAnswer('getSeller', await get('/v1/public/sellers/sakura-journeys', MARKET_KEY))).to.deep.include({ answer_hours: 12, reply_hours: 6 });
      expect(expectAnswer('getSeller', await get('/v1/public/sellers/muscat-dunes', MARKET_KEY))).to.deep.include({ answer_hours: 48, reply_hours: 24 });
    });
  });

  describe('following the catalog', () => {
    it('follows the catalog: a newly published trip in a new city is listed at once, under a new ETag', async () => {
      const before = await get('/v1/public/cities', DIRECT_KEY);
      const unit = { ...ADULT, id: randomUUID() };
      const definition = product({
        slug: 'sintra-town-walk',
        city: { slug: 'sintra', name: 'Sintra' },
        region: { slug: 'lisbon-district', name: 'Lisbon District' },
        country: { slug: 'pt', name: 'Portugal' },
        categories: [{ slug: 'street-art', name: 'Street art' }],
        places: [{ slug: 'sintra-town-hall', name: 'Sintra Town Hall' }],
        options: [option({ id: randomUUID(), units: [unit], pricing: { tiers: [tier(1, null, { [unit.id]: 2500 })] } })],
      });
      const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: definition });
      expect(created.status, created.text).to.equal(201);
      expect((await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY })).status).to.equal(200);

      const after = await server.request('GET', '/v1/public/cities', { key: DIRECT_KEY, headers: { 'If-None-Match': before.headers.get('etag') as string } });
      expect(after.status).to.equal(200);
      expect(after.headers.get('etag')).to.not.equal(before.headers.get('etag'));
      expect(after.body.data.find((c: any) => c.slug === 'sintra')).to.deep.include({ name: 'Sintra', trip_count: 1 });
      // A category the platform does not list yet comes after the platform's, by name.
      const categories = (await get('/v1/public/categories', DIRECT_KEY)).body.data;
      expect(categories[categories.length - 1]).to.deep.equal({ slug: 'street-art', name: 'Street art', trip_count: 1 });
      expect((await get('/v1/public/places/sintra-town-hall', DIRECT_KEY)).body).to.deep.include({
        name: 'Sintra Town Hall',
        locales: [],
        body: 'Sintra Town Hall: trips from Sintra (Portugal) that start here or visit it.',
      });
      // Off the direct storefront's network trips (network false): not on the marketplace.
      expect((await get('/v1/public/cities', MARKET_KEY)).body.data.map((c: any) => c.slug)).to.not.include('sintra');
    });
  });
});
