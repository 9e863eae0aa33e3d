import { expect } from 'chai';
import type { PickupRule } from '../../domain/catalog/definitions';
import { checkPickupDetails, distanceMetres, insidePolygon, pickupArea, pickupDetailsMissing, resolvePickup, shapeContains } from '../../domain/pickup';
import { isRefusal, type Refusal } from '../../domain/shared/refusal';

const CENTRE: PickupRule = {
  id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f601',
  area: 'Lisbon city centre',
  price: 0,
  kind: 'hotel',
  shape: {
    type: 'polygon',
    points: [
      [38.705, -9.15],
      [38.705, -9.124],
      [38.714, -9.12],
      [38.738, -9.13],
      [38.738, -9.16],
      [38.72, -9.165],
    ],
  },
  window: { from_min: 30, to_min: 10 },
};
const AIRPORT: PickupRule = {
  id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f603',
  area: 'Lisbon Airport (LIS)',
  price: 2500,
  kind: 'airport',
  shape: { type: 'circle', center: { lat: 38.7742, lng: -9.1342 }, radius_m: 1500 },
  asks: ['flight'],
};
/** Written before areas had ids and shapes: named only. */
const CASCAIS: PickupRule = { area: 'Cascais and Estoril', price: 3000 };
const PICKUP = { rules: [CENTRE, CASCAIS, AIRPORT] };

const reasonOf = (answer: PickupRule | Refusal) => {
  expect(isRefusal(answer), 'refused').to.equal(true);
  const refusal = answer as Refusal;
  expect(refusal.code).to.equal('PickupNotOffered');
  return refusal.fields.reason;
};

describe('pickup areas (spec 2.4, 4.3)', () => {
  describe('distance', () => {
    it('is the great-circle distance: Lisbon to Porto is about 274 km', () => {
      const km = distanceMetres({ lat: 38.7223, lng: -9.1393 }, { lat: 41.1579, lng: -8.6291 }) / 1000;
      expect(km).to.be.within(272, 276);
    });

    it('is zero from a point to itself and the same both ways', () => {
      const a = { lat: 31.6258, lng: -7.9891 };
      const b = { lat: 31.6217, lng: -8.0006 };
      expect(distanceMetres(a, a)).to.equal(0);
      expect(distanceMetres(a, b)).to.be.closeTo(distanceMetres(b, a), 1e-6);
    });
  });

  describe('shapes', () => {
    it('a polygon holds the points inside it and not those outside, also in a concave corner', () => {
      const square = [
        [0, 0],
        [0, 10],
        [10, 10],
        [10, 0],
      ] as [number, number][];
      expect(insidePolygon({ lat: 5, lng: 5 }, square)).to.equal(true);
      expect(insidePolygon({ lat: 11, lng: 5 }, square)).to.equal(false);
      const notch = [
        [0, 0],
        [0, 10],
        [10, 10],
        [10, 6],
        [4, 5],
        [10, 4],
        [10, 0],
      ] as [number, number][];
      expect(insidePolygon({ lat: 8, lng: 5 }, notch)).to.equal(false);
      expect(insidePolygon({ lat: 8, lng: 2 }, notch)).to.equal(true);
    });

    it('a circle holds the points within its radius of the centre', () => {
      const circle = AIRPORT.shape!;
      expect(shapeContains(circle, { lat: 38.7742, lng: -9.1342 })).to.equal(true);
      expect(shapeContains(circle, { lat: 38.784, lng: -9.1342 })).to.equal(true); // about 1.1 km north
      expect(shapeContains(circle, { lat: 38.79, lng: -9.1342 })).to.equal(false); // about 1.8 km north
    });
  });

  describe('resolvePickup', () => {
    it('finds the area whose shape covers the coordinates', () => {
      expect(resolvePickup(PICKUP, { lat: 38.7149, lng: -9.141 })).to.equal(CENTRE);
      expect(resolvePickup(PICKUP, { lat: 38.7742, lng: -9.1342 })).to.equal(AIRPORT);
    });

    it('takes the first listed area when two cover a point', () => {
      const wide: PickupRule = { ...AIRPORT, id: 'b', area: 'All Lisbon', shape: { type: 'circle', center: { lat: 38.72, lng: -9.14 }, radius_m: 20000 } };
      expect(resolvePickup({ rules: [wide, CENTRE] }, { lat: 38.7149, lng: -9.141 })).to.equal(wide);
      expect(resolvePickup({ rules: [CENTRE, wide] }, { lat: 38.7149, lng: -9.141 })).to.equal(CENTRE);
    });

    it('names an area by its id, or by its name as quotes did before areas had ids', () => {
      expect(resolvePickup(PICKUP, { place_id: AIRPORT.id })).to.equal(AIRPORT);
      expect(resolvePickup(PICKUP, { place_id: 'Cascais and Estoril' })).to.equal(CASCAIS);
      expect(resolvePickup(PICKUP, { place_id: 'Lisbon city centre' })).to.equal(CENTRE);
    });

    it('refuses outside_area for coordinates no shape covers (an area without a shape is never matched by coordinates)', () => {
      expect(reasonOf(resolvePickup(PICKUP, { lat: 38.6979, lng: -9.4215 }))).to.equal('outside_area'); // Cascais itself
      expect(reasonOf(resolvePickup(PICKUP, { lat: 41.1579, lng: -8.6291 }))).to.equal('outside_area');
    });

    it('refuses unknown_place for a place id that names no area and comes without coordinates', () => {
      expect(reasonOf(resolvePickup(PICKUP, { place_id: 'Sintra' }))).to.equal('unknown_place');
    });

    it('resolves a library place (id and coordinates) by its coordinates', () => {
      expect(resolvePickup(PICKUP, { place_id: 'a3c1e0f2-5b7d-4e8a-9c10-2f4d6b8a0c11', lat: 38.7149, lng: -9.141 })).to.equal(CENTRE);
    });

    it('refuses no_pickup for an option without pickup', () => {
      expect(reasonOf(resolvePickup(null, { lat: 38.7149, lng: -9.141 }))).to.equal('no_pickup');
      expect(reasonOf(resolvePickup({ rules: [] }, { place_id: CENTRE.id }))).to.equal('no_pickup');
    });

    it('shows an area by id, name and kind (hotel when an old area has none)', () => {
      expect(pickupArea(AIRPORT)).to.deep.equal({ id: AIRPORT.id, name: 'Lisbon Airport (LIS)', kind: 'airport' });
      expect(pickupArea(CASCAIS)).to.deep.equal({ id: null, name: 'Cascais and Estoril', kind: 'hotel' });
    });
  });

  describe('pickup details at checkout (spec 4.4)', () => {
    const quoted = { area: AIRPORT.area };

    it('lists what the area asks for and the checkout leaves out or blank', () => {
      expect(pickupDetailsMissing(PICKUP, quoted, undefined)).to.deep.equal(['flight']);
      expect(pickupDetailsMissing(PICKUP, quoted, { flight: '  ' })).to.deep.equal(['flight']);
      expect(pickupDetailsMissing(PICKUP, quoted, { flight: 'TP 1234' })).to.deep.equal([]);
      const refusal = checkPickupDetails(PICKUP, quoted, { room: '12' });
      expect(refusal).to.deep.include({ code: 'PickupDetailsRequired', fields: { missing: ['flight'] } });
    });

    it('asks nothing of a pickup that asks nothing, or of a booking without pickup', () => {
      expect(checkPickupDetails(PICKUP, { area: CENTRE.area }, undefined)).to.equal(null);
      expect(checkPickupDetails(PICKUP, null, undefined)).to.equal(null);
      expect(checkPickupDetails(null, null, undefined)).to.equal(null);
    });
  });
});
