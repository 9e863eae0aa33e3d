import { operatorOf } from '../../domain/site-content/rules';
import { isRefusal, notFound, refuse, type Refusal } from '../../domain/shared/refusal';
import { storefrontDecider, storefrontStream, type StorefrontCommand } from '../../domain/storefront';
import type { CatalogReads, KeyDoc } from '../../projections/catalog/queries';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';
import type { SellerCaller } from '../seller';

/** Spec part 8: a rotated website key keeps working this long beside its replacement unless the rotation says otherwise. */
export const WEBSITE_KEY_GRACE_HOURS = 24;

const WEBSITE_KEY_PREFIX = 'tp_pk_';
const HOUR_MS = 3_600_000;

export interface WebsiteKeyView {
  id: string;
  created_at: string;
  /** When a rotated key stops; null while it is current. */
  retires_at: string | null;
}

const view = (k: Readonly<KeyDoc>): WebsiteKeyView => ({ id: k.key_id, created_at: k.created_at ?? '', retires_at: k.retires_at ?? null });

/**
 * Spec part 5, 3: the owners and admins of the seller that runs a storefront (a direct storefront's
 * seller, a marketplace's operator) issue, rotate and revoke its website keys and say which origins
 * may use them from a browser.
 */
export function websiteKeyUseCases(platform: Platform, reads: CatalogReads) {
  const operated = async (caller: SellerCaller, storefrontId: string): Promise<Refusal | null> => {
    const storefront = await reads.storefront(storefrontId);
    if (!storefront) return notFound('storefront');
    if (operatorOf(storefront) === caller.sellerId) return null;
    return refuse('NotPermitted', `this key's seller does not run storefront ${storefrontId}`, { permission: 'keys:manage', reason: 'no_operator' });
  };
  const handle = async (caller: SellerCaller, storefrontId: string, command: StorefrontCommand): Promise<Refusal | null> => {
    const refused = await operated(caller, storefrontId);
    if (refused) return refused;
    const handled = await platform.commands.handle(storefrontStream(storefrontId), storefrontDecider, command, {
      correlationId: caller.correlationId,
      causationId: caller.correlationId,
      at: platform.clock.now().toISOString(),
    });
    if (isRefusal(handled)) return handled;
    await platform.awaitProjections(handled.position);
    return null;
  };
  const keyAfter = async (storefrontId: string, keyId: string, secret: string): Promise<(WebsiteKeyView & { key: string }) | Refusal> => {
    const doc = (await reads.websiteKeysOf(storefrontId)).find((k) => k.key_id === keyId);
    return doc ? { ...view(doc), key: secret } : notFound('website_key');
  };
  const newKey = () => ({ id: platform.ids.uuid(), secret: platform.ids.token(WEBSITE_KEY_PREFIX) });

  return {
    websiteKeys: async (caller: SellerCaller, storefrontId: string): Promise<{ data: WebsiteKeyView[] } | Refusal> => {
      const refused = await operated(caller, storefrontId);
      if (refused) return refused;
      const now = platform.clock.now().toISOString();
      const working = (await reads.websiteKeysOf(storefrontId)).filter((k) => !k.retires_at || k.retires_at > now);
      return { data: working.map(view) };
    },
    createWebsiteKey: async (caller: SellerCaller, storefrontId: string) => {
      const { id, secret } = newKey();
      const refused = await handle(caller, storefrontId, { type: 'IssueWebsiteKey', keyId: id, keyHash: secretHash(secret) });
      return refused ?? keyAfter(storefrontId, id, secret);
    },
    /** The new key is shown once; the old one works `graceHours` more, decided against the clock when it is used. */
    rotateWebsiteKey: async (caller: SellerCaller, storefrontId: string, keyId: string, graceHours: number = WEBSITE_KEY_GRACE_HOURS) => {
      const { id, secret } = newKey();
      const now = platform.clock.now();
      const retiresAt = new Date(now.getTime() + graceHours * HOUR_MS).toISOString();
      const command: StorefrontCommand = { type: 'RotateWebsiteKey', keyId, newKeyId: id, newKeyHash: secretHash(secret), now: now.toISOString(), retiresAt };
      const refused = await handle(caller, storefrontId, command);
      return refused ?? keyAfter(storefrontId, id, secret);
    },
    revokeWebsiteKey: async (caller: SellerCaller, storefrontId: string, keyId: string) =>
      (await handle(caller, storefrontId, { type: 'RevokeWebsiteKey', keyId })) ?? { id: keyId, revoked: true as const },
    setAllowedOrigins: async (caller: SellerCaller, storefrontId: string, allowedOrigins: string[]) => {
      const refused = await handle(caller, storefrontId, { type: 'SetAllowedOrigins', allowedOrigins: [...new Set(allowedOrigins)] });
      if (refused) return refused;
      const storefront = await reads.storefront(storefrontId);
      return storefront ? { allowed_origins: storefront.allowed_origins } : notFound('storefront');
    },
    setManagePage: async (caller: SellerCaller, storefrontId: string, manageUrl: string | null) => {
      const refused = await handle(caller, storefrontId, { type: 'SetManagePage', manageUrl });
      if (refused) return refused;
      const storefront = await reads.storefront(storefrontId);
      return storefront ? { manage_url: storefront.manage_url ?? null } : notFound('storefront');
    },
  };
}
