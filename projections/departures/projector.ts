import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { DepartureEvent } from '../../domain/departure';
import { DEPARTURES, entryPath } from './doc';

const handlers: HandlersOf<DepartureEvent, RecordedEvent, Write[]> = {
  DepartureOpened: (e) => [
    {
      collection: DEPARTURES,
      updateOne: {
        filter: { _id: e.streamId },
        update: { $set: { option_id: e.data.optionId, start: e.data.start, capacity: e.data.capacity } },
        upsert: true,
      },
    },
  ],
  CapacityChanged: (e) => [{ collection: DEPARTURES, updateOne: { filter: { _id: e.streamId }, update: { $set: { capacity: e.data.capacity } } } }],
  PlacesHeld: (e) => [
    {
      collection: DEPARTURES,
      updateOne: {
        filter: { _id: e.streamId },
        update: {
          $set: {
            option_id: e.data.optionId,
            start: e.data.start,
            [entryPath(e.data.ref)]: {
              places: e.data.places,
              expiresAt: e.data.expiresAt,
              status: 'held',
              ...(e.data.extras && { extras: e.data.extras }),
            },
          },
        },
        upsert: true,
      },
    },
  ],
  PlacesBooked: (e) => [
    { collection: DEPARTURES, updateOne: { filter: { _id: e.streamId }, update: { $set: { [`${entryPath(e.data.ref)}.status`]: 'booked' } } } },
  ],
  DepartureCalledOff: (e) => [
    {
      collection: DEPARTURES,
      updateOne: { filter: { _id: e.streamId }, update: { $set: { option_id: e.data.optionId, start: e.data.start, called_off: true } }, upsert: true },
    },
  ],
  // Released places take nothing and nothing reads them: dropping the entry keeps a busy start's document
  // (and every count over it) as small as its live holds and bookings, however long its stream grows.
  PlacesReleased: (e) => [{ collection: DEPARTURES, updateOne: { filter: { _id: e.streamId }, update: { $unset: { [entryPath(e.data.ref)]: '' } } } }],
};

/** Each start's recorded capacity and entries (held, booked, released places), for calendars and remaining counts. */
export const departuresProjector = defineProjector<DepartureEvent>('departure-places', { [DEPARTURES]: [{ option_id: 1 }] }, handlers);
