import type { Event } from '../shared/decider';

/** A start's stream begins by recording how many places it has (null: free sale, no limit). */
export type DepartureOpened = Event<'DepartureOpened', { optionId: string; start: string; capacity: number | null }>;
/** The seller changed the start's capacity since the stream last recorded it. */
export type CapacityChanged = Event<'CapacityChanged', { capacity: number | null }>;
export type PlacesHeld = Event<'PlacesHeld', { ref: string; optionId: string; start: string; places: number; expiresAt: string }>;
export type PlacesBooked = Event<'PlacesBooked', { ref: string }>;
export type PlacesReleased = Event<'PlacesReleased', { ref: string; why: ReleaseReason }>;

export type DepartureEvent = DepartureOpened | CapacityChanged | PlacesHeld | PlacesBooked | PlacesReleased;

/** expired: a hold ran out; cancelled: a booking was; abandoned: a checkout stopped before placing its booking. */
export type ReleaseReason = 'expired' | 'cancelled' | 'abandoned';

export interface DepartureEntry {
  places: number;
  expiresAt: string;
  status: 'held' | 'booked' | 'released';
}

/** One start of one option: how many places it has, and who holds or has booked them. */
export interface Departure {
  /** Whether the stream has recorded the start's capacity yet (streams written before it was recorded have not). */
  opened: boolean;
  /** Places the start has; null for free sale. */
  capacity: number | null;
  entries: Record<string, DepartureEntry>;
}

export const initialDeparture = (): Departure => ({ opened: false, capacity: null, entries: {} });

function withStatus(state: Departure, ref: string, status: DepartureEntry['status']): Departure {
  const entry = state.entries[ref];
  return entry ? { ...state, entries: { ...state.entries, [ref]: { ...entry, status } } } : state;
}

export function evolveDeparture(state: Departure, event: DepartureEvent): Departure {
  switch (event.type) {
    case 'DepartureOpened':
    case 'CapacityChanged':
      return { ...state, opened: true, capacity: event.data.capacity };
    case 'PlacesHeld': {
      const { ref, places, expiresAt } = event.data;
      return { ...state, entries: { ...state.entries, [ref]: { places, expiresAt, status: 'held' } } };
    }
    case 'PlacesBooked':
      return withStatus(state, event.data.ref, 'booked');
    case 'PlacesReleased':
      return withStatus(state, event.data.ref, 'released');
  }
}

/** Whether an entry's places are taken at `now`: booked ones always, held ones until they expire. */
export function takesPlaces(entry: DepartureEntry, now: Date): boolean {
  if (entry.status === 'booked') return true;
  return entry.status === 'held' && Date.parse(entry.expiresAt) > now.getTime();
}

/**
 * Places still for sale at `now` at a start with `capacity` and these entries (none yet: undefined);
 * never below zero, null for free sale. The one rule for remaining places, on the write and read side.
 */
export function remainingPlaces(entries: Readonly<Record<string, DepartureEntry>> | undefined, capacity: number, now: Date): number;
export function remainingPlaces(entries: Readonly<Record<string, DepartureEntry>> | undefined, capacity: number | null, now: Date): number | null;
export function remainingPlaces(entries: Readonly<Record<string, DepartureEntry>> | undefined, capacity: number | null, now: Date): number | null {
  if (capacity === null) return null;
  let taken = 0;
  for (const entry of Object.values(entries ?? {})) if (takesPlaces(entry, now)) taken += entry.places;
  return Math.max(0, capacity - taken);
}

/** Places still for sale at `now` against the capacity the departure recorded. */
export function remainingAt(state: Departure, now: Date): number | null {
  return remainingPlaces(state.entries, state.capacity, now);
}
