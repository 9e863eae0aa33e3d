import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MARKET_KEY, OWNER_KEY, READONLY_KEY, TestServer, simpleTrip, startTestServer } from '../harness';
import { HOME_FEATURED, HOME_HIDDEN } from '../../../infra/seed/demo-content';

describe('HTTP: catalog reads (spec 2.3, 2.4, 2.5, 4.2)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  it('lists the first page with a cursor, and the cursor gives the rest without repeats', async () => {
    const first = await server.request('GET', '/v1/public/products?limit=5');
    expect(first.status).to.equal(200);
    expect(first.body.data).to.have.length(5);
    expect(first.body.total).to.be.greaterThan(5);
    expect(first.body.next_cursor).to.be.a('string');
    expect(first.body).not.to.have.property('facets');
    const seen = first.body.data.map((c: any) => c.id);
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await server.request('GET', `/v1/public/products?limit=5&cursor=${cursor}`);
      expect(page.status).to.equal(200);
      seen.push(...page.body.data.map((c: any) => c.id));
      cursor = page.body.next_cursor;
    }
    expect(seen).to.have.length(first.body.total);
    expect(new Set(seen).size).to.equal(seen.length);
  });

  it('carries a cursor on to the next trip when a trip of the page before is unpublished meanwhile', async () => {
    const secret = { key: null, secret: OWNER_KEY };
    const whole = (await server.request('GET', '/v1/public/products?limit=6')).body.data.map((c: any) => c.id);
    const first = await server.request('GET', '/v1/public/products?limit=3');
    const gone = first.body.data[1].id;
    expect((await server.request('POST', `/v1/products/${gone}/unpublish`, secret)).status).to.equal(200);
    try {
      const next = await server.request('GET', `/v1/public/products?limit=3&cursor=${first.body.next_cursor}`);
      expect(next.status).to.equal(200);
      expect(next.body.data.map((c: any) => c.id)).to.deep.equal(whole.slice(3, 6));
    } finally {
      expect((await server.request('POST', `/v1/products/${gone}/publish`, secret)).status).to.equal(200);
    }
  });

  it('gives trip cards the fields of spec 2.3, with exact from_price money', async () => {
    const list = await server.request('GET', '/v1/public/products?limit=100');
    for (const card of list.body.data) {
      expect(card).to.include.keys(
        'id',
        'slug',
        'template',
        'content_locale',
        'title',
        'summary',
        'duration_minutes',
        'duration_days',
        'duration_nights',
        'sales_paused',
        'cover',
        'city',
        'region',
        'country',
        'categories',
        'seller',
        'from_price',
      );
      if (card.from_price !== null) {
        expect(Number.isInteger(card.from_price.amount)).to.equal(true);
        expect(card.from_price).to.include.keys('currency', 'group_size');
      }
      expect(card.seller.slug).to.equal('atlas-trails');
    }
  });

  it('converts from_price to another of the storefront currencies, else shows its display currency', async () => {
    const usd = await server.request('GET', '/v1/public/products?limit=1&sort=price');
    const eur = await server.request('GET', '/v1/public/products?limit=1&sort=price&currency=EUR');
    expect(eur.body.data[0].from_price.currency).to.equal('EUR');
    expect(eur.body.data[0].from_price.amount).to.be.lessThan(usd.body.data[0].from_price.amount);
    const jpy = await server.request('GET', '/v1/public/products?currency=JPY&limit=1&sort=price');
    expect(jpy.status).to.equal(200);
    expect(jpy.body.data[0].from_price).to.deep.equal(usd.body.data[0].from_price);
  });

  it('filters by template, city and country, sorts by price, and counts facets', async () => {
    const tickets = await server.request('GET', '/v1/public/products?template=ticket,transfer&facets=true');
    expect(tickets.body.data.every((c: any) => ['ticket', 'transfer'].includes(c.template))).to.equal(true);
    expect(tickets.body.facets).to.include.keys('city', 'category', 'template', 'duration', 'style', 'pickup', 'rating');
    const templateCount = tickets.body.facets.template.reduce((s: number, f: any) => s + f.count, 0);
    expect(templateCount).to.equal(tickets.body.total);
    const lisbon = await server.request('GET', '/v1/public/products?city=lisbon&country=pt');
    expect(lisbon.body.total).to.be.greaterThan(0);
    expect(lisbon.body.data.every((c: any) => c.city.slug === 'lisbon')).to.equal(true);
    const byPrice = await server.request('GET', '/v1/public/products?sort=price&limit=100');
    const prices = byPrice.body.data.filter((c: any) => c.from_price).map((c: any) => c.from_price.amount);
    expect(prices).to.deep.equal([...prices].sort((a, b) => a - b));
  });

  it('adds group_price and next_group_price for travellers, equal to what a quote for that group costs', async () => {
    const answer = await server.request('GET', '/v1/public/products?travellers=3&limit=3&currency=EUR');
    for (const card of answer.body.data) expect(card).to.include.keys('group_price', 'next_group_price');
    const card = answer.body.data.find((c: any) => c.group_price);
    const trip = await server.request('GET', `/v1/public/products/${card.id}`);
    const option = trip.body.options.find((o: any) => o.is_default) ?? trip.body.options[0];
    const calendar = await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2026-12`);
    const day = calendar.body.find((d: any) => d.status === 'open');
    const time = day.starts.find((s: any) => s.status === 'open').time;
    const adult = option.units.find((u: any) => u.type === 'adult');
    const quote = await server.request('POST', '/v1/public/quotes', {
      body: { option_id: option.id, start: time ? `${day.date}T${time}` : day.date, units: [{ unit_id: adult.id, qty: 3 }], currency: 'EUR' },
    });
    expect(quote.status, quote.text).to.equal(200);
    expect(card.group_price).to.deep.equal(quote.body.totals.grand_total);
  });

  it('filters by date with places for the whole group', async () => {
    const trip = await simpleTrip(server);
    const full = await server.request('GET', `/v1/public/products/${trip.productId}`);
    const calendar = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-12`);
    const day = calendar.body.find((d: any) => d.date === '2026-12-28');
    const listed = async () =>
      (await server.request('GET', '/v1/public/products?limit=100&date=2026-12-28&travellers=2')).body.data.some((c: any) => c.id === trip.productId);
    expect(await listed()).to.equal(true);
    for (const start of day.starts) {
      // Leave one place at every start of the day: a group of two no longer fits.
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: trip.optionId, start: `${day.date}T${start.time}`, units: [{ unit_id: trip.unitId, qty: start.remaining - 1 }] },
      });
      expect(hold.status, hold.text).to.equal(201);
    }
    const others = full.body.options.filter((o: any) => !o.is_default && !o.sales_paused);
    if (others.length === 0) expect(await listed()).to.equal(false);
    expect(
      (await server.request('GET', '/v1/public/products?limit=100&date=2026-12-28&travellers=1')).body.data.some((c: any) => c.id === trip.productId),
    ).to.equal(true);
  });

  it('shows trips in the asked language when published in it, else English', async () => {
    const es = await server.request('GET', '/v1/public/products?locale=es&limit=100');
    expect(es.body.data.some((c: any) => c.content_locale === 'es')).to.equal(true);
    const ja = await server.request('GET', '/v1/public/products?locale=ja&limit=3');
    expect(ja.body.data.every((c: any) => c.content_locale === 'en')).to.equal(true);
  });

  it('answers the trip page by id and by slug, with options, units and policy', async () => {
    const card = (await server.request('GET', '/v1/public/products?limit=1')).body.data[0];
    const byId = await server.request('GET', `/v1/public/products/${card.id}`);
    const bySlug = await server.request('GET', `/v1/public/products/${card.slug}`);
    expect(byId.status).to.equal(200);
    expect(bySlug.body).to.deep.equal(byId.body);
    const trip = byId.body;
    expect(trip).to.include.keys(
      'id',
      'slug',
      'content_locale',
      'locales',
      'title',
      'timezone',
      'sales_paused',
      'options',
      'city',
      'region',
      'country',
      'seller',
      'extras',
      'from_price',
    );
    expect(trip.seller).to.include.keys('slug', 'name', 'base', 'blurb');
    const option = trip.options[0];
    expect(option).to.include.keys(
      'id',
      'name',
      'is_default',
      'private',
      'vehicle',
      'sales_paused',
      'min_units',
      'max_units',
      'availability_type',
      'capacity_mode',
      'confirmation',
      'ask_for_price',
      'units',
      'policy',
      'traveller_details',
      'pickup',
    );
    expect(option.policy).to.include.keys('name', 'tiers', 'preset');
  });

  it('keeps a trip of another seller or an unpublished one off the direct storefront', async () => {
    const market = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
    const foreign = market.body.data.find((c: any) => c.seller.slug !== 'atlas-trails');
    expect((await server.request('GET', `/v1/public/products/${foreign.id}`)).status).to.equal(404);
    expect((await server.request('GET', `/v1/public/products/${foreign.slug}?seller=${foreign.seller.slug}`, { key: MARKET_KEY })).status).to.equal(200);
  });

  it('gives a month of calendar days with statuses and remaining places, and refuses a non-real month', async () => {
    const card = (await server.request('GET', '/v1/public/products?limit=1')).body.data[0];
    const trip = await server.request('GET', `/v1/public/products/${card.id}`);
    const option = trip.body.options.find((o: any) => o.is_default);
    const calendar = await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2027-01`);
    expect(calendar.status).to.equal(200);
    expect(calendar.body).to.have.length(31);
    for (const day of calendar.body) {
      expect(day.status).to.be.oneOf(['open', 'sold_out', 'closed', 'past_cutoff']);
      for (const start of day.starts) expect(start).to.have.all.keys('time', 'status', 'remaining');
    }
    expect(JSON.stringify(calendar.body)).not.to.match(/amount/);
    expect((await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2027-13`)).status).to.equal(422);
  });

  it('filters by a date on which the trip can be booked', async () => {
    const all = await server.request('GET', '/v1/public/products?limit=100');
    const dated = await server.request('GET', '/v1/public/products?limit=100&date=2026-12-01');
    expect(dated.status).to.equal(200);
    expect(dated.body.total).to.be.at.most(all.body.total);
    expect((await server.request('GET', '/v1/public/products?date=2026-02-30')).status).to.equal(422);
  });
});

describe('HTTP: seller interface (secret key)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers 401 to a missing or wrong secret key and 403 NotPermitted with permission to a key without it', async () => {
    expect((await server.request('GET', '/v1/products', { key: null })).status).to.equal(401);
    expect((await server.request('GET', '/v1/products', { key: null, secret: 'tp_sk_wrong' })).status).to.equal(401);
    expect((await server.request('GET', '/v1/products', { key: null, secret: 'tp_pk_demo_direct' })).status).to.equal(401);
    const readOnly = await server.request('GET', '/v1/products', { key: null, secret: READONLY_KEY });
    expect(readOnly.status).to.equal(200);
    const template = (await server.request('GET', `/v1/products/${readOnly.body.data[0].id}`, { key: null, secret: READONLY_KEY })).body;
    const { id, published, created_at, updated_at, ...definition } = template;
    const denied = await server.request('POST', '/v1/products', { key: null, secret: READONLY_KEY, body: { ...definition, slug: 'denied-copy' } });
    expect(denied.status).to.equal(403);
    expect(denied.body).to.include({ code: 'NotPermitted', permission: 'products:write', reason: 'missing_permission' });
  });

  it('creates, updates and publishes a product, which then shows on the storefront', async () => {
    const list = await server.request('GET', '/v1/products?limit=1', { key: null, secret: OWNER_KEY });
    const { id, published, created_at, updated_at, ...definition } = (
      await server.request('GET', `/v1/products/${list.body.data[0].id}`, { key: null, secret: OWNER_KEY })
    ).body;
    // Every id a seller gives is a UUID (spec 2.1): a copy gets new ones throughout.
    const ids = new Map<string, string>();
    const renew = (id: string) => ids.get(id) ?? (ids.set(id, randomUUID()).get(id) as string);
    const fresh = {
      ...definition,
      slug: 'brand-new-trip',
      options: definition.options.map((o: any) => ({
        ...o,
        id: renew(o.id),
        units: o.units.map((u: any) => ({ ...u, id: renew(u.id) })),
        pricing: {
          tiers: o.pricing.tiers.map((t: any) => ({
            ...t,
            unit_prices: Object.fromEntries(Object.entries(t.unit_prices).map(([k, v]) => [renew(k), v])),
            age_prices: undefined,
          })),
        },
        room_types: o.room_types.map((r: any) => ({ ...r, id: renew(r.id) })),
      })),
      extras: [],
    };
    const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: fresh });
    expect(created.status, created.text).to.equal(201);
    expect(created.body.published).to.equal(false);
    expect((await server.request('GET', '/v1/public/products/brand-new-trip')).status).to.equal(404);

    const renamed = { ...fresh, content: { ...fresh.content, en: { ...fresh.content.en, title: 'A brand new trip' } } };
    const updated = await server.request('PUT', `/v1/products/${created.body.id}`, { key: null, secret: OWNER_KEY, body: renamed });
    expect(updated.status).to.equal(200);
    expect(updated.body.content.en.title).to.equal('A brand new trip');

    const publish = await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY });
    expect(publish.status).to.equal(200);
    expect(publish.body.published).to.equal(true);
    const shown = await server.request('GET', '/v1/public/products/brand-new-trip');
    expect(shown.status).to.equal(200);
    expect(shown.body.title).to.equal('A brand new trip');
  });

  it('refuses ids that are not UUIDs', async () => {
    const list = await server.request('GET', '/v1/products?limit=1', { key: null, secret: OWNER_KEY });
    const { id, published, created_at, updated_at, ...definition } = (
      await server.request('GET', `/v1/products/${list.body.data[0].id}`, { key: null, secret: OWNER_KEY })
    ).body;
    const answer = await server.request('POST', '/v1/products', {
      key: null,
      secret: OWNER_KEY,
      body: { ...definition, slug: 'bad-ids', options: definition.options.map((o: any) => ({ ...o, id: 'option-1' })) },
    });
    expect(answer.status).to.equal(422);
    expect(answer.body.problems.some((p: any) => p.field === 'options[0].id')).to.equal(true);
  });

  it("refuses a copy that reuses another product's ids or slug", async () => {
    const list = await server.request('GET', '/v1/products?limit=1', { key: null, secret: OWNER_KEY });
    const { id, published, created_at, updated_at, ...definition } = (
      await server.request('GET', `/v1/products/${list.body.data[0].id}`, { key: null, secret: OWNER_KEY })
    ).body;
    const copy = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: definition });
    expect(copy.status).to.equal(422);
    const reasons = copy.body.problems.map((p: any) => p.reason);
    expect(reasons).to.include('slug_taken');
    expect(reasons).to.include('id_taken');
    expect(copy.body.problems.find((p: any) => p.reason === 'id_taken').field).to.equal('options[0].id');
  });

  it('refuses an invalid product with 422 problems and an unknown one with 404', async () => {
    const bad = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: { slug: 'x' } });
    expect(bad.status).to.equal(422);
    expect(bad.body.problems.length).to.be.greaterThan(0);
    const missing = await server.request('POST', '/v1/products/00000000-0000-0000-0000-000000000000/publish', { key: null, secret: OWNER_KEY });
    expect(missing.status).to.equal(404);
    expect(missing.body.entity).to.equal('product');
  });
});

describe('HTTP: free-text search of the trip list (q)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('finds trips by title, city or category words, best matches first, and forgives a typo', async () => {
    const exact = await server.request('GET', '/v1/public/products?q=flamenco');
    expect(exact.body.total).to.be.greaterThan(0);
    expect(exact.body.data[0].title.toLowerCase()).to.include('flamenco');
    const typo = await server.request('GET', '/v1/public/products?q=flamneco');
    expect(typo.body.data.map((c: any) => c.id)).to.include(exact.body.data[0].id);
    const city = await server.request('GET', '/v1/public/products?q=porto');
    expect(city.body.total).to.be.greaterThan(0);
    expect(city.body.data.every((c: any) => c.city.slug === 'porto' || /porto/i.test(c.title + c.summary))).to.equal(true);
    const nothing = await server.request('GET', '/v1/public/products?q=zzzzqqq');
    expect(nothing.body).to.deep.include({ data: [], total: 0, next_cursor: null });
    const punctuation = await server.request('GET', '/v1/public/products?q=((((');
    expect(punctuation.body.total).to.equal(0);
  });

  it('finds Japanese text inside words, in the asked language', async () => {
    const sushi = await server.request('GET', `/v1/public/products?locale=ja&q=${encodeURIComponent('寿司')}`, { key: MARKET_KEY });
    expect(sushi.body.total).to.equal(1);
    expect(sushi.body.data[0].content_locale).to.equal('ja');
    expect(sushi.body.data[0].title).to.include('寿司');
  });
});

describe('HTTP: the marketplace home rail (home=true)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('puts the featured trips first in staff order, takes turns across sellers within the first 12, and leaves out only the trips hidden from the home', async () => {
    const plain = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
    const home = await server.request('GET', '/v1/public/products?limit=100&home=true', { key: MARKET_KEY });
    const hidden = plain.body.data.filter((c: any) => HOME_HIDDEN.includes(c.slug)).map((c: any) => c.id);
    expect(hidden).to.have.length(HOME_HIDDEN.length);
    expect(home.body.total).to.equal(plain.body.total - hidden.length);
    expect(home.body.data.map((c: any) => c.id)).to.have.members(plain.body.data.map((c: any) => c.id).filter((id: string) => !hidden.includes(id)));
    // The demo features one trip of each seller.
    expect(home.body.data.slice(0, HOME_FEATURED.length).map((c: any) => c.slug)).to.deep.equal(HOME_FEATURED);
    // Four sellers: every run of four in the first twelve has each of them once.
    const first = home.body.data.slice(0, 12).map((c: any) => c.seller.slug);
    for (const round of [first.slice(0, 4), first.slice(4, 8), first.slice(8, 12)]) expect(new Set(round).size).to.equal(4);
  });
});
