/** Bodies and answers of the seller's site content: pages, menus, collections, home placement and paths. */
import {
  PAGE_SLUG_PATTERN,
  SECTION_TYPES,
  type CollectionDefinition,
  type HomePlacement,
  type MenuItemDefinition,
  type PageDefinition,
  type SectionType,
  type SitePaths,
} from '../../domain/site-content';
import { opened, id, timestamp } from '../kernel/answer-schema';
import { locale, uuid } from '../kernel/params';
import { Schema, arr, bool, describes, enumOf, int, nullable, obj, str } from '../kernel/schema';

const text = (maxLength: number) => str({ minLength: 1, maxLength });
// A path of the site (one slash: '//host' is another site) or an http(s) address; never javascript: and the like.
const href = str({
  pattern: '^(/(?!/)\\S*|https?://\\S+)$',
  maxLength: 2000,
  'x-expected': 'a path on the site starting with a single /, or an http(s) address, e.g. /about',
});
const imageUrl = str({
  pattern: '^(/(?!/)\\S*|https?://\\S+)$',
  maxLength: 2000,
  'x-expected': 'an http(s) address of the image, or a path on the site starting with a single /',
});
const photo = obj({ url: imageUrl, alt: str({ maxLength: 500 }) }, ['url', 'alt']);
const tripIds = arr(uuid, { maxItems: 100 });
/** Text by language (two lowercase letters). */
const byLanguage = (maxLength: number): Schema<Record<string, string>> => ({
  type: 'object',
  minProperties: 1,
  propertyNames: locale,
  additionalProperties: text(maxLength),
});

export const pageSlug = str({
  pattern: PAGE_SLUG_PATTERN,
  maxLength: 200,
  'x-expected': 'a page slug: lowercase letters, digits and hyphens, parts separated by /, e.g. help/cancellations',
});

const SECTION_FIELDS: Record<SectionType, Schema> = {
  hero: obj({ type: enumOf('hero'), title: text(200), subtitle: nullable(str({ maxLength: 500 })), image: nullable(photo) }, [
    'type',
    'title',
    'subtitle',
    'image',
  ]),
  text: obj({ type: enumOf('text'), body: str({ maxLength: 50000 }) }, ['type', 'body']),
  trips: obj({ type: enumOf('trips'), heading: str({ maxLength: 200 }), trip_ids: tripIds }, ['type', 'heading', 'trip_ids']),
  photo: obj({ type: enumOf('photo'), photo, caption: nullable(str({ maxLength: 500 })) }, ['type', 'photo', 'caption']),
  faq: obj(
    { type: enumOf('faq'), questions: arr(obj({ question: text(500), answer: str({ maxLength: 10000 }) }, ['question', 'answer']), { maxItems: 100 }) },
    ['type', 'questions'],
  ),
  cta: obj({ type: enumOf('cta'), label: text(100), href }, ['type', 'label', 'href']),
};

/** A section is checked against the fields of its own type only, so a problem names that type's fields. */
const section: Schema = {
  type: 'object',
  required: ['type'],
  properties: { type: enumOf(...SECTION_TYPES) },
  allOf: SECTION_TYPES.map((type) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then: SECTION_FIELDS[type] })),
};

const seo = obj(
  { meta_title: nullable(str({ maxLength: 300 })), meta_description: nullable(str({ maxLength: 1000 })), canonical_url: nullable(href), noindex: bool },
  ['meta_title', 'meta_description', 'canonical_url', 'noindex'],
);

/** The page definition: the body of POST .../pages and PUT .../pages/{pageId}. */
export const pageDefinition = describes<PageDefinition>()(
  obj(
    {
      slug: pageSlug,
      content: {
        type: 'object',
        minProperties: 1,
        propertyNames: locale,
        additionalProperties: obj({ title: text(200), sections: arr(section, { maxItems: 100 }), seo }, ['title', 'sections', 'seo']),
      },
    },
    ['slug', 'content'],
  ),
);

const link = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: { page: uuid, trip: uuid, href },
  'x-expected': 'one of {"page": page id}, {"trip": trip id} or {"href": path or address}',
};
const menuEntry = obj({ label: byLanguage(100), link }, ['label', 'link']);

/** The body of PUT .../menus/{location}. */
export const menuBody = describes<{ items: MenuItemDefinition[] }>()(
  obj({ items: arr(obj({ label: byLanguage(100), link, children: arr(menuEntry, { maxItems: 50 }) }, ['label', 'link', 'children']), { maxItems: 50 }) }, [
    'items',
  ]),
);

const collectionSlug = str({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$', 'x-expected': 'lowercase letters, digits and hyphens, e.g. food-lovers' });

/** The body of PUT .../collections: every collection, in the order the site lists them. */
export const collectionsBody = describes<{ collections: CollectionDefinition[] }>()(
  obj(
    {
      collections: arr(
        obj({ slug: collectionSlug, name: byLanguage(200), trip_ids: arr(uuid, { maxItems: 500, uniqueItems: true }) }, ['slug', 'name', 'trip_ids']),
        {
          maxItems: 100,
        },
      ),
    },
    ['collections'],
  ),
);

/** The body of PUT .../home. */
export const homeBody = describes<HomePlacement>()(
  obj({ featured: arr(uuid, { maxItems: 100, uniqueItems: true }), hidden: arr(uuid, { maxItems: 1000, uniqueItems: true }), rails: int(0, 20) }, [
    'featured',
    'hidden',
    'rails',
  ]),
);

const pathPattern = str({
  pattern: '^/[A-Za-z0-9._~/{}-]*$',
  maxLength: 200,
  'x-expected': 'a path starting with / with {slug} in it, e.g. /trips/{slug}',
});

/** The body of PUT .../paths. */
export const pathsBody = describes<SitePaths>()(obj({ trip: pathPattern, page: pathPattern }, ['trip', 'page']));

// ---------------------------------------------------------------- answers

const definition = opened(pageDefinition) as Schema;
const SellerPage: Schema = {
  ...definition,
  description: 'A page as its operator defined it, with id, storefront, published, its path on the site and timestamps',
  properties: {
    id,
    storefront_id: id,
    published: bool,
    path: str(),
    created_at: timestamp,
    updated_at: timestamp,
    ...(definition.properties as Record<string, Schema>),
  },
  required: ['id', 'storefront_id', 'published', 'path', 'created_at', 'updated_at', ...(definition.required as string[])],
};

const SellerMenu: Schema = {
  ...(opened(menuBody) as Schema),
  properties: { location: enumOf('header', 'footer'), ...((opened(menuBody) as Schema).properties as object) },
};

export const contentSellerSchemas: Record<string, Schema> = {
  SellerStorefrontList: obj(
    {
      data: arr(
        obj({ id, kind: enumOf('direct', 'marketplace'), name: str(), languages: arr(locale), default_language: locale }, ['id', 'kind', 'name'], {
          additionalProperties: true,
        }),
      ),
    },
    ['data'],
    { additionalProperties: true },
  ),
  SellerPage,
  SellerPageList: obj({ data: arr({ $ref: '#/components/schemas/SellerPage' }) }, ['data'], { additionalProperties: true }),
  DeletedPage: obj({ id, deleted: { const: true } }, ['id', 'deleted'], { additionalProperties: true }),
  SellerMenu: { ...SellerMenu, required: ['location', 'items'] },
  SellerMenus: arr({ $ref: '#/components/schemas/SellerMenu' }),
  SellerCollections: opened(collectionsBody) as Schema,
  SellerHome: opened(homeBody) as Schema,
  SitePaths: opened(pathsBody) as Schema,
};
