import { expect } from 'chai';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ConfigError, loadConfig } from '../../../infra/config';
import { Answer, MARKET_KEY, OWNER_KEY, TestServer, expectProblem, startTestServer } from '../harness';

const ITEM_FIELDS = [
  'template',
  'content_locale',
  'sales_paused',
  'duration_days',
  'duration_nights',
  'id',
  'slug',
  'title',
  'duration_minutes',
  'city',
  'region',
  'country',
  'seller',
  'from_price',
];

const q = (text: string) => encodeURIComponent(text);

/** Checks answers against the schemas the server's own OpenAPI document publishes. */
async function schemaChecker(
  server: TestServer,
): Promise<{ results: (answer: Answer) => any; problem: (answer: Answer, status: number, code: string) => any }> {
  const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const at = (ref: string) => ajv.getSchema(`openapi.json${ref}`) as ValidateFunction;
  const expectValid = (validate: ValidateFunction, body: unknown) => {
    if (!validate(body)) expect.fail(JSON.stringify(validate.errors?.slice(0, 5)));
  };
  expect(doc.paths['/v1/public/search'].get.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/SearchResults' });
  return {
    results(answer) {
      expect(answer.status, answer.text).to.equal(200);
      expectValid(at('#/components/schemas/SearchResults'), answer.body);
      return answer.body;
    },
    problem(answer, status, code) {
      const body = expectProblem(answer, status, code);
      expectValid(at('#/components/schemas/Problem'), body);
      return body;
    },
  };
}

/** A search item's length in minutes, a day counting 1440; null when unknown. */
const minutesOf = (item: any): number | null => item.duration_minutes ?? (item.duration_days === null ? null : item.duration_days * 1440);

describe('HTTP: GET /v1/public/search (spec 4.2)', () => {
  let server: TestServer;
  let check: Awaited<ReturnType<typeof schemaChecker>>;
  const search = async (query: string, key?: string) => check.results(await server.request('GET', `/v1/public/search${query}`, { key }));

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
    check = await schemaChecker(server);
  });
  after(() => server.close());

  describe('what it answers', () => {
    it('with no q, every published trip of the storefront: the same trips as the trip list', async () => {
      for (const key of [undefined, MARKET_KEY]) {
        const list = await server.request('GET', '/v1/public/products?limit=100', { key });
        const all = await search('?per_page=50', key);
        expect(all.total).to.equal(list.body.total);
        expect(all.data.map((t: any) => t.id)).to.have.members(list.body.data.map((t: any) => t.id));
        expect((await search('?q=', key)).total, 'an empty q').to.equal(list.body.total);
        expect((await search(`?q=${q('  ')}`, key)).total, 'a blank q').to.equal(list.body.total);
      }
      const direct = await search('?per_page=50');
      expect(
        direct.data.every((t: any) => t.seller.slug === 'atlas-trails'),
        'a direct storefront sells its own trips',
      ).to.equal(true);
    });

    it('gives items with exactly the fields of spec 2.3, and total, page and the four facets', async () => {
      const answer = await search('?q=lisbon');
      expect(answer).to.have.all.keys('data', 'total', 'page', 'facets');
      expect(answer.page).to.equal(1);
      for (const item of answer.data) expect(item).to.have.all.keys(...ITEM_FIELDS);
      expect(answer.facets).to.have.all.keys('city', 'category', 'template', 'duration');
      const templates = answer.facets.template.reduce((n: number, f: any) => n + f.count, 0);
      expect(templates, 'each match counts once in template').to.equal(answer.total);
      expect(answer.facets.city.find((f: any) => f.value === 'lisbon')).to.deep.include({ name: 'Lisbon' });
    });

    it('counts facets over every match, not the page', async () => {
      const answer = await search('?per_page=1', MARKET_KEY);
      expect(answer.data).to.have.length(1);
      expect(answer.facets.city.reduce((n: number, f: any) => n + f.count, 0)).to.equal(answer.total);
      const multiDay = answer.facets.duration.find((f: any) => f.value === 'multi_day');
      const days = answer.facets.duration.filter((f: any) => f.value.startsWith('days_')).reduce((n: number, f: any) => n + f.count, 0);
      expect(multiDay.count, 'a multi-day trip counts in multi_day and in its days bucket').to.equal(days);
    });

    it('counts its facets as the trip list counts the same trips', async () => {
      for (const [query, key] of [
        ['city=lisbon', MARKET_KEY],
        ['q=alfama', undefined],
        ['', MARKET_KEY],
      ] as const) {
        const found = await search(`?${query}`, key);
        const list = await server.request('GET', `/v1/public/products?${query}&facets=true&limit=100`, { key });
        const { city, category, template, duration } = list.body.facets;
        expect(found.facets, query).to.deep.equal({ city, category, template, duration });
      }
    });
  });

  describe('every parameter', () => {
    it('city and category, comma-separated, whatever their case', async () => {
      const lisbon = await search('?city=Lisbon', MARKET_KEY);
      expect(lisbon.total).to.be.greaterThan(0);
      expect(lisbon.data.every((t: any) => t.city.slug === 'lisbon')).to.equal(true);
      const two = await search('?city=lisbon,TOKYO&per_page=50', MARKET_KEY);
      expect(new Set(two.data.map((t: any) => t.city.slug))).to.deep.equal(new Set(['lisbon', 'tokyo']));
      const food = await search('?category=Food-Drink&per_page=50', MARKET_KEY);
      expect(food.total).to.be.greaterThan(0);
      const list = await server.request('GET', '/v1/public/products?category=food-drink&limit=100', { key: MARKET_KEY });
      expect(food.data.map((t: any) => t.id)).to.have.members(list.body.data.map((t: any) => t.id));
      expect((await search('?city=atlantis')).total).to.equal(0);
    });

    it('template, and 422 param_values naming the allowed values for an unknown one', async () => {
      const answer = await search('?template=ticket,activity&per_page=50', MARKET_KEY);
      expect(answer.total).to.be.greaterThan(0);
      expect(answer.data.every((t: any) => ['ticket', 'activity'].includes(t.template))).to.equal(true);
      const bad = check.problem(await server.request('GET', '/v1/public/search?template=ticket,cruise'), 422, 'InvalidInput');
      const problem = bad.problems.find((p: any) => p.reason === 'param_values');
      expect(problem.field).to.equal('template');
      expect(problem.details).to.deep.include({ param: 'template', given: 'cruise' });
      expect(problem.details.allowed).to.have.members(['day_tour', 'multi_day', 'transfer', 'ticket', 'activity']);
    });

    it('duration_min and duration_max in minutes, a multi-day trip lasting its days times 1440', async () => {
      const short = await search('?duration_max=120&per_page=50', MARKET_KEY);
      expect(short.total).to.be.greaterThan(0);
      expect(short.data.every((t: any) => minutesOf(t) !== null && (minutesOf(t) as number) <= 120)).to.equal(true);
      const days = await search('?duration_min=1440&per_page=50', MARKET_KEY);
      expect(days.total).to.be.greaterThan(0);
      expect(days.data.every((t: any) => t.duration_days >= 1)).to.equal(true);
      const threeDays = await search('?duration_min=4320&duration_max=4320&per_page=50', MARKET_KEY);
      expect(threeDays.total).to.be.greaterThan(0);
      expect(threeDays.data.every((t: any) => t.duration_days === 3)).to.equal(true);
      const all = await search('?per_page=1', MARKET_KEY);
      const between = await search('?duration_min=0&duration_max=100000&per_page=1', MARKET_KEY);
      expect(between.total, 'the whole range keeps every trip of known length').to.equal(all.total);
    });

    it('refuses minutes out of range or not whole, and a minimum above the maximum, naming the field', async () => {
      for (const [query, field] of [
        ['duration_min=-1', 'duration_min'],
        ['duration_max=100001', 'duration_max'],
        ['duration_min=1.5', 'duration_min'],
        ['duration_min=600&duration_max=60', 'duration_min'],
      ]) {
        const problem = check.problem(await server.request('GET', `/v1/public/search?${query}`), 422, 'InvalidInput');
        expect(
          problem.problems.map((p: any) => p.field),
          query,
        ).to.include(field);
      }
    });

    it('page and per_page: pages that cover every match once, defaults 1 and 20, a page past the end empty', async () => {
      const whole = await search('?per_page=50', MARKET_KEY);
      const first = await search('', MARKET_KEY);
      expect(first.page).to.equal(1);
      expect(first.data).to.have.length(Math.min(20, whole.total));
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / 7); page++) {
        const answer = await search(`?per_page=7&page=${page}`, MARKET_KEY);
        expect(answer.page).to.equal(page);
        expect(answer.total).to.equal(whole.total);
        pages.push(...answer.data.map((t: any) => t.id));
      }
      expect(pages).to.deep.equal(whole.data.map((t: any) => t.id));
      const past = await search('?page=1000', MARKET_KEY);
      expect(past).to.deep.include({ data: [], total: whole.total, page: 1000 });
      for (const query of ['page=0', 'page=1001', 'per_page=0', 'per_page=51', 'page=two']) {
        const problem = check.problem(await server.request('GET', `/v1/public/search?${query}`), 422, 'InvalidInput');
        expect(problem.problems[0].field).to.equal(query.split('=')[0]);
      }
    });

    it('currency: one of the storefront’s currencies, else its display currency', async () => {
      const eur = await search('?currency=EUR&q=alfama');
      expect(eur.data[0].from_price.currency).to.equal('EUR');
      const usd = await search('?currency=JPY&q=alfama');
      expect(usd.data[0].from_price.currency, 'JPY is not offered on the direct storefront').to.equal('USD');
      const jpy = await search('?currency=JPY&per_page=50', MARKET_KEY);
      expect(jpy.data.filter((t: any) => t.from_price).every((t: any) => t.from_price.currency === 'JPY')).to.equal(true);
    });

    it('locale: trips published in it come in it, the rest in English', async () => {
      const ja = await search(`?locale=ja&q=${q('寿司')}`, MARKET_KEY);
      expect(ja.total).to.equal(1);
      expect(ja.data[0]).to.include({ content_locale: 'ja' });
      expect(ja.data[0].title).to.include('寿司');
      const en = await search(`?q=${q('寿司')}`, MARKET_KEY);
      expect(en.data[0].id, 'found by its Japanese title, shown in English').to.equal(ja.data[0].id);
      expect(en.data[0].content_locale).to.equal('en');
      const mixed = await search('?locale=ja&per_page=50', MARKET_KEY);
      expect(new Set(mixed.data.map((t: any) => t.content_locale))).to.deep.equal(new Set(['ja', 'en']));
    });
  });

  describe('typo-tolerant, in several scripts', () => {
    it('finds misspelt words in English, Spanish and German text, whatever their accents', async () => {
      const ids = (answer: any) => answer.data.map((t: any) => t.id);
      const flamenco = await search('?q=flamenco');
      expect(flamenco.total).to.equal(2);
      expect(ids(await search('?q=flamneco')), 'swapped letters').to.have.members(ids(flamenco));
      expect(ids(await search('?q=flamenko')), 'a wrong letter').to.have.members(ids(flamenco));
      const castillo = await search('?q=castilo');
      expect(castillo.data.map((t: any) => t.slug)).to.include('lisbon-alfama-walking-tour');
      const prado = await search('?q=Fuhrung', MARKET_KEY);
      expect(prado.data.map((t: any) => t.slug)).to.include('madrid-prado-guided-entry');
      expect((await search(`?q=${q('Führnug')}`, MARKET_KEY)).data.map((t: any) => t.slug)).to.include('madrid-prado-guided-entry');
      expect((await search('?q=Kathedrahle', MARKET_KEY)).total).to.be.greaterThan(0);
    });

    it('finds Japanese with a wrong or missing character', async () => {
      const teamlab = await search(`?q=${q('チームラボプラネッツ')}`, MARKET_KEY);
      expect(teamlab.total).to.equal(1);
      expect((await search(`?q=${q('チームラボプラネット')}`, MARKET_KEY)).data.map((t: any) => t.id)).to.deep.equal([teamlab.data[0].id]);
      expect((await search(`?q=${q('チームラボ')}`, MARKET_KEY)).data.map((t: any) => t.id)).to.deep.equal([teamlab.data[0].id]);
      const sushi = await search(`?q=${q('寿司作り')}`, MARKET_KEY);
      expect(sushi.total).to.equal(1);
      expect((await search(`?q=${q('寿司造り')}`, MARKET_KEY)).data.map((t: any) => t.id)).to.deep.equal([sushi.data[0].id]);
    });

    it('finds nothing for words no trip has, or punctuation alone', async () => {
      expect(await search('?q=zzzzqqq')).to.deep.include({ data: [], total: 0 });
      expect((await search(`?q=${q('((((')}`)).total).to.equal(0);
      expect((await search('?q=alfama%20zzzzqqq')).data, 'a word no trip has does not hide the others').to.deep.equal((await search('?q=alfama')).data);
    });
  });

  describe('best matches first', () => {
    it('puts trips titled Alfama before the one that only stops there, in search and in the trip list q', async () => {
      const results = await search('?q=alfama');
      const list = await server.request('GET', '/v1/public/products?q=alfama');
      for (const answer of [results, list.body]) {
        const titles = answer.data.map((t: any) => t.title);
        expect(titles).to.have.length(3);
        expect(titles.slice(0, 2)).to.have.members(['Alfama and Castle Walking Tour', 'Fado Dinner Show in Alfama']);
        expect(titles[2]).to.equal('Lisbon Hills by Electric Tuk-Tuk');
      }
    });

    it('puts trips with the word in their title before trips with it only in a stop, a category or the summary', async () => {
      for (const word of ['cathedral', 'food']) {
        const answer = await search(`?q=${word}&per_page=50`, MARKET_KEY);
        const titled = answer.data.map((t: any) => new RegExp(word, 'i').test(t.title));
        expect(titled, word).to.include(true);
        expect(titled, word).to.include(false);
        expect(titled.lastIndexOf(true), word).to.be.below(titled.indexOf(false));
      }
    });
  });

  describe('a catalog read', () => {
    it('carries a weak ETag and private max-age=60, answers 304 while the catalog stays, and changes with it', async () => {
      const first = await server.request('GET', '/v1/public/search?q=alfama');
      expect(first.headers.get('etag')).to.match(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
      const etag = first.headers.get('etag') as string;
      const again = await server.request('GET', '/v1/public/search?q=alfama', { headers: { 'If-None-Match': etag } });
      expect(again.status).to.equal(304);
      expect(again.text).to.equal('');

      const tukTuk = first.body.data.find((t: any) => t.slug === 'lisbon-electric-tuk-tuk-tour');
      await server.request('POST', `/v1/products/${tukTuk.id}/unpublish`, { key: null, secret: OWNER_KEY });
      try {
        const after = await server.request('GET', '/v1/public/search?q=alfama', { headers: { 'If-None-Match': etag } });
        expect(after.status).to.equal(200);
        expect(after.headers.get('etag')).not.to.equal(etag);
        expect(after.body.data.map((t: any) => t.id)).not.to.include(tukTuk.id);
      } finally {
        await server.request('POST', `/v1/products/${tukTuk.id}/publish`, { key: null, secret: OWNER_KEY });
      }
      expect((await search('?q=alfama')).data.map((t: any) => t.id)).to.include(tukTuk.id);
    });

    it('finds a trip renamed through the seller interface by its new title on the next request', async () => {
      const walk = (await search('?q=alfama')).data.find((t: any) => t.slug === 'lisbon-alfama-walking-tour');
      const { id, published, created_at, updated_at, ...definition } = (
        await server.request('GET', `/v1/products/${walk.id}`, { key: null, secret: OWNER_KEY })
      ).body;
      const renamed = { ...definition, content: { ...definition.content, en: { ...definition.content.en, title: 'Alfama Xylophone Walk' } } };
      const put = await server.request('PUT', `/v1/products/${walk.id}`, { key: null, secret: OWNER_KEY, body: renamed });
      expect(put.status, put.text).to.equal(200);
      try {
        expect((await search('?q=xylophone')).data.map((t: any) => t.id)).to.deep.equal([walk.id]);
        expect(
          (await search('?q=xylofone')).data.map((t: any) => t.id),
          'and misspelt',
        ).to.deep.equal([walk.id]);
      } finally {
        await server.request('PUT', `/v1/products/${walk.id}`, { key: null, secret: OWNER_KEY, body: definition });
      }
      expect((await search('?q=xylophone')).total).to.equal(0);
    });
  });
});

describe('HTTP: search switched off (SEARCH_ENABLED=false)', () => {
  let server: TestServer;
  let check: Awaited<ReturnType<typeof schemaChecker>>;

  before(async () => {
    server = await startTestServer({ searchEnabled: loadConfig({ SEARCH_ENABLED: 'false' }).searchEnabled });
    check = await schemaChecker(server);
  });
  after(() => server.close());

  it('is a setting checked at start: on by default, true/false or 1/0, anything else stops the start', () => {
    expect(loadConfig({}).searchEnabled).to.equal(true);
    expect(loadConfig({ SEARCH_ENABLED: '0' }).searchEnabled).to.equal(false);
    expect(() => loadConfig({ SEARCH_ENABLED: 'off' })).to.throw(ConfigError, /SEARCH_ENABLED must be true or false/);
  });

  it('answers 503 SearchUnavailable, never an empty list, and caches nothing', async () => {
    for (const query of ['', '?q=alfama', '?q=zzzzqqq&page=2']) {
      const answer = await server.request('GET', `/v1/public/search${query}`);
      check.problem(answer, 503, 'SearchUnavailable');
      expect(answer.headers.get('etag')).to.equal(null);
    }
  });

  it('still checks its parameters first', async () => {
    check.problem(await server.request('GET', '/v1/public/search?per_page=51'), 422, 'InvalidInput');
  });

  it('leaves the trip list q working on title and summary words only', async () => {
    const alfama = await server.request('GET', '/v1/public/products?q=alfama');
    expect(alfama.status).to.equal(200);
    const slugs = alfama.body.data.map((t: any) => t.slug);
    expect(slugs, 'Alfama in their titles and summaries').to.have.members(['lisbon-alfama-walking-tour', 'lisbon-fado-dinner-show']);
    const typo = await server.request('GET', '/v1/public/products?q=alfma');
    expect(typo.body.total, 'no typos without search').to.equal(0);
    const ja = await server.request('GET', `/v1/public/products?q=${q('寿司')}`, { key: MARKET_KEY });
    expect(ja.body.total, 'Japanese inside its words').to.equal(1);
  });
});
