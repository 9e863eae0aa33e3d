import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, TestServer, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { HOME_FEATURED, HOME_HIDDEN, RENAMED_PAGE, RENAMED_TRIP } from '../../../infra/seed/demo-content';

/** Site content as the demo seeds it (infra/seed/demo-content.ts), read with the website keys. */
describe('HTTP: site content (pages, menus, redirects, collections)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  const get = (url: string, key = DIRECT_KEY) => server.request('GET', url, { key });

  before(async () => {
    server = await startTestServer();
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  describe('pages', () => {
    it('lists the published pages with their paths and languages, leaving out noindex and unpublished ones', async () => {
      const direct = schemas.expectAnswer('listPages', await get('/v1/public/pages'));
      expect(direct.data.map((p: any) => p.slug)).to.deep.equal(['about', 'help/cancellations', 'home']);
      expect(direct.data[0]).to.deep.include({ slug: 'about', path: '/about', locales: ['en', 'es'] });
      expect(direct.data[2]).to.deep.include({ slug: 'home', path: '/' });
      const market = schemas.expectAnswer('listPages', await get('/v1/public/pages', MARKET_KEY));
      expect(market.data.map((p: any) => [p.slug, p.locales])).to.deep.equal([
        ['about', ['de', 'en']],
        ['home', ['de', 'en']],
      ]);
    });

    it('answers a page in the asked language, with its FAQ, SEO and path', async () => {
      const about = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=about&locale=es'));
      expect(about).to.deep.include({ slug: 'about', path: '/about', locale: 'es', locales: ['en', 'es'], title: 'Sobre Atlas Trails' });
      expect(about.sections.map((s: any) => s.type)).to.deep.equal(['text', 'photo', 'faq']);
      expect(about.sections[1]).to.deep.equal({
        type: 'photo',
        photo: { url: 'https://images.example/atlas/team.jpg', alt: 'Nuestros guías frente a la catedral de Lisboa' },
        caption: 'El equipo, primavera de 2025',
      });
      expect(about.sections[2].questions[0]).to.deep.equal({
        question: '¿De cuántas personas son los grupos?',
        answer: 'Como mucho 12 viajeros, a menudo menos.',
      });
      expect(about.seo).to.deep.equal({ meta_title: 'Sobre Atlas Trails', meta_description: null, canonical_url: '/about', noindex: false });
      const german = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=about&locale=de', MARKET_KEY));
      expect(german.locale).to.equal('de');
      expect(german.sections.find((s: any) => s.type === 'faq').questions[0].question).to.equal('Wer führt meine Reise durch?');
    });

    it("falls back to the storefront's default language when the page is not published in the asked one", async () => {
      const help = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=help/cancellations&locale=es'));
      expect(help).to.deep.include({ slug: 'help/cancellations', path: '/help/cancellations', locale: 'en', locales: ['en'], title: 'Cancellations' });
      const japanese = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=about&locale=ja', MARKET_KEY));
      expect(japanese).to.deep.include({ locale: 'en', title: 'About TripMarket' });
      expect((await get('/v1/public/page?slug=about')).body.locale).to.equal('en');
    });

    it('serves a noindex page, marked so', async () => {
      const thanks = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=thank-you&locale=es'));
      expect(thanks.seo.noindex).to.equal(true);
      const confirmed = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=booking/confirmed', MARKET_KEY));
      expect(confirmed.seo).to.include({ noindex: true, canonical_url: '/booking/confirmed' });
    });

    it("gives a trips section the site's published trips as cards, in the seller's order", async () => {
      const home = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=home&locale=es'));
      expect(home).to.deep.include({ path: '/', locale: 'es' });
      const trips = home.sections.find((s: any) => s.type === 'trips');
      expect(trips.heading).to.equal('Nuestras excursiones favoritas');
      // porto-six-bridges-cruise is a draft: left out.
      expect(trips.trips.map((c: any) => c.slug)).to.deep.equal(['lisbon-alfama-walking-tour', 'sintra-palaces-day-trip', RENAMED_TRIP.to]);
      const list = await get('/v1/public/products?limit=100&locale=es');
      const card = list.body.data.find((c: any) => c.slug === 'sintra-palaces-day-trip');
      expect(trips.trips[1]).to.deep.equal(card);
      const market = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=home', MARKET_KEY));
      const marketTrips = market.sections.find((s: any) => s.type === 'trips').trips;
      expect(marketTrips.map((c: any) => c.seller.slug)).to.deep.equal(['sakura-journeys', 'muscat-dunes', 'atlas-trails']);
      expect(market.sections.map((s: any) => s.type)).to.deep.equal(['hero', 'trips', 'cta']);
      expect(market.sections[0].image).to.deep.equal({ url: 'https://images.example/tripmarket/home.jpg', alt: 'Book trips from the people who run them' });
      expect(market.sections[2]).to.deep.equal({ type: 'cta', label: 'Browse every trip', href: '/trips' });
      // The marketplace's home is not in Japanese: it falls back, but a trip published in Japanese still comes in it.
      const inJapanese = schemas.expectAnswer('getPage', await get('/v1/public/page?slug=home&locale=ja', MARKET_KEY));
      expect(inJapanese.locale).to.not.equal('ja');
      const kyoto = inJapanese.sections.find((s: any) => s.type === 'trips').trips.find((c: any) => c.seller.slug === 'sakura-journeys');
      const listed = (await get('/v1/public/products?limit=100&locale=ja', MARKET_KEY)).body.data.find((c: any) => c.slug === kyoto.slug);
      expect(listed.content_locale).to.equal('ja');
      expect(kyoto).to.deep.equal(listed);
    });

    it('answers 404 NotFound (entity page) for an unpublished page, an old slug or one that never was', async () => {
      for (const slug of ['summer-offers', RENAMED_PAGE.from, 'nowhere', 'help']) {
        const missing = schemas.expectProblem(await get(`/v1/public/page?slug=${slug}`), 404, 'NotFound');
        expect(missing.entity, slug).to.equal('page');
      }
      schemas.expectProblem(await get('/v1/public/page?slug=thank-you', MARKET_KEY), 404, 'NotFound');
    });

    it('answers a page by its slug in the path, slashes encoded, in the default language with its locales', async () => {
      const about = schemas.expectAnswer('getPageBySlug', await get('/v1/public/pages/about'));
      expect(about).to.deep.include({ slug: 'about', locale: 'en', locales: ['en', 'es'], title: 'About Atlas Trails' });
      const help = schemas.expectAnswer('getPageBySlug', await get('/v1/public/pages/help%2Fcancellations'));
      expect(schemas.expectAnswer('getPageBySlug', await get('/v1/public/pages/help/cancellations'))).to.deep.equal(help);
      expect(help).to.deep.include({ slug: 'help/cancellations', locales: ['en'] });
      expect(schemas.expectProblem(await get('/v1/public/pages/summer-offers'), 404, 'NotFound').entity).to.equal('page');
      schemas.expectProblem(await get('/v1/public/pages/about?locale=es'), 422, 'InvalidInput');
    });

    it('is a catalog read: a weak ETag, and 304 when nothing changed', async () => {
      const first = await get('/v1/public/page?slug=about');
      expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
      const etag = first.headers.get('etag') as string;
      expect(etag).to.match(/^W\//);
      const again = await server.request('GET', '/v1/public/page?slug=about', { headers: { 'If-None-Match': etag } });
      expect(again.status).to.equal(304);
    });
  });

  describe('menus', () => {
    it('answers the header and footer with labels in the asked language, leaving out entries to an unpublished page or trip', async () => {
      const menus = schemas.expectAnswer('listMenus', await get('/v1/public/menus?locale=es'));
      expect(menus.map((m: any) => m.location)).to.deep.equal(['header', 'footer']);
      expect(menus[0].items).to.deep.equal([
        {
          label: 'Excursiones',
          href: '/trips',
          children: [
            { label: 'Navegar al atardecer en Lisboa', href: `/trips/${RENAMED_TRIP.to}` },
            { label: 'Palacios de Sintra', href: '/trips/sintra-palaces-day-trip' },
          ],
        },
        { label: 'Quiénes somos', href: '/about', children: [{ label: 'Cancelaciones', href: '/help/cancellations' }] },
      ]);
      expect(menus[1].items.map((i: any) => [i.label, i.href])).to.deep.equal([
        ['Quiénes somos', '/about'],
        ['Cancelaciones', '/help/cancellations'],
        ['Condiciones', '/terms'],
        ['Privacidad', '/privacy'],
      ]);
    });

    it('falls back to the default language per label, and leaves out an unpublished trip on the marketplace', async () => {
      const menus = schemas.expectAnswer('listMenus', await get('/v1/public/menus?locale=ja', MARKET_KEY));
      expect(menus[0].items[0]).to.deep.equal({
        label: 'ツアー',
        href: '/trips',
        children: [
          { label: 'グルメ好きへ', href: '/collections/food-lovers' },
          { label: 'Desert and sea', href: '/collections/desert-and-sea' },
        ],
      });
      // The Shinjuku food tour is a draft.
      expect(menus[1].items.map((i: any) => i.href)).to.deep.equal(['/about', '/terms']);
      const english = schemas.expectAnswer('listMenus', await get('/v1/public/menus', MARKET_KEY));
      expect(english[0].items.map((i: any) => i.label)).to.deep.equal(['Trips', 'About']);
    });
  });

  describe('redirect', () => {
    it('answers where a renamed trip and a renamed page moved, on both storefronts', async () => {
      const trip = schemas.expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/trips/${RENAMED_TRIP.from}`));
      expect(trip).to.deep.include({ path: `/trips/${RENAMED_TRIP.from}`, location: `/trips/${RENAMED_TRIP.to}`, status: 301, entity: 'trip' });
      const page = schemas.expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/${RENAMED_PAGE.from}/`));
      expect(page).to.deep.include({ location: `/${RENAMED_PAGE.to}`, status: 301, entity: 'page' });
      const market = schemas.expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/trips/atlas-trails/${RENAMED_TRIP.from}`, MARKET_KEY));
      expect(market).to.deep.include({ location: `/trips/atlas-trails/${RENAMED_TRIP.to}`, entity: 'trip', id: trip.id });
      expect(schemas.expectAnswer('getRedirect', await get(`/v1/public/redirect?path=/${RENAMED_PAGE.from}`, MARKET_KEY)).location).to.equal('/about');
    });

    it('answers 404 NotFound (entity redirect) for a live path, one that never was, or another seller', async () => {
      for (const path of [`/trips/${RENAMED_TRIP.to}`, '/about', '/trips/nowhere', '/', '/help/cancellations']) {
        expect(schemas.expectProblem(await get(`/v1/public/redirect?path=${path}`), 404, 'NotFound').entity, path).to.equal('redirect');
      }
      schemas.expectProblem(await get(`/v1/public/redirect?path=/trips/sakura-journeys/${RENAMED_TRIP.from}`, MARKET_KEY), 404, 'NotFound');
      schemas.expectProblem(await get(`/v1/public/redirect?path=/trips/${RENAMED_TRIP.from}`, MARKET_KEY), 404, 'NotFound');
    });
  });

  describe('collections and home placement', () => {
    it("lists a marketplace's collections with published trips in staff order, named in the asked language", async () => {
      const english = schemas.expectAnswer('listCollections', await get('/v1/public/collections', MARKET_KEY));
      expect(english).to.deep.equal({
        data: [
          { slug: 'food-lovers', name: 'For food lovers', content_locale: 'en', trip_count: 5 },
          { slug: 'desert-and-sea', name: 'Desert and sea', content_locale: 'en', trip_count: 5 },
          { slug: 'walks-and-hikes', name: 'Walks and hikes', content_locale: 'en', trip_count: 4 },
        ],
        home_rails: 3,
      });
      const japanese = schemas.expectAnswer('listCollections', await get('/v1/public/collections?locale=ja', MARKET_KEY));
      expect(japanese.data.map((c: any) => [c.name, c.content_locale])).to.deep.equal([
        ['グルメ好きへ', 'ja'],
        ['Desert and sea', 'en'],
        ['散策とハイキング', 'ja'],
      ]);
    });

    it('has none on a direct storefront', async () => {
      expect(schemas.expectAnswer('listCollections', await get('/v1/public/collections'))).to.deep.equal({ data: [], home_rails: 0 });
      const list = schemas.expectAnswer('listProducts', await get('/v1/public/products?collection=food-lovers&facets=true'));
      expect(list).to.deep.include({ data: [], total: 0, next_cursor: null });
    });

    it('lists a collection in staff order, without trips no longer published, in place of the home rail', async () => {
      const food = schemas.expectAnswer('listProducts', await get('/v1/public/products?collection=food-lovers', MARKET_KEY));
      expect(food.data.map((c: any) => c.slug)).to.deep.equal([
        'tokyo-sushi-making-class',
        'lisbon-food-and-wine-tasting',
        'madrid-tapas-evening-walk',
        'marrakesh-cooking-class',
        'kyoto-machiya-tea-ceremony',
      ]);
      expect(food.total).to.equal(5);
      const anyCase = await get('/v1/public/products?collection=Food-Lovers', MARKET_KEY);
      expect(anyCase.body.data.map((c: any) => c.id)).to.deep.equal(food.data.map((c: any) => c.id));
      const walks = schemas.expectAnswer('listProducts', await get('/v1/public/products?collection=walks-and-hikes&home=true', MARKET_KEY));
      expect(walks.data.map((c: any) => c.slug)).to.deep.equal([
        'kumano-kodo-3-day-trek',
        'kyoto-fushimi-inari-hike',
        'camino-portugues-coastal-5-day',
        'lisbon-alfama-walking-tour',
      ]);
      const paged = await get('/v1/public/products?collection=walks-and-hikes&limit=3', MARKET_KEY);
      const rest = await get(`/v1/public/products?collection=walks-and-hikes&limit=3&cursor=${encodeURIComponent(paged.body.next_cursor)}`, MARKET_KEY);
      expect([...paged.body.data, ...rest.body.data].map((c: any) => c.slug)).to.deep.equal(walks.data.map((c: any) => c.slug));
      const filtered = await get('/v1/public/products?collection=walks-and-hikes&country=jp', MARKET_KEY);
      expect(filtered.body.data.map((c: any) => c.slug)).to.deep.equal(['kumano-kodo-3-day-trek', 'kyoto-fushimi-inari-hike']);
      const byPrice = await get('/v1/public/products?collection=food-lovers&sort=price', MARKET_KEY);
      expect(byPrice.body.data.map((c: any) => c.slug)).to.have.members(food.data.map((c: any) => c.slug));
    });

    it('answers an empty list for an unknown collection or one with no published trip', async () => {
      for (const slug of ['nope', 'coming-soon']) {
        const list = schemas.expectAnswer('listProducts', await get(`/v1/public/products?collection=${slug}&facets=true`, MARKET_KEY));
        expect(list, slug).to.deep.include({ data: [], total: 0 });
      }
    });

    it('leaves trips hidden from the home out of the home rail in any order, and puts the featured first only in the recommended one', async () => {
      const home = await get('/v1/public/products?home=true&limit=100', MARKET_KEY);
      expect(home.body.data.slice(0, HOME_FEATURED.length).map((c: any) => c.slug)).to.deep.equal(HOME_FEATURED);
      const byPrice = await get('/v1/public/products?home=true&sort=price&limit=100', MARKET_KEY);
      const plainByPrice = await get('/v1/public/products?sort=price&limit=100', MARKET_KEY);
      expect(byPrice.body.data.map((c: any) => c.slug)).to.deep.equal(
        plainByPrice.body.data.map((c: any) => c.slug).filter((slug: string) => !HOME_HIDDEN.includes(slug)),
      );
      const direct = await get('/v1/public/products?home=true&limit=100');
      const plainDirect = await get('/v1/public/products?limit=100');
      expect(direct.body.data.map((c: any) => c.id)).to.deep.equal(plainDirect.body.data.map((c: any) => c.id));
    });
  });

  describe('bad input', () => {
    it('names the field of a missing or malformed slug, locale or path', async () => {
      const cases: [string, string, string][] = [
        ['/v1/public/page', 'slug', 'required'],
        ['/v1/public/page?slug=About%20Us', 'slug', 'invalid_value'],
        ['/v1/public/page?slug=/about', 'slug', 'invalid_value'],
        ['/v1/public/page?slug=about&locale=EN', 'locale', 'invalid_value'],
        ['/v1/public/menus?locale=english', 'locale', 'invalid_value'],
        ['/v1/public/collections?locale=e', 'locale', 'invalid_value'],
        ['/v1/public/redirect', 'path', 'required'],
        ['/v1/public/redirect?path=trips/x', 'path', 'invalid_value'],
        ['/v1/public/redirect?path=/trips/x%3Fa=1', 'path', 'invalid_value'],
        ['/v1/public/pages?page=2', 'page', 'unknown_param'],
        ['/v1/public/pages/about_us', 'slug', 'invalid_value'],
      ];
      for (const [url, field, reason] of cases) {
        const problem = schemas.expectProblem(await get(url), 422, 'InvalidInput');
        expect(problem.problems.find((p: any) => p.field === field)?.reason, url).to.equal(reason);
      }
    });

    it('answers param_values with {param, allowed, given} for home', async () => {
      const problem = schemas.expectProblem(await get('/v1/public/products?home=yes', MARKET_KEY), 422, 'InvalidInput');
      expect(problem.problems[0]).to.deep.include({
        reason: 'param_values',
        field: 'home',
        details: { param: 'home', allowed: ['true', 'false'], given: 'yes' },
      });
      const empty = schemas.expectProblem(await get('/v1/public/products?collection=', MARKET_KEY), 422, 'InvalidInput');
      expect(empty.problems[0]).to.deep.include({ field: 'collection', reason: 'invalid_value' });
    });
  });
});
