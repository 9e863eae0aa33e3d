import type { Doc } from '../../application/platform/ports/document-store';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { DepartureEvent } from '../../domain/departure';
import type { HandlersOf } from '../../domain/shared/decider';

/**
 * The options with a departure document (places held or booked, a capacity of its own, a call-off)
 * on each local day: a trip list for a date or a month reads the departures of those options only,
 * where every other start still has all its places (spec 4.2 date, month). One small document per
 * option and day: a hold writes one, or finds it there already, whatever else that day holds.
 */
export const DEPARTURE_DAYS = 'option_departure_days';

export interface DepartureDayDoc extends Doc {
  day: string;
  option_id: string;
}

/** Each event that makes the departures read model write a start's document names its option on the start's day. */
const onDay = (e: { data: { optionId: string; start: string } }): Write[] => {
  const day = e.data.start.slice(0, 10);
  const doc = { _id: `${day}|${e.data.optionId}`, day, option_id: e.data.optionId };
  return [{ collection: DEPARTURE_DAYS, replaceOne: { filter: { _id: doc._id }, doc, upsert: true } }];
};

const handlers: HandlersOf<DepartureEvent, RecordedEvent, Write[]> = {
  DepartureOpened: onDay,
  PlacesHeld: onDay,
  DepartureCalledOff: onDay,
};

export const departureDaysProjector = defineProjector<DepartureEvent>('option-departure-days', { [DEPARTURE_DAYS]: [{ day: 1 }] }, handlers);
