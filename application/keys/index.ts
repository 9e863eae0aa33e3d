import { sellerDecider, sellerStream } from '../../domain/seller';
import { isRefusal, notFound, refuse, type Refusal } from '../../domain/shared/refusal';
import { roleAllows, type Role } from '../../domain/team';
import { CatalogReads, type KeyDoc } from '../../projections/catalog/queries';
import { TeamReads } from '../../projections/team/queries';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';
import { websiteKeyUseCases } from './website-keys';

export { WEBSITE_KEY_GRACE_HOURS } from './website-keys';
import type { SellerCaller } from '../seller';

/** The member a secret key acts for, and their role; keys the platform issued before teams act for no member with an owner's role. */
export interface KeyActor {
  memberId: string | null;
  role: Role;
}

export interface SecretKeyView {
  id: string;
  name: string | null;
  scopes: string[];
  created_at: string;
  created_by: string | null;
}

export interface NewSecretKey {
  name: string;
  scopes: string[];
}

const SECRET_KEY_PREFIX = 'tp_sk_';

const keyView = (k: Readonly<KeyDoc>): SecretKeyView => ({
  id: k.key_id,
  name: k.name ?? null,
  scopes: [...(k.scopes ?? [])],
  created_at: k.created_at ?? '',
  created_by: k.created_by ?? null,
});

/** A key carries only permissions its creator's role may hold: the first one it may not is refused. */
function beyondRole(role: Role, scopes: readonly string[]): Refusal | null {
  const denied = scopes.find((s) => !roleAllows(role, s));
  return denied === undefined
    ? null
    : refuse('NotPermitted', `a ${role} cannot hold the permission ${denied}, so cannot give it to a key`, {
        permission: denied,
        reason: 'missing_permission',
      });
}

/**
 * Spec part 5: which storefront a website key opens; which seller, member and permissions a secret
 * key carries. A secret key acts for the member who made it while they stay on the team, and only
 * with the permissions their role still allows.
 */
export const keysFeature = defineFeature({
  name: 'keys',
  create(platform: Platform) {
    const reads = new CatalogReads(platform.docs);
    const team = new TeamReads(platform.docs);
    const issue = async (sellerId: string, key: NewSecretKey, actor: KeyActor, correlationId: string) => {
      const refused = beyondRole(actor.role, key.scopes);
      if (refused) return refused;
      const secret = platform.ids.token(SECRET_KEY_PREFIX);
      const keyId = platform.ids.uuid();
      const creator = actor.memberId === null ? {} : { createdBy: actor.memberId };
      const handled = await platform.commands.handle(
        sellerStream(sellerId),
        sellerDecider,
        { type: 'IssueSecretKey', keyId, keyHash: secretHash(secret), scopes: [...new Set(key.scopes)], name: key.name, ...creator },
        { correlationId, causationId: correlationId, at: platform.clock.now().toISOString() },
      );
      if (isRefusal(handled)) return handled;
      await platform.awaitProjections(handled.position);
      const doc = (await reads.secretKeysOf(sellerId)).find((k) => k.key_id === keyId);
      return doc ? { ...keyView(doc), key: secret } : notFound('key');
    };
    return {
      /** Decided against the clock: a rotated key stops once its grace is over. */
      websiteKey: async (key: string) => {
        const hash = secretHash(key);
        const found = await reads.websiteKey(hash, platform.clock.now().toISOString());
        return found ? { hash, ...found } : null;
      },
      ...websiteKeyUseCases(platform, reads),
      /** Null for a key that is unknown, revoked, or whose member left the team (401 alike); with the team's calls per minute, if it set them. */
      secretKey: async (key: string) => {
        const hash = secretHash(key);
        const found = await reads.secretKey(hash);
        if (!found) return null;
        const rateLimitPerMinute = await team.rateLimit(found.sellerId);
        if (found.createdBy === null) return { hash, ...found, rateLimitPerMinute, memberId: null, role: 'owner' as Role };
        const member = await team.member(found.sellerId, found.createdBy);
        if (!member) return null;
        const scopes = found.scopes.filter((s) => roleAllows(member.role, s));
        return { hash, ...found, scopes, rateLimitPerMinute, memberId: member._id, role: member.role };
      },
      allowedOrigins: () => reads.allowedOrigins(),
      secretKeys: async (caller: SellerCaller) => ({ data: (await reads.secretKeysOf(caller.sellerId)).map(keyView) }),
      createSecretKey: (caller: SellerCaller & KeyActor, key: NewSecretKey) => issue(caller.sellerId, key, caller, caller.correlationId),
      /** The platform issues a member a key (the staff dashboard's sign-in, the demo seed, specs): within their role, as if they made it. */
      issueMemberKey: async (sellerId: string, memberId: string, key: NewSecretKey, correlationId: string = platform.ids.uuid()) => {
        const member = await team.member(sellerId, memberId);
        return member ? issue(sellerId, key, { memberId, role: member.role }, correlationId) : notFound('member');
      },
      revokeSecretKey: async (caller: SellerCaller, keyId: string): Promise<{ id: string; revoked: true } | Refusal> => {
        const handled = await platform.commands.handle(
          sellerStream(caller.sellerId),
          sellerDecider,
          { type: 'RevokeSecretKey', keyId },
          { correlationId: caller.correlationId, causationId: caller.correlationId, at: platform.clock.now().toISOString() },
        );
        if (isRefusal(handled)) return handled;
        await platform.awaitProjections(handled.position);
        return { id: keyId, revoked: true };
      },
    };
  },
});
