import { PAGE_SLUG_PATTERN } from '../../domain/site-content';
import { locale } from '../kernel/params';
import { ref, required, str } from '../kernel/schema';
import { publicOperation } from './operation';

/** A page slug as asked: whatever its case (pages are found by the lowercase slug the seller gave them). */
const pageSlug = str({
  pattern: PAGE_SLUG_PATTERN.replace(/a-z/g, 'a-zA-Z'),
  maxLength: 200,
  'x-expected': 'a page slug: letters, digits and hyphens, parts separated by /, e.g. help/cancellations (any case)',
});

const sitePath = str({
  pattern: '^/[^?#\\s]*$',
  maxLength: 2000,
  'x-expected': 'a path on the site starting with /, without query or fragment, e.g. /trips/old-slug',
});

const PATHS =
  "Paths on the site follow the storefront's own patterns, set by its operator (PUT /v1/storefronts/{storefrontId}/paths): trips at /trips/{slug} " +
  '(/trips/{seller}/{slug} on a marketplace) and pages at /{slug} unless set otherwise; the page `home` is at /.';

export const getPage = publicOperation({
  id: 'getPage',
  method: 'get',
  path: '/v1/public/page',
  catalogRead: true,
  summary: 'One published page by slug',
  description:
    "A published content page in `locale` when the page is published in it, else in the storefront's default language (`locale` says which). " +
    'Sections by `type` (hero, text, trips, photo, faq, cta; skip types you do not know); a trips section carries trip cards and leaves out trips no longer published. ' +
    `404 NotFound (entity page) when the site has no published page with that slug. ${PATHS}`,
  query: { slug: required(pageSlug), locale },
  paramDescriptions: {
    slug: 'The page slug; may contain slashes (help/cancellations); matches whatever its case',
    locale: "Two lowercase letters; the storefront's default language when the page is not published in it",
  },
  success: { status: 200, description: 'page' },
  response: ref('Page'),
  handle: async ({ caller, query }, app) => app.content.page(caller.storefront, query.slug, query.locale),
});

export const listPages = publicOperation({
  id: 'listPages',
  method: 'get',
  path: '/v1/public/pages',
  catalogRead: true,
  summary: 'The published pages (for a sitemap)',
  description: `Every published page of the site by slug, with its path, languages and last change: {data: [{slug, path, locales, updated_at}]}. Pages whose default language is noindex are left out. ${PATHS}`,
  success: { status: 200, description: '{data}' },
  response: ref('PageList'),
  handle: async ({ caller }, app) => app.content.pages(caller.storefront),
});

export const getPageBySlug = publicOperation({
  id: 'getPageBySlug',
  method: 'get',
  path: '/v1/public/pages/{slug}',
  lastParamTakesSlashes: true,
  catalogRead: true,
  summary: 'One published page, in the default language',
  description:
    "The published page in the storefront's default language, with `locales` (every language it is published in: ask GET /v1/public/page with `locale` for another). " +
    'A slug with slashes is sent as it is (/v1/public/pages/help/cancellations) or with each slash encoded as %2F (/v1/public/pages/help%2Fcancellations). 404 NotFound (entity page) when there is no such published page.',
  params: { slug: pageSlug },
  paramDescriptions: { slug: 'The page slug: the rest of the path, slashes as they are or encoded as %2F; matches whatever its case' },
  success: { status: 200, description: 'page' },
  response: ref('Page'),
  handle: async ({ caller, params }, app) => app.content.page(caller.storefront, params.slug),
});

export const listMenus = publicOperation({
  id: 'listMenus',
  method: 'get',
  path: '/v1/public/menus',
  catalogRead: true,
  summary: 'The header and footer menus',
  description:
    'The list of menus: header, then footer, each {location, items: [{label, href, children: [{label, href}]}]}. Labels are in `locale` when translated, else in the default language; ' +
    `href is an address on the site. Entries whose page or trip is not published here are left out, with their children. ${PATHS}`,
  query: { locale },
  success: { status: 200, description: 'list of menus' },
  response: ref('Menus'),
  handle: async ({ caller, query }, app) => app.content.menus(caller.storefront, query.locale),
});

export const getRedirect = publicOperation({
  id: 'getRedirect',
  method: 'get',
  path: '/v1/public/redirect',
  catalogRead: true,
  summary: 'Where an old path moved',
  description:
    'After a trip or page changes its slug, its old path answers where it moved: {path, location, status: 301, entity (trip or page), id}, so the site can answer the visitor 301 with Location. ' +
    'So does a path of the path patterns the site used before its current ones (PUT /v1/storefronts/{storefrontId}/paths), for the trip or page it named, at its path under the current patterns. ' +
    'A path moved twice goes straight to the latest. 404 NotFound (entity redirect) when the path did not move: it is live, was never used, or what had it is no longer published here. ' +
    `${PATHS} A trailing slash is ignored.`,
  query: { path: required(sitePath) },
  paramDescriptions: {
    path: 'The path the visitor asked for, starting with / (without the site language prefix, if the site uses one); its slugs match whatever their case',
  },
  success: { status: 200, description: 'redirect' },
  response: ref('Redirect'),
  handle: async ({ caller, query }, app) => app.content.redirect(caller.storefront, query.path),
});

export const listCollections = publicOperation({
  id: 'listCollections',
  method: 'get',
  path: '/v1/public/collections',
  catalogRead: true,
  summary: "The marketplace's collections",
  description:
    "A marketplace's collections in its staff's order, each {slug, name, content_locale, trip_count}, named in `locale` when translated; only collections with published trips the site sells. " +
    '`home_rails`: how many of the first collections the home shows as rails (3 by default). A direct storefront has none: {data: [], home_rails: 0}. ' +
    "List a collection's trips with GET /v1/public/products?collection={slug}.",
  query: { locale },
  paramDescriptions: { locale: 'Two lowercase letters: names in it when translated, else in the default language' },
  success: { status: 200, description: '{data, home_rails}' },
  response: ref('CollectionList'),
  handle: async ({ caller, query }, app) => app.content.collections(caller.storefront, query.locale),
});

export const contentOperations = [getPage, listPages, getPageBySlug, listMenus, getRedirect, listCollections];
