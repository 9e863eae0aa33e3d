import { assertNever } from '../shared/decider';
import { Refusal, refuse } from '../shared/refusal';
import { Departure, DepartureEvent, ReleaseReason, remainingPlaces, takesPlaces } from './events';

export type DepartureCommand =
  | { type: 'HoldPlaces'; ref: string; optionId: string; start: string; places: number; capacity: number | null; expiresAt: string; now: Date }
  | { type: 'BookPlaces'; ref: string; now: Date }
  | { type: 'ReleasePlaces'; ref: string; why: ReleaseReason; now: Date };

/** Whether `places` fit in what is left at a start (spec part 7: SoldOut, NotEnoughCapacity with remaining). */
export function placesRefusal(free: number, places: number): Refusal | null {
  if (free === 0) return refuse('SoldOut', 'no places left at this start');
  if (free < places) return refuse('NotEnoughCapacity', `only ${free} places left at this start`, { remaining: free });
  return null;
}

export function decideDeparture(command: DepartureCommand, state: Departure): DepartureEvent[] | Refusal {
  switch (command.type) {
    case 'HoldPlaces': {
      // The same ref again is a repeated command: its places are held already.
      if (state.entries[command.ref]) return [];
      if (command.capacity !== null) {
        const refused = placesRefusal(remainingPlaces(state.entries, command.capacity, command.now), command.places);
        if (refused) return refused;
      }
      return [{ type: 'PlacesHeld', data: { ref: command.ref, optionId: command.optionId, start: command.start, places: command.places, expiresAt: command.expiresAt } }];
    }
    case 'BookPlaces': {
      const entry = state.entries[command.ref];
      if (entry?.status === 'booked') return [];
      if (!entry || !takesPlaces(entry, command.now)) return refuse('HoldExpired', 'the hold ran out');
      return [{ type: 'PlacesBooked', data: { ref: command.ref } }];
    }
    case 'ReleasePlaces': {
      const entry = state.entries[command.ref];
      if (!entry || entry.status === 'released') return [];
      // Only a hold whose time is up expires; booked places stay taken.
      if (command.why === 'expired' && takesPlaces(entry, command.now)) return [];
      return [{ type: 'PlacesReleased', data: { ref: command.ref, why: command.why } }];
    }
    default:
      return assertNever(command);
  }
}
