import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, READONLY_KEY, TestServer, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { RENAMED_TRIP } from '../../../infra/seed/demo-content';

const OPERATOR_KEY = 'tp_sk_demo_market';
const seo = { meta_title: null, meta_description: null, canonical_url: null, noindex: false };

/** The content endpoints of the seller interface, and what the website keys then read. */
describe('HTTP: site content through the seller interface (content:read, content:write)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let direct: string;
  let market: string;
  const as = (secret: string) => ({
    get: (url: string) => server.request('GET', url, { key: null, secret }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
    put: (url: string, body: unknown) => server.request('PUT', url, { key: null, secret, body }),
    delete: (url: string) => server.request('DELETE', url, { key: null, secret }),
  });
  const owner = () => as(OWNER_KEY);
  const operator = () => as(OPERATOR_KEY);
  const site = (key = DIRECT_KEY) => ({ get: (url: string) => server.request('GET', url, { key }) });
  /** A published trip of the site's list, by slug. */
  async function tripOf(slug: string, key = DIRECT_KEY): Promise<{ id: string; slug: string }> {
    const list = await server.request('GET', '/v1/public/products?limit=100', { key });
    const card = list.body.data.find((c: any) => c.slug === slug);
    expect(card, slug).to.not.equal(undefined);
    return card;
  }
  const page = (slug: string, sections: unknown[] = [], extra: Record<string, unknown> = {}) => ({
    slug,
    content: { en: { title: `Page ${slug}`, sections, seo }, ...extra },
  });

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    direct = schemas.expectAnswer('sellerListStorefronts', await owner().get('/v1/storefronts')).data[0].id;
    market = schemas.expectAnswer('sellerListStorefronts', await operator().get('/v1/storefronts')).data[0].id;
  });
  after(() => server.close());

  describe('who may', () => {
    it("lists the storefronts whose content the key's seller runs", async () => {
      const mine = schemas.expectAnswer('sellerListStorefronts', await owner().get('/v1/storefronts'));
      expect(mine.data).to.deep.equal([{ id: direct, kind: 'direct', name: 'Atlas Trails', languages: ['en', 'es'], default_language: 'en' }]);
      const operated = schemas.expectAnswer('sellerListStorefronts', await operator().get('/v1/storefronts'));
      expect(operated.data.map((s: any) => [s.kind, s.name])).to.deep.equal([['marketplace', 'TripMarket']]);
    });

    it('answers 401 without a secret key, 403 missing_permission without the content permission, 403 no_operator on a site the seller does not run', async () => {
      schemas.expectProblem(await server.request('GET', `/v1/storefronts/${direct}/pages`, { key: null }), 401, 'Unauthenticated');
      const read = schemas.expectProblem(await as(READONLY_KEY).get(`/v1/storefronts/${direct}/pages`), 403, 'NotPermitted');
      expect(read).to.deep.include({ permission: 'content:read', reason: 'missing_permission' });
      const write = schemas.expectProblem(await as(READONLY_KEY).post(`/v1/storefronts/${direct}/pages`, page('x')), 403, 'NotPermitted');
      expect(write).to.deep.include({ permission: 'content:write', reason: 'missing_permission' });
      const notMine = schemas.expectProblem(await owner().get(`/v1/storefronts/${market}/pages`), 403, 'NotPermitted');
      expect(notMine).to.deep.include({ permission: 'content:read', reason: 'no_operator' });
      const notMineEither = schemas.expectProblem(await operator().put(`/v1/storefronts/${direct}/menus/header`, { items: [] }), 403, 'NotPermitted');
      expect(notMineEither).to.deep.include({ permission: 'content:write', reason: 'no_operator' });
      const unknown = schemas.expectProblem(await owner().get('/v1/storefronts/0f8fad5b-d9cb-469f-a165-70867728950e/pages'), 404, 'NotFound');
      expect(unknown.entity).to.equal('storefront');
      schemas.expectProblem(await as(READONLY_KEY).get('/v1/storefronts'), 403, 'NotPermitted');
    });
  });

  describe('pages', () => {
    it('creates a page unpublished, publishes it, unpublishes and deletes it, as the site then shows', async () => {
      const sintra = await tripOf('sintra-palaces-day-trip');
      const body = page('help/getting-here', [
        { type: 'hero', title: 'Getting here', subtitle: null, image: null },
        { type: 'trips', heading: 'From Lisbon', trip_ids: [sintra.id] },
        { type: 'cta', label: 'Ask us', href: 'https://www.atlastrails.example/contact' },
      ]);
      const created = schemas.expectAnswer('sellerCreatePage', await owner().post(`/v1/storefronts/${direct}/pages`, body));
      expect(created).to.deep.include({ storefront_id: direct, published: false, path: '/help/getting-here', slug: 'help/getting-here' });
      expect(created.content).to.deep.equal(body.content);
      const url = `/v1/storefronts/${direct}/pages/${created.id}`;
      schemas.expectProblem(await site().get('/v1/public/page?slug=help/getting-here'), 404, 'NotFound');
      expect(schemas.expectAnswer('sellerGetPage', await owner().get(url)).id).to.equal(created.id);

      expect(schemas.expectAnswer('sellerPublishPage', await owner().post(`${url}/publish`)).published).to.equal(true);
      const shown = schemas.expectAnswer('getPage', await site().get('/v1/public/page?slug=help/getting-here'));
      expect(shown.sections[1].trips.map((c: any) => c.id)).to.deep.equal([sintra.id]);
      expect(shown.sections[2]).to.deep.equal({ type: 'cta', label: 'Ask us', href: 'https://www.atlastrails.example/contact' });
      const listed = schemas.expectAnswer('sellerListPages', await owner().get(`/v1/storefronts/${direct}/pages`));
      expect(listed.data.map((p: any) => p.slug)).to.include.members(['help/getting-here', 'summer-offers', 'thank-you']);

      expect(schemas.expectAnswer('sellerUnpublishPage', await owner().post(`${url}/unpublish`)).published).to.equal(false);
      schemas.expectProblem(await site().get('/v1/public/page?slug=help/getting-here'), 404, 'NotFound');
      expect(schemas.expectAnswer('sellerDeletePage', await owner().delete(url))).to.deep.equal({ id: created.id, deleted: true });
      expect(schemas.expectProblem(await owner().get(url), 404, 'NotFound').entity).to.equal('page');
      schemas.expectProblem(await owner().delete(url), 404, 'NotFound');
      schemas.expectAnswer('sellerCreatePage', await owner().post(`/v1/storefronts/${direct}/pages`, body));
    });

    it('refuses what the site cannot show, naming the field', async () => {
      const sakura = await tripOf('kyoto-fushimi-inari-hike', MARKET_KEY);
      const cases: [unknown, string, string][] = [
        [page('about'), 'slug', 'slug_taken'],
        [page('x', [], { de: { title: 'x', sections: [], seo } }), 'content.de', 'not_a_language'],
        [{ slug: 'x', content: { es: { title: 'x', sections: [], seo } } }, 'content', 'default_locale_missing'],
        [page('x', [{ type: 'trips', heading: 'x', trip_ids: [sakura.id] }]), 'content.en.sections[0].trip_ids[0]', 'unknown_trip'],
        [page('x', [{ type: 'carousel' }]), 'content.en.sections[0].type', 'invalid_value'],
        [page('x', [{ type: 'hero', subtitle: null, image: null }]), 'content.en.sections[0].title', 'required'],
        [page('x', [{ type: 'text', body: 'x', heading: 'y' }]), 'content.en.sections[0].heading', 'unknown_field'],
        [page('x', [{ type: 'cta', label: 'x', href: 'javascript:alert(1)' }]), 'content.en.sections[0].href', 'invalid_value'],
        [page('x', [{ type: 'cta', label: 'x', href: '//evil.example/phish' }]), 'content.en.sections[0].href', 'invalid_value'],
        [
          page('x', [{ type: 'hero', title: 'x', subtitle: null, image: { url: 'javascript:alert(1)', alt: '' } }]),
          'content.en.sections[0].image.url',
          'invalid_value',
        ],
        [page('x', [{ type: 'photo', photo: { url: 'data:text/html,x', alt: '' }, caption: null }]), 'content.en.sections[0].photo.url', 'invalid_value'],
        [page('Bad Slug'), 'slug', 'invalid_value'],
        [page('/about'), 'slug', 'invalid_value'],
      ];
      for (const [body, field, reason] of cases) {
        const problem = schemas.expectProblem(await owner().post(`/v1/storefronts/${direct}/pages`, body), 422, 'InvalidInput');
        expect(problem.problems.find((p: any) => p.field === field)?.reason, `${field} in ${JSON.stringify(problem.problems)}`).to.equal(reason);
      }
      const section = schemas.expectProblem(await owner().post(`/v1/storefronts/${direct}/pages`, page('x', [{ type: 'carousel' }])), 422, 'InvalidInput');
      expect(section.problems[0].details).to.deep.include({ allowed: ['hero', 'text', 'trips', 'photo', 'faq', 'cta'], given: 'carousel' });
      schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/pages/0f8fad5b-d9cb-469f-a165-70867728950e`, page('y')), 404, 'NotFound');
      schemas.expectProblem(await owner().get(`/v1/storefronts/not-a-uuid/pages`), 422, 'InvalidInput');
    });

    it('redirects the old path of a renamed page to its latest slug, until another page takes the old one', async () => {
      const created = schemas.expectAnswer('sellerCreatePage', await owner().post(`/v1/storefronts/${direct}/pages`, page('our-guides')));
      const url = `/v1/storefronts/${direct}/pages/${created.id}`;
      await owner().post(`${url}/publish`);
      schemas.expectAnswer('sellerReplacePage', await owner().put(url, page('team')));
      const renamed = schemas.expectAnswer('sellerReplacePage', await owner().put(url, page('team/guides')));
      expect(renamed).to.deep.include({ slug: 'team/guides', path: '/team/guides', published: true });
      for (const old of ['/our-guides', '/team']) {
        const moved = schemas.expectAnswer('getRedirect', await site().get(`/v1/public/redirect?path=${old}`));
        expect(moved, old).to.deep.include({ location: '/team/guides', entity: 'page', id: created.id });
      }
      schemas.expectProblem(await site().get('/v1/public/redirect?path=/team/guides'), 404, 'NotFound');
      const takeover = schemas.expectAnswer('sellerCreatePage', await owner().post(`/v1/storefronts/${direct}/pages`, page('our-guides')));
      expect(schemas.expectAnswer('getRedirect', await site().get('/v1/public/redirect?path=/our-guides')).location).to.equal('/team/guides');
      await owner().post(`/v1/storefronts/${direct}/pages/${takeover.id}/publish`);
      schemas.expectProblem(await site().get('/v1/public/redirect?path=/our-guides'), 404, 'NotFound');
      await owner().post(`${url}/unpublish`);
      schemas.expectProblem(await site().get('/v1/public/redirect?path=/team'), 404, 'NotFound');
    });
  });

  describe('trips renamed and paths', () => {
    it('redirects the old path of a trip renamed through the products endpoint, on both storefronts, following the site paths', async () => {
      const walk = await tripOf('lisbon-alfama-walking-tour');
      const product = (await owner().get(`/v1/products/${walk.id}`)).body;
      const { id: _id, published: _published, created_at: _created, updated_at: _updated, ...definition } = product;
      expect((await owner().put(`/v1/products/${walk.id}`, { ...definition, slug: 'alfama-walk' })).status).to.equal(200);
      const moved = schemas.expectAnswer('getRedirect', await site().get('/v1/public/redirect?path=/trips/lisbon-alfama-walking-tour'));
      expect(moved).to.deep.include({ location: '/trips/alfama-walk', status: 301, entity: 'trip', id: walk.id });
      const marketMoved = schemas.expectAnswer(
        'getRedirect',
        await site(MARKET_KEY).get('/v1/public/redirect?path=/trips/atlas-trails/lisbon-alfama-walking-tour'),
      );
      expect(marketMoved.location).to.equal('/trips/atlas-trails/alfama-walk');

      const paths = schemas.expectAnswer(
        'sellerSetPaths',
        await owner().put(`/v1/storefronts/${direct}/paths`, { trip: '/tours/{slug}.html', page: '/info/{slug}' }),
      );
      expect(paths).to.deep.equal({ trip: '/tours/{slug}.html', page: '/info/{slug}' });
      expect(schemas.expectAnswer('sellerGetPaths', await owner().get(`/v1/storefronts/${direct}/paths`))).to.deep.equal(paths);
      const html = schemas.expectAnswer('getRedirect', await site().get(`/v1/public/redirect?path=/tours/${RENAMED_TRIP.from}.html`));
      expect(html.location).to.equal(`/tours/${RENAMED_TRIP.to}.html`);
      expect(schemas.expectAnswer('getRedirect', await site().get('/v1/public/redirect?path=/info/about-us')).location).to.equal('/info/about');
      // The paths of the patterns before moved too: a live trip's and page's, and a renamed trip's old one.
      for (const [before, after] of [
        ['/trips/alfama-walk', '/tours/alfama-walk.html'],
        ['/trips/lisbon-alfama-walking-tour', '/tours/alfama-walk.html'],
        ['/about', '/info/about'],
        ['/about-us/', '/info/about'],
      ]) {
        expect(schemas.expectAnswer('getRedirect', await site().get(`/v1/public/redirect?path=${before}`)).location, before).to.equal(after);
      }
      for (const live of ['/tours/alfama-walk.html', '/info/about', '/trips/nowhere']) {
        expect(schemas.expectProblem(await site().get(`/v1/public/redirect?path=${live}`), 404, 'NotFound').entity, live).to.equal('redirect');
      }
      const menus = schemas.expectAnswer('listMenus', await site().get('/v1/public/menus'));
      expect(menus[0].items[0].children[0].href).to.equal(`/tours/${RENAMED_TRIP.to}.html`);
      expect(menus[0].items[1].href).to.equal('/info/about');
      expect(schemas.expectAnswer('getPage', await site().get('/v1/public/page?slug=about')).seo.canonical_url).to.equal('/info/about');
      const bad = schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/paths`, { trip: '/tours/{id}', page: '/{slug}' }), 422, 'InvalidInput');
      expect(bad.problems.map((p: any) => [p.field, p.reason])).to.deep.equal([
        ['trip', 'slug_placeholder'],
        ['trip', 'unknown_placeholder'],
      ]);
      await owner().put(`/v1/storefronts/${direct}/paths`, { trip: '/trips/{slug}', page: '/{slug}' });
      expect(schemas.expectAnswer('getRedirect', await site().get('/v1/public/redirect?path=/tours/alfama-walk.html')).location).to.equal('/trips/alfama-walk');
      schemas.expectProblem(await site().get('/v1/public/redirect?path=/trips/alfama-walk'), 404, 'NotFound');
    });

    it('leaves an unpublished trip out of menus, trips sections and redirects', async () => {
      const sintra = await tripOf('sintra-palaces-day-trip');
      expect((await owner().post(`/v1/products/${sintra.id}/unpublish`)).status).to.equal(200);
      const menus = schemas.expectAnswer('listMenus', await site().get('/v1/public/menus'));
      expect(menus[0].items[0].children.map((c: any) => c.href)).to.deep.equal([`/trips/${RENAMED_TRIP.to}`]);
      const home = schemas.expectAnswer('getPage', await site().get('/v1/public/page?slug=home'));
      expect(home.sections.find((s: any) => s.type === 'trips').trips.map((c: any) => c.id)).not.to.include(sintra.id);
      const marketHome = schemas.expectAnswer('getPage', await site(MARKET_KEY).get('/v1/public/page?slug=home'));
      expect(marketHome.sections.find((s: any) => s.type === 'trips').trips.map((c: any) => c.seller.slug)).to.deep.equal(['sakura-journeys', 'muscat-dunes']);
      const sunset = (await owner().get(`/v1/products?limit=100`)).body.data.find((p: any) => p.slug === RENAMED_TRIP.to);
      await owner().post(`/v1/products/${sunset.id}/unpublish`);
      schemas.expectProblem(await site().get(`/v1/public/redirect?path=/trips/${RENAMED_TRIP.from}`), 404, 'NotFound');
      await owner().post(`/v1/products/${sunset.id}/publish`);
      await owner().post(`/v1/products/${sintra.id}/publish`);
      expect(schemas.expectAnswer('getRedirect', await site().get(`/v1/public/redirect?path=/trips/${RENAMED_TRIP.from}`)).id).to.equal(sunset.id);
    });
  });

  describe('menus', () => {
    it('sets a menu whose entries show once their page is published', async () => {
      const draft = schemas.expectAnswer('sellerCreatePage', await owner().post(`/v1/storefronts/${direct}/pages`, page('gift-cards')));
      const items = [
        { label: { en: 'Gift cards', es: 'Tarjetas regalo' }, link: { page: draft.id }, children: [] },
        { label: { en: 'Blog' }, link: { href: '/blog' }, children: [{ label: { en: 'Porto' }, link: { href: '/blog/porto' } }] },
      ];
      const set = schemas.expectAnswer('sellerSetMenu', await owner().put(`/v1/storefronts/${direct}/menus/footer`, { items }));
      expect(set).to.deep.equal({ location: 'footer', items });
      const before = schemas.expectAnswer('listMenus', await site().get('/v1/public/menus?locale=es'));
      expect(before[1].items).to.deep.equal([{ label: 'Blog', href: '/blog', children: [{ label: 'Porto', href: '/blog/porto' }] }]);
      await owner().post(`/v1/storefronts/${direct}/pages/${draft.id}/publish`);
      const after = schemas.expectAnswer('listMenus', await site().get('/v1/public/menus?locale=es'));
      expect(after[1].items[0]).to.deep.equal({ label: 'Tarjetas regalo', href: '/gift-cards', children: [] });
      const defined = schemas.expectAnswer('sellerListMenus', await owner().get(`/v1/storefronts/${direct}/menus`));
      expect(defined.map((m: any) => m.location)).to.deep.equal(['header', 'footer']);
      expect(defined[1].items).to.deep.equal(items);
    });

    it('refuses an unknown location, a link to nothing or two things, and a page the site does not have', async () => {
      const sidebar = schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/menus/sidebar`, { items: [] }), 422, 'InvalidInput');
      expect(sidebar.problems[0]).to.deep.include({ field: 'location', details: { param: 'location', allowed: ['header', 'footer'], given: 'sidebar' } });
      const cases: [unknown, string, string][] = [
        [{ label: { en: 'x' }, link: {}, children: [] }, 'items[0].link', 'invalid_value'],
        [{ label: { en: 'x' }, link: { href: '/a', page: '0f8fad5b-d9cb-469f-a165-70867728950e' }, children: [] }, 'items[0].link', 'invalid_value'],
        [{ label: { en: 'x' }, link: { page: '0f8fad5b-d9cb-469f-a165-70867728950e' }, children: [] }, 'items[0].link.page', 'unknown_page'],
        [{ label: { fr: 'x' }, link: { href: '/a' }, children: [] }, 'items[0].label.fr', 'not_a_language'],
      ];
      for (const [item, field, reason] of cases) {
        const problem = schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/menus/header`, { items: [item] }), 422, 'InvalidInput');
        expect(problem.problems.find((p: any) => p.field === field)?.reason, `${field} in ${JSON.stringify(problem.problems)}`).to.equal(reason);
      }
    });
  });

  describe('collections and home placement', () => {
    it('sets the collections in staff order, which the marketplace then lists and answers', async () => {
      const trips = await Promise.all(
        ['muscat-dolphin-watching', 'tokyo-sushi-making-class', 'madrid-prado-guided-entry'].map((slug) => tripOf(slug, MARKET_KEY)),
      );
      const collections = [
        { slug: 'museums-and-sea', name: { en: 'Museums and sea', de: 'Museen und Meer' }, trip_ids: trips.map((t) => t.id) },
        { slug: 'food-lovers', name: { en: 'Food lovers' }, trip_ids: [trips[1]!.id] },
      ];
      const set = schemas.expectAnswer('sellerSetCollections', await operator().put(`/v1/storefronts/${market}/collections`, { collections }));
      expect(set).to.deep.equal({ collections });
      expect(schemas.expectAnswer('sellerGetCollections', await operator().get(`/v1/storefronts/${market}/collections`))).to.deep.equal({ collections });
      const listed = schemas.expectAnswer('listCollections', await site(MARKET_KEY).get('/v1/public/collections?locale=de'));
      expect(listed.data.map((c: any) => [c.slug, c.name, c.trip_count])).to.deep.equal([
        ['museums-and-sea', 'Museen und Meer', 3],
        ['food-lovers', 'Food lovers', 1],
      ]);
      const list = schemas.expectAnswer('listProducts', await site(MARKET_KEY).get('/v1/public/products?collection=museums-and-sea'));
      expect(list.data.map((c: any) => c.id)).to.deep.equal(trips.map((t) => t.id));
      schemas.expectAnswer('listProducts', await site(MARKET_KEY).get('/v1/public/products?collection=desert-and-sea'));
      expect((await site(MARKET_KEY).get('/v1/public/products?collection=desert-and-sea')).body.total).to.equal(0);
    });

    it('sets the home placement: featured first in staff order, hidden left out, rails', async () => {
      const [first, second, hidden] = await Promise.all(
        ['nizwa-fort-entry-ticket', 'madrid-tapas-evening-walk', 'kyoto-fushimi-inari-hike'].map((slug) => tripOf(slug, MARKET_KEY)),
      );
      const placement = { featured: [first!.id, second!.id], hidden: [hidden!.id], rails: 0 };
      expect(schemas.expectAnswer('sellerSetHome', await operator().put(`/v1/storefronts/${market}/home`, placement))).to.deep.equal(placement);
      expect(schemas.expectAnswer('sellerGetHome', await operator().get(`/v1/storefronts/${market}/home`))).to.deep.equal(placement);
      const home = schemas.expectAnswer('listProducts', await site(MARKET_KEY).get('/v1/public/products?home=true&limit=100'));
      expect(home.data.slice(0, 2).map((c: any) => c.id)).to.deep.equal([first!.id, second!.id]);
      expect(home.data.map((c: any) => c.id)).not.to.include(hidden!.id);
      const plain = await site(MARKET_KEY).get('/v1/public/products?limit=100');
      expect(home.total).to.equal(plain.body.total - 1);
      expect(schemas.expectAnswer('listCollections', await site(MARKET_KEY).get('/v1/public/collections')).home_rails).to.equal(0);
    });

    it('refuses a trip featured and hidden, a trip the marketplace cannot sell, and collections or home on a direct storefront', async () => {
      const trip = await tripOf('nizwa-fort-entry-ticket', MARKET_KEY);
      const both = schemas.expectProblem(
        await operator().put(`/v1/storefronts/${market}/home`, { featured: [trip.id], hidden: [trip.id], rails: 3 }),
        422,
        'InvalidInput',
      );
      expect(both.problems[0]).to.deep.include({ field: 'hidden[0]', reason: 'featured_and_hidden' });
      const ownOnly = (await owner().get('/v1/products?limit=100')).body.data.find((p: any) => !p.network && p.published);
      const unknown = schemas.expectProblem(
        await operator().put(`/v1/storefronts/${market}/collections`, { collections: [{ slug: 'x', name: { en: 'X' }, trip_ids: [ownOnly.id] }] }),
        422,
        'InvalidInput',
      );
      expect(unknown.problems[0]).to.deep.include({ field: 'collections[0].trip_ids[0]', reason: 'unknown_trip' });
      const rails = schemas.expectProblem(await operator().put(`/v1/storefronts/${market}/home`, { featured: [], hidden: [], rails: 21 }), 422, 'InvalidInput');
      expect(rails.problems[0]).to.deep.include({ field: 'rails', reason: 'invalid_value' });
      const notMarket = schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/collections`, { collections: [] }), 409, 'Conflict');
      expect(notMarket.reason).to.equal('not_a_marketplace');
      schemas.expectProblem(await owner().put(`/v1/storefronts/${direct}/home`, { featured: [], hidden: [], rails: 3 }), 409, 'Conflict');
    });
  });
});
