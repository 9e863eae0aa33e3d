import { assertNever } from '../shared/decider';
import { Refusal, refuse } from '../shared/refusal';
import { Departure, DepartureEvent, ReleaseReason, evolveDeparture, remainingAt, takesPlaces } from './events';
import { CallOffCommand, calledOffRefusal, decideCallOff } from './call-off';
import { ExtraCounts, extrasLeft, extrasRefusal } from './extras';

/** `capacity` is what the catalog gives the start now: the departure records it when it differs from what it has. */
export type HoldPlaces = {
  type: 'HoldPlaces';
  ref: string;
  optionId: string;
  start: string;
  places: number;
  capacity: number | null;
  expiresAt: string;
  now: Date;
  /** Units of extras with a stock per start asked for, and that stock as the catalog gives it now (extras.ts). */
  extras?: ExtraCounts;
  extraStock?: ExtraCounts;
  /** Vehicles the hold took of the option's day before it came here (application/vehicles), recorded on its entry. */
  vehicles?: number;
};
export type BookPlaces = { type: 'BookPlaces'; ref: string; now: Date };
export type ReleasePlaces = { type: 'ReleasePlaces'; ref: string; why: ReleaseReason; now: Date };

export type DepartureCommand = HoldPlaces | BookPlaces | ReleasePlaces | CallOffCommand;

/** Whether `places` fit in what is left at a start (spec part 7: SoldOut, NotEnoughCapacity with remaining); free sale (null) always fits. */
export function placesRefusal(free: number | null, places: number): Refusal | null {
  if (free === null) return null;
  if (free === 0) return refuse('SoldOut', 'no places left at this start');
  if (free < places) return refuse('NotEnoughCapacity', `only ${free} places left at this start`, { remaining: free });
  return null;
}

/** The capacity the stream must record before deciding: on its first hold, or when the seller changed it. */
function recordCapacity(command: HoldPlaces, state: Departure): DepartureEvent[] {
  const { optionId, start, capacity } = command;
  if (!state.opened) return [{ type: 'DepartureOpened', data: { optionId, start, capacity } }];
  if (state.capacity !== capacity) return [{ type: 'CapacityChanged', data: { capacity } }];
  return [];
}

function holdPlaces(command: HoldPlaces, state: Departure): DepartureEvent[] | Refusal {
  // The same ref again is a repeated command: its places are held already.
  if (state.entries[command.ref]) return [];
  if (state.calledOff) return calledOffRefusal(state.calledOff);
  const recorded = recordCapacity(command, state);
  const refused = placesRefusal(remainingAt(recorded.reduce(evolveDeparture, state), command.now), command.places);
  if (refused) return refused;
  const { ref, optionId, start, places, expiresAt, extras, vehicles } = command;
  const stocked = extras && Object.keys(extras).length > 0 ? extras : null;
  const short = stocked && extrasRefusal(extrasLeft(state.entries, command.extraStock ?? {}, command.now), stocked);
  if (short) return short;
  const taken = { ...(stocked && { extras: stocked }), ...(vehicles ? { vehicles } : {}) };
  return [...recorded, { type: 'PlacesHeld', data: { ref, optionId, start, places, expiresAt, ...taken } }];
}

function bookPlaces(command: BookPlaces, state: Departure): DepartureEvent[] | Refusal {
  const entry = state.entries[command.ref];
  if (entry?.status === 'booked') return [];
  if (state.calledOff) return calledOffRefusal(state.calledOff);
  if (!entry || !takesPlaces(entry, command.now)) return refuse('HoldExpired', 'the hold ran out');
  return [{ type: 'PlacesBooked', data: { ref: command.ref } }];
}

function releasePlaces(command: ReleasePlaces, state: Departure): DepartureEvent[] {
  const entry = state.entries[command.ref];
  if (!entry || entry.status === 'released') return [];
  // Only a hold whose time is up expires; booked places stay taken.
  if (command.why === 'expired' && takesPlaces(entry, command.now)) return [];
  return [{ type: 'PlacesReleased', data: { ref: command.ref, why: command.why, ...(entry.vehicles ? { vehicles: entry.vehicles } : {}) } }];
}

export function decideDeparture(command: DepartureCommand, state: Departure): DepartureEvent[] | Refusal {
  switch (command.type) {
    case 'HoldPlaces':
      return holdPlaces(command, state);
    case 'BookPlaces':
      return bookPlaces(command, state);
    case 'ReleasePlaces':
      return releasePlaces(command, state);
    case 'CallOffDeparture':
    case 'SettleCallOff':
    case 'MessageDeparture':
      return decideCallOff(command, state);
    default:
      return assertNever(command);
  }
}
