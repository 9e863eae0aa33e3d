import type { Event } from '../shared/decider';

/** A start's stream begins by recording how many places it has (null: free sale, no limit). */
export type DepartureOpened = Event<'DepartureOpened', { optionId: string; start: string; capacity: number | null }>;
/** The seller changed the start's capacity since the stream last recorded it. */
export type CapacityChanged = Event<'CapacityChanged', { capacity: number | null }>;
/**
 * `extras`: units of extras with a stock per start the hold takes with its places (absent: none);
 * `vehicles`: vehicles it took of the option's day (domain/vehicle-day; absent: none counted).
 */
export type PlacesHeld = Event<
  'PlacesHeld',
  { ref: string; optionId: string; start: string; places: number; expiresAt: string; extras?: Record<string, number>; vehicles?: number }
>;
export type PlacesBooked = Event<'PlacesBooked', { ref: string }>;
/** `vehicles`: the vehicles the entry took, which go back to the day with its places (absent: none). */
export type PlacesReleased = Event<'PlacesReleased', { ref: string; why: ReleaseReason; vehicles?: number }>;

/** Why a seller calls off a start: a short code travellers' mails and the seller's systems can switch on. */
export const CALL_OFF_REASONS = ['weather', 'too_few_travellers', 'guide_unavailable', 'vehicle_unavailable', 'safety', 'other'] as const;
export type CallOffReason = (typeof CALL_OFF_REASONS)[number];

/**
 * The seller called off this start: it takes no more holds or bookings. `refs` are the bookings
 * it had when called off (the places booked here and the requests the read model knew of); each
 * is moved to `offeredStart` when there is room there, else cancelled by the seller and refunded.
 */
export type DepartureCalledOff = Event<
  'DepartureCalledOff',
  {
    callId: string;
    /** The option's seller, who called it off (whose webhooks tell it). */
    sellerId: string;
    optionId: string;
    start: string;
    reason: CallOffReason;
    note: string | null;
    offeredStart: string | null;
    refs: string[];
    at: string;
  }
>;

/** What became of one booking of a start called off: moved (to the start it is for now) or cancelled. */
export interface CallOffOutcome {
  ref: string;
  outcome: 'moved' | 'cancelled';
  /** The start the booking was moved to; absent when cancelled. */
  to?: string;
}

/** Every booking of a call-off has its outcome: the call is done (`departure.cancelled` tells sellers' systems). */
export type CallOffSettled = Event<
  'CallOffSettled',
  {
    callId: string;
    sellerId: string;
    optionId: string;
    start: string;
    reason: CallOffReason;
    note: string | null;
    offeredStart: string | null;
    outcomes: CallOffOutcome[];
    at: string;
  }
>;

/** Staff wrote to every traveller of this start; each booking in `refs` gets it once (BookingMessaged). */
export type DepartureMessaged = Event<'DepartureMessaged', { messageId: string; subject: string | null; message: string; refs: string[]; at: string }>;

export type DepartureEvent =
  DepartureOpened | CapacityChanged | PlacesHeld | PlacesBooked | PlacesReleased | DepartureCalledOff | CallOffSettled | DepartureMessaged;

/**
 * expired: a hold ran out; cancelled: a booking was; abandoned: a checkout stopped before placing
 * its booking; moved: the booking went to another start when the seller called this one off.
 */
export type ReleaseReason = 'expired' | 'cancelled' | 'abandoned' | 'moved';

/** A call-off as the departure keeps it: refusing holds from then on, and settled once every booking has its outcome. */
export interface CallOff {
  callId: string;
  sellerId: string;
  reason: CallOffReason;
  note: string | null;
  offeredStart: string | null;
  at: string;
  /** The bookings the call moves or cancels. */
  refs: string[];
  /** What became of each booking, once settled; null until then. */
  outcomes: CallOffOutcome[] | null;
}

export interface DepartureEntry {
  places: number;
  expiresAt: string;
  status: 'held' | 'booked' | 'released';
  /** Units of stocked extras the entry takes while it takes its places; absent when none. */
  extras?: Record<string, number>;
  /** Vehicles the entry took of the option's day (domain/vehicle-day); absent when none were counted. */
  vehicles?: number;
}

/** One start of one option: how many places it has, and who holds or has booked them. */
export interface Departure {
  /** Whether the stream has recorded the start's capacity yet (streams written before it was recorded have not). */
  opened: boolean;
  /** Places the start has; null for free sale. */
  capacity: number | null;
  entries: Record<string, DepartureEntry>;
  /** Places of booked entries, kept as a sum so deciding does not walk every entry. */
  bookedPlaces: number;
  /** Refs whose entries are held now: only these can still run out. */
  held: Record<string, true>;
  /** The seller called this start off; null while it runs. */
  calledOff: CallOff | null;
}

export const initialDeparture = (): Departure => ({ opened: false, capacity: null, entries: {}, bookedPlaces: 0, held: {}, calledOff: null });

/**
 * Folds one event into the state. It updates the state's records in place: a start may gather
 * tens of thousands of entries, and copying them on every event would make each command slower
 * than the one before. The command handler owns each stream's state and hands out no older one.
 */
export function evolveDeparture(state: Departure, event: DepartureEvent): Departure {
  switch (event.type) {
    case 'DepartureOpened':
    case 'CapacityChanged':
      return { ...state, opened: true, capacity: event.data.capacity };
    case 'PlacesHeld': {
      const { ref, places, expiresAt, extras, vehicles } = event.data;
      const before = state.entries[ref];
      if (before?.status === 'booked') state.bookedPlaces -= before.places;
      const entry: DepartureEntry = { places, expiresAt, status: 'held' };
      if (extras) entry.extras = extras;
      if (vehicles) entry.vehicles = vehicles;
      state.entries[ref] = entry;
      state.held[ref] = true;
      return { ...state };
    }
    case 'PlacesBooked': {
      const entry = state.entries[event.data.ref];
      if (!entry || entry.status === 'booked') return state;
      state.entries[event.data.ref] = { ...entry, status: 'booked' };
      state.bookedPlaces += entry.places;
      delete state.held[event.data.ref];
      return { ...state };
    }
    case 'PlacesReleased': {
      const entry = state.entries[event.data.ref];
      if (!entry || entry.status === 'released') return state;
      if (entry.status === 'booked') state.bookedPlaces -= entry.places;
      state.entries[event.data.ref] = { ...entry, status: 'released' };
      delete state.held[event.data.ref];
      return { ...state };
    }
    case 'DepartureCalledOff': {
      const { callId, sellerId, reason, note, offeredStart, refs, at } = event.data;
      return { ...state, calledOff: { callId, sellerId, reason, note, offeredStart, at, refs, outcomes: null } };
    }
    case 'CallOffSettled':
      return state.calledOff ? { ...state, calledOff: { ...state.calledOff, outcomes: event.data.outcomes } } : state;
    case 'DepartureMessaged':
      return state;
  }
}

/** Refs of the bookings whose places are booked at this start now. */
export function bookedRefs(state: Departure): string[] {
  return Object.keys(state.entries).filter((ref) => state.entries[ref].status === 'booked');
}

/** Whether an entry's places are taken at `now`: booked ones always, held ones until they expire. */
export function takesPlaces(entry: DepartureEntry, now: Date): boolean {
  if (entry.status === 'booked') return true;
  return entry.status === 'held' && isAfter(entry.expiresAt, now);
}

/**
 * Whether an instant written as ISO text is after `now`. Counts walk every live hold of a start, so
 * the usual form (toISOString's: 24 characters, UTC) is compared as text with `now` written once
 * per instant, which orders the same; any other form is parsed.
 */
function isAfter(instant: string, now: Date): boolean {
  const ms = now.getTime();
  if (ms !== lastNowMs) {
    lastNowMs = ms;
    lastNowText = Number.isNaN(ms) ? '' : now.toISOString();
  }
  if (instant.length === 24 && lastNowText.length === 24 && instant.charCodeAt(23) === 90 && instant.charCodeAt(19) === 46) return instant > lastNowText;
  return Date.parse(instant) > ms;
}

let lastNowMs = Number.NaN;
let lastNowText = '';

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

/** Places still for sale at `now` against the capacity the departure recorded: the same rule, from the kept sums. */
export function remainingAt(state: Departure, now: Date): number | null {
  if (state.capacity === null) return null;
  let taken = state.bookedPlaces;
  for (const ref of Object.keys(state.held)) {
    const entry = state.entries[ref];
    if (takesPlaces(entry, now)) taken += entry.places;
  }
  return Math.max(0, state.capacity - taken);
}
