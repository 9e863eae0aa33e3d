import type { BookingPlacedData } from '../../domain/booking';
import { idempotencyDecider, idempotencyStream } from '../../domain/idempotency';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { secretHash } from '../platform/secrets';
import { metadataFor } from './metadata';
import type { Platform, Settings } from '../platform/platform';
import { type BookingTokens, openTokens } from './sealed-tokens';

type KeyKind = 'hold' | 'checkout';

/**
 * What an Idempotency-Key already stands for: nothing (null), the ref of the same request made
 * before, or a 409 for a different request. Read before validating, so a repeat is answered as
 * it was first; a key is only claimed once a request passed validation (a refused request keeps
 * nothing and may be sent again, corrected, under the same key).
 */
export async function earlierClaim(
  deps: Pick<Platform, 'commands'>,
  ctx: StorefrontContext,
  key: string | undefined,
  kind: KeyKind,
  requestHash: string,
): Promise<{ ref: string } | null | Refusal> {
  if (!key) return null;
  const { state } = await deps.commands.load(idempotencyStream(ctx.storefront._id, secretHash(key)), idempotencyDecider);
  if (!state.claimed) return null;
  const decided = idempotencyDecider.decide({ type: 'ClaimKey', kind, requestHash, ref: state.claimed.ref }, state);
  return isRefusal(decided) ? decided : { ref: state.claimed.ref };
}

/** Claims an Idempotency-Key for a request that passed validation; a repeat means another request won the race to it. */
export async function claim(
  deps: Pick<Platform, 'commands'>,
  ctx: StorefrontContext,
  key: string | undefined,
  kind: KeyKind,
  requestHash: string,
  ref: string,
  now: Date,
): Promise<{ ref: string; repeat: boolean } | Refusal> {
  if (!key) return { ref, repeat: false };
  const result = await deps.commands.handle(
    idempotencyStream(ctx.storefront._id, secretHash(key)),
    idempotencyDecider,
    { type: 'ClaimKey', kind, requestHash, ref },
    metadataFor(ctx, now),
  );
  if (isRefusal(result)) return result;
  return { ref: result.state.claimed?.ref ?? ref, repeat: result.events.length === 0 };
}

/**
 * The tokens a checkout answers again (spec part 8: same key, same request, the first result in
 * full): only to a repeat under the Idempotency-Key the booking was placed with, and only within
 * the idempotency window after it was placed. Without a key, under another one, or later, null
 * (spec 4.4: a repeated checkout returns the same booking with both tokens null).
 */
export function tokensAnsweredAgain(
  settings: Pick<Settings, 'tokenSealingKey' | 'idempotencyWindowHours'>,
  ctx: StorefrontContext,
  placed: BookingPlacedData,
  key: string | undefined,
  now: Date,
): BookingTokens | null {
  if (!key) return null;
  if (now.getTime() - Date.parse(placed.placedAt) > settings.idempotencyWindowHours * 3_600_000) return null;
  const opened = openTokens(settings.tokenSealingKey, placed);
  if (!opened || opened.keyDigest === null || opened.keyDigest !== metadataFor(ctx, now, key).commandId) return null;
  return { bookingToken: opened.bookingToken, contactToken: opened.contactToken };
}
