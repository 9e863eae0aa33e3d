/** What a seller may give a pickup area beyond its name, price and kind (spec 2.4): id, shape, window, asks. */
import { PICKUP_ASKS, type PickupAsk, type PickupShape } from '../../domain/catalog/definitions';
import { uuid } from '../kernel/params';
import { Schema, arr, enumOf, int, num, obj } from '../kernel/schema';

const corner = arr(num(-180, 180), { minItems: 2, maxItems: 2, description: '[lat, lng]' });

const shape = {
  oneOf: [
    obj({ type: enumOf('polygon'), points: arr(corner, { minItems: 3, maxItems: 500 }) }, ['type', 'points']),
    obj({ type: enumOf('circle'), center: obj({ lat: num(-90, 90), lng: num(-180, 180) }, ['lat', 'lng']), radius_m: num(1, 200_000) }, [
      'type',
      'center',
      'radius_m',
    ]),
  ],
  description:
    'Where the area reaches: a polygon of [lat, lng] corners, or a circle of radius_m metres; coordinates and library places in it resolve to the area (the first listed wins). Without one, the area is matched by its id or name only',
} as Schema<PickupShape>;

export const pickupAreaFields = {
  id: { ...uuid, description: 'The area id quotes take as pickup.place_id; give one to every area with a shape' } as Schema<string>,
  shape,
  window: obj({ from_min: int(0, 2880), to_min: int(0, 2880) }, ['from_min', 'to_min'], {
    description: 'When the pickup comes, in minutes before the start: from from_min to to_min (from_min >= to_min)',
  }),
  asks: arr(enumOf(...PICKUP_ASKS), { uniqueItems: true, description: 'Details checkout must give in pickup_details (flight, ship, room)' }) as Schema<
    PickupAsk[]
  >,
};
