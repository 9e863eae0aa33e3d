import { normaliseEmail } from '../../domain/shared/email';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { type SignInPurpose, signInAddressDecider, signInAddressStream, signInRequestsDecider, signInRequestsStream } from '../../domain/traveller';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';

type Deps = Pick<Platform, 'commands' | 'clock' | 'settings'>;

export interface SignInLinkRequest {
  email: string;
  locale: string;
  returnPath: string | null;
  /** The client's address (first X-Forwarded-For entry, spec 5.8). */
  address: string;
}

export const metadataOf = (ctx: StorefrontContext, now: Date): EventMetadata => ({
  correlationId: ctx.correlationId,
  causationId: ctx.correlationId,
  storefrontId: ctx.storefront._id,
  at: now.toISOString(),
});

/**
 * Counts one sign-in attempt of a client address for `purpose` (spec part 8: 20 an hour), in the
 * log, so the count survives a restart; null when allowed, else 429 RateLimited.
 */
export async function countAddressAttempt(deps: Deps, ctx: StorefrontContext, address: string, purpose: SignInPurpose): Promise<Refusal | null> {
  const now = deps.clock.now();
  const counted = await deps.commands.handle(
    signInAddressStream(secretHash(address)),
    signInAddressDecider,
    { type: 'CountSignInAttempt', purpose, now: now.toISOString() },
    metadataOf(ctx, now),
  );
  return isRefusal(counted) ? counted : null;
}

/**
 * Spec 4.6: asks for a sign-in link to be emailed. Every address is sent one, whether it has
 * bookings or not, so the answer and the work never tell which (no enumeration); the mail goes
 * out from a reactor after the append. The address is charged first: a flood from one address
 * does not spend the email's own limit.
 */
export async function requestSignInLink(deps: Deps, ctx: StorefrontContext, request: SignInLinkRequest): Promise<{ sent: true } | Refusal> {
  const limited = await countAddressAttempt(deps, ctx, request.address, 'link');
  if (limited) return limited;
  const now = deps.clock.now();
  const email = normaliseEmail(request.email);
  const languages = ctx.storefront.languages;
  const requested = await deps.commands.handle(
    signInRequestsStream(secretHash(email)),
    signInRequestsDecider,
    {
      type: 'RequestSignInLink',
      storefrontId: ctx.storefront._id,
      email,
      locale: languages.includes(request.locale) ? request.locale : ctx.storefront.default_language,
      returnPath: request.returnPath,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + deps.settings.signInLinkMinutes * 60_000).toISOString(),
    },
    metadataOf(ctx, now),
  );
  return isRefusal(requested) ? requested : { sent: true };
}
