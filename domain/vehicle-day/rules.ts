import type { VehicleRule } from '../catalog/definitions';
import { Refusal, refuse } from '../shared/refusal';

/**
 * Vehicles a group needs: its travellers who take a seat shared out over the vehicles' seats,
 * rounded up; at least one, since travellers on a lap ride in a vehicle too.
 */
export function vehiclesNeeded(rule: VehicleRule, seats: number): number {
  return Math.max(1, Math.ceil(seats / rule.seats));
}

/** The most vehicles one booking may ever take: its own limit, and never more than the day has. */
export function mostVehicles(rule: VehicleRule): number | null {
  const limits = [rule.per_booking_max, rule.daily_limit?.count ?? null].filter((n): n is number => n !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/** Spec part 7 VehicleCapacityExceeded: more travellers take a seat than the most vehicles a booking may take can seat. */
export function vehicleCapacityRefusal(rule: VehicleRule, seats: number): Refusal | null {
  const most = mostVehicles(rule);
  if (most === null || vehiclesNeeded(rule, seats) <= most) return null;
  const total = most * rule.seats;
  return refuse('VehicleCapacityExceeded', `these vehicles seat at most ${total} travellers in one booking`, { pax: seats, seats: total });
}

/** Spec part 7 VehicleLimitReached: fewer vehicles are left that day than the group needs. */
export function vehicleLimitRefusal(left: number, needed: number, limitName: string): Refusal | null {
  if (left >= needed) return null;
  const detail = left === 0 ? 'no vehicles are left on this day' : `only ${left} vehicle${left === 1 ? ' is' : 's are'} left on this day`;
  return refuse('VehicleLimitReached', detail, { remainingVehicles: left, limitName });
}
