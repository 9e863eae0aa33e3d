import { expect } from 'chai';
import { SiteContentEvent, siteContentStream } from '../../domain/site-content';
import type { PageDefinition } from '../../domain/site-content';
import { contentProjector } from '../../projections/content/projector';
import { Given, RECORDED_AT, project } from './project';

const given = (...events: SiteContentEvent[]): Given[] => events.map((e) => ({ ...e, stream: siteContentStream(e.data.storefrontId) }));

const seo = { meta_title: null, meta_description: null, canonical_url: null, noindex: false };
const about: PageDefinition = { slug: 'about', content: { en: { title: 'About', sections: [{ type: 'text', body: 'Hello' }], seo } } };
const aboutUs: PageDefinition = { ...about, slug: 'about-us' };
const page = (type: 'PagePublished' | 'PageUnpublished' | 'PageDeleted'): SiteContentEvent => ({ type, data: { storefrontId: 'sf-1', pageId: 'page-1' } });

describe('content projector', () => {
  it('keeps a page with its slug and definition, unpublished until published', async () => {
    const projected = await project(contentProjector, given({ type: 'PageCreated', data: { storefrontId: 'sf-1', pageId: 'page-1', definition: aboutUs } }));
    expect(await projected.docs('site_pages')).to.deep.equal([
      {
        _id: 'page-1',
        storefront_id: 'sf-1',
        slug: 'about-us',
        definition: aboutUs,
        published: false,
        deleted: false,
        created_at: RECORDED_AT,
        updated_at: RECORDED_AT,
      },
    ]);
  });

  it('follows a replaced, published, unpublished and deleted page', async () => {
    const created: SiteContentEvent = { type: 'PageCreated', data: { storefrontId: 'sf-1', pageId: 'page-1', definition: aboutUs } };
    const replaced: SiteContentEvent = { type: 'PageReplaced', data: { storefrontId: 'sf-1', pageId: 'page-1', definition: about } };
    const published = await project(contentProjector, given(created, replaced, page('PagePublished')));
    expect(await published.doc('site_pages', 'page-1')).to.deep.include({ slug: 'about', definition: about, published: true, deleted: false });
    const unpublished = await project(contentProjector, given(created, page('PagePublished'), page('PageUnpublished')));
    expect(await unpublished.doc('site_pages', 'page-1')).to.deep.include({ published: false, deleted: false });
    const deleted = await project(contentProjector, given(created, page('PagePublished'), page('PageDeleted')));
    expect(await deleted.doc('site_pages', 'page-1')).to.deep.include({ published: false, deleted: true });
  });

  it("keeps each storefront's menus, collections, home placement and paths, each as last set, and every set of paths in order", async () => {
    const header = [{ label: { en: 'About' }, link: { page: 'page-1' }, children: [] }];
    const footer = [{ label: { en: 'Terms' }, link: { href: '/terms' }, children: [] }];
    const collections = [{ slug: 'food', name: { en: 'Food' }, trip_ids: ['trip-1'] }];
    const placement = { featured: ['trip-1'], hidden: ['trip-2'], rails: 2 };
    const paths = { trip: '/tours/{slug}', page: '/{slug}' };
    const first = { trip: '/trip/{slug}.html', page: '/info/{slug}' };
    const projected = await project(
      contentProjector,
      given(
        { type: 'MenuSet', data: { storefrontId: 'sf-1', location: 'header', items: [] } },
        { type: 'MenuSet', data: { storefrontId: 'sf-1', location: 'footer', items: footer } },
        { type: 'MenuSet', data: { storefrontId: 'sf-1', location: 'header', items: header } },
        { type: 'CollectionsSet', data: { storefrontId: 'sf-1', collections } },
        { type: 'HomePlacementSet', data: { storefrontId: 'sf-1', placement } },
        { type: 'SitePathsSet', data: { storefrontId: 'sf-1', paths: first } },
        { type: 'SitePathsSet', data: { storefrontId: 'sf-1', paths } },
        { type: 'SitePathsSet', data: { storefrontId: 'sf-2', paths } },
      ),
    );
    expect(await projected.docs('sites')).to.deep.equal([
      { _id: 'sf-1', menus: { header, footer }, collections, home: placement, paths, path_history: [first, paths], updated_at: RECORDED_AT },
      { _id: 'sf-2', paths, path_history: [paths], updated_at: RECORDED_AT },
    ]);
  });
});
