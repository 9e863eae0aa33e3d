import { savedTripsDecider } from '../../domain/saved-trips';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { listOf, metadataOf } from './list-owner';

export type UnsaveDeps = Pick<Platform, 'commands' | 'clock' | 'awaitProjections'>;

/**
 * DELETE /v1/public/me/saved-trips/{productId}: takes the trip off the list, whether or not the
 * storefront still sells it; a trip not on the list answers the same (idempotent).
 */
export async function unsaveTrip(deps: UnsaveDeps, caller: StorefrontContext, productId: string): Promise<{ product_id: string; saved: false } | Refusal> {
  const list = listOf(caller);
  if (isRefusal(list)) return list;
  const unsavedAt = deps.clock.now().toISOString();
  const handled = await deps.commands.handle(
    list.stream,
    savedTripsDecider,
    { type: 'UnsaveTrip', owner: list.owner, productId, unsavedAt },
    metadataOf(caller, unsavedAt),
  );
  if (isRefusal(handled)) return handled;
  await deps.awaitProjections(handled.position);
  return { product_id: productId, saved: false };
}
