import { MENU_LOCATIONS } from '../../domain/site-content';
import { uuid } from '../kernel/params';
import { enumOf, ref } from '../kernel/schema';
import { sellerOperation } from './operation';
import { collectionsBody, homeBody, menuBody, pageDefinition, pathsBody } from './content.schemas';

const CONTENT =
  "Site content is run by the storefront's operator: a direct storefront's own seller, a marketplace's operator seller. Needs a secret key of that seller " +
  'whose scopes include the permission named (content:read to read, content:write to change); a key missing it answers 403 NotPermitted reason missing_permission, ' +
  "a key of another seller 403 NotPermitted reason no_operator; an unknown storefront 404 NotFound (entity storefront). GET /v1/storefronts lists the storefronts the key's seller runs.";

const site = { storefrontId: uuid };
const page = { storefrontId: uuid, pageId: uuid };

export const sellerListStorefronts = sellerOperation({
  id: 'sellerListStorefronts',
  method: 'get',
  path: '/v1/storefronts',
  permission: 'content:read',
  summary: 'The storefronts whose content the seller runs',
  description: `The storefronts whose content the key's seller runs, {data: [{id, kind, name, languages, default_language}]}. ${CONTENT}`,
  success: { status: 200, description: '{data}' },
  response: ref('SellerStorefrontList'),
  handle: async ({ caller }, app) => app.content.storefronts(caller),
});

export const sellerListPages = sellerOperation({
  id: 'sellerListPages',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/pages',
  permission: 'content:read',
  summary: "The site's pages",
  description: `Every page of the site, published or not, by slug: {data: [page]}. ${CONTENT}`,
  params: site,
  success: { status: 200, description: '{data}' },
  response: ref('SellerPageList'),
  handle: async ({ caller, params }, app) => app.content.sellerPages(caller, params.storefrontId),
});

export const sellerCreatePage = sellerOperation({
  id: 'sellerCreatePage',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/pages',
  permission: 'content:write',
  summary: 'Create a page (unpublished)',
  description:
    "Creates a page from its definition; it starts unpublished. The content must include the site's default language and only the site's languages; a slug another page of the site has, " +
    `or a trips section naming a trip the site cannot sell, answers 422 InvalidInput with the field named. ${CONTENT}`,
  params: site,
  body: pageDefinition,
  bodyRequired: true,
  bodyDescription:
    'The page definition: slug (lowercase words and hyphens, parts separated by /; `home` is the home page) and content by language, each {title, sections, seo}. Sections by type: ' +
    'hero {title, subtitle, image: {url, alt} or null}, text {body: Markdown}, trips {heading, trip_ids}, photo {photo: {url, alt}, caption}, faq {questions: [{question, answer}]}, cta {label, href}. ' +
    'seo {meta_title, meta_description, canonical_url (each null for the default), noindex}.',
  success: { status: 201, description: 'page' },
  response: ref('SellerPage'),
  handle: async ({ caller, params, body }, app) => app.content.createPage(caller, params.storefrontId, body),
});

export const sellerGetPage = sellerOperation({
  id: 'sellerGetPage',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/pages/{pageId}',
  permission: 'content:read',
  summary: 'One page',
  description: `One page of the site, published or not; 404 NotFound (entity page) when the site has no such page. ${CONTENT}`,
  params: page,
  success: { status: 200, description: 'page' },
  response: ref('SellerPage'),
  handle: async ({ caller, params }, app) => app.content.sellerPage(caller, params.storefrontId, params.pageId),
});

export const sellerReplacePage = sellerOperation({
  id: 'sellerReplacePage',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/pages/{pageId}',
  permission: 'content:write',
  summary: 'Replace a page definition',
  description:
    'Replaces the whole definition of a page; published stays as it was. A new slug moves the page: its old path then answers GET /v1/public/redirect with the new one. ' +
    CONTENT,
  params: page,
  body: pageDefinition,
  bodyRequired: true,
  bodyDescription: 'The complete page definition, as for POST .../pages.',
  success: { status: 200, description: 'page' },
  response: ref('SellerPage'),
  handle: async ({ caller, params, body }, app) => app.content.replacePage(caller, params.storefrontId, params.pageId, body),
});

export const sellerPublishPage = sellerOperation({
  id: 'sellerPublishPage',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/pages/{pageId}/publish',
  permission: 'content:write',
  summary: 'Publish a page',
  description: `Puts the page on the site, in every language it has content for. No body. ${CONTENT}`,
  params: page,
  success: { status: 200, description: 'page' },
  response: ref('SellerPage'),
  handle: async ({ caller, params }, app) => app.content.publishPage(caller, params.storefrontId, params.pageId, true),
});

export const sellerUnpublishPage = sellerOperation({
  id: 'sellerUnpublishPage',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/pages/{pageId}/unpublish',
  permission: 'content:write',
  summary: 'Unpublish a page',
  description: `Takes the page off the site; menu entries pointing at it are left out until it is published again. No body. ${CONTENT}`,
  params: page,
  success: { status: 200, description: 'page' },
  response: ref('SellerPage'),
  handle: async ({ caller, params }, app) => app.content.publishPage(caller, params.storefrontId, params.pageId, false),
});

export const sellerDeletePage = sellerOperation({
  id: 'sellerDeletePage',
  method: 'delete',
  path: '/v1/storefronts/{storefrontId}/pages/{pageId}',
  permission: 'content:write',
  summary: 'Delete a page',
  description: `Deletes the page: it leaves the site and its slug is free again. Answers {id, deleted: true}. ${CONTENT}`,
  params: page,
  success: { status: 200, description: '{id, deleted}' },
  response: ref('DeletedPage'),
  handle: async ({ caller, params }, app) => app.content.deletePage(caller, params.storefrontId, params.pageId),
});

export const sellerListMenus = sellerOperation({
  id: 'sellerListMenus',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/menus',
  permission: 'content:read',
  summary: "The site's menus as defined",
  description: `The header and footer menus as the operator set them (items empty when never set). ${CONTENT}`,
  params: site,
  success: { status: 200, description: 'list of menus' },
  response: ref('SellerMenus'),
  handle: async ({ caller, params }, app) => app.content.sellerMenus(caller, params.storefrontId),
});

export const sellerSetMenu = sellerOperation({
  id: 'sellerSetMenu',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/menus/{location}',
  permission: 'content:write',
  summary: 'Set the header or footer menu',
  description:
    "Replaces one menu. Each entry has a label by language (the default language required) and a link to one of the site's pages {page: id}, one of its trips {trip: id} " +
    "or an address {href}; top entries have children (one level). The site answers the page's or trip's path and leaves out entries whose page or trip is not published. " +
    `A page or trip the site does not have answers 422 InvalidInput with the field named. ${CONTENT}`,
  params: { storefrontId: uuid, location: enumOf(...MENU_LOCATIONS) },
  body: menuBody,
  bodyRequired: true,
  bodyDescription: '{items: [{label: {en: ...}, link: {page} | {trip} | {href}, children: [{label, link}]}]}',
  success: { status: 200, description: 'menu' },
  response: ref('SellerMenu'),
  handle: async ({ caller, params, body }, app) => app.content.setMenu(caller, params.storefrontId, params.location, body.items),
});

export const sellerGetCollections = sellerOperation({
  id: 'sellerGetCollections',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/collections',
  permission: 'content:read',
  summary: "A marketplace's collections as defined",
  description: `Every collection of the marketplace in its order, as set: {collections: [{slug, name, trip_ids}]}. ${CONTENT}`,
  params: site,
  success: { status: 200, description: '{collections}' },
  response: ref('SellerCollections'),
  handle: async ({ caller, params }, app) => app.content.sellerCollections(caller, params.storefrontId),
});

export const sellerSetCollections = sellerOperation({
  id: 'sellerSetCollections',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/collections',
  permission: 'content:write',
  summary: "Set a marketplace's collections",
  description:
    "Replaces every collection of a marketplace, in the order the site lists them (the first `rails` of them are the home's rails). Each has a slug, a name by language " +
    '(the default language required) and trips in staff order, which GET /v1/public/products?collection={slug} answers in that order. A trip the marketplace cannot sell answers 422 InvalidInput; ' +
    `a direct storefront has no collections (409 Conflict, reason not_a_marketplace). ${CONTENT}`,
  params: site,
  body: collectionsBody,
  bodyRequired: true,
  bodyDescription: '{collections: [{slug, name: {en: ...}, trip_ids}]}',
  success: { status: 200, description: '{collections}' },
  response: ref('SellerCollections'),
  handle: async ({ caller, params, body }, app) => app.content.setCollections(caller, params.storefrontId, body.collections),
});

export const sellerGetHome = sellerOperation({
  id: 'sellerGetHome',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/home',
  permission: 'content:read',
  summary: "A marketplace's home placement",
  description: `Featured trips, trips hidden from the home and how many collections the home shows as rails (3 unless set). ${CONTENT}`,
  params: site,
  success: { status: 200, description: 'home placement' },
  response: ref('SellerHome'),
  handle: async ({ caller, params }, app) => app.content.sellerHome(caller, params.storefrontId),
});

export const sellerSetHome = sellerOperation({
  id: 'sellerSetHome',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/home',
  permission: 'content:write',
  summary: "Set a marketplace's home placement",
  description:
    'The home rail (GET /v1/public/products?home=true) shows `featured` trips first in this order, then the mix across sellers and countries, and leaves out `hidden` trips; ' +
    '`rails` is how many collections the home shows (0 to 20). A trip both featured and hidden, or one the marketplace cannot sell, answers 422 InvalidInput; a direct storefront ' +
    `has no home placement (409 Conflict, reason not_a_marketplace). ${CONTENT}`,
  params: site,
  body: homeBody,
  bodyRequired: true,
  bodyDescription: '{featured: [trip id], hidden: [trip id], rails}',
  success: { status: 200, description: 'home placement' },
  response: ref('SellerHome'),
  handle: async ({ caller, params, body }, app) => app.content.setHome(caller, params.storefrontId, body),
});

export const sellerGetPaths = sellerOperation({
  id: 'sellerGetPaths',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/paths',
  permission: 'content:read',
  summary: "Where the site's trips and pages live",
  description: `The site's path patterns: trip (default /trips/{slug}, on a marketplace /trips/{seller}/{slug}) and page (default /{slug}). ${CONTENT}`,
  params: site,
  success: { status: 200, description: 'paths' },
  response: ref('SitePaths'),
  handle: async ({ caller, params }, app) => app.content.sellerPaths(caller, params.storefrontId),
});

export const sellerSetPaths = sellerOperation({
  id: 'sellerSetPaths',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/paths',
  permission: 'content:write',
  summary: "Set where the site's trips and pages live",
  description:
    "The storefront owns its addresses: menus, canonical paths and redirects follow these patterns. trip has {slug} once and may have {seller} (the seller's slug); " +
    `page has {slug} once (a page slug may contain slashes); the page \`home\` is always at /. ${CONTENT}`,
  params: site,
  body: pathsBody,
  bodyRequired: true,
  bodyDescription: '{trip: "/trips/{slug}", page: "/{slug}"}',
  success: { status: 200, description: 'paths' },
  response: ref('SitePaths'),
  handle: async ({ caller, params, body }, app) => app.content.setPaths(caller, params.storefrontId, body),
});

export const contentSellerOperations = [
  sellerListStorefronts,
  sellerListPages,
  sellerCreatePage,
  sellerGetPage,
  sellerReplacePage,
  sellerPublishPage,
  sellerUnpublishPage,
  sellerDeletePage,
  sellerListMenus,
  sellerSetMenu,
  sellerGetCollections,
  sellerSetCollections,
  sellerGetHome,
  sellerSetHome,
  sellerGetPaths,
  sellerSetPaths,
];
