import { type ListOwner, savedTripsStream } from '../../domain/saved-trips';
import { normaliseEmail } from '../../domain/shared/email';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import { uuidFromName } from '../platform/secrets';
import { requireTraveller } from '../traveller-account';

export interface SavedTripsList {
  owner: ListOwner;
  stream: string;
}

/** The signed-in traveller's list on the key's storefront: saved trips need the traveller session (spec 4.6, 5.5). */
export function listOf(caller: StorefrontContext): SavedTripsList | Refusal {
  const traveller = requireTraveller(caller);
  if (isRefusal(traveller)) return traveller;
  const owner = { storefrontId: caller.storefront._id, email: normaliseEmail(traveller.email) };
  return { owner, stream: savedTripsStream(owner.storefrontId, uuidFromName(owner.email)) };
}

/** What every append of a saved-trips command carries (ARCHITECTURE.md: request id, storefront, time). */
export function metadataOf(caller: StorefrontContext, at: string): EventMetadata {
  return { correlationId: caller.correlationId, causationId: caller.correlationId, storefrontId: caller.storefront._id, at };
}
