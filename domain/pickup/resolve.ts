import type { PickupAsk, PickupKind, PickupRule } from '../catalog/definitions';
import { Refusal, refuse } from '../shared/refusal';
import { shapeContains } from './shapes';

/** Where a traveller wants to be picked up (quote `pickup`, spec 4.3): a place or area id (or an old area name), or coordinates. */
export interface PickupWhere {
  place_id?: string;
  lat?: number;
  lng?: number;
}

/** Why an option does not pick up there: it has no pickup, the point is in none of its areas, or the place is unknown. */
export type PickupRefusalReason = 'no_pickup' | 'outside_area' | 'unknown_place';

const notOffered = (reason: PickupRefusalReason, detail: string): Refusal => refuse('PickupNotOffered', detail, { reason });

/**
 * The pickup area of an option that serves a place. An area is named by its id (or, in definitions
 * written before areas had ids, its name); coordinates fall in the first listed area whose shape
 * covers them (areas without a shape are only ever named). A place id that names no area counts by
 * its coordinates when the caller found the place in the place library, else it is unknown.
 */
export function resolvePickup(pickup: { rules: readonly PickupRule[] } | null, where: PickupWhere): PickupRule | Refusal {
  if (!pickup || pickup.rules.length === 0) return notOffered('no_pickup', 'this option has no pickup');
  if (where.place_id !== undefined) {
    const named = pickup.rules.find((r) => r.id === where.place_id) ?? pickup.rules.find((r) => r.area === where.place_id);
    if (named) return named;
  }
  const { lat, lng } = where;
  if (lat === undefined || lng === undefined) return notOffered('unknown_place', 'no such pickup place or area');
  const covering = pickup.rules.find((r) => r.shape !== undefined && shapeContains(r.shape, { lat, lng }));
  return covering ?? notOffered('outside_area', 'no pickup from there');
}

/** A resolved area as the traveller sees it (the id is null in definitions written before areas had ids). */
export function pickupArea(rule: PickupRule): { id: string | null; name: string; kind: PickupKind } {
  // As trip-facts' pickupKind: areas written before kinds came to where travellers stay.
  return { id: rule.id ?? null, name: rule.area, kind: rule.kind ?? 'hotel' };
}

/** The details a booking's pickup asks for (flight, ship, room), as `pickup_details` must give them. */
export type PickupDetails = Partial<Record<PickupAsk, unknown>>;

/**
 * What checkout still needs for the quote's pickup (spec 4.4 pickup_details): each detail the
 * area asks for that `pickup_details` leaves out or blank, in the area's order. The quote names
 * its area by name; an area no longer listed asks for nothing.
 */
export function pickupDetailsMissing(
  pickup: { rules: readonly PickupRule[] } | null,
  quoted: { area: string } | null,
  details: PickupDetails | null | undefined,
): PickupAsk[] {
  if (!quoted || !pickup) return [];
  const rule = pickup.rules.find((r) => r.area === quoted.area);
  const given = (ask: PickupAsk) => {
    const value = details?.[ask];
    return typeof value === 'string' && value.trim() !== '';
  };
  return (rule?.asks ?? []).filter((ask) => !given(ask));
}

/** PickupDetailsRequired when checkout lacks details the pickup asks for, else null. */
export function checkPickupDetails(
  pickup: { rules: readonly PickupRule[] } | null,
  quoted: { area: string } | null,
  details: PickupDetails | null | undefined,
): Refusal | null {
  const missing = pickupDetailsMissing(pickup, quoted, details);
  return missing.length === 0 ? null : refuse('PickupDetailsRequired', `the pickup needs the ${missing.join(', ')} details`, { missing });
}
