import { expect } from 'chai';
import fc from 'fast-check';
import { confirmations, durationBuckets, pickupKinds, picksUp, priceKind, styleOf } from '../../domain/catalog/trip-facts';
import { productProblems } from '../../domain/catalog/validate';
import { fromPriceUsd, usdRange } from '../../domain/pricing/from-price';
import { convertFromUsd } from '../../domain/shared/money';
import { option, product, tier } from './fixtures';

describe('trip facts the list filters by (spec 4.2)', () => {
  const paused = { sales_paused: true };

  it('style is the main option: the default on sale, else the first on sale; none with no option on sale', () => {
    const shared = option({ id: 'a', is_default: true });
    const privateOne = option({ id: 'b', is_default: false, private: true });
    expect(styleOf(product({ options: [shared, privateOne] }))).to.equal('shared');
    expect(styleOf(product({ options: [{ ...shared, ...paused }, privateOne] }))).to.equal('private');
    expect(
      styleOf(
        product({
          options: [
            { ...shared, ...paused },
            { ...privateOne, ...paused },
          ],
        }),
      ),
    ).to.equal(null);
  });

  it('counts only hotel pickups of options on sale as picking up where travellers stay; a rule with no kind is a hotel pickup', () => {
    const airport = option({ pickup: { rules: [{ area: 'Narita', price: 0, kind: 'airport' }] } });
    const meeting = option({
      pickup: {
        rules: [
          { area: 'Plaza', price: 0, kind: 'meeting_point' },
          { area: 'Port', price: 0, kind: 'port' },
        ],
      },
    });
    const old = option({ pickup: { rules: [{ area: 'Centre', price: 0 }] } });
    expect(picksUp(product({ options: [airport] }))).to.equal(false);
    expect(pickupKinds(product({ options: [meeting] }))).to.deep.equal(['meeting_point', 'port']);
    expect(picksUp(product({ options: [old] }))).to.equal(true);
    expect(picksUp(product({ options: [{ ...old, ...paused }, airport] }))).to.equal(false);
  });

  it('confirms at once when an option on sale does; an on-request option is confirmed by hand', () => {
    expect(confirmations(product({ options: [option({ capacity_mode: 'on_request' })] }))).to.deep.equal(['manual']);
    expect(confirmations(product({ options: [option({ id: 'a' }), option({ id: 'b', confirmation: 'manual' })] }))).to.deep.equal(['instant', 'manual']);
    expect(confirmations(product({ options: [option({ ...paused })] }))).to.deep.equal([]);
  });

  it('puts a multi-day trip in multi_day and in its days bucket', () => {
    expect(durationBuckets(product({ duration_minutes: null, duration_days: 3, duration_nights: 2 }))).to.deep.equal(['multi_day', 'days_2_3']);
    expect(durationBuckets(product({ duration_minutes: 240 }))).to.deep.equal(['3h_to_6h']);
  });

  describe('a trip whose options are all paused', () => {
    const pausedPriced = product({ options: [option({ id: 'a', ...paused, pricing: { tiers: [tier(1, null, { adult: 4000, child: 2000 })] } })] });
    const pausedAsking = product({ options: [option({ id: 'a', ...paused, ask_for_price: true, pricing: { tiers: [] } })] });

    it('keeps the price it has when back on sale, and shows it', () => {
      expect(fromPriceUsd(pausedPriced)).to.deep.equal({ amount: 4000, group_size: 1 });
      expect(priceKind(pausedPriced, fromPriceUsd(pausedPriced))).to.equal('shown');
    });

    it('is not an ask-for-price trip when it has no price: it is in neither price filter', () => {
      expect(fromPriceUsd(pausedAsking)).to.equal(null);
      expect(priceKind(pausedAsking, null)).to.equal(null);
    });

    it('while an option on sale asks for a price, the trip asks, whatever its paused options cost', () => {
      const asking = product({
        options: [option({ id: 'a', ask_for_price: true, pricing: { tiers: [] } }), option({ id: 'b', is_default: false, ...paused })],
      });
      expect(fromPriceUsd(asking)).to.equal(null);
      expect(priceKind(asking, null)).to.equal('ask');
    });
  });
});

describe('price bounds in USD cents (min_price, max_price on from_price)', () => {
  const eurRounded = (usd: number) => convertFromUsd(usd, 'EUR', '0.92', { increment: 50, mode: 'nearest' });
  const jpyUp = (usd: number) => convertFromUsd(usd, 'JPY', '151.37', { increment: 10, mode: 'up' });

  it('keeps exactly the USD amounts shown within the bounds, whatever the rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 }), fc.boolean(), (usd, bound, jpy) => {
        const shown = jpy ? jpyUp : eurRounded;
        const range = usdRange(shown, bound, bound);
        expect(usd >= (range.min as number)).to.equal(shown(usd) >= bound);
        expect(usd <= (range.max as number)).to.equal(shown(usd) <= bound);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves open bounds open, and a bound no amount reaches excludes every trip', () => {
    expect(usdRange((usd) => usd, null, null)).to.deep.equal({ min: null, max: null });
    expect(usdRange(() => 0, 1, null).min).to.be.greaterThan(Number.MAX_SAFE_INTEGER / 4);
    expect(usdRange(() => 100, null, 99).max).to.equal(-1);
  });
});

describe('pickup rules in a product definition', () => {
  it('refuses an area listed twice and an unknown kind', () => {
    const twice = option({
      pickup: {
        rules: [
          { area: 'Centre', price: 0, kind: 'hotel' },
          { area: 'Centre', price: 500, kind: 'airport' },
          { area: 'Quay', price: 0, kind: 'dock' as never },
        ],
      },
    });
    expect(productProblems(product({ options: [twice] })).map((p) => [p.field, p.reason])).to.deep.equal([
      ['options[0].pickup.rules[1].area', 'duplicate_area'],
      ['options[0].pickup.rules[2].kind', 'unknown_pickup_kind'],
    ]);
  });
});
