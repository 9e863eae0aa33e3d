import { expect } from 'chai';
import { productStream } from '../../domain/product';
import { siteContentStream } from '../../domain/site-content';
import type { PageDefinition } from '../../domain/site-content';
import { RedirectEvent, redirectsProjector } from '../../projections/redirects/projector';
import { product } from '../domain/fixtures';
import { Given, project } from './project';

const streamOf = (e: RedirectEvent): string => ('productId' in e.data ? productStream(e.data.productId) : siteContentStream(e.data.storefrontId));
const given = (...events: RedirectEvent[]): Given[] => events.map((e) => ({ ...e, stream: streamOf(e) }));

const seo = { meta_title: null, meta_description: null, canonical_url: null, noindex: false };
const pageCalled = (slug: string): PageDefinition => ({ slug, content: { en: { title: 'About', sections: [], seo } } });

describe('redirects projector', () => {
  it('keeps every slug a trip has had, the current one and its seller', async () => {
    const projected = await project(
      redirectsProjector,
      given(
        { type: 'ProductCreated', data: { productId: 'prod-1', sellerId: 'seller-1', definition: product({ slug: 'sunset-sailing' }) } },
        { type: 'ProductPublished', data: { productId: 'prod-1' } },
        { type: 'ProductUpdated', data: { productId: 'prod-1', definition: product({ slug: 'sunset-cruise' }) } },
        { type: 'ProductUpdated', data: { productId: 'prod-1', definition: product({ slug: 'sunset-cruise' }) } },
      ),
    );
    expect(await projected.docs('redirects')).to.deep.equal([
      {
        _id: 'trip:prod-1',
        entity: 'trip',
        entity_id: 'prod-1',
        seller_id: 'seller-1',
        slug: 'sunset-cruise',
        slugs: ['sunset-sailing', 'sunset-cruise'],
        changed_position: 4,
      },
    ]);
  });

  it('keeps every slug a page has had, and whether it is live (published, not deleted)', async () => {
    const created: RedirectEvent = { type: 'PageCreated', data: { storefrontId: 'sf-1', pageId: 'page-1', definition: pageCalled('about-us') } };
    const renamed: RedirectEvent = { type: 'PageReplaced', data: { storefrontId: 'sf-1', pageId: 'page-1', definition: pageCalled('about') } };
    const published: RedirectEvent = { type: 'PagePublished', data: { storefrontId: 'sf-1', pageId: 'page-1' } };
    const live = await project(redirectsProjector, given(created, published, renamed));
    expect(await live.docs('redirects')).to.deep.equal([
      {
        _id: 'page:page-1',
        entity: 'page',
        entity_id: 'page-1',
        storefront_id: 'sf-1',
        slug: 'about',
        slugs: ['about-us', 'about'],
        changed_position: 3,
        live: true,
      },
    ]);
    const deleted = await project(
      redirectsProjector,
      given(created, published, renamed, { type: 'PageDeleted', data: { storefrontId: 'sf-1', pageId: 'page-1' } }),
    );
    expect(await deleted.doc('redirects', 'page:page-1')).to.deep.include({ live: false });
    const unpublished = await project(
      redirectsProjector,
      given(created, published, { type: 'PageUnpublished', data: { storefrontId: 'sf-1', pageId: 'page-1' } }),
    );
    expect(await unpublished.doc('redirects', 'page:page-1')).to.deep.include({ live: false, slugs: ['about-us'] });
  });
});
