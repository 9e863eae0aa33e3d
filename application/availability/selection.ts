import type { Attribution } from '../../domain/hold';
import type { Selection } from '../../domain/pricing/quote';
import { type Refusal, invalidInput } from '../../domain/shared/refusal';
import { locatePickup } from '../pickups';

/** The body of a quote, and of a hold with its attribution (spec 4.3). */
export interface SelectionBody {
  option_id: string;
  start: string;
  units: { unit_id: string; qty: number; ages?: number[] }[];
  extras?: { extra_id: string; qty: number }[];
  rooms?: { room_type_id: string; qty: number; beds?: string }[];
  pickup?: { place_id?: string; lat?: number; lng?: number } | null;
  currency?: string;
  attribution?: Attribution;
}

export function selectionOf(body: SelectionBody): Selection {
  // A place of the pickup place library is resolved by its coordinates.
  return { units: body.units, extras: body.extras ?? [], rooms: body.rooms ?? [], pickup: body.pickup ? locatePickup(body.pickup) : null };
}

/** A pickup names a place (place_id) or a point (lat and lng), never both nor one coordinate alone, as pickup/resolve asks. */
export function pickupShapeRefusal(pickup: SelectionBody['pickup']): Refusal | null {
  if (!pickup) return null;
  const { place_id: placeId, lat, lng } = pickup;
  if (placeId !== undefined ? lat === undefined && lng === undefined : lat !== undefined && lng !== undefined) return null;
  return invalidInput([{ reason: 'pickup_where', field: 'pickup', detail: 'pickup must give either place_id, or both lat and lng' }]);
}
