import { expect } from 'chai';
import {
  CollectionDefinition,
  MenuItemDefinition,
  PageDefinition,
  SiteContentEvent,
  SiteFacts,
  defaultPaths,
  pageOfPath,
  pagePath,
  siteContentDecider,
  tripOfPath,
  tripPath,
} from '../../domain/site-content';
import { given } from './given-when-then';

const market: SiteFacts = { storefrontId: 'sf-market', kind: 'marketplace', languages: ['en', 'de'], defaultLanguage: 'en' };
const direct: SiteFacts = { storefrontId: 'sf-direct', kind: 'direct', languages: ['en', 'es'], defaultLanguage: 'en' };

const seo = { meta_title: null, meta_description: null, canonical_url: null, noindex: false };
const about = (overrides: Partial<PageDefinition> = {}): PageDefinition => ({
  slug: 'about',
  content: {
    en: { title: 'About', sections: [{ type: 'trips', heading: 'Ours', trip_ids: ['trip-1', 'trip-2'] }], seo },
    es: { title: 'Sobre', sections: [], seo },
  },
  ...overrides,
});

const created = (pageId: string, definition: PageDefinition, site: SiteFacts = direct): SiteContentEvent => ({
  type: 'PageCreated',
  data: { storefrontId: site.storefrontId, pageId, definition },
});
const create = (pageId: string, definition: PageDefinition, unknownTrips: string[] = [], site: SiteFacts = direct) =>
  ({ type: 'CreatePage', site, unknownTrips, pageId, definition }) as const;

describe('site content decider', () => {
  describe('pages', () => {
    it('creates a page unpublished, in the languages of the site', () => {
      given(siteContentDecider)
        .when(create('page-1', about()))
        .then([created('page-1', about())]);
    });

    it('refuses a slug another page of the site has, but not its own on a replace', () => {
      const past = [created('page-1', about())];
      given(siteContentDecider, past)
        .when(create('page-2', about()))
        .thenRefused('InvalidInput', { problems: [{ reason: 'slug_taken', field: 'slug', detail: 'another page of this site has this slug' }] });
      given(siteContentDecider, past)
        .when({ type: 'ReplacePage', site: direct, unknownTrips: [], pageId: 'page-1', definition: about() })
        .then([{ type: 'PageReplaced', data: { storefrontId: 'sf-direct', pageId: 'page-1', definition: about() } }]);
    });

    it('frees the slug of a deleted page', () => {
      given(siteContentDecider, [created('page-1', about()), { type: 'PageDeleted', data: { storefrontId: 'sf-direct', pageId: 'page-1' } }])
        .when(create('page-2', about()))
        .then([created('page-2', about())]);
    });

    it('names a language the site does not have, a missing default language and trips the site cannot sell', () => {
      const page = about({ content: { de: { title: 'Über', sections: [{ type: 'trips', heading: 'x', trip_ids: ['trip-1', 'gone'] }], seo } } });
      const refusal = given(siteContentDecider)
        .when(create('page-1', page, ['gone']))
        .thenRefused('InvalidInput');
      expect((refusal.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
        ['content.de', 'not_a_language'],
        ['content', 'default_locale_missing'],
        ['content.de.sections[0].trip_ids[1]', 'unknown_trip'],
      ]);
    });

    it('answers NotFound for a page the site does not have', () => {
      given(siteContentDecider).when({ type: 'PublishPage', site: direct, pageId: 'nope' }).thenRefused('NotFound', { entity: 'page' });
      given(siteContentDecider).when({ type: 'DeletePage', site: direct, pageId: 'nope' }).thenRefused('NotFound', { entity: 'page' });
      given(siteContentDecider)
        .when({ type: 'ReplacePage', site: direct, unknownTrips: [], pageId: 'nope', definition: about() })
        .thenRefused('NotFound', { entity: 'page' });
    });

    it('publishes once and unpublishes once', () => {
      const published: SiteContentEvent = { type: 'PagePublished', data: { storefrontId: 'sf-direct', pageId: 'page-1' } };
      given(siteContentDecider, [created('page-1', about())])
        .when({ type: 'PublishPage', site: direct, pageId: 'page-1' })
        .then([published]);
      given(siteContentDecider, [created('page-1', about()), published])
        .when({ type: 'PublishPage', site: direct, pageId: 'page-1' })
        .thenNothing();
      given(siteContentDecider, [created('page-1', about()), published])
        .when({ type: 'UnpublishPage', site: direct, pageId: 'page-1' })
        .then([{ type: 'PageUnpublished', data: { storefrontId: 'sf-direct', pageId: 'page-1' } }]);
      given(siteContentDecider, [created('page-1', about())])
        .when({ type: 'UnpublishPage', site: direct, pageId: 'page-1' })
        .thenNothing();
    });
  });

  describe('menus', () => {
    it("links the site's pages and trips, and refuses a page it does not have or a trip it cannot sell", () => {
      const items: MenuItemDefinition[] = [
        { label: { en: 'About' }, link: { page: 'page-1' }, children: [{ label: { en: 'Trip', es: 'Viaje' }, link: { trip: 'trip-1' } }] },
        { label: { es: 'Sin inglés' }, link: { page: 'page-9' }, children: [{ label: { en: 'Gone' }, link: { trip: 'gone' } }] },
      ];
      const refusal = given(siteContentDecider, [created('page-1', about())])
        .when({ type: 'SetMenu', site: direct, unknownTrips: ['gone'], location: 'header', items })
        .thenRefused('InvalidInput');
      expect((refusal.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
        ['items[1].label', 'default_locale_missing'],
        ['items[1].link.page', 'unknown_page'],
        ['items[1].children[0].link.trip', 'unknown_trip'],
      ]);
      given(siteContentDecider, [created('page-1', about())])
        .when({ type: 'SetMenu', site: direct, unknownTrips: [], location: 'footer', items: items.slice(0, 1) })
        .then([{ type: 'MenuSet', data: { storefrontId: 'sf-direct', location: 'footer', items: items.slice(0, 1) } }]);
    });
  });

  describe('collections and home placement', () => {
    const collections: CollectionDefinition[] = [
      { slug: 'food', name: { en: 'Food', de: 'Essen' }, trip_ids: ['trip-1'] },
      { slug: 'sea', name: { en: 'Sea' }, trip_ids: ['trip-2', 'trip-1'] },
    ];

    it('keeps a marketplace collections in staff order', () => {
      given(siteContentDecider)
        .when({ type: 'SetCollections', site: market, unknownTrips: [], collections })
        .then([{ type: 'CollectionsSet', data: { storefrontId: 'sf-market', collections } }]);
    });

    it('refuses a slug used twice, a name without the default language and a trip the marketplace cannot sell', () => {
      const bad = [...collections, { slug: 'food', name: { de: 'Nochmal' }, trip_ids: ['gone'] }];
      const refusal = given(siteContentDecider)
        .when({ type: 'SetCollections', site: market, unknownTrips: ['gone'], collections: bad })
        .thenRefused('InvalidInput');
      expect((refusal.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
        ['collections[2].slug', 'duplicate_slug'],
        ['collections[2].name', 'default_locale_missing'],
        ['collections[2].trip_ids[0]', 'unknown_trip'],
      ]);
    });

    it('has none on a direct storefront: 409 not_a_marketplace', () => {
      given(siteContentDecider)
        .when({ type: 'SetCollections', site: direct, unknownTrips: [], collections })
        .thenRefused('Conflict', { reason: 'not_a_marketplace' });
      given(siteContentDecider)
        .when({ type: 'SetHomePlacement', site: direct, unknownTrips: [], placement: { featured: [], hidden: [], rails: 3 } })
        .thenRefused('Conflict', { reason: 'not_a_marketplace' });
    });

    it('refuses a trip both featured and hidden from the home', () => {
      given(siteContentDecider)
        .when({ type: 'SetHomePlacement', site: market, unknownTrips: [], placement: { featured: ['trip-1', 'trip-2'], hidden: ['trip-2'], rails: 2 } })
        .thenRefused('InvalidInput', {
          problems: [{ reason: 'featured_and_hidden', field: 'hidden[0]', detail: 'trip trip-2 cannot be both featured and hidden from the home' }],
        });
      const placement = { featured: ['trip-1'], hidden: ['trip-2'], rails: 0 };
      given(siteContentDecider)
        .when({ type: 'SetHomePlacement', site: market, unknownTrips: [], placement })
        .then([{ type: 'HomePlacementSet', data: { storefrontId: 'sf-market', placement } }]);
    });
  });

  describe('paths', () => {
    it('needs {slug} once in each pattern, {seller} at most once in the trip one, and different patterns', () => {
      const refusal = given(siteContentDecider)
        .when({ type: 'SetSitePaths', site: direct, paths: { trip: '/t/{seller}/{seller}/{id}', page: '/t/{seller}/{seller}/{id}' } })
        .thenRefused('InvalidInput');
      expect((refusal.fields.problems as { field: string; reason: string }[]).map((p) => [p.field, p.reason])).to.deep.equal([
        ['trip', 'slug_placeholder'],
        ['trip', 'seller_placeholder'],
        ['trip', 'unknown_placeholder'],
        ['page', 'slug_placeholder'],
        ['page', 'unknown_placeholder'],
        ['page', 'same_as_trip'],
      ]);
      const paths = { trip: '/tours/{seller}/{slug}.html', page: '/info/{slug}' };
      given(siteContentDecider)
        .when({ type: 'SetSitePaths', site: direct, paths })
        .then([{ type: 'SitePathsSet', data: { storefrontId: 'sf-direct', paths } }]);
    });

    it('builds and reads paths by the patterns; the home page is at /', () => {
      const direct = defaultPaths('direct');
      const market = defaultPaths('marketplace');
      expect(direct).to.deep.equal({ trip: '/trips/{slug}', page: '/{slug}' });
      expect(tripPath(market, { slug: 'sunset', seller: 'atlas' })).to.equal('/trips/atlas/sunset');
      expect(tripOfPath(market, '/trips/atlas/sunset/')).to.deep.equal({ slug: 'sunset', seller: 'atlas' });
      expect(tripOfPath(direct, '/trips/sunset')).to.deep.equal({ slug: 'sunset', seller: null });
      expect(tripOfPath(direct, '/trips/a/b')).to.equal(null);
      expect(pagePath(direct, 'help/faq')).to.equal('/help/faq');
      expect(pagePath(direct, 'home')).to.equal('/');
      expect(pageOfPath(direct, '/help/faq')).to.equal('help/faq');
      expect(pageOfPath(direct, '/')).to.equal('home');
      const dotted = { trip: '/tours/{slug}.html', page: '/info/{slug}' };
      expect(tripOfPath(dotted, '/tours/sunsetxhtml')).to.equal(null);
      expect(tripOfPath(dotted, '/tours/sunset.html')).to.deep.equal({ slug: 'sunset', seller: null });
      expect(pageOfPath(dotted, '/about')).to.equal(null);
    });
  });
});
