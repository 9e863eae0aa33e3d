import { expect } from 'chai';
import fc from 'fast-check';
import type { ExtraDefinition } from '../../domain/catalog/definitions';
import { Quote, priceQuote } from '../../domain/pricing/quote';
import { convertThroughUsd } from '../../domain/shared/money';
import { isRefusal } from '../../domain/shared/refusal';
import { ADULT, CHILD, EUR_FX, INFANT, OMR_FX, USD_FX, extra, option, priceRequest, product, room, tier } from './fixtures';

const JPY_FX = { ...USD_FX, quote: 'JPY', rate: '154.37', rate_id: 'fx-jpy-1' };

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

describe('quote totals (spec 2.6: lines add up exactly to totals after rounding)', () => {
  const extras: ExtraDefinition[] = [
    extra({ id: 'lunch', price: 1777 }),
    extra({ id: 'guide', price: 12345, max_per_booking: 3 }),
    extra({ id: 'photos', pay: 'local', price: 2099, local_price: { amount: 1900, currency: 'EUR' } }),
    extra({ id: 'tuk', pay: 'local', price: 2533, local_price: null }),
    extra({ id: 'camel', pay: 'local', price: 4100, local_price: { amount: 16, currency: 'OMR' } }),
    // Paid in yen whatever the quote's currency: in a JPY quote it counts as it is (review F-money-1).
    extra({ id: 'sake', pay: 'local', price: 1400, local_price: { amount: 2000, currency: 'JPY' } }),
    extra({ id: 'water', price: 300, included: true }),
  ];
  const opt = option({
    units: [ADULT, CHILD, INFANT],
    pickup: { rules: [{ area: 'alfama', price: 1234 }] },
    room_types: [room({ id: 'twin', sleeps: 2, supplement: 0 }), room({ id: 'single', sleeps: 1, supplement: 2499 })],
    pricing: {
      tiers: [tier(1, 4, { adult: 4999, child: 3333 }), tier(5, null, { adult: 4321, child: 2857 })],
      specials: [
        { name: 'Mornings', from: '2026-12-01', until: '2026-12-31', times: ['09:00'], percent_off: 15 },
        { name: 'Sundays', from: '2026-12-01', until: '2026-12-31', weekdays: [7], percent_off: 33 },
      ],
    },
  });
  const prod = product({ options: [opt], extras });
  /** Today's rates of the currencies local lines are paid in (what the quote reads beside its own). */
  const RATES: Record<string, string> = { EUR: EUR_FX.rate, OMR: OMR_FX.rate, JPY: JPY_FX.rate };

  it('property: lines, due_now, pay_locally and grand_total agree for random selections in USD, EUR, JPY and OMR', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: extras.length, maxLength: extras.length }),
        fc.integer({ min: 0, max: 18 }),
        fc.boolean(),
        // A weekday morning (special), a weekday afternoon (none), a Sunday (special), a November start (none).
        fc.constantFrom('2026-12-10T09:00', '2026-12-10T15:00', '2026-12-13T15:00', '2026-11-30T09:00'),
        fc.constantFrom(USD_FX, EUR_FX, JPY_FX, OMR_FX, { ...EUR_FX, rate: '0.873519' }, { ...OMR_FX, rate: '0.3849999' }, { ...JPY_FX, rate: '149.9' }),
        fc.constantFrom({ increment: 1, mode: 'nearest' as const }, { increment: 5, mode: 'up' as const }, { increment: 10, mode: 'nearest' as const }),
        (adults, children, infants, extraQty, singlesWanted, pickup, start, fx, rounding) => {
          const seats = adults + children;
          const singles = Math.min(singlesWanted, seats);
          const twins = Math.ceil((seats - singles) / 2);
          const rooms = [...(singles > 0 ? [{ room_type_id: 'single', qty: singles }] : []), ...(twins > 0 ? [{ room_type_id: 'twin', qty: twins }] : [])];
          const units = [
            { unit_id: 'adult', qty: adults },
            ...(children > 0 ? [{ unit_id: 'child', qty: children }] : []),
            ...(infants > 0 ? [{ unit_id: 'infant', qty: infants }] : []),
          ];
          const chosen = extras.map((e, i) => ({ extra_id: e.id, qty: extraQty[i] }));
          const result = priceQuote(
            priceRequest({
              product: prod,
              option: opt,
              start,
              selection: { units, extras: chosen, rooms, pickup: pickup ? { place_id: 'alfama' } : null },
              fx,
              rounding,
              rateOf: (c) => RATES[c] ?? null,
            }),
          );
          if (isRefusal(result)) expect.fail(`${result.code}: ${result.detail} ${JSON.stringify(result.fields)}`);
          const quote = result as Quote;
          const currency = fx.quote;
          for (const line of quote.lines) {
            expect(Number.isInteger(line.unit_price.amount)).to.equal(true);
            expect(line.total).to.deep.equal({ amount: line.unit_price.amount * line.qty, currency: line.unit_price.currency });
            if (line.original_unit_price) expect(line.original_unit_price.amount).to.be.at.least(line.unit_price.amount);
          }
          const upfront = quote.lines.filter((l) => l.pay_at === 'upfront');
          const local = quote.lines.filter((l) => l.pay_at === 'local');
          for (const line of upfront) expect(line.total.currency).to.equal(currency);
          expect(quote.totals.due_now).to.deep.equal({ amount: sum(upfront.map((l) => l.total.amount)), currency });
          const byCurrency = new Map<string, number>();
          for (const line of local) byCurrency.set(line.total.currency, (byCurrency.get(line.total.currency) ?? 0) + line.total.amount);
          expect(quote.totals.pay_locally).to.have.deep.members([...byCurrency].map(([c, amount]) => ({ amount, currency: c })));
          // Each local line as it is when paid in the quote's currency, else its total converted through US dollars, rounded once.
          const localWorth = sum(
            local.map((l) =>
              l.total.currency === currency
                ? l.total.amount
                : convertThroughUsd(l.total.amount, l.total.currency, RATES[l.total.currency], currency, fx.rate, rounding),
            ),
          );
          expect(quote.totals.grand_total).to.deep.equal({ amount: quote.totals.due_now.amount + localWorth, currency });
          expect(quote.lines.filter((l) => l.kind === 'room').reduce((n, l) => n + l.qty, 0)).to.equal(seats);
        },
      ),
      { numRuns: 500 },
    );
  });
});
