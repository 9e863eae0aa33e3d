import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { SignInMethod, SignInPurpose } from '../../domain/traveller';
import { travellerSessionsProjector } from '../../projections/traveller-sessions/projector';
import { signInLinkMailReactor } from './reactors/sign-in-link-mail';
import { listSessions, revokeSession, sessionOf, signOut } from './sessions';
import { type SignInLinkRequest, countAddressAttempt, requestSignInLink } from './sign-in-link';
import { checkSignInLink, openSession, verifySignInLink } from './verify';

export { requireTraveller } from './session-required';
export { countAddressAttempt } from './sign-in-link';
export { openSession, type OpenedSession } from './verify';

/**
 * Spec 4.6 and 5.6: signing in by emailed link and the traveller's sessions. Features that need a
 * session reach this one, so it reaches no other feature (the traveller's bookings are manage-booking's).
 */
export const travellerAccountFeature = defineFeature({
  name: 'travellerAccount',
  projectors: [travellerSessionsProjector],
  reactors: [signInLinkMailReactor],
  create(platform) {
    return {
      /** The live session a session cookie opens on this storefront, or null. */
      session: (storefrontId: string, token: string) => sessionOf(platform, storefrontId, token),
      requestSignInLink: (ctx: StorefrontContext, request: SignInLinkRequest) => requestSignInLink(platform, ctx, request),
      checkSignInLink: (ctx: StorefrontContext, token: string) => checkSignInLink(platform, ctx, token),
      verifySignInLink: (ctx: StorefrontContext, token: string) => verifySignInLink(platform, ctx, token),
      /** For other ways of proving an email (passkeys): opens a session on the caller's storefront. */
      openSession: (ctx: StorefrontContext, email: string, method: SignInMethod) => openSession(platform, ctx, email, method),
      /** Counts a sign-in attempt of a client address (spec part 8: 20 an hour for each purpose); null when allowed. */
      countAddressAttempt: (ctx: StorefrontContext, address: string, purpose: SignInPurpose) => countAddressAttempt(platform, ctx, address, purpose),
      signOut: (ctx: StorefrontContext) => signOut(platform, ctx),
      sessions: (ctx: StorefrontContext) => listSessions(platform, ctx),
      revokeSession: (ctx: StorefrontContext, sessionId: string) => revokeSession(platform, ctx, sessionId),
    };
  },
});
