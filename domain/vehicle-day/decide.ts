import { assertNever } from '../shared/decider';
import type { ReleaseReason } from '../departure/events';
import { Refusal, refuse } from '../shared/refusal';
import { VehicleDay, VehicleDayEvent, takesVehicles, vehicleEntryKey, vehiclesLeft } from './events';
import { vehicleLimitRefusal } from './rules';

/**
 * A booking's start takes `vehicles` of the day's `limit` (the option's daily limit as the catalog
 * gives it now) until `expiresAt`; `book` takes them booked at once (requests, offers, moves).
 */
export type HoldVehicles = {
  type: 'HoldVehicles';
  ref: string;
  optionId: string;
  start: string;
  vehicles: number;
  limit: { name: string; count: number };
  expiresAt: string;
  book: boolean;
  now: Date;
};
export type BookVehicles = { type: 'BookVehicles'; ref: string; start: string; now: Date };
export type ReleaseVehicles = { type: 'ReleaseVehicles'; ref: string; start: string; why: ReleaseReason; now: Date };

export type VehicleDayCommand = HoldVehicles | BookVehicles | ReleaseVehicles;

function holdVehicles(command: HoldVehicles, state: VehicleDay): VehicleDayEvent[] | Refusal {
  const { ref, optionId, start, vehicles, expiresAt, book } = command;
  // The same ref and start again while its vehicles are taken is a repeated command; once they are given back
  // (a hold that ran out, a departure that refused it) they are taken again, as anew.
  const entry = state.entries[vehicleEntryKey(ref, start)];
  if (entry && takesVehicles(entry, command.now)) return [];
  // A booking moved to another start of the day gives back the vehicles of the start it leaves right after.
  const left = vehiclesLeft(state.entries, command.limit.count, command.now, ref);
  const refused = vehicleLimitRefusal(left, vehicles, command.limit.name);
  if (refused) return refused;
  const held: VehicleDayEvent = { type: 'VehiclesHeld', data: { ref, optionId, start, vehicles, expiresAt } };
  return book ? [held, { type: 'VehiclesBooked', data: { ref, start } }] : [held];
}

/** A booking of a start whose hold took no vehicles (none were counted then) has none to book. */
function bookVehicles(command: BookVehicles, state: VehicleDay): VehicleDayEvent[] | Refusal {
  const entry = state.entries[vehicleEntryKey(command.ref, command.start)];
  if (!entry || entry.status === 'booked') return [];
  if (!takesVehicles(entry, command.now)) return refuse('HoldExpired', 'the hold ran out');
  return [{ type: 'VehiclesBooked', data: { ref: command.ref, start: command.start } }];
}

function releaseVehicles(command: ReleaseVehicles, state: VehicleDay): VehicleDayEvent[] {
  const entry = state.entries[vehicleEntryKey(command.ref, command.start)];
  if (!entry || entry.status === 'released') return [];
  if (command.why === 'expired' && takesVehicles(entry, command.now)) return [];
  return [{ type: 'VehiclesReleased', data: { ref: command.ref, start: command.start, why: command.why } }];
}

export function decideVehicleDay(command: VehicleDayCommand, state: VehicleDay): VehicleDayEvent[] | Refusal {
  switch (command.type) {
    case 'HoldVehicles':
      return holdVehicles(command, state);
    case 'BookVehicles':
      return bookVehicles(command, state);
    case 'ReleaseVehicles':
      return releaseVehicles(command, state);
    default:
      return assertNever(command);
  }
}
