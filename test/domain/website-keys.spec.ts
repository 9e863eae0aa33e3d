import { storefrontDecider, type StorefrontEvent } from '../../domain/storefront';
import { storefrontDefinition } from './fixtures';
import { given } from './given-when-then';

const definition = storefrontDefinition();
const created: StorefrontEvent = { type: 'StorefrontCreated', data: { storefrontId: 'sf-1', definition } };
const issued: StorefrontEvent = { type: 'WebsiteKeyIssued', data: { storefrontId: 'sf-1', keyId: 'k1', keyHash: 'h1' } };
const now = '2026-11-22T08:00:00.000Z';
const tomorrow = '2026-11-23T08:00:00.000Z';
const rotate = { type: 'RotateWebsiteKey', keyId: 'k1', newKeyId: 'k2', newKeyHash: 'h2', now, retiresAt: tomorrow } as const;
const retiring: StorefrontEvent = { type: 'WebsiteKeyRetiring', data: { storefrontId: 'sf-1', keyId: 'k1', retiresAt: tomorrow } };

describe('storefront website keys', () => {
  it('rotates a current key: a new key, and the old one retiring at the end of its grace', () => {
    given(storefrontDecider, [created, issued])
      .when(rotate)
      .then([{ type: 'WebsiteKeyIssued', data: { storefrontId: 'sf-1', keyId: 'k2', keyHash: 'h2' } }, retiring]);
  });

  it('rotates a key once: again is a Conflict while it works, NotFound once retired or revoked', () => {
    given(storefrontDecider, [created, issued, retiring]).when(rotate).thenRefused('Conflict', { reason: 'key_rotated' });
    given(storefrontDecider, [created, issued, retiring])
      .when({ ...rotate, now: tomorrow })
      .thenRefused('NotFound', { entity: 'website_key' });
    given(storefrontDecider, [created, issued, { type: 'WebsiteKeyRevoked', data: { storefrontId: 'sf-1', keyId: 'k1' } }])
      .when(rotate)
      .thenRefused('NotFound', { entity: 'website_key' });
  });

  it('revokes a key, in its grace too, once', () => {
    const revoked: StorefrontEvent = { type: 'WebsiteKeyRevoked', data: { storefrontId: 'sf-1', keyId: 'k1' } };
    given(storefrontDecider, [created, issued, retiring]).when({ type: 'RevokeWebsiteKey', keyId: 'k1' }).then([revoked]);
    given(storefrontDecider, [created, issued, revoked]).when({ type: 'RevokeWebsiteKey', keyId: 'k1' }).thenRefused('NotFound', { entity: 'website_key' });
  });

  it('sets the allowed origins on the storefront as it stands', () => {
    const updated = { ...definition, name: 'Renamed' };
    given(storefrontDecider, [created, { type: 'StorefrontUpdated', data: { storefrontId: 'sf-1', definition: updated } }])
      .when({ type: 'SetAllowedOrigins', allowedOrigins: ['https://shop.example'] })
      .then([{ type: 'StorefrontUpdated', data: { storefrontId: 'sf-1', definition: { ...updated, allowed_origins: ['https://shop.example'] } } }]);
    given(storefrontDecider).when({ type: 'SetAllowedOrigins', allowedOrigins: [] }).thenRefused('NotFound', { entity: 'storefront' });
  });
});
