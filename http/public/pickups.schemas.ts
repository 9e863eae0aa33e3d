/** Answers of the pickup place library and pickup resolve (spec 4.3), and the pickup area shape the trip page shows (2.4). */
import { PICKUP_ASKS, PICKUP_KINDS } from '../../domain/catalog/definitions';
import { PICKUP_PLACE_KINDS } from '../../application/pickups';
import { object, orNull, described, id, text, money } from '../kernel/answer-schema';
import { Schema, arr, enumOf, int, num, ref, str } from '../kernel/schema';

const lat = num(-90, 90);
const lng = num(-180, 180);

const PickupShape = {
  oneOf: [
    object(
      {
        type: enumOf('polygon'),
        points: described(arr(arr(num(), { minItems: 2, maxItems: 2 }), { minItems: 3 }), 'Corners as [lat, lng], in order; the last joins the first'),
      },
      {},
      { description: 'A polygon' },
    ),
    object({ type: enumOf('circle'), center: object({ lat, lng }), radius_m: described(num(0), 'Metres from the centre') }, {}, { description: 'A circle' }),
  ],
  description: 'Where a pickup area reaches; null for an area matched only by its id or name',
} as Schema;

const PickupWindow = object(
  {
    from_min: described(int(0), 'The pickup comes from this many minutes before the start...'),
    to_min: described(int(0), '...to this many'),
  },
  {},
  { description: 'When the pickup comes, in minutes before the start' },
);

const pickupAsks = described(arr(enumOf(...PICKUP_ASKS)), 'Details checkout must give in pickup_details (422 PickupDetailsRequired, missing, otherwise)');

/** The fields the trip page adds to each pickup area (spec 2.4): the area's id, shape, window and what it asks. */
export const pickupAreaFields = {
  id: described(orNull(id), 'The area id a quote takes as pickup.place_id; null for an area written before areas had ids (named by `area`)'),
  shape: orNull(ref('PickupShape')),
  window: orNull(ref('PickupWindow')),
  asks: pickupAsks,
};

const PlaceFound = object({
  id,
  name: described(text, 'In `locale` when the place has a name in it, else in English'),
  kind: enumOf(...PICKUP_PLACE_KINDS),
  lat,
  lng,
});

const PickupPlaces = object({ data: arr(ref('PickupPlace'), { maxItems: 10 }) }, {}, { description: 'At most 10 places, best match first' });

const PickupOffered = object(
  {
    offered: { type: 'boolean', const: true },
    area: object({
      id: described(orNull(id), 'null for an area written before areas had ids'),
      name: text,
      kind: enumOf(...PICKUP_KINDS),
    }),
    window: orNull(
      object(
        {
          from_min: int(0),
          to_min: int(0),
          from: described(
            orNull(str({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' })),
            "Local date-time in the trip's zone for the `start` asked; null without a timed start",
          ),
          to: orNull(str({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' })),
        },
        {},
        { description: 'When the pickup comes: from from_min to to_min minutes before the start; null when the seller gives no window' },
      ),
    ),
    price: described(money, 'Per booking, in `currency` (default the display currency), as a quote prices it'),
    asks: pickupAsks,
  },
  {},
  { description: 'Pickup is offered there' },
);

const PickupNotOffered = object(
  {
    offered: { type: 'boolean', const: false },
    reason: described(
      enumOf('no_pickup', 'outside_area', 'unknown_place'),
      'no_pickup: the option has none; outside_area: in none of its areas; unknown_place: no such place or area',
    ),
  },
  {},
  { description: 'Pickup is not offered there (a quote with this pickup is refused 422 PickupNotOffered with this reason)' },
);

export const pickupsSchemas: Record<string, Schema> = {
  PickupShape,
  PickupWindow,
  PickupPlace: PlaceFound,
  PickupPlaces,
  PickupResolution: { oneOf: [PickupOffered, PickupNotOffered] } as Schema,
};
