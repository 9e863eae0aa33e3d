import { expect } from 'chai';
import { productDecider } from '../../domain/product';
import { productProblems } from '../../domain/catalog/validate';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { PriceRequest, Quote, priceQuote } from '../../domain/pricing/quote';
import { pricedOn, tiersOn } from '../../domain/pricing/tables';
import { nonMonotonicCells } from '../../domain/pricing/table-rules';
import { isRefusal, Refusal } from '../../domain/shared/refusal';
import { ADULT, CHILD, EUR_FX, option, priceRequest, product, selection, tier } from './fixtures';
import { given } from './given-when-then';

const NOTHING_TAKEN = { ids: [], slug: false };
const priced = (opt: OptionDefinition, start: string, overrides: Partial<PriceRequest> = {}): Quote | Refusal =>
  priceQuote(priceRequest({ option: opt, product: product({ options: [opt] }), start, ...overrides }));
const quoteOf = (result: Quote | Refusal): Quote => {
  if (isRefusal(result)) expect.fail(`expected a quote, got ${result.code}: ${result.detail}`);
  return result as Quote;
};
const refusalOf = (result: Quote | Refusal): Refusal => {
  if (!isRefusal(result)) expect.fail('expected a refusal');
  return result as Refusal;
};

describe('price tables', () => {
  describe('monotonic by group size (seller side)', () => {
    const unmonotonic = option({
      units: [ADULT],
      pricing: { tiers: [tier(1, 1, { adult: 1000 }), tier(2, 3, { adult: 500 }), tier(4, null, { adult: 9000 })] },
    });

    it('finds the cell where a bigger group pays more per person than a smaller one (1000 / 500 / 9000)', () => {
      expect(nonMonotonicCells([unmonotonic])).to.deep.equal([{ unit_id: 'adult', tier: 'options[0].pricing.tiers[2]', min_net_usd: 500 }]);
    });

    it('accepts tables that fall or stay as groups grow, listed in any order, and checks each season on its own', () => {
      const falling = option({ pricing: { tiers: [tier(5, null, { adult: 3000, child: 2000 }), tier(1, 4, { adult: 5000, child: 2000 })] } });
      expect(nonMonotonicCells([falling])).to.deep.equal([]);
      const season = {
        name: 'Summer',
        from: '2026-06-01',
        until: '2026-08-31',
        tiers: [tier(1, 2, { adult: 7000, child: 3000 }), tier(3, null, { adult: 7500, child: 3000 })],
      };
      expect(nonMonotonicCells([option({ pricing: { tiers: [tier(1, null, { adult: 5000, child: 3000 })], seasons: [season] } })])).to.deep.equal([
        { unit_id: 'adult', tier: 'options[0].pricing.seasons[0].tiers[1]', min_net_usd: 7000 },
      ]);
    });

    it('refuses such a product with PriceTableNotMonotonic and its cells, after any InvalidInput', () => {
      const refusal = given(productDecider)
        .when({ type: 'CreateProduct', productId: 'p', sellerId: 's', definition: product({ options: [unmonotonic] }), taken: NOTHING_TAKEN })
        .thenRefused('PriceTableNotMonotonic');
      expect(refusal.fields.cells).to.deep.equal([{ unit_id: 'adult', tier: 'options[0].pricing.tiers[2]', min_net_usd: 500 }]);
      given(productDecider)
        .when({
          type: 'CreateProduct',
          productId: 'p',
          sellerId: 's',
          definition: product({ timezone: 'Nowhere/Land', options: [unmonotonic] }),
          taken: NOTHING_TAKEN,
        })
        .thenRefused('InvalidInput');
    });
  });

  describe('seasons and weekdays', () => {
    const summer = { name: 'Summer', from: '2026-06-01', until: '2026-08-31', tiers: [tier(1, null, { adult: 7000, child: 4000 })] };
    const weekend = { name: 'Weekends', from: null, until: null, weekdays: [6, 7], tiers: [tier(1, null, { adult: 6000, child: 3500 })] };

    it('prices a date by the first season holding it, else by the option own tiers', () => {
      const opt = option({ pricing: { tiers: [tier(1, null, { adult: 5000, child: 3000 })], seasons: [summer, weekend] } });
      expect(quoteOf(priced(opt, '2026-07-15T09:00')).lines[0].unit_price.amount).to.equal(7000);
      // 2026-07-18 is a Saturday within summer: summer is listed first.
      expect(quoteOf(priced(opt, '2026-07-18T09:00')).lines[0].unit_price.amount).to.equal(7000);
      expect(quoteOf(priced(opt, '2026-12-12T09:00')).lines[0].unit_price.amount).to.equal(6000);
      expect(quoteOf(priced(opt, '2026-12-10T09:00')).lines[0].unit_price.amount).to.equal(5000);
    });

    it('refuses PriceNotAvailable outside_season when no season holds the date and the option has no tiers of its own', () => {
      const opt = option({ pricing: { tiers: [], seasons: [summer] } });
      expect(refusalOf(priced(opt, '2026-12-10T09:00'))).to.deep.include({ code: 'PriceNotAvailable', fields: { unitId: 'adult', reason: 'outside_season' } });
      expect(tiersOn(opt, '2026-12-10')).to.equal('outside_season');
      expect(pricedOn(opt, '2026-12-10')).to.equal(false);
      expect(pricedOn(opt, '2026-06-01')).to.equal(true);
    });

    it('refuses PriceNotAvailable weekday on a day of a season it does not price', () => {
      const opt = option({ pricing: { tiers: [], seasons: [{ ...weekend, from: '2026-01-01', until: '2026-12-31' }] } });
      // 2026-12-10 is a Thursday.
      expect(refusalOf(priced(opt, '2026-12-10T09:00')).fields).to.deep.equal({ unitId: 'adult', reason: 'weekday' });
      expect(refusalOf(priced(opt, '2027-01-09T09:00')).fields).to.deep.equal({ unitId: 'adult', reason: 'outside_season' });
      expect(quoteOf(priced(opt, '2026-12-12T09:00')).totals.due_now.amount).to.equal(12000);
    });

    it('keeps refusing group_size for a size the season table does not price', () => {
      const opt = option({ pricing: { tiers: [], seasons: [{ ...summer, tiers: [tier(2, null, { adult: 7000, child: 4000 })] }] } });
      const refusal = refusalOf(priced(opt, '2026-07-15T09:00', { selection: selection({ units: [{ unit_id: 'adult', qty: 1 }] }) }));
      expect(refusal.fields).to.deep.equal({ unitId: 'adult', reason: 'group_size' });
    });
  });

  describe('specials', () => {
    const special = { name: 'December mornings', from: '2026-12-01', until: '2026-12-20', times: ['09:00'], percent_off: 20 };
    const opt = option({ units: [ADULT, CHILD], pricing: { tiers: [tier(1, null, { adult: 4999, child: 3000 })], specials: [special] } });

    it('sells the starts it names at the discounted unit price, with original_unit_price beside it', () => {
      const quote = quoteOf(
        priced(opt, '2026-12-10T09:00', {
          selection: selection({
            units: [
              { unit_id: 'adult', qty: 2 },
              { unit_id: 'child', qty: 1 },
            ],
          }),
        }),
      );
      // 49.99 less 20% = 39.992 -> 39.99; 30.00 -> 24.00.
      expect(quote.lines.map((l) => [l.unit_price.amount, l.original_unit_price?.amount, l.total.amount])).to.deep.equal([
        [3999, 4999, 7998],
        [2400, 3000, 2400],
      ]);
      expect(quote.totals.due_now.amount).to.equal(10398);
    });

    it('converts the special price and the original once each, in the quote currency', () => {
      const quote = quoteOf(priced(opt, '2026-12-10T09:00', { fx: EUR_FX }));
      expect(quote.lines[0].unit_price).to.deep.equal({ amount: 3654, currency: 'EUR' });
      expect(quote.lines[0].original_unit_price).to.deep.equal({ amount: 4568, currency: 'EUR' });
    });

    it('leaves other starts, dates and weekdays at the usual price', () => {
      for (const start of ['2026-12-10T15:00', '2026-12-21T09:00', '2026-11-30T09:00']) {
        const line = quoteOf(priced(opt, start)).lines[0];
        expect([line.unit_price.amount, line.original_unit_price]).to.deep.equal([4999, null]);
      }
      const weekdays = option({ pricing: { tiers: [tier(1, null, { adult: 5000, child: 3000 })], specials: [{ ...special, times: [], weekdays: [4] }] } });
      expect(quoteOf(priced(weekdays, '2026-12-10T09:00')).lines[0].unit_price.amount).to.equal(4000);
      expect(quoteOf(priced(weekdays, '2026-12-11T09:00')).lines[0].unit_price.amount).to.equal(5000);
    });
  });

  describe('seller checks', () => {
    const problemsOf = (opt: OptionDefinition) => productProblems(product({ options: [opt] })).map((p) => [p.field, p.reason]);

    it('keeps definitions without seasons or specials valid, and needs some price when not ask_for_price', () => {
      expect(problemsOf(option())).to.deep.equal([]);
      expect(problemsOf(option({ pricing: { tiers: [] } }))).to.deep.equal([['options[0].pricing.tiers', 'no_price']]);
      expect(
        problemsOf(option({ pricing: { tiers: [], seasons: [{ name: 'All', from: null, until: null, tiers: [tier(1, null, { adult: 1, child: 1 })] }] } })),
      ).to.deep.equal([]);
    });

    it('checks seasons and specials: real dates in order, weekdays, units priced, percent and times', () => {
      const bad = option({
        pricing: {
          tiers: [tier(1, null, { adult: 5000, child: 3000 })],
          seasons: [{ name: 'S', from: '2026-02-30', until: '2026-01-01', weekdays: [0], tiers: [tier(1, null, { adult: 5000 })] }],
          specials: [{ name: 'X', from: '2026-03-01', until: '2026-02-01', times: ['9am'], percent_off: 100 }],
        },
      });
      expect(problemsOf(bad)).to.deep.equal([
        ['options[0].pricing.seasons[0].tiers[0].unit_prices', 'unit_unpriced'],
        ['options[0].pricing.seasons[0].from', 'invalid_date'],
        ['options[0].pricing.seasons[0].until', 'until_before_from'],
        ['options[0].pricing.seasons[0].weekdays', 'invalid_weekday'],
        ['options[0].pricing.specials[0].until', 'until_before_from'],
        ['options[0].pricing.specials[0].percent_off', 'invalid_value'],
        ['options[0].pricing.specials[0].times[0]', 'invalid_time'],
      ]);
    });
  });
});
