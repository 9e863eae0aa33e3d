import type { Event } from '../shared/decider';
import type { ReleaseReason } from '../departure/events';

/**
 * Vehicles of one option on one local day, taken by a booking's start. Entries are keyed by ref and
 * start together (vehicleEntryKey): a booking moved to another start of the same day takes vehicles
 * there before it gives back those of the start it leaves.
 */
export type VehiclesHeld = Event<'VehiclesHeld', { ref: string; optionId: string; start: string; vehicles: number; expiresAt: string }>;
export type VehiclesBooked = Event<'VehiclesBooked', { ref: string; start: string }>;
export type VehiclesReleased = Event<'VehiclesReleased', { ref: string; start: string; why: ReleaseReason }>;

export type VehicleDayEvent = VehiclesHeld | VehiclesBooked | VehiclesReleased;

export interface VehicleEntry {
  vehicles: number;
  expiresAt: string;
  status: 'held' | 'booked' | 'released';
}

/** One option's day: which bookings hold or have booked how many of its vehicles. */
export interface VehicleDay {
  entries: Record<string, VehicleEntry>;
}

export const initialVehicleDay = (): VehicleDay => ({ entries: {} });

/** The key of a booking's entry at one start of the day. */
export const vehicleEntryKey = (ref: string, start: string): string => `${ref}@${start}`;

/** A day gathers a handful of entries (its vehicles are few), so each event copies them. */
export function evolveVehicleDay(state: VehicleDay, event: VehicleDayEvent): VehicleDay {
  const key = vehicleEntryKey(event.data.ref, event.data.start);
  switch (event.type) {
    case 'VehiclesHeld': {
      const { vehicles, expiresAt } = event.data;
      return { entries: { ...state.entries, [key]: { vehicles, expiresAt, status: 'held' } } };
    }
    case 'VehiclesBooked':
    case 'VehiclesReleased': {
      const entry = state.entries[key];
      if (!entry) return state;
      return { entries: { ...state.entries, [key]: { ...entry, status: event.type === 'VehiclesBooked' ? 'booked' : 'released' } } };
    }
  }
}

/** Whether an entry's vehicles are taken at `now`: booked ones always, held ones until they expire (as places are). */
export function takesVehicles(entry: VehicleEntry, now: Date): boolean {
  if (entry.status === 'booked') return true;
  return entry.status === 'held' && Date.parse(entry.expiresAt) > now.getTime();
}

/**
 * Vehicles still free on the day at `now` out of `limit`, never below zero: the one rule, on the write and
 * read side. `mover`: a booking moving within the day, whose vehicles at the start it leaves are its own to take.
 */
export function vehiclesLeft(entries: Readonly<Record<string, VehicleEntry>> | undefined, limit: number, now: Date, mover?: string): number {
  let taken = 0;
  for (const [key, entry] of Object.entries(entries ?? {})) {
    if (takesVehicles(entry, now) && (mover === undefined || !key.startsWith(`${mover}@`))) taken += entry.vehicles;
  }
  return Math.max(0, limit - taken);
}
