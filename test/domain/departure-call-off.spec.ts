import { expect } from 'chai';
import { DepartureCommand, DepartureEvent, departureDecider } from '../../domain/departure';
import { at } from './fixtures';
import { fold, given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const IN_15_MIN = '2026-05-01T10:15:00.000Z';
const START = '2026-06-10T09:00';
const OFFERED = '2026-06-17T09:00';

const opened: DepartureEvent = { type: 'DepartureOpened', data: { optionId: 'opt-1', start: START, capacity: 10 } };
const held = (ref: string, places: number): DepartureEvent => ({
  type: 'PlacesHeld',
  data: { ref, optionId: 'opt-1', start: START, places, expiresAt: IN_15_MIN },
});
const booked = (ref: string): DepartureEvent => ({ type: 'PlacesBooked', data: { ref } });
const callOff = (refs: string[], callId = 'call-1'): DepartureCommand => ({
  type: 'CallOffDeparture',
  callId,
  sellerId: 'seller-1',
  optionId: 'opt-1',
  start: START,
  reason: 'weather',
  note: null,
  offeredStart: OFFERED,
  refs,
  now: NOW,
});
const calledOff = (refs: string[]): DepartureEvent => ({
  type: 'DepartureCalledOff',
  data: {
    callId: 'call-1',
    sellerId: 'seller-1',
    optionId: 'opt-1',
    start: START,
    reason: 'weather',
    note: null,
    offeredStart: OFFERED,
    refs,
    at: NOW.toISOString(),
  },
});

describe('departure decider: call-offs and messages', () => {
  it('calls off a start with every booking the read model knows and every ref booked there (held ones not)', () => {
    given(departureDecider, [opened, held('TP-BBBB-0002', 2), booked('TP-BBBB-0002'), held('TP-CCCC-0003', 1)])
      .when(callOff(['TP-AAAA-0001', 'TP-BBBB-0002']))
      .then([calledOff(['TP-AAAA-0001', 'TP-BBBB-0002'])]);
  });

  it('takes no holds and no bookings once called off (SlotClosed)', () => {
    const past = [opened, held('TP-CCCC-0003', 1), calledOff([])];
    given(departureDecider, past)
      .when({ type: 'HoldPlaces', ref: 'TP-DDDD-0004', optionId: 'opt-1', start: START, places: 1, capacity: 10, expiresAt: IN_15_MIN, now: NOW })
      .thenRefused('SlotClosed');
    given(departureDecider, past).when({ type: 'BookPlaces', ref: 'TP-CCCC-0003', now: NOW }).thenRefused('SlotClosed');
  });

  it('is called off once: the same call again appends nothing, another is 409 departure_called_off', () => {
    given(departureDecider, [calledOff([])])
      .when(callOff([]))
      .thenNothing();
    given(departureDecider, [calledOff([])])
      .when(callOff([], 'call-2'))
      .thenRefused('Conflict', { reason: 'departure_called_off', details: { call_id: 'call-1', start: START, reason: 'weather' } });
  });

  it('settles a call once, with the outcome of each booking', () => {
    const outcomes = [
      { ref: 'TP-AAAA-0001', outcome: 'moved' as const, to: OFFERED },
      { ref: 'TP-BBBB-0002', outcome: 'cancelled' as const },
    ];
    const settle: DepartureCommand = { type: 'SettleCallOff', callId: 'call-1', optionId: 'opt-1', start: START, outcomes, now: NOW };
    const [settled] = given(departureDecider, [calledOff([])])
      .when(settle)
      .then([
        {
          type: 'CallOffSettled',
          data: {
            callId: 'call-1',
            sellerId: 'seller-1',
            optionId: 'opt-1',
            start: START,
            reason: 'weather',
            note: null,
            offeredStart: OFFERED,
            outcomes,
            at: NOW.toISOString(),
          },
        },
      ]);
    given(departureDecider, [calledOff([]), settled])
      .when(settle)
      .thenNothing();
    given(departureDecider).when(settle).thenRefused('Conflict', { reason: 'call_off_unknown' });
    expect(fold(departureDecider, [calledOff([]), settled]).calledOff?.outcomes).to.deep.equal(outcomes);
  });

  it('records a message to the start with its bookings, each once', () => {
    given(departureDecider)
      .when({ type: 'MessageDeparture', messageId: 'm-1', subject: null, message: 'Bring a jacket', refs: ['TP-B', 'TP-A', 'TP-B'], now: NOW })
      .then([
        { type: 'DepartureMessaged', data: { messageId: 'm-1', subject: null, message: 'Bring a jacket', refs: ['TP-A', 'TP-B'], at: NOW.toISOString() } },
      ]);
  });

  it('releases the places of a moved booking', () => {
    given(departureDecider, [opened, held('TP-BBBB-0002', 2), booked('TP-BBBB-0002')])
      .when({ type: 'ReleasePlaces', ref: 'TP-BBBB-0002', why: 'moved', now: NOW })
      .then([{ type: 'PlacesReleased', data: { ref: 'TP-BBBB-0002', why: 'moved' } }]);
  });
});
