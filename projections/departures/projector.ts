import type { Projector } from '../../application/platform/processing/projector';

/** Each start's entries (held, booked, released places), for calendars and remaining counts. */
export const departuresProjector: Projector = {
  name: 'departures',
  collections: { departures: [{ option_id: 1 }] },
  handlers: {
    PlacesHeld: (e) => [{
      collection: 'departures',
      updateOne: {
        filter: { _id: e.streamId },
        update: {
          $set: {
            option_id: e.data.optionId,
            start: e.data.start,
            [`entries.${e.data.ref}`]: { places: e.data.places, expiresAt: e.data.expiresAt, status: 'held' },
          },
        },
        upsert: true,
      },
    }],
    PlacesBooked: (e) => [{ collection: 'departures', updateOne: { filter: { _id: e.streamId }, update: { $set: { [`entries.${e.data.ref}.status`]: 'booked' } } } }],
    PlacesReleased: (e) => [{ collection: 'departures', updateOne: { filter: { _id: e.streamId }, update: { $set: { [`entries.${e.data.ref}.status`]: 'released' } } } }],
  },
};
