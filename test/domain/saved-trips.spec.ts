import { expect } from 'chai';
import fc from 'fast-check';
import { MAX_SAVED_TRIPS, SavedTripsCommand, SavedTripsEvent, savedTripsDecider, savedTripsStream } from '../../domain/saved-trips';
import { isRefusal } from '../../domain/shared/refusal';
import { fold, given } from './given-when-then';

const owner = { storefrontId: 'sf-1', email: 'ana@example.com' };
const AT = '2026-05-01T10:00:00.000Z';
const LATER = '2026-05-02T10:00:00.000Z';

const saved = (productId: string, savedAt = AT): SavedTripsEvent => ({ type: 'TripSaved', data: { ...owner, productId, savedAt } });
const merged = (productIds: string[], savedAt = LATER): SavedTripsEvent => ({ type: 'GuestListMerged', data: { ...owner, productIds, savedAt } });
const unsaved = (productId: string): SavedTripsEvent => ({ type: 'TripUnsaved', data: { ...owner, productId, unsavedAt: LATER } });
const dropped = (productIds: string[], droppedAt = LATER): SavedTripsEvent => ({ type: 'SavedTripsDropped', data: { ...owner, productIds, droppedAt } });

const saveTrip = (trip: string | null, savedAt = LATER): SavedTripsCommand => ({ type: 'SaveTrip', owner, trip, savedAt });
const mergeGuestList = (trips: (string | null)[], savedAt = LATER): SavedTripsCommand => ({ type: 'MergeGuestList', owner, trips, savedAt });
const unsaveTrip = (productId: string): SavedTripsCommand => ({ type: 'UnsaveTrip', owner, productId, unsavedAt: LATER });

/** `n` trips saved one after another: trip-1 first (the oldest), trip-n last (the newest). */
const savedTrips = (n: number): SavedTripsEvent[] => Array.from({ length: n }, (_, i) => saved(`trip-${i + 1}`));

describe('saved trips decider', () => {
  describe('SaveTrip', () => {
    it('saves a trip the site sells', () => {
      given(savedTripsDecider)
        .when(saveTrip('trip-1'))
        .then([saved('trip-1', LATER)]);
    });

    it('saving a saved trip again changes nothing: it keeps its place and when it was saved', () => {
      given(savedTripsDecider, [saved('trip-1'), saved('trip-2')])
        .when(saveTrip('trip-1'))
        .thenNothing();
    });

    it('refuses a trip the site does not sell: 422 InvalidInput, reason unknown_trip, field trip', () => {
      const refusal = given(savedTripsDecider).when(saveTrip(null)).thenRefused('InvalidInput');
      expect(refusal.fields.problems).to.deep.equal([
        { reason: 'unknown_trip', field: 'trip', detail: 'trip is not a trip this site sells (on a marketplace a slug also needs its seller)' },
      ]);
    });

    it('keeps 200 trips: the 201st save drops the oldest', () => {
      given(savedTripsDecider, savedTrips(MAX_SAVED_TRIPS))
        .when(saveTrip('trip-new'))
        .then([saved('trip-new', LATER), dropped(['trip-1'])]);
    });

    it('below 200 nothing is dropped', () => {
      given(savedTripsDecider, savedTrips(MAX_SAVED_TRIPS - 1))
        .when(saveTrip('trip-new'))
        .then([saved('trip-new', LATER)]);
    });
  });

  describe('MergeGuestList', () => {
    it("saves a guest's list in its order, newest first, before the trips already saved", () => {
      const { state } = given(savedTripsDecider, [saved('trip-1')]);
      const events = given(savedTripsDecider, [saved('trip-1')])
        .when(mergeGuestList(['guest-a', 'guest-b']))
        .then([merged(['guest-a', 'guest-b'])]);
      expect(events.reduce(savedTripsDecider.evolve, state).trips.map((t) => t.productId)).to.deep.equal(['guest-a', 'guest-b', 'trip-1']);
    });

    it('saves a trip listed twice once, and leaves a trip already saved in its place', () => {
      given(savedTripsDecider, [saved('trip-1'), saved('trip-2')])
        .when(mergeGuestList(['guest-a', 'trip-1', 'guest-a', 'guest-b', 'guest-b']))
        .then([merged(['guest-a', 'guest-b'])]);
    });

    it('a list of trips all saved already changes nothing', () => {
      given(savedTripsDecider, [saved('trip-1'), saved('trip-2')])
        .when(mergeGuestList(['trip-2', 'trip-1', 'trip-2']))
        .thenNothing();
    });

    it('refuses unknown trips by their position (trips[3].trip), each one, and saves nothing', () => {
      const refusal = given(savedTripsDecider, [saved('trip-1')])
        .when(mergeGuestList(['guest-a', null, 'guest-b', null]))
        .thenRefused('InvalidInput');
      expect(refusal.fields.problems).to.deep.equal([
        {
          reason: 'unknown_trip',
          field: 'trips[1].trip',
          detail: 'trips[1].trip is not a trip this site sells (on a marketplace a slug also needs its seller)',
          details: { position: 1 },
        },
        {
          reason: 'unknown_trip',
          field: 'trips[3].trip',
          detail: 'trips[3].trip is not a trip this site sells (on a marketplace a slug also needs its seller)',
          details: { position: 3 },
        },
      ]);
      expect(refusal.detail).to.contain('trips[1].trip').and.contain('trips[3].trip');
    });

    it('keeps 200 trips: a merge past 200 drops as many of the oldest', () => {
      given(savedTripsDecider, savedTrips(150))
        .when(mergeGuestList(Array.from({ length: 60 }, (_, i) => `guest-${i}`)))
        .then([merged(Array.from({ length: 60 }, (_, i) => `guest-${i}`)), dropped(Array.from({ length: 10 }, (_, i) => `trip-${10 - i}`))]);
    });

    it('a guest list longer than 200 keeps its 200 newest', () => {
      const guests = Array.from({ length: 210 }, (_, i) => `guest-${i}`);
      given(savedTripsDecider)
        .when(mergeGuestList(guests))
        .then([merged(guests.slice(0, MAX_SAVED_TRIPS))]);
    });
  });

  describe('UnsaveTrip', () => {
    it('takes a saved trip off the list', () => {
      given(savedTripsDecider, [saved('trip-1'), saved('trip-2')])
        .when(unsaveTrip('trip-1'))
        .then([unsaved('trip-1')]);
    });

    it('a trip not on the list changes nothing (unsaving is idempotent)', () => {
      given(savedTripsDecider, [saved('trip-1'), unsaved('trip-1')])
        .when(unsaveTrip('trip-1'))
        .thenNothing();
      given(savedTripsDecider).when(unsaveTrip('trip-1')).thenNothing();
    });

    it('a trip taken off can be saved again, and goes first', () => {
      const state = fold(savedTripsDecider, [saved('trip-1'), saved('trip-2'), unsaved('trip-1'), saved('trip-1', LATER)]);
      expect(state.trips).to.deep.equal([
        { productId: 'trip-1', savedAt: LATER },
        { productId: 'trip-2', savedAt: AT },
      ]);
    });
  });

  it('the list is newest first: saves, a merge, an unsave and a drop', () => {
    const state = fold(savedTripsDecider, [saved('a'), saved('b'), merged(['c', 'd']), unsaved('b'), saved('e'), dropped(['a'])]);
    expect(state.trips.map((t) => t.productId)).to.deep.equal(['e', 'c', 'd']);
  });

  it('whatever is saved, merged or unsaved, the list never passes 200 nor holds a trip twice', () => {
    const trip = fc.integer({ min: 1, max: 260 }).map((n) => `trip-${n}`);
    const command = fc.oneof(
      trip.map((t) => saveTrip(t)),
      fc.array(trip, { minLength: 1, maxLength: 200 }).map((ts) => mergeGuestList(ts)),
      trip.map((t) => unsaveTrip(t)),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state = savedTripsDecider.initialState();
        for (const c of commands) {
          const events = savedTripsDecider.decide(c, state);
          if (isRefusal(events)) return false;
          state = events.reduce(savedTripsDecider.evolve, state);
          const ids = state.trips.map((t) => t.productId);
          if (ids.length > MAX_SAVED_TRIPS || new Set(ids).size !== ids.length) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('each storefront keeps its own list per email', () => {
    expect(savedTripsStream('sf-1', 'k')).to.not.equal(savedTripsStream('sf-2', 'k'));
    expect(savedTripsStream('sf-1', 'k1')).to.not.equal(savedTripsStream('sf-1', 'k2'));
  });
});
