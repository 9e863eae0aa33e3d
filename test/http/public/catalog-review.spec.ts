import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, TestServer, expectProblem, startTestServer, STOREFRONTS } from '../harness';
import { RENAMED_PAGE, RENAMED_TRIP } from '../../../infra/seed/demo-content';
import { publishedSchemas } from './published-schemas';

/** The catalog rules a black-box review of issue 6 found broken, each asked as an outside client would. */

describe('HTTP: catalog rules after the black-box review (issue 6)', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];
  const get = (path: string, key: string = DIRECT_KEY) => server.request('GET', path, { key });
  const total = async (path: string, key: string) => {
    const answer = await get(path, key);
    expect(answer.status, `${path}: ${answer.text}`).to.equal(200);
    return answer.body.total as number;
  };
  const problemOf = async (path: string, key: string = DIRECT_KEY) => {
    const body = expectProblem(await get(path, key), 422, 'InvalidInput');
    expect(body.problems, path).to.have.length(1);
    return body.problems[0];
  };

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    ({ expectAnswer } = await publishedSchemas(server));
  });
  after(() => server.close());

  for (const [name, key] of STOREFRONTS) {
    describe(name, () => {
      it("counts in every filter list's trip_count exactly the trips the trip list's filter of the same name finds", async () => {
        const lists = [
          ['/v1/public/places', 'place'],
          ['/v1/public/cities', 'city'],
          ['/v1/public/categories', 'category'],
          ['/v1/public/sellers', 'seller'],
          ['/v1/public/collections', 'collection'],
        ] as const;
        for (const [list, param] of lists) {
          const items = (await get(list, key)).body.data as { slug: string; trip_count: number }[];
          if (list !== '/v1/public/collections' || key === MARKET_KEY) expect(items.length, list).to.be.above(0);
          for (const item of items) {
            expect(await total(`/v1/public/products?limit=1&${param}=${item.slug}`, key), `${list} ${item.slug}`).to.equal(item.trip_count);
          }
        }
      });

      it('lists the cities trips start in among the places, with a page', async () => {
        const places = (await get('/v1/public/places', key)).body.data as { slug: string }[];
        expect(places.map((p) => p.slug)).to.include('lisbon');
        const page = expectAnswer('getPlace', await get('/v1/public/places/lisbon?locale=es', key));
        expect(page).to.deep.include({ slug: 'lisbon', name: 'Lisboa', content_locale: 'es' });
        expect(page.body).to.be.a('string').and.to.include('Lisboa (Portugal)');
      });

      it('answers every place page with a body: the written page, else a line saying where its trips start', async () => {
        const places = (await get('/v1/public/places', key)).body.data as { slug: string }[];
        for (const { slug } of places) {
          const page = expectAnswer('getPlace', await get(`/v1/public/places/${slug}`, key));
          expect(page.body, slug).to.be.a('string').that.is.not.empty;
        }
        const alfama = expectAnswer('getPlace', await get('/v1/public/places/alfama?locale=de', key));
        expect(alfama.body).to.match(/^Lissabons ältestes Viertel/);
      });

      it('names regions and countries of the cities in locale when translated', async () => {
        const cities = (await get('/v1/public/cities?locale=es', key)).body.data as any[];
        const lisbon = cities.find((c) => c.slug === 'lisbon');
        expect(lisbon).to.deep.include({
          name: 'Lisboa',
          region: { slug: 'lisbon-district', name: 'Distrito de Lisboa' },
          country: { slug: 'pt', name: 'Portugal' },
        });
        const japanese = (await get('/v1/public/cities?locale=ja', key)).body.data as any[];
        expect(japanese.find((c) => c.slug === 'lisbon')).to.deep.include({
          region: { slug: 'lisbon-district', name: 'リスボン県' },
          country: { slug: 'pt', name: 'ポルトガル' },
        });
        const german = (await get('/v1/public/cities?locale=de', key)).body.data as any[];
        expect(german.find((c) => c.slug === 'porto').region).to.deep.equal({ slug: 'porto-district', name: 'Distrikt Porto' });
      });

      it('refuses integers that are not plain decimal digits, naming the parameter; plain ones (and a minus where it makes sense) pass', async () => {
        for (const limit of ['1e1', '0x4', '%204', '4.0', '4%20', '+4', '', '0b1']) {
          const problem = await problemOf(`/v1/public/products?limit=${limit}`, key);
          expect(problem, limit).to.deep.include({ reason: 'invalid_value', field: 'limit', detail: 'limit must be a whole number from 1 to 100' });
        }
        expect((await get('/v1/public/products?limit=4', key)).body.data).to.have.length(4);
        expect(await problemOf('/v1/public/products?min_price=-1', key)).to.deep.include({
          field: 'min_price',
          detail: 'min_price must be a whole number from 0 to 1000000000',
        });
        expect(await problemOf('/v1/public/products?travellers=2.0', key)).to.deep.include({ field: 'travellers' });
        expect(await problemOf('/v1/public/search?page=1e0', key)).to.deep.include({ field: 'page', detail: 'page must be a whole number from 1 to 1000' });
        expect(await problemOf('/v1/public/search?duration_min=0x10', key)).to.deep.include({ field: 'duration_min' });
        // A number with a decimal part stays a number where one is taken; JavaScript's other forms do not.
        expect((await get('/v1/public/products?min_rating=4.5', key)).status).to.equal(200);
        expect(await problemOf('/v1/public/products?min_rating=4e0', key)).to.deep.include({
          field: 'min_rating',
          detail: 'min_rating must be a number from 0 to 5',
        });
      });

      it('refuses a repeated single-valued parameter, saying which and that it takes one value', async () => {
        for (const param of ['q=a&q=b', 'limit=1&limit=2']) {
          const name = param.split('=')[0];
          const problem = await problemOf(`/v1/public/products?${param}`, key);
          expect(problem).to.deep.include({ reason: 'repeated_param', field: name, details: { param: name } });
          expect(problem.detail).to.equal(`${name} is given 2 times: it takes one value, give it once`);
        }
        const multi = await problemOf('/v1/public/products?city=lisbon&city=porto', key);
        expect(multi).to.deep.include({ reason: 'repeated_param', field: 'city', details: { param: 'city' } });
        expect(multi.detail).to.equal('city is given 2 times: give it once, its values separated by commas');
      });

      it('refuses an unknown value of every enumerated parameter with param_values {param, allowed, given}, one bad value among good ones too', async () => {
        const enumerated: [string, string, string[]][] = [
          ['products', 'template', ['day_tour', 'multi_day', 'transfer', 'ticket', 'activity']],
          ['products', 'duration', ['up_to_3h', '3h_to_6h', 'full_day', 'multi_day', 'days_2_3', 'days_4_7', 'days_8_plus']],
          ['products', 'style', ['private', 'shared']],
          ['products', 'pickup', ['hotel']],
          ['products', 'confirmation', ['instant']],
          ['products', 'price', ['shown', 'ask']],
          ['products', 'sort', ['recommended', 'price', 'price_desc', 'rating', 'duration', 'duration_desc']],
          ['products', 'facets', ['true', 'false']],
          ['products', 'home', ['true', 'false']],
          ['search', 'template', ['day_tour', 'multi_day', 'transfer', 'ticket', 'activity']],
        ];
        const multi = new Set(['template', 'duration', 'style', 'price']);
        for (const [path, param, allowed] of enumerated) {
          const problem = await problemOf(`/v1/public/${path}?${param}=nope`, key);
          expect(problem, `${path} ${param}`).to.deep.include({ reason: 'param_values', field: param });
          expect(problem.details).to.deep.include({ param, allowed });
          expect(problem.details.given).to.equal('nope');
          expect((await get(`/v1/public/${path}?${param}=${allowed[0]}`, key)).status, `${path} ${param}=${allowed[0]}`).to.equal(200);
          if (multi.has(param)) {
            const mixed = await problemOf(`/v1/public/${path}?${param}=${allowed[0]},nope`, key);
            expect(mixed, `${path} ${param} mixed`).to.deep.include({ reason: 'param_values', field: param });
            expect(mixed.details).to.deep.include({ param, allowed, given: 'nope' });
          }
        }
      });

      it('answers an unknown slug in a filter with no trips, not an error', async () => {
        for (const param of ['city', 'region', 'place', 'category', 'country', 'seller', 'via', 'collection']) {
          expect(await total(`/v1/public/products?${param}=atlantis`, key), param).to.equal(0);
        }
        expect(await total('/v1/public/search?city=atlantis', key)).to.equal(0);
      });

      it('finds slugs whatever their case: trips, places, sellers, pages, redirects and filters; ids stay exact', async () => {
        const card = (await get('/v1/public/products?limit=1&seller=atlas-trails', key)).body.data[0];
        expect((await get(`/v1/public/products/${card.slug.toUpperCase()}?seller=Atlas-Trails`, key)).body.id).to.equal(card.id);
        expect((await get(`/v1/public/products/${card.slug.toUpperCase()}${key === MARKET_KEY ? '?seller=ATLAS-TRAILS' : ''}`, key)).body.id).to.equal(card.id);
        expectProblem(await get(`/v1/public/products/${card.id.toUpperCase()}`, key), 404, 'NotFound');
        expect((await get('/v1/public/places/ALFAMA', key)).body.slug).to.equal('alfama');
        expect((await get('/v1/public/sellers/Atlas-Trails', key)).body.slug).to.equal('atlas-trails');
        expect((await get('/v1/public/page?slug=About', key)).body.slug).to.equal('about');
        expect((await get('/v1/public/pages/ABOUT', key)).body.slug).to.equal('about');
        expect(await total('/v1/public/products?limit=1&seller=ATLAS-TRAILS', key)).to.equal(
          await total('/v1/public/products?limit=1&seller=atlas-trails', key),
        );
        expect(await total('/v1/public/products?limit=1&city=LISBON', key)).to.equal(await total('/v1/public/products?limit=1&city=lisbon', key));
      });
    });
  }

  it('on a direct storefront, seller finds the own seller’s trips by its slug and none by any other', async () => {
    const all = await total('/v1/public/products?limit=1', DIRECT_KEY);
    expect(await total('/v1/public/products?limit=1&seller=atlas-trails', DIRECT_KEY)).to.equal(all);
    expect(await total('/v1/public/products?limit=1&seller=iberia-walks,atlas-trails', DIRECT_KEY)).to.equal(all);
    expect(await total('/v1/public/products?limit=1&seller=iberia-walks', DIRECT_KEY)).to.equal(0);
  });

  it('finds a collection whatever the case of its slug (marketplace)', async () => {
    const [collection] = (await get('/v1/public/collections', MARKET_KEY)).body.data;
    expect(await total(`/v1/public/products?limit=1&collection=${collection.slug.toUpperCase()}`, MARKET_KEY)).to.equal(collection.trip_count);
  });

  it('finds where an old path moved whatever the case of its slugs', async () => {
    const moved = expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/trips/atlas-trails/${RENAMED_TRIP.from}`, MARKET_KEY));
    const upper = expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/trips/Atlas-Trails/${RENAMED_TRIP.from.toUpperCase()}`, MARKET_KEY));
    expect(upper.location).to.equal(moved.location);
    expect(expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/${RENAMED_PAGE.from.toUpperCase()}`)).location).to.equal('/about');
  });

  it('leaves JSON bodies to their own rules: a number is a JSON number, a string of digits is not one', async () => {
    const quote = (qty: unknown) =>
      server.request('POST', '/v1/public/quotes', {
        key: DIRECT_KEY,
        body: { option_id: randomUUID(), start: '2026-12-10T09:00', units: [{ unit_id: randomUUID(), qty }] },
      });
    const text = await quote('4');
    expect(expectProblem(text, 422, 'InvalidInput').problems).to.deep.include({
      reason: 'invalid_value',
      field: 'units[0].qty',
      detail: text.body.problems.find((p: any) => p.field === 'units[0].qty')?.detail,
      details: null,
    });
    const number = await quote(4);
    expect(number.body.problems ?? [], number.text).to.satisfy((problems: any[]) => problems.every((p) => p.field !== 'units[0].qty'));
  });
});
