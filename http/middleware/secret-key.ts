import type { Context, Next } from 'koa';
import type { KeyActor } from '../../application/keys';
import type { SellerCaller } from '../../application/seller';
import { unauthenticated } from '../kernel/problem';
import type { RateState } from './rate-limit';

export interface SecretKeys {
  /** The seller and permissions a secret key carries, with the key's digest; null for a key that is not valid. */
  resolve(key: string): Promise<({ hash: string; sellerId: string; scopes: readonly string[]; rateLimitPerMinute: number | null } & KeyActor) | null>;
}

/** Who calls the seller interface, with the key's permissions for the per-operation check and the member it acts for. */
export type SellerKeyCaller = SellerCaller & KeyActor & { scopes: readonly string[] };

/** The caller of a seller operation as the secret-key middleware set it: operations that act as the key's member read it whole. */
export const keyCaller = (caller: SellerCaller): SellerKeyCaller => caller as SellerKeyCaller;

/** Spec part 5: a secret key (Authorization: Bearer tp_sk_...) acts for its seller with its scopes; `perKey` calls a minute unless its team set another (part 8). */
export function secretKey(keys: SecretKeys, perKey: number) {
  return async function secretKey(ctx: Context, next: Next) {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!match) throw unauthenticated('send the secret key as Authorization: Bearer tp_sk_...');
    const found = await keys.resolve(match[1]);
    if (!found) throw unauthenticated('the secret key is not valid, or was revoked');
    const rate: RateState = { key: found.hash, limit: found.rateLimitPerMinute ?? perKey, perAddress: null };
    ctx.state.rate = rate;
    const caller: SellerKeyCaller = {
      sellerId: found.sellerId,
      scopes: found.scopes,
      memberId: found.memberId,
      role: found.role,
      correlationId: ctx.state.requestId as string,
    };
    ctx.state.caller = caller;
    await next();
  };
}
