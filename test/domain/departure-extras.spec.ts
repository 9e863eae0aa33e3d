import { expect } from 'chai';
import type { ExtraDefinition } from '../../domain/catalog/definitions';
import { DepartureCommand, DepartureEvent, departureDecider, extraStockOf, extrasLeft, stockedExtras } from '../../domain/departure';
import { at } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const IN_15_MIN = '2026-05-01T10:15:00.000Z';
const START = '2026-06-10T09:00';
const STOCK = { wine: 4 };

const opened: DepartureEvent = { type: 'DepartureOpened', data: { optionId: 'opt-1', start: START, capacity: 10 } };
const held = (ref: string, wine: number, expiresAt = IN_15_MIN): DepartureEvent => ({
  type: 'PlacesHeld',
  data: { ref, optionId: 'opt-1', start: START, places: 1, expiresAt, ...(wine > 0 && { extras: { wine } }) },
});
const hold = (ref: string, wine: number, now = NOW): DepartureCommand => ({
  type: 'HoldPlaces',
  ref,
  optionId: 'opt-1',
  start: START,
  places: 1,
  capacity: 10,
  expiresAt: IN_15_MIN,
  now,
  extras: wine > 0 ? { wine } : {},
  extraStock: STOCK,
});

describe('departure decider: extras with a stock per start', () => {
  it('holds the last units of an extra with the places, recording them on PlacesHeld', () => {
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 3)])
      .when(hold('TP-BBBB-BBBB', 1))
      .then([held('TP-BBBB-BBBB', 1)]);
  });

  it('refuses ExtraSoldOut with the extra id when fewer units are left than asked, and when none are', () => {
    const some = given(departureDecider, [opened, held('TP-AAAA-AAAA', 3)])
      .when(hold('TP-BBBB-BBBB', 2))
      .thenRefused('ExtraSoldOut', { extraId: 'wine' });
    expect(some.detail).to.contain('only 1');
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 3), held('TP-CCCC-CCCC', 1)])
      .when(hold('TP-BBBB-BBBB', 1))
      .thenRefused('ExtraSoldOut', { extraId: 'wine' });
  });

  it('counts booked units, and frees units of holds that ran out or were released', () => {
    const booked: DepartureEvent = { type: 'PlacesBooked', data: { ref: 'TP-AAAA-AAAA' } };
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 4), booked])
      .when(hold('TP-BBBB-BBBB', 1, at('2026-05-01T11:00:00.000Z')))
      .thenRefused('ExtraSoldOut', { extraId: 'wine' });
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 4)])
      .when(hold('TP-BBBB-BBBB', 4, at('2026-05-01T10:15:00.000Z')))
      .then([held('TP-BBBB-BBBB', 4)]);
    const released: DepartureEvent = { type: 'PlacesReleased', data: { ref: 'TP-AAAA-AAAA', why: 'cancelled' } };
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 4), booked, released])
      .when(hold('TP-BBBB-BBBB', 4))
      .then([held('TP-BBBB-BBBB', 4)]);
  });

  it('holds without extras as before, whatever the stock', () => {
    given(departureDecider, [opened, held('TP-AAAA-AAAA', 4)])
      .when(hold('TP-BBBB-BBBB', 0))
      .then([held('TP-BBBB-BBBB', 0)]);
  });

  it('reads the stock of the extras an option offers, and counts only stocked extras asked for', () => {
    const extra = (id: string, option_ids: string[], stock?: number) =>
      ({ id, option_ids, ...(stock !== undefined && { stock_per_start: stock }) }) as ExtraDefinition;
    expect(extraStockOf([extra('wine', [], 4), extra('cake', ['opt-2'], 2), extra('map', [])], 'opt-1')).to.deep.equal({ wine: 4 });
    expect(
      stockedExtras(
        [
          { extra_id: 'wine', qty: 2 },
          { extra_id: 'map', qty: 1 },
        ],
        STOCK,
      ),
    ).to.deep.equal({ wine: 2 });
    const state = given(departureDecider, [opened, held('TP-AAAA-AAAA', 3)]).state;
    expect(extrasLeft(state.entries, STOCK, NOW)).to.deep.equal({ wine: 1 });
    expect(extrasLeft(state.entries, STOCK, at(IN_15_MIN))).to.deep.equal({ wine: 4 });
  });
});
