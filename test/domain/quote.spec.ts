import { expect } from 'chai';
import fc from 'fast-check';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { convertFromUsd, convertThroughUsd } from '../../domain/shared/money';
import { fromPriceUsd } from '../../domain/pricing/from-price';
import { PriceRequest, Quote, QuoteLine, Selection, paxOf, priceQuote, seatsOf } from '../../domain/pricing/quote';
import { isRefusal, Refusal, RefusalCode } from '../../domain/shared/refusal';
import {
  ADULT,
  CHILD,
  EUR_FX,
  INFANT,
  MODERATE,
  OMR_FX,
  USD_FX,
  availability,
  extra,
  option,
  priceRequest,
  product,
  room,
  selection,
  tier,
  unit,
} from './fixtures';

const quoteOf = (request: PriceRequest): Quote => {
  const result = priceQuote(request);
  if (isRefusal(result)) expect.fail(`expected a quote, got ${result.code}: ${result.detail} ${JSON.stringify(result.fields)}`);
  return result as Quote;
};

const refusalOf = (request: PriceRequest, code: RefusalCode, fields?: Record<string, unknown>): Refusal => {
  const result = priceQuote(request);
  if (!isRefusal(result)) expect.fail(`expected ${code}, got a quote ${JSON.stringify(result.totals)}`);
  const refusal = result as Refusal;
  expect(refusal.code, refusal.detail).to.equal(code);
  if (fields) expect(refusal.fields).to.deep.include(fields);
  return refusal;
};

const withOption = (opt: OptionDefinition, overrides: Partial<PriceRequest> = {}): PriceRequest =>
  priceRequest({ option: opt, product: product({ options: [opt] }), ...overrides });

const units = (...lines: [string, number, number[]?][]): Selection['units'] =>
  lines.map(([unit_id, qty, ages]) => (ages ? { unit_id, qty, ages } : { unit_id, qty }));

const unitLine = (ref: string, label: string, qty: number, price: number, currency = 'USD', vehicle: string | null = null): QuoteLine => ({
  kind: 'unit',
  ref,
  label,
  qty,
  unit_price: { amount: price, currency },
  original_unit_price: null,
  total: { amount: price * qty, currency },
  pay_at: 'upfront',
  included: false,
  vehicle,
});

const sum = (lines: QuoteLine[]) => lines.reduce((s, l) => s + l.total.amount, 0);

/** Spec 2.6: lines add up exactly to totals after rounding. */
/** `localWorth`: what the local lines are worth in the quote's currency (domain/pricing/quote localValue). */
function expectLinesAddUp(quote: Quote, localWorth = 0): void {
  const currency = quote.fx.quote;
  for (const line of quote.lines) {
    expect(Number.isInteger(line.unit_price.amount), `${line.ref} unit price`).to.equal(true);
    expect(line.total.amount, `${line.ref} total`).to.equal(line.unit_price.amount * line.qty);
    expect(line.total.currency).to.equal(line.unit_price.currency);
  }
  const upfront = quote.lines.filter((l) => l.pay_at === 'upfront');
  const local = quote.lines.filter((l) => l.pay_at === 'local');
  for (const line of upfront) expect(line.total.currency).to.equal(currency);
  expect(quote.totals.due_now).to.deep.equal({ amount: sum(upfront), currency });
  const localCurrencies = [...new Set(local.map((l) => l.total.currency))].sort();
  expect(quote.totals.pay_locally.map((m) => m.currency).sort()).to.deep.equal(localCurrencies);
  for (const m of quote.totals.pay_locally) {
    expect(m.amount, `pay_locally ${m.currency}`).to.equal(sum(local.filter((l) => l.total.currency === m.currency)));
  }
  expect(quote.totals.grand_total).to.deep.equal({ amount: quote.totals.due_now.amount + localWorth, currency });
}

describe('priceQuote', () => {
  describe('units', () => {
    it('prices adults only', () => {
      const quote = quoteOf(priceRequest({ selection: selection({ units: units(['adult', 2]) }), remaining: 7 }));
      expect(quote).to.deep.equal({
        option_id: 'opt-1',
        lines: [unitLine('adult', 'Adult', 2, 5000)],
        totals: { due_now: { amount: 10000, currency: 'USD' }, pay_locally: [], grand_total: { amount: 10000, currency: 'USD' } },
        confirmation: 'instant',
        pending_expires_at: null,
        remaining: 7,
        pax: 2,
        pairing: false,
        vehicles: [],
        fx: USD_FX,
        policy: { ...MODERATE, preset: 'moderate' },
        pickup: null,
      });
    });

    it('converts each unit price once and multiplies (EUR)', () => {
      // 50.00 USD * 0.9137 = 45.685 EUR -> 4569 cents; 30.00 USD -> 27.411 EUR -> 2741 cents
      const quote = quoteOf(priceRequest({ fx: EUR_FX, selection: selection({ units: units(['adult', 3], ['child', 1]) }) }));
      expect(quote.lines).to.deep.equal([unitLine('adult', 'Adult', 3, 4569, 'EUR'), unitLine('child', 'Child (4-11)', 1, 2741, 'EUR')]);
      expect(quote.totals.due_now).to.deep.equal({ amount: 3 * 4569 + 2741, currency: 'EUR' });
      expect(quote.totals.grand_total).to.deep.equal({ amount: 3 * 4569 + 2741, currency: 'EUR' });
    });

    it("applies the storefront's rounding to unit prices (JPY up to 10)", () => {
      const jpy = { base: 'USD' as const, quote: 'JPY', rate: '151.37', rate_id: 'fx-jpy', as_of: '2026-05-01T00:00:00.000Z' };
      const quote = quoteOf(priceRequest({ fx: jpy, rounding: { increment: 10, mode: 'up' } }));
      // 50.00 USD * 151.37 = 7568.5 JPY -> 7570
      expect(quote.lines[0]!.unit_price).to.deep.equal({ amount: 7570, currency: 'JPY' });
      expect(quote.totals.due_now).to.deep.equal({ amount: 15140, currency: 'JPY' });
    });

    it('lists free units at zero and counts them in pax', () => {
      const quote = quoteOf(priceRequest({ selection: selection({ units: units(['adult', 2], ['infant', 1]) }) }));
      expect(quote.lines).to.deep.equal([unitLine('adult', 'Adult', 2, 5000), unitLine('infant', 'Infant (0-3)', 1, 0)]);
      expect(quote.pax).to.equal(3);
      expect(quote.totals.due_now.amount).to.equal(10000);
    });

    it('leaves out units chosen with quantity 0', () => {
      const quote = quoteOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['child', 0]) }) }));
      expect(quote.lines.map((l) => l.ref)).to.deep.equal(['adult']);
    });

    it('is UnknownUnit for a unit the option does not have', () => {
      refusalOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['senior', 1]) }) }), 'UnknownUnit', { unitId: 'senior' });
    });

    it('is UnitQuantityInvalid with unitId, min and max for too many or too few of a unit', () => {
      refusalOf(priceRequest({ selection: selection({ units: units(['adult', 11]) }) }), 'UnitQuantityInvalid', { unitId: 'adult', min: 1, max: 10 });
      const pairs = option({ units: [unit({ id: 'adult', min_qty: 2, max_qty: 6 })], pricing: { tiers: [tier(1, null, { adult: 5000 })] } });
      refusalOf(withOption(pairs, { selection: selection({ units: units(['adult', 1]) }) }), 'UnitQuantityInvalid', { unitId: 'adult', min: 2, max: 6 });
    });

    it("is UnitQuantityInvalid for a group outside the option's min_units/max_units", () => {
      const opt = option({ min_units: 2, max_units: 4 });
      refusalOf(withOption(opt, { selection: selection({ units: units(['adult', 1]) }) }), 'UnitQuantityInvalid', { min: 2, max: 4 });
      refusalOf(withOption(opt, { selection: selection({ units: units(['adult', 3], ['child', 2]) }) }), 'UnitQuantityInvalid', { min: 2, max: 4 });
    });

    it('says a group-size refusal is about the whole group: unitId null (spec 7 declares it nullable) and the detail names the limit', () => {
      const opt = option({ min_units: 2, max_units: 4 });
      const few = refusalOf(withOption(opt, { selection: selection({ units: units(['adult', 1]) }) }), 'UnitQuantityInvalid', { unitId: null, min: 2, max: 4 });
      expect(few.detail).to.equal('the whole group must be 2 to 4 travellers, not 1');
      const atLeast = option({ min_units: 3, max_units: null });
      expect(refusalOf(withOption(atLeast, { selection: selection({ units: units(['adult', 2]) }) }), 'UnitQuantityInvalid').detail).to.contain('at least 3');
    });

    it("is AgeRestriction with unitId, minAge and maxAge for an age outside the unit's ages", () => {
      refusalOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['child', 2, [5, 3]]) }) }), 'AgeRestriction', {
        unitId: 'child',
        minAge: 4,
        maxAge: 11,
      });
      refusalOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['child', 1, [12]]) }) }), 'AgeRestriction', {
        unitId: 'child',
        minAge: 4,
        maxAge: 11,
      });
    });

    it('is AccompanimentRequired when children travel without an adult', () => {
      refusalOf(priceRequest({ selection: selection({ units: units(['child', 2]) }) }), 'AccompanimentRequired', { unitId: 'child', by: 'adult' });
      refusalOf(priceRequest({ selection: selection({ units: units(['adult', 0], ['infant', 1]) }) }), 'AccompanimentRequired', {
        unitId: 'infant',
        by: 'adult',
      });
    });

    it('is InvalidInput for a unit listed twice, ages that do not match qty, or no travellers', () => {
      const reasons = (r: Refusal) => (r.fields.problems as { reason: string }[]).map((p) => p.reason);
      expect(reasons(refusalOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['adult', 1]) }) }), 'InvalidInput'))).to.deep.equal([
        'duplicate_unit',
      ]);
      expect(reasons(refusalOf(priceRequest({ selection: selection({ units: units(['adult', 1], ['child', 2, [5]]) }) }), 'InvalidInput'))).to.deep.equal([
        'ages_mismatch',
      ]);
      expect(reasons(refusalOf(priceRequest({ selection: selection({ units: [] }) }), 'InvalidInput'))).to.deep.equal(['no_travellers']);
    });
  });

  describe('group tiers', () => {
    const grouped = option({
      pricing: { tiers: [tier(1, 3, { adult: 8000, child: 6000 }), tier(4, null, { adult: 6000, child: 4500 })] },
    });

    it('chooses the tier by the travellers who take a seat', () => {
      expect(quoteOf(withOption(grouped, { selection: selection({ units: units(['adult', 3]) }) })).lines).to.deep.equal([unitLine('adult', 'Adult', 3, 8000)]);
      expect(quoteOf(withOption(grouped, { selection: selection({ units: units(['adult', 4]) }) })).lines).to.deep.equal([unitLine('adult', 'Adult', 4, 6000)]);
      expect(quoteOf(withOption(grouped, { selection: selection({ units: units(['adult', 3], ['child', 1]) }) })).lines).to.deep.equal([
        unitLine('adult', 'Adult', 3, 6000),
        unitLine('child', 'Child (4-11)', 1, 4500),
      ]);
      // An infant takes no seat: still the tier for 3.
      expect(quoteOf(withOption(grouped, { selection: selection({ units: units(['adult', 3], ['infant', 1]) }) })).lines[0]).to.deep.equal(
        unitLine('adult', 'Adult', 3, 8000),
      );
    });

    it('is PriceNotAvailable (group_size) for a group outside every tier', () => {
      const private2to6 = option({ pricing: { tiers: [tier(2, 6, { adult: 9000 })] } });
      refusalOf(withOption(private2to6, { selection: selection({ units: units(['adult', 1]) }) }), 'PriceNotAvailable', {
        unitId: 'adult',
        reason: 'group_size',
      });
      refusalOf(withOption(private2to6, { selection: selection({ units: units(['adult', 7]) }) }), 'PriceNotAvailable', {
        unitId: 'adult',
        reason: 'group_size',
      });
    });

    it('is PriceNotAvailable (group_size) for a unit the tier has no price for', () => {
      const adultsOnly = option({ pricing: { tiers: [tier(1, null, { adult: 5000 })] } });
      refusalOf(withOption(adultsOnly, { selection: selection({ units: units(['adult', 1], ['child', 1]) }) }), 'PriceNotAvailable', {
        unitId: 'child',
        reason: 'group_size',
      });
    });

    it('is PriceNotAvailable for an ask-for-price option (it has no quote)', () => {
      refusalOf(withOption(option({ ask_for_price: true, pricing: { tiers: [] } })), 'PriceNotAvailable');
    });
  });

  describe('age prices', () => {
    const byAge = option({
      pricing: {
        tiers: [
          tier(
            1,
            null,
            { adult: 6000, child: 4000 },
            {
              child: [
                { min_age: 4, max_age: 7, amount: 2000 },
                { min_age: 8, max_age: 11, amount: 3000 },
              ],
            },
          ),
        ],
      },
    });

    it('prices children by their age band, one line per band price', () => {
      const quote = quoteOf(withOption(byAge, { selection: selection({ units: units(['adult', 1], ['child', 3, [5, 9, 10]]) }) }));
      expect(quote.lines).to.deep.equal([
        unitLine('adult', 'Adult', 1, 6000),
        unitLine('child', 'Child (4-11)', 1, 2000),
        unitLine('child', 'Child (4-11)', 2, 3000),
      ]);
      expect(quote.totals.due_now.amount).to.equal(6000 + 2000 + 6000);
      expect(quote.pax).to.equal(4);
    });

    it('uses the unit price when no ages are given', () => {
      const quote = quoteOf(withOption(byAge, { selection: selection({ units: units(['adult', 1], ['child', 2]) }) }));
      expect(quote.lines[1]).to.deep.equal(unitLine('child', 'Child (4-11)', 2, 4000));
    });

    it('is AgeRestriction for an age no band prices', () => {
      const gap = option({
        pricing: { tiers: [tier(1, null, { adult: 6000, child: 4000 }, { child: [{ min_age: 4, max_age: 7, amount: 2000 }] })] },
      });
      refusalOf(withOption(gap, { selection: selection({ units: units(['adult', 1], ['child', 1, [9]]) }) }), 'AgeRestriction', {
        unitId: 'child',
        minAge: 4,
        maxAge: 11,
      });
    });
  });

  describe('extras', () => {
    const extras = [
      extra({ id: 'lunch', name: 'Lunch', price: 1500 }),
      extra({ id: 'photos', name: 'Photos', pay: 'local', price: 2000, local_price: { amount: 1800, currency: 'EUR' } }),
      extra({ id: 'tuk', name: 'Tuk-tuk', pay: 'local', price: 2500, local_price: null }),
      extra({ id: 'wine', name: 'Wine', price: 900, max_per_booking: 2 }),
      extra({ id: 'water', name: 'Water', price: 300, included: true }),
      extra({ id: 'boat', name: 'Boat', price: 5000, option_ids: ['opt-2'] }),
    ];
    const request = (chosen: Selection['extras'], overrides: Partial<PriceRequest> = {}) =>
      priceRequest({ product: product({ options: [option()], extras }), selection: selection({ extras: chosen }), ...overrides });

    it('adds upfront extras to what is due now', () => {
      const quote = quoteOf(request([{ extra_id: 'lunch', qty: 2 }]));
      expect(quote.lines[1]).to.deep.equal({
        kind: 'extra',
        ref: 'lunch',
        label: 'Lunch',
        qty: 2,
        unit_price: { amount: 1500, currency: 'USD' },
        original_unit_price: null,
        total: { amount: 3000, currency: 'USD' },
        pay_at: 'upfront',
        included: false,
        vehicle: null,
      });
      expect(quote.totals.due_now.amount).to.equal(13000);
      expect(quote.totals.grand_total.amount).to.equal(13000);
      expectLinesAddUp(quote);
    });

    it('lists local extras as paid locally in the local currency, not due now', () => {
      const quote = quoteOf(request([{ extra_id: 'photos', qty: 2 }]));
      const line = quote.lines.find((l) => l.ref === 'photos')!;
      expect(line.pay_at).to.equal('local');
      expect(quote.totals.due_now).to.deep.equal({ amount: 10000, currency: 'USD' });
      expect(quote.totals.pay_locally).to.deep.equal([{ amount: 3600, currency: 'EUR' }]);
    });

    it('a local extra line shows what is paid locally, so lines add up to pay_locally', () => {
      const quote = quoteOf(request([{ extra_id: 'photos', qty: 2 }]));
      const line = quote.lines.find((l) => l.ref === 'photos')!;
      expect(line.unit_price).to.deep.equal({ amount: 1800, currency: 'EUR' });
      expect(line.total).to.deep.equal({ amount: 3600, currency: 'EUR' });
      expectLinesAddUp(quote, 2 * 2000);
    });

    it('a local extra without a local price is paid locally at its converted price', () => {
      const quote = quoteOf(request([{ extra_id: 'tuk', qty: 1 }], { fx: EUR_FX }));
      const line = quote.lines.find((l) => l.ref === 'tuk')!;
      expect(line.pay_at).to.equal('local');
      expect(quote.totals.pay_locally).to.deep.equal([line.total]);
      expectLinesAddUp(quote, line.total.amount);
    });

    it('counts a local line in grand_total at its own total when it is paid in the quote currency (spec 2.6: lines add up to totals)', () => {
      const chosen = [
        { extra_id: 'photos', qty: 2 },
        { extra_id: 'lunch', qty: 1 },
      ];
      const rateOf = (currency: string) => (currency === 'EUR' ? EUR_FX.rate : null);
      const eur = quoteOf(request(chosen, { fx: EUR_FX, rateOf }));
      // The photos are 18.00 EUR each on the day: 36.00 EUR, not their USD price converted.
      expect(eur.totals.pay_locally).to.deep.equal([{ amount: 3600, currency: 'EUR' }]);
      expect(eur.totals.grand_total).to.deep.equal({ amount: eur.totals.due_now.amount + 3600, currency: 'EUR' });
    });

    it("converts a local line paid in another currency into the quote's through US dollars at the day's rates, once per line", () => {
      const chosen = [{ extra_id: 'photos', qty: 2 }];
      const rateOf = (currency: string) => (currency === 'EUR' ? EUR_FX.rate : null);
      const usd = quoteOf(request(chosen, { rateOf }));
      // 36.00 EUR at 0.9137 EUR a dollar = 39.4002 USD -> 3940 cents.
      expect(usd.totals.grand_total).to.deep.equal({ amount: 10000 + 3940, currency: 'USD' });
      const omr = quoteOf(request(chosen, { fx: OMR_FX, rateOf }));
      const worth = convertThroughUsd(3600, 'EUR', EUR_FX.rate, 'OMR', OMR_FX.rate);
      expect(worth).to.equal(15171);
      expect(omr.totals.grand_total).to.deep.equal({ amount: omr.totals.due_now.amount + worth, currency: 'OMR' });
    });

    it('counts a local line whose currency has no rate today at its USD price converted at the quote rate', () => {
      const usd = quoteOf(request([{ extra_id: 'photos', qty: 2 }], { rateOf: () => null }));
      expect(usd.totals.grand_total).to.deep.equal({ amount: 10000 + 2 * 2000, currency: 'USD' });
    });

    it('prices included extras at zero', () => {
      const quote = quoteOf(request([{ extra_id: 'water', qty: 2 }]));
      expect(quote.lines[1]).to.deep.include({
        ref: 'water',
        included: true,
        unit_price: { amount: 0, currency: 'USD' },
        total: { amount: 0, currency: 'USD' },
      });
    });

    it('is ExtraQuantityInvalid with extraId and max for more than allowed per booking', () => {
      refusalOf(request([{ extra_id: 'wine', qty: 3 }]), 'ExtraQuantityInvalid', { extraId: 'wine', max: 2 });
      expect(quoteOf(request([{ extra_id: 'wine', qty: 2 }])).totals.due_now.amount).to.equal(11800);
    });

    it("is InvalidInput for an extra that is not the option's", () => {
      const refusal = refusalOf(request([{ extra_id: 'boat', qty: 1 }]), 'InvalidInput');
      expect(refusal.fields.problems).to.deep.equal([{ reason: 'unknown_extra', field: 'extras[0].extra_id', detail: 'not an extra of this option' }]);
      refusalOf(request([{ extra_id: 'nope', qty: 1 }]), 'InvalidInput');
    });
  });

  describe('rooms', () => {
    it('is RoomingInvalid unknown_room_type, with a clear detail, for rooms sent to an option without room types', () => {
      const refusal = refusalOf(priceRequest({ selection: selection({ rooms: [{ room_type_id: 'x', qty: 1 }] }) }), 'RoomingInvalid', {
        details: { reason: 'unknown_room_type' },
      });
      expect(refusal.detail).to.equal('this option has no room types: send no rooms');
    });

    const multiDay = option({
      room_types: [
        room({ id: 'double', name: 'Double', sleeps: 2, solo_may_share: true, supplement: 0 }),
        room({ id: 'twin', name: 'Twin', sleeps: 2, solo_may_share: false, supplement: 0 }),
        room({ id: 'single', name: 'Single', sleeps: 1, supplement: 3000 }),
      ],
    });
    const rooms = (...chosen: [string, number][]) => chosen.map(([room_type_id, qty]) => ({ room_type_id, qty }));
    const request = (u: Selection['units'], r: Selection['rooms']) => withOption(multiDay, { selection: selection({ units: u, rooms: r }) });

    it('is RoomingInvalid rooms_required when an option with rooms gets none', () => {
      refusalOf(request(units(['adult', 2]), []), 'RoomingInvalid', { details: { reason: 'rooms_required' } });
    });

    it('is RoomingInvalid unknown_room_type for a room the option does not have', () => {
      refusalOf(request(units(['adult', 2]), rooms(['suite', 1])), 'RoomingInvalid', { details: { reason: 'unknown_room_type' } });
    });

    it('is RoomingInvalid not_enough_rooms when beds do not sleep every seated traveller', () => {
      refusalOf(request(units(['adult', 3]), rooms(['double', 1])), 'RoomingInvalid', { details: { reason: 'not_enough_rooms' } });
    });

    it('is RoomingInvalid rooms_dont_match_travellers for more rooms than travellers', () => {
      refusalOf(request(units(['adult', 2]), rooms(['double', 2], ['single', 1])), 'RoomingInvalid', { details: { reason: 'rooms_dont_match_travellers' } });
    });

    it('prices room supplements per traveller in the room', () => {
      const quote = quoteOf(request(units(['adult', 3]), rooms(['double', 1], ['single', 1])));
      const roomLines = quote.lines.filter((l) => l.kind === 'room');
      expect(roomLines.map((l) => [l.ref, l.qty, l.total.amount])).to.deep.equal([
        ['double', 2, 0],
        ['single', 1, 3000],
      ]);
      expect(quote.totals.due_now.amount).to.equal(3 * 5000 + 3000);
      expect(quote.pairing).to.equal(false);
      expectLinesAddUp(quote);
    });

    it('pairs a solo traveller in a shareable room', () => {
      const quote = quoteOf(request(units(['adult', 1]), rooms(['double', 1])));
      expect(quote.pairing).to.equal(true);
      expect(quote.lines.filter((l) => l.kind === 'room').map((l) => [l.ref, l.qty])).to.deep.equal([['double', 1]]);
    });

    it('does not pair a solo traveller in a room that may not be shared', () => {
      expect(quoteOf(request(units(['adult', 1]), rooms(['twin', 1]))).pairing).to.equal(false);
      expect(quoteOf(request(units(['adult', 1]), rooms(['single', 1]))).pairing).to.equal(false);
    });

    it('needs no bed for travellers who take no seat', () => {
      const quote = quoteOf(request(units(['adult', 2], ['infant', 1]), rooms(['double', 1])));
      expect(quote.pax).to.equal(3);
    });

    it('asks for no rooms on an option without room types', () => {
      expect(quoteOf(priceRequest()).lines.some((l) => l.kind === 'room')).to.equal(false);
    });
  });

  describe('pickup', () => {
    const withPickup = option({ vehicle: 'Minivan', pickup: { rules: [{ area: 'alfama', price: 1000 }] } });

    it('is PickupNotOffered when the option has no pickup', () => {
      refusalOf(priceRequest({ selection: selection({ pickup: { place_id: 'alfama' } }) }), 'PickupNotOffered');
    });

    it('is PickupNotOffered for a place that is none of the areas covered (domain/pickup: unknown_place; coordinates outside: outside_area)', () => {
      refusalOf(withOption(withPickup, { selection: selection({ pickup: { place_id: 'belem' } }) }), 'PickupNotOffered', { reason: 'unknown_place' });
    });

    it("names a pickup area by its id: the line's ref and the quote's pickup id (spec 2.6)", () => {
      const withId = option({ pickup: { rules: [{ id: 'area-1', area: 'Alfama', price: 1000 }] } });
      const quote = quoteOf(withOption(withId, { selection: selection({ pickup: { place_id: 'area-1' } }) }));
      expect(quote.lines.at(-1)).to.deep.include({ kind: 'pickup', ref: 'area-1', label: 'Pickup: Alfama' });
      expect(quote.pickup).to.deep.equal({ id: 'area-1', area: 'Alfama', price: { amount: 1000, currency: 'USD' } });
    });

    it('adds a pickup line and the pickup to the quote', () => {
      const quote = quoteOf(withOption(withPickup, { fx: EUR_FX, selection: selection({ pickup: { place_id: 'alfama' } }) }));
      const price = { amount: convertFromUsd(1000, 'EUR', EUR_FX.rate), currency: 'EUR' };
      expect(price.amount).to.equal(914);
      expect(quote.lines.at(-1)).to.deep.equal({
        kind: 'pickup',
        ref: 'alfama',
        label: 'Pickup: alfama',
        qty: 1,
        unit_price: price,
        original_unit_price: null,
        total: price,
        pay_at: 'upfront',
        included: false,
        vehicle: 'Minivan',
      });
      expect(quote.pickup).to.deep.equal({ id: null, area: 'alfama', price });
      expect(quote.vehicles).to.deep.equal([{ name: 'Minivan', count: 1, seats: null }]);
      expectLinesAddUp(quote);
    });
  });

  describe('confirmation', () => {
    const lapses = '2026-05-03T10:00:00.000Z';

    it('is instant, with no pending expiry, for an instant limited option', () => {
      const quote = quoteOf(priceRequest({ pendingExpiresAt: lapses }));
      expect([quote.confirmation, quote.pending_expires_at]).to.deep.equal(['instant', null]);
    });

    it('is manual with pending_expires_at for a manual option', () => {
      const quote = quoteOf(withOption(option({ confirmation: 'manual' }), { pendingExpiresAt: lapses }));
      expect([quote.confirmation, quote.pending_expires_at]).to.deep.equal(['manual', lapses]);
    });

    it('is manual for an on_request option', () => {
      const quote = quoteOf(withOption(option({ capacity_mode: 'on_request', confirmation: 'instant' }), { pendingExpiresAt: lapses }));
      expect([quote.confirmation, quote.pending_expires_at]).to.deep.equal(['manual', lapses]);
    });
  });

  it('copies the fx block and quotes every amount in its currency', () => {
    const quote = quoteOf(priceRequest({ fx: OMR_FX, selection: selection({ units: units(['adult', 2], ['child', 1]) }) }));
    expect(quote.fx).to.deep.equal(OMR_FX);
    // 50.00 USD * 0.38505 = 19.2525 OMR -> 19253 baisa (3 digits); 30.00 USD -> 11.5515 -> 11552
    expect(quote.lines.map((l) => l.unit_price)).to.deep.equal([
      { amount: 19253, currency: 'OMR' },
      { amount: 11552, currency: 'OMR' },
    ]);
    expect(quote.totals.due_now).to.deep.equal({ amount: 2 * 19253 + 11552, currency: 'OMR' });
    expectLinesAddUp(quote);
  });

  it('property: lines add up exactly to totals for any quantities (EUR and OMR rates)', () => {
    const opt = option({
      vehicle: null,
      pickup: { rules: [{ area: 'alfama', price: 1234 }] },
      pricing: { tiers: [tier(1, 4, { adult: 4999, child: 3333 }), tier(5, null, { adult: 4321, child: 2857 })] },
    });
    const extras = [extra({ id: 'lunch', price: 1777 }), extra({ id: 'guide', price: 12345, max_per_booking: 3 })];
    const prod = product({ options: [opt], extras });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.constantFrom(EUR_FX, OMR_FX, { ...EUR_FX, rate: '0.873519' }, { ...OMR_FX, rate: '0.3849999' }),
        fc.constantFrom({ increment: 1, mode: 'nearest' as const }, { increment: 5, mode: 'up' as const }, { increment: 10, mode: 'nearest' as const }),
        (adults, children, infants, lunches, guides, pickup, fx, rounding) => {
          const sel = selection({
            units: units(['adult', adults], ['child', children], ['infant', infants]),
            extras: [
              { extra_id: 'lunch', qty: lunches },
              { extra_id: 'guide', qty: guides },
            ],
            pickup: pickup ? { place_id: 'alfama' } : null,
          });
          const quote = quoteOf({
            product: prod,
            option: opt,
            start: '2026-12-10T09:00',
            selection: sel,
            fx,
            rounding,
            remaining: null,
            pendingExpiresAt: null,
          });
          expectLinesAddUp(quote);
          expect(quote.pax).to.equal(adults + children + infants);
          expect(seatsOf(opt, sel)).to.equal(adults + children);
          expect(paxOf(sel)).to.equal(quote.pax);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('fromPriceUsd', () => {
  it('is the lowest per-person adult price and the group size it needs', () => {
    const grouped = option({ pricing: { tiers: [tier(1, 3, { adult: 8000, child: 1000 }), tier(4, null, { adult: 6000, child: 500 })] } });
    expect(fromPriceUsd(product({ options: [grouped] }))).to.deep.equal({ amount: 6000, group_size: 4 });
  });

  it("starts at the option's minimum group", () => {
    const pairs = option({ min_units: 2, pricing: { tiers: [tier(1, null, { adult: 5000 })] } });
    expect(fromPriceUsd(product({ options: [pairs] }))).to.deep.equal({ amount: 5000, group_size: 2 });
  });

  it("counts a unit's own minimum: the smallest group that can actually book", () => {
    const pairs = option({ units: [unit({ id: 'adult', min_qty: 2, max_qty: 10 })], pricing: { tiers: [tier(1, null, { adult: 5000 })] } });
    // A group of 1 is refused UnitQuantityInvalid (min 2), so the card price is for 2.
    refusalOf(withOption(pairs, { selection: selection({ units: units(['adult', 1]) }) }), 'UnitQuantityInvalid');
    expect(fromPriceUsd(product({ options: [pairs] }))).to.deep.equal({ amount: 5000, group_size: 2 });
  });

  it('takes the cheapest option on sale and is null when every option asks for a price', () => {
    const cheap = option({ id: 'cheap', pricing: { tiers: [tier(1, null, { adult: 3000 })] }, sales_paused: true });
    const normal = option({ id: 'normal', pricing: { tiers: [tier(1, null, { adult: 4000 })] } });
    expect(fromPriceUsd(product({ options: [cheap, normal] }))).to.deep.equal({ amount: 4000, group_size: 1 });
    expect(fromPriceUsd(product({ options: [option({ ask_for_price: true })] }))).to.equal(null);
  });

  it('does not count child or free units', () => {
    const opt = option({ units: [ADULT, CHILD, INFANT], pricing: { tiers: [tier(1, null, { adult: 4000, child: 100, infant: 0 })] } });
    expect(fromPriceUsd(product({ options: [opt] }))).to.deep.equal({ amount: 4000, group_size: 1 });
  });

  describe('specials (spec 2.3: the lowest price the trip can be booked at)', () => {
    const morning = { name: 'Early entry', from: '2026-12-01', until: '2026-12-31', times: ['09:00'], percent_off: 20 };
    const withSpecial = (special: typeof morning, times = ['09:00', '15:00']) =>
      product({ options: [option({ availability: availability({ times }), pricing: { tiers: [tier(1, null, { adult: 3940 })], specials: [special] } })] });

    it('is the special price while a start it discounts can still be booked, as the quote prices it', () => {
      const trip = withSpecial(morning);
      expect(fromPriceUsd(trip, '2026-11-23')).to.deep.equal({ amount: 3152, group_size: 1 });
      expect(fromPriceUsd(trip, '2026-12-31')).to.deep.equal({ amount: 3152, group_size: 1 });
      const quoted = quoteOf(
        priceRequest({ product: trip, option: trip.options[0], start: '2026-12-10T09:00', selection: selection({ units: units(['adult', 1]) }) }),
      );
      expect(quoted.lines[0].unit_price.amount).to.equal(3152);
    });

    it('leaves out a special that is over, one for starts the option does not run, and any without a day to count from', () => {
      expect(fromPriceUsd(withSpecial(morning), '2027-01-01')).to.deep.equal({ amount: 3940, group_size: 1 });
      expect(fromPriceUsd(withSpecial(morning, ['15:00']), '2026-11-23')).to.deep.equal({ amount: 3940, group_size: 1 });
      expect(fromPriceUsd(withSpecial(morning))).to.deep.equal({ amount: 3940, group_size: 1 });
    });

    it('looks a year ahead at most', () => {
      const later = { ...morning, from: '2028-01-01', until: '2028-01-31' };
      expect(fromPriceUsd(withSpecial(later), '2026-11-23')).to.deep.equal({ amount: 3940, group_size: 1 });
      expect(fromPriceUsd(withSpecial(later), '2027-06-01')).to.deep.equal({ amount: 3152, group_size: 1 });
    });
  });
});
