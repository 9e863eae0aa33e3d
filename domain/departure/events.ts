export type DepartureEvent =
  | { type: 'PlacesHeld'; data: { ref: string; optionId: string; start: string; places: number; expiresAt: string } }
  | { type: 'PlacesBooked'; data: { ref: string } }
  | { type: 'PlacesReleased'; data: { ref: string; why: ReleaseReason } };

/** expired: a hold ran out; cancelled: a booking was; abandoned: a checkout stopped before placing its booking. */
export type ReleaseReason = 'expired' | 'cancelled' | 'abandoned';

export interface DepartureEntry {
  places: number;
  expiresAt: string;
  status: 'held' | 'booked' | 'released';
}

/** One start of one option: who holds or has booked its places. */
export interface Departure {
  entries: Record<string, DepartureEntry>;
}

export const initialDeparture = (): Departure => ({ entries: {} });

export function evolveDeparture(state: Departure, event: DepartureEvent): Departure {
  const entries = { ...state.entries };
  switch (event.type) {
    case 'PlacesHeld':
      entries[event.data.ref] = { places: event.data.places, expiresAt: event.data.expiresAt, status: 'held' };
      break;
    case 'PlacesBooked': {
      const entry = entries[event.data.ref];
      if (entry) entries[event.data.ref] = { ...entry, status: 'booked' };
      break;
    }
    case 'PlacesReleased': {
      const entry = entries[event.data.ref];
      if (entry) entries[event.data.ref] = { ...entry, status: 'released' };
      break;
    }
  }
  return { entries };
}

/** Whether an entry's places are taken at `now`: booked ones always, held ones until they expire. */
export function takesPlaces(entry: DepartureEntry, now: Date): boolean {
  if (entry.status === 'booked') return true;
  return entry.status === 'held' && Date.parse(entry.expiresAt) > now.getTime();
}

/** Places still for sale at `now`; never below zero. */
export function remainingPlaces(entries: Record<string, DepartureEntry>, capacity: number, now: Date): number {
  let taken = 0;
  for (const entry of Object.values(entries)) if (takesPlaces(entry, now)) taken += entry.places;
  return Math.max(0, capacity - taken);
}
