import type { Doc } from '../../application/platform/ports/document-store';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { DepartureEvent } from '../../domain/departure';
import type { HandlersOf } from '../../domain/shared/decider';

/**
 * The options with a departure document (places held or booked, a capacity of its own, a call-off)
 * on each local day: a trip list for a date or a month reads the departures of those options only,
 * where every other start still has all its places (spec 4.2 date, month).
 */
export const DEPARTURE_DAYS = 'departure_days';

export interface DepartureDayDoc extends Doc {
  option_ids: string[];
}

/** Each event that makes the departures read model write a start's document names its option on the start's day. */
const onDay = (e: { data: { optionId: string; start: string } }): Write[] => [
  {
    collection: DEPARTURE_DAYS,
    updateOne: { filter: { _id: e.data.start.slice(0, 10) }, update: { $addToSet: { option_ids: e.data.optionId } }, upsert: true },
  },
];

const handlers: HandlersOf<DepartureEvent, RecordedEvent, Write[]> = {
  DepartureOpened: onDay,
  PlacesHeld: onDay,
  DepartureCalledOff: onDay,
};

export const departureDaysProjector = defineProjector<DepartureEvent>('departure-days', { [DEPARTURE_DAYS]: [] }, handlers);
