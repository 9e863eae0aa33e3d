/** Answers of the traveller's saved trips (spec 4.6): trip cards with when each was saved. */
import { described, id, object, timestamp } from '../kernel/answer-schema';
import { Schema, arr, ref } from '../kernel/schema';

const SavedTrip: Schema = {
  allOf: [ref('TripCard'), object({ saved_at: described(timestamp, 'When the traveller saved the trip') })],
  description: 'A saved trip: its trip card (spec 2.3) and saved_at',
};

const SavedTripList = object(
  { data: described(arr(ref('SavedTrip'), { maxItems: 200 }), 'Newest first; trips the site no longer sells are left out') },
  {},
  { description: "The signed-in traveller's saved trips on this storefront" },
);

const SavedTripRemoved = object(
  { product_id: id, saved: described({ const: false }, 'The trip is not on the list (whether or not it was)') },
  {},
  { description: 'A trip taken off the list' },
);

export const savedTripsSchemas: Record<string, Schema> = { SavedTrip, SavedTripList, SavedTripRemoved };
