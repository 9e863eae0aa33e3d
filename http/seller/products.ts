import { int, ref, str, withDefault } from '../kernel/schema';
import { sellerOperation } from './operation';
import { productDefinition } from './products.schemas';

export const SELLER =
  'Seller interface: needs a secret key (Authorization: Bearer tp_sk_...) whose scopes include the permission named; ' +
  'otherwise 403 NotPermitted with `permission` and `reason` (missing_permission). Products are answered as ' +
  '{id, published, created_at, updated_at} plus the product definition (the body of POST /v1/products; prices in US-dollar cents). ' +
  "Only the key's own seller's products exist for it (404 NotFound, entity product, otherwise).";

const productId = { id: str({ minLength: 1, maxLength: 100 }) };
export const paging = { limit: withDefault(int(1, 100), 20), cursor: str({ minLength: 1, maxLength: 500 }) };

export const sellerListProducts = sellerOperation({
  id: 'sellerListProducts',
  method: 'get',
  path: '/v1/products',
  permission: 'products:read',
  summary: "The seller's products",
  description: `The key's seller's products, published or not, newest first, a page at a time: {data, next_cursor, total}. ${SELLER}`,
  query: paging,
  success: { status: 200, description: '{data, next_cursor, total}' },
  response: ref('SellerProductList'),
  handle: async ({ caller, query }, app) => app.seller.products(caller, query),
});

export const sellerCreateProduct = sellerOperation({
  id: 'sellerCreateProduct',
  method: 'post',
  path: '/v1/products',
  permission: 'products:write',
  summary: 'Create a product (unpublished)',
  body: productDefinition,
  bodyRequired: true,
  description: `Creates a product from its definition; it starts unpublished. Rules across fields (time zone, unique ids, a capacity for limited options...) answer 422 InvalidInput. ${SELLER}`,
  bodyDescription:
    'The product definition: slug, template, timezone, default_locale, content by locale, places, photos, durations, rating, network, options (units, pricing tiers in USD cents, policy, availability) and extras.',
  success: { status: 201, description: 'product' },
  response: ref('SellerProduct'),
  handle: async ({ caller, body }, app) => app.seller.createProduct(caller, body),
});

export const sellerGetProduct = sellerOperation({
  id: 'sellerGetProduct',
  method: 'get',
  path: '/v1/products/{id}',
  permission: 'products:read',
  summary: 'One product',
  params: productId,
  description: `One of the key's seller's products. ${SELLER}`,
  success: { status: 200, description: 'product' },
  response: ref('SellerProduct'),
  handle: async ({ caller, params }, app) => app.seller.product(caller, params.id),
});

export const sellerUpdateProduct = sellerOperation({
  id: 'sellerUpdateProduct',
  method: 'put',
  path: '/v1/products/{id}',
  permission: 'products:write',
  summary: 'Replace a product definition',
  params: productId,
  body: productDefinition,
  bodyRequired: true,
  description: `Replaces the whole definition of one of the seller's products; published stays as it was. ${SELLER}`,
  bodyDescription: 'The complete product definition, as for POST /v1/products.',
  success: { status: 200, description: 'product' },
  response: ref('SellerProduct'),
  handle: async ({ caller, params, body }, app) => app.seller.replaceProduct(caller, params.id, body),
});

export const sellerPublishProduct = sellerOperation({
  id: 'sellerPublishProduct',
  method: 'post',
  path: '/v1/products/{id}/publish',
  permission: 'products:write',
  summary: 'Publish a product',
  params: productId,
  description: `Puts the product on sale on the seller's own storefront (and, with network, on the marketplaces the seller belongs to). No body. ${SELLER}`,
  success: { status: 200, description: 'product' },
  response: ref('SellerProduct'),
  handle: async ({ caller, params }, app) => app.seller.publishProduct(caller, params.id, true),
});

export const sellerUnpublishProduct = sellerOperation({
  id: 'sellerUnpublishProduct',
  method: 'post',
  path: '/v1/products/{id}/unpublish',
  permission: 'products:write',
  summary: 'Unpublish a product',
  params: productId,
  description: `Takes the product off sale; existing bookings keep working. No body. ${SELLER}`,
  success: { status: 200, description: 'product' },
  response: ref('SellerProduct'),
  handle: async ({ caller, params }, app) => app.seller.publishProduct(caller, params.id, false),
});

export const productOperations = [sellerListProducts, sellerCreateProduct, sellerGetProduct, sellerUpdateProduct, sellerPublishProduct, sellerUnpublishProduct];
