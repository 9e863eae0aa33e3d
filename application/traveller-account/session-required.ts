import { type Refusal, refuse } from '../../domain/shared/refusal';
import type { StorefrontContext, TravellerSession } from '../platform/context';

/** Spec 5.5: an endpoint needing a session the request lacks answers 401 Unauthenticated. */
export function requireTraveller(ctx: StorefrontContext): TravellerSession | Refusal {
  return ctx.traveller ?? refuse('Unauthenticated', 'sign in first: this needs the traveller session cookie, passed on with the website key');
}
