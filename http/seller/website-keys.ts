import { WEBSITE_KEY_GRACE_HOURS } from '../../application/keys';
import { described, id, nStr, nTimestamp, object, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, int, nullable, obj, ref, str } from '../kernel/schema';
import { sellerOperation } from './operation';

const RUNS =
  'Needs a secret key whose scopes include keys:manage (owners and admins) of the seller that runs the storefront (a direct storefront: its seller; ' +
  "a marketplace: its operator); another seller's key answers 403 NotPermitted (reason no_operator), an unknown storefront 404 NotFound (entity storefront).";
const storefrontId = { storefrontId: str({ minLength: 1, maxLength: 100 }) };
/** A path on the site, or an https:// address; no query or fragment (the links add theirs). */
const MANAGE_URL = '^(/[^\\s?#]*|https://[^/?#\\s]+(/[^\\s?#]*)?)$';
const keyId = { ...storefrontId, keyId: str({ format: 'uuid' }) };

const keyFields = {
  id,
  created_at: timestamp,
  retires_at: described(nTimestamp, 'When a rotated key stops working; null while it is the current key'),
};

export const websiteKeySchemas: Record<string, Schema> = {
  WebsiteKey: object(keyFields, {}, { description: 'A website (publishable) key, without the key itself' }),
  NewWebsiteKey: object({ ...keyFields, key: described(text, 'tp_pk_..., shown this once') }),
  WebsiteKeyList: object({ data: described(arr(ref('WebsiteKey')), 'Keys that work, current and in their grace, oldest first') }),
  WebsiteKeyRevoked: object({ id, revoked: bool }),
  AllowedOrigins: object({ allowed_origins: arr(text) }),
  ManagePage: object({ manage_url: described(nStr, 'null: the default, /manage on the site') }),
};

export const listWebsiteKeys = sellerOperation({
  id: 'listWebsiteKeys',
  method: 'get',
  path: '/v1/storefronts/{storefrontId}/website-keys',
  permission: 'keys:manage',
  summary: "A storefront's website keys",
  description: `The keys that open the storefront: the current ones and rotated ones still in their grace. ${RUNS}`,
  params: storefrontId,
  success: { status: 200, description: '{data}' },
  response: ref('WebsiteKeyList'),
  handle: async ({ caller, params }, app) => app.keys.websiteKeys(caller, params.storefrontId),
});

export const createWebsiteKey = sellerOperation({
  id: 'createWebsiteKey',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/website-keys',
  permission: 'keys:manage',
  summary: 'Issue a website key',
  description: `A new tp_pk_ key for the storefront, shown this once (only its digest is kept). ${RUNS}`,
  params: storefrontId,
  success: { status: 201, description: 'key, shown once' },
  response: ref('NewWebsiteKey'),
  handle: async ({ caller, params }, app) => app.keys.createWebsiteKey(caller, params.storefrontId),
});

export const rotateWebsiteKey = sellerOperation({
  id: 'rotateWebsiteKey',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/website-keys/{keyId}/rotate',
  permission: 'keys:manage',
  summary: 'Rotate a website key',
  description:
    `Issues a new key, shown this once; the old one keeps working grace_hours more (${WEBSITE_KEY_GRACE_HOURS} by default, 0 to stop it at once), ` +
    'then answers 401. A key already rotated answers 409 Conflict (key_rotated): rotate its replacement; an unknown, revoked or retired key 404 NotFound (entity website_key). ' +
    RUNS,
  params: keyId,
  body: obj({ grace_hours: int(0, 168) }),
  bodyDescription: `grace_hours (optional, 0 to 168, ${WEBSITE_KEY_GRACE_HOURS} by default): how long the old key keeps working.`,
  success: { status: 201, description: 'the new key, shown once' },
  response: ref('NewWebsiteKey'),
  handle: async ({ caller, params, body }, app) => app.keys.rotateWebsiteKey(caller, params.storefrontId, params.keyId, body?.grace_hours),
});

export const revokeWebsiteKey = sellerOperation({
  id: 'revokeWebsiteKey',
  method: 'delete',
  path: '/v1/storefronts/{storefrontId}/website-keys/{keyId}',
  permission: 'keys:manage',
  summary: 'Revoke a website key',
  description: `The key stops at once, also one in its rotation grace (401). An unknown or revoked key answers 404 NotFound (entity website_key). ${RUNS}`,
  params: keyId,
  success: { status: 200, description: '{id, revoked: true}' },
  response: ref('WebsiteKeyRevoked'),
  handle: async ({ caller, params }, app) => app.keys.revokeWebsiteKey(caller, params.storefrontId, params.keyId),
});

export const setAllowedOrigins = sellerOperation({
  id: 'setAllowedOrigins',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/allowed-origins',
  permission: 'keys:manage',
  summary: "Set the storefront's allowed origins",
  description:
    "Replaces the origins (scheme, host and port, e.g. https://www.example.com) from which browsers may use the storefront's website keys; " +
    `others answer 403 OriginNotAllowed. Servers (requests without Origin) are not affected. Takes effect on the next request. ${RUNS}`,
  params: storefrontId,
  body: obj({ allowed_origins: arr(str({ pattern: '^https?://[^/?#\\s]+$', maxLength: 200 }), { maxItems: 100 }) }, ['allowed_origins']),
  bodyRequired: true,
  bodyDescription: 'allowed_origins: the whole list, replacing the one before.',
  success: { status: 200, description: '{allowed_origins}' },
  response: ref('AllowedOrigins'),
  handle: async ({ caller, params, body }, app) => app.keys.setAllowedOrigins(caller, params.storefrontId, body.allowed_origins),
});

export const setManagePage = sellerOperation({
  id: 'setManagePage',
  method: 'put',
  path: '/v1/storefronts/{storefrontId}/manage-page',
  permission: 'keys:manage',
  summary: "Set the storefront's manage page",
  description:
    "The site's page where travellers manage a booking and sign in: a path on the site (/account/booking) or an address (https://...). " +
    'Every traveller mail about a booking links to it with ?ref=...&token=...; sign-in links and traveller links open it too. null goes back to the default, /manage. ' +
    RUNS,
  params: storefrontId,
  body: obj({ manage_url: nullable(str({ pattern: MANAGE_URL, maxLength: 500 })) }, ['manage_url']),
  bodyRequired: true,
  bodyDescription: 'manage_url: a path starting with / or an https:// address, without query or fragment; null for /manage.',
  success: { status: 200, description: '{manage_url}' },
  response: ref('ManagePage'),
  handle: async ({ caller, params, body }, app) => app.keys.setManagePage(caller, params.storefrontId, body.manage_url),
});

export const websiteKeyOperations = [listWebsiteKeys, createWebsiteKey, rotateWebsiteKey, revokeWebsiteKey, setAllowedOrigins, setManagePage];
