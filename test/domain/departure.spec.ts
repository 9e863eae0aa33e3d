import { expect } from 'chai';
import fc from 'fast-check';
import { DepartureCommand, DepartureEvent, departureDecider, remainingAt, remainingPlaces, takesPlaces } from '../../domain/departure';
import { isRefusal } from '../../domain/shared/refusal';
import { at, plusMinutes } from './fixtures';
import { fold, given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const IN_15_MIN = '2026-05-01T10:15:00.000Z';
const START = '2026-06-10T09:00';

const departureOpened = (capacity: number | null): DepartureEvent => ({ type: 'DepartureOpened', data: { optionId: 'opt-1', start: START, capacity } });
const capacityChanged = (capacity: number | null): DepartureEvent => ({ type: 'CapacityChanged', data: { capacity } });
const placesHeld = (ref: string, places: number, expiresAt = IN_15_MIN): DepartureEvent => ({
  type: 'PlacesHeld',
  data: { ref, optionId: 'opt-1', start: START, places, expiresAt },
});
const placesBooked = (ref: string): DepartureEvent => ({ type: 'PlacesBooked', data: { ref } });
const placesReleased = (ref: string, why: 'expired' | 'cancelled'): DepartureEvent => ({ type: 'PlacesReleased', data: { ref, why } });

const holdPlaces = (o: { ref?: string; places: number; capacity: number | null; now?: Date; expiresAt?: string }): DepartureCommand => ({
  type: 'HoldPlaces',
  ref: o.ref ?? 'TP-NEWW-HOLD',
  optionId: 'opt-1',
  start: START,
  places: o.places,
  capacity: o.capacity,
  expiresAt: o.expiresAt ?? IN_15_MIN,
  now: o.now ?? NOW,
});
const bookPlaces = (ref: string, now = NOW): DepartureCommand => ({ type: 'BookPlaces', ref, now });
const releasePlaces = (ref: string, why: 'expired' | 'cancelled', now = NOW): DepartureCommand => ({ type: 'ReleasePlaces', ref, why, now });

describe('departure decider', () => {
  describe('HoldPlaces', () => {
    it('holds places within capacity', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 3)])
        .when(holdPlaces({ ref: 'TP-BBBB-BBBB', places: 7, capacity: 10 }))
        .then([placesHeld('TP-BBBB-BBBB', 7)]);
    });

    it('holds on an empty departure, recording its capacity first', () => {
      given(departureDecider)
        .when(holdPlaces({ ref: 'TP-BBBB-BBBB', places: 2, capacity: 10 }))
        .then([departureOpened(10), placesHeld('TP-BBBB-BBBB', 2)]);
    });

    it('is refused SoldOut when no place is free', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 6), placesHeld('TP-CCCC-CCCC', 4)])
        .when(holdPlaces({ places: 1, capacity: 10 }))
        .thenRefused('SoldOut');
    });

    it('is refused NotEnoughCapacity with the places remaining', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 9)])
        .when(holdPlaces({ places: 2, capacity: 10 }))
        .thenRefused('NotEnoughCapacity', { remaining: 1 });
    });

    it('is refused NotEnoughCapacity when the group is larger than the start', () => {
      given(departureDecider, [departureOpened(10)])
        .when(holdPlaces({ places: 12, capacity: 10 }))
        .thenRefused('NotEnoughCapacity', { remaining: 10 });
    });

    it('does not count holds that expired (places come back at expiresAt)', () => {
      const past = [departureOpened(10), placesHeld('TP-AAAA-AAAA', 9, '2026-05-01T10:00:00.000Z')];
      // expiresAt == now: the hold has run out.
      given(departureDecider, past)
        .when(holdPlaces({ places: 10, capacity: 10, now: NOW }))
        .then([placesHeld('TP-NEWW-HOLD', 10)]);
      // one millisecond before: still counted.
      given(departureDecider, past)
        .when(holdPlaces({ places: 10, capacity: 10, now: new Date(NOW.getTime() - 1) }))
        .thenRefused('NotEnoughCapacity', { remaining: 1 });
    });

    it('always counts booked places, even long after the hold time', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 8), placesBooked('TP-AAAA-AAAA')])
        .when(holdPlaces({ places: 3, capacity: 10, now: at('2026-06-01T00:00:00.000Z') }))
        .thenRefused('NotEnoughCapacity', { remaining: 2 });
    });

    it('does not count released places', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 8), placesBooked('TP-AAAA-AAAA'), placesReleased('TP-AAAA-AAAA', 'cancelled')])
        .when(holdPlaces({ places: 10, capacity: 10 }))
        .then([placesHeld('TP-NEWW-HOLD', 10)]);
    });

    it('appends nothing for a repeated hold with the same ref', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 2)])
        .when(holdPlaces({ ref: 'TP-AAAA-AAAA', places: 2, capacity: 10 }))
        .thenNothing();
    });

    it('appends nothing for a repeated hold even when the start is now full', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 2), placesHeld('TP-CCCC-CCCC', 8)])
        .when(holdPlaces({ ref: 'TP-AAAA-AAAA', places: 2, capacity: 10 }))
        .thenNothing();
    });

    it('never refuses on a free-sale start (capacity null)', () => {
      given(departureDecider, [departureOpened(null), placesHeld('TP-AAAA-AAAA', 500)])
        .when(holdPlaces({ places: 50, capacity: null }))
        .then([placesHeld('TP-NEWW-HOLD', 50)]);
    });

    it('is refused NotEnoughCapacity on a start with no places at all yet (the group is larger than it)', () => {
      given(departureDecider)
        .when(holdPlaces({ places: 12, capacity: 10 }))
        .thenRefused('NotEnoughCapacity', { remaining: 10 });
    });
  });

  describe('the capacity the departure records', () => {
    it('is recorded once: the next hold with the same capacity adds only its places', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 2)])
        .when(holdPlaces({ places: 1, capacity: 10 }))
        .then([placesHeld('TP-NEWW-HOLD', 1)]);
    });

    it('records a free-sale start as opened with no capacity', () => {
      given(departureDecider)
        .when(holdPlaces({ places: 50, capacity: null }))
        .then([departureOpened(null), placesHeld('TP-NEWW-HOLD', 50)]);
    });

    it('records a changed capacity and decides against it', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 6)])
        .when(holdPlaces({ places: 6, capacity: 12 }))
        .then([capacityChanged(12), placesHeld('TP-NEWW-HOLD', 6)]);
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 6)])
        .when(holdPlaces({ places: 3, capacity: 8 }))
        .thenRefused('NotEnoughCapacity', { remaining: 2 });
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 6)])
        .when(holdPlaces({ places: 1, capacity: 6 }))
        .thenRefused('SoldOut');
    });

    it('keeps the capacity it recorded in its state', () => {
      const opened = fold(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 3)]);
      expect(opened).to.deep.include({ opened: true, capacity: 10 });
      expect(remainingAt(opened, NOW)).to.equal(7);
      const changed = fold(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 3), capacityChanged(4)]);
      expect(remainingAt(changed, NOW)).to.equal(1);
      expect(remainingAt(fold(departureDecider, [departureOpened(null)]), NOW)).to.equal(null);
    });

    it('opens a start whose stream was written before capacities were recorded, counting the places held there', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 8)])
        .when(holdPlaces({ places: 2, capacity: 10 }))
        .then([departureOpened(10), placesHeld('TP-NEWW-HOLD', 2)]);
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 8)])
        .when(holdPlaces({ places: 3, capacity: 10 }))
        .thenRefused('NotEnoughCapacity', { remaining: 2 });
    });

    it('records nothing for a repeated hold, whatever capacity it brings', () => {
      given(departureDecider, [departureOpened(10), placesHeld('TP-AAAA-AAAA', 2)])
        .when(holdPlaces({ ref: 'TP-AAAA-AAAA', places: 2, capacity: 4 }))
        .thenNothing();
    });
  });

  describe('BookPlaces', () => {
    it('books the places of a held ref', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2)])
        .when(bookPlaces('TP-AAAA-AAAA', plusMinutes(NOW, 5)))
        .then([placesBooked('TP-AAAA-AAAA')]);
    });

    it('is refused HoldExpired after the hold ran out', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2)])
        .when(bookPlaces('TP-AAAA-AAAA', at(IN_15_MIN)))
        .thenRefused('HoldExpired');
    });

    it('is refused HoldExpired for a ref that never held places', () => {
      given(departureDecider).when(bookPlaces('TP-ZZZZ-ZZZZ')).thenRefused('HoldExpired');
    });

    it('is refused HoldExpired for released places', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2), placesReleased('TP-AAAA-AAAA', 'expired')])
        .when(bookPlaces('TP-AAAA-AAAA'))
        .thenRefused('HoldExpired');
    });

    it('appends nothing when booking twice (even after the hold time)', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2), placesBooked('TP-AAAA-AAAA')])
        .when(bookPlaces('TP-AAAA-AAAA', at('2026-05-02T00:00:00.000Z')))
        .thenNothing();
    });
  });

  describe('ReleasePlaces', () => {
    it('releases booked places of a cancelled booking', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2), placesBooked('TP-AAAA-AAAA')])
        .when(releasePlaces('TP-AAAA-AAAA', 'cancelled'))
        .then([placesReleased('TP-AAAA-AAAA', 'cancelled')]);
    });

    it('releases an expired hold', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2)])
        .when(releasePlaces('TP-AAAA-AAAA', 'expired', at(IN_15_MIN)))
        .then([placesReleased('TP-AAAA-AAAA', 'expired')]);
    });

    it('does not release booked places because their hold expired', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2), placesBooked('TP-AAAA-AAAA')])
        .when(releasePlaces('TP-AAAA-AAAA', 'expired', at('2026-05-02T00:00:00.000Z')))
        .thenNothing();
    });

    it('does not release a hold as expired before its time is up', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2)])
        .when(releasePlaces('TP-AAAA-AAAA', 'expired', plusMinutes(NOW, 5)))
        .thenNothing();
    });

    it('appends nothing for a ref released already or unknown', () => {
      given(departureDecider, [placesHeld('TP-AAAA-AAAA', 2), placesBooked('TP-AAAA-AAAA'), placesReleased('TP-AAAA-AAAA', 'cancelled')])
        .when(releasePlaces('TP-AAAA-AAAA', 'cancelled'))
        .thenNothing();
      given(departureDecider).when(releasePlaces('TP-ZZZZ-ZZZZ', 'cancelled')).thenNothing();
    });

    it('puts cancelled places back on sale', () => {
      const events = [placesHeld('TP-AAAA-AAAA', 10), placesBooked('TP-AAAA-AAAA'), placesReleased('TP-AAAA-AAAA', 'cancelled')];
      const state = fold(departureDecider, events);
      expect(remainingPlaces(state.entries, 10, NOW)).to.equal(10);
    });
  });

  describe('remainingPlaces and takesPlaces', () => {
    it('counts held places until expiresAt and booked places always', () => {
      const state = fold(departureDecider, [
        placesHeld('TP-AAAA-AAAA', 3),
        placesHeld('TP-BBBB-BBBB', 4, '2026-05-01T11:00:00.000Z'),
        placesBooked('TP-BBBB-BBBB'),
      ]);
      expect(remainingPlaces(state.entries, 10, NOW)).to.equal(3);
      expect(remainingPlaces(state.entries, 10, at(IN_15_MIN))).to.equal(6);
      expect(remainingPlaces(state.entries, 10, at('2026-05-02T00:00:00.000Z'))).to.equal(6);
      expect(takesPlaces(state.entries['TP-AAAA-AAAA']!, NOW)).to.equal(true);
      expect(takesPlaces(state.entries['TP-AAAA-AAAA']!, at(IN_15_MIN))).to.equal(false);
    });

    it('takes a hold up to its expiry to the millisecond, whatever form the instant was written in', () => {
      const held = (expiresAt: string) => ({ places: 1, expiresAt, status: 'held' as const });
      const now = new Date('2026-05-01T10:15:00.000Z');
      for (const expiresAt of ['2026-05-01T10:15:00.001Z', '2026-05-01T10:15:01Z', '2026-05-01T12:15:00.001+02:00'])
        expect(takesPlaces(held(expiresAt), now), expiresAt).to.equal(true);
      for (const expiresAt of ['2026-05-01T10:15:00.000Z', '2026-05-01T10:15:00Z', '2026-05-01T12:14:59.999+02:00', '2026-05-01T10:14:59.999Z'])
        expect(takesPlaces(held(expiresAt), now), expiresAt).to.equal(false);
      expect(takesPlaces(held('2026-05-01T10:15:00.001Z'), new Date('2026-05-01T10:15:00.001Z'))).to.equal(false);
    });

    it('never answers below zero', () => {
      const state = fold(departureDecider, [placesHeld('TP-AAAA-AAAA', 12)]);
      expect(remainingPlaces(state.entries, 10, NOW)).to.equal(0);
    });
  });

  describe('property: holds never oversell', () => {
    it('for any sequence of holds (1..5 places) against capacity 10, taken places never exceed capacity', () => {
      const capacity = 10;
      const step = fc.record({
        ref: fc.constantFrom('TP-AAAA-0001', 'TP-AAAA-0002', 'TP-AAAA-0003', 'TP-AAAA-0004', 'TP-AAAA-0005', 'TP-AAAA-0006', 'TP-AAAA-0007', 'TP-AAAA-0008'),
        places: fc.integer({ min: 1, max: 5 }),
        advanceMinutes: fc.integer({ min: 0, max: 10 }),
        holdMinutes: fc.integer({ min: 1, max: 30 }),
        book: fc.boolean(),
      });
      fc.assert(
        fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
          let now = NOW;
          let events: DepartureEvent[] = [];
          for (const s of steps) {
            now = plusMinutes(now, s.advanceMinutes);
            const expiresAt = plusMinutes(now, s.holdMinutes).toISOString();
            const state = fold(departureDecider, events);
            const result = departureDecider.decide(holdPlaces({ ref: s.ref, places: s.places, capacity, now, expiresAt }), state);
            if (isRefusal(result)) {
              expect(['SoldOut', 'NotEnoughCapacity']).to.include(result.code);
              continue;
            }
            events = [...events, ...result];
            if (s.book && result.length > 0) {
              const booked = departureDecider.decide(bookPlaces(s.ref, now), fold(departureDecider, events));
              if (!isRefusal(booked)) events = [...events, ...booked];
            }
            const after = fold(departureDecider, events);
            let taken = 0;
            for (const entry of Object.values(after.entries)) if (takesPlaces(entry, now)) taken += entry.places;
            expect(taken).to.be.at.most(capacity);
            expect(remainingPlaces(after.entries, capacity, now)).to.be.at.least(0);
            expect(remainingPlaces(after.entries, capacity, now)).to.equal(capacity - taken);
          }
        }),
        { numRuns: 300 },
      );
    });
  });
});
