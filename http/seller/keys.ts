import { PERMISSIONS } from '../../application/team';
import { described, id, nStr, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, enumOf, obj, ref, str } from '../kernel/schema';
import { keyCaller } from '../middleware/secret-key';
import { sellerOperation } from './operation';

const KEYS =
  'Needs a secret key whose scopes include keys:manage (owners and admins). A key acts for the member who made it, with its scopes while their role allows them: ' +
  'it stops when revoked or when that member leaves the team (401).';
const permission = enumOf(...PERMISSIONS);

const keyFields = {
  id,
  name: nStr,
  scopes: arr(permission),
  created_at: timestamp,
  created_by: described(orNull(id), 'The team member the key acts for; null for a key the platform issued to the seller'),
};

export const keySchemas: Record<string, Schema> = {
  SecretKey: object(keyFields, {}, { description: 'A secret key, without its secret: only its digest is kept' }),
  NewSecretKey: object({ ...keyFields, key: described(text, 'tp_sk_..., shown this once') }),
  SecretKeyList: object({ data: described(arr(ref('SecretKey')), 'Keys that work, oldest first') }),
  SecretKeyRevoked: object({ id, revoked: bool }),
};

export const listSecretKeys = sellerOperation({
  id: 'listSecretKeys',
  method: 'get',
  path: '/v1/keys',
  permission: 'keys:manage',
  summary: "The seller's secret keys",
  description: `Every secret key of the seller that has not been revoked, without secrets. ${KEYS}`,
  success: { status: 200, description: '{data}' },
  response: ref('SecretKeyList'),
  handle: async ({ caller }, app) => app.keys.secretKeys(caller),
});

export const createSecretKey = sellerOperation({
  id: 'createSecretKey',
  method: 'post',
  path: '/v1/keys',
  permission: 'keys:manage',
  summary: 'Create a secret key',
  description:
    'Answers the key (tp_sk_...) this once; the service keeps only its digest. The key acts for the member whose key made it. ' +
    "A scope the member's role cannot hold (staff: keys:manage, team:manage, webhooks:manage) answers 403 NotPermitted naming it (reason missing_permission). " +
    KEYS,
  body: obj({ name: str({ minLength: 1, maxLength: 100 }), scopes: arr(permission, { minItems: 1 }) }, ['name', 'scopes']),
  bodyRequired: true,
  bodyDescription: 'name (your label), scopes (permissions).',
  success: { status: 201, description: 'key, shown once' },
  response: ref('NewSecretKey'),
  handle: async ({ caller, body }, app) => app.keys.createSecretKey(keyCaller(caller), body),
});

export const revokeSecretKey = sellerOperation({
  id: 'revokeSecretKey',
  method: 'delete',
  path: '/v1/keys/{id}',
  permission: 'keys:manage',
  summary: 'Revoke a secret key',
  description: `The key stops at once: its next call answers 401. An unknown or revoked key answers 404 NotFound (entity key). ${KEYS}`,
  params: { id: str({ format: 'uuid' }) },
  success: { status: 200, description: '{id, revoked: true}' },
  response: ref('SecretKeyRevoked'),
  handle: async ({ caller, params }, app) => app.keys.revokeSecretKey(caller, params.id),
});

export const keyOperations = [listSecretKeys, createSecretKey, revokeSecretKey];
