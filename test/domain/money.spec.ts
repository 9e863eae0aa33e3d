import { expect } from 'chai';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { convertFromUsd, isKnownCurrency, minorDigits } from '../../domain/shared/money';

describe('money', () => {
  describe('minor digits', () => {
    it('follow the currency: 2 for USD and EUR, 0 for JPY, 3 for OMR', () => {
      expect([minorDigits('USD'), minorDigits('EUR'), minorDigits('JPY'), minorDigits('OMR')]).to.deep.equal([2, 2, 0, 3]);
    });

    it('are unknown for an unknown currency', () => {
      expect(isKnownCurrency('XXX')).to.equal(false);
      expect(() => minorDigits('XXX')).to.throw();
    });
  });

  describe('convertFromUsd', () => {
    it('leaves US dollars as they are', () => {
      expect(convertFromUsd(1234, 'USD', '1')).to.equal(1234);
      expect(convertFromUsd(0, 'USD', '1')).to.equal(0);
    });

    it('converts to EUR cents (2 digits), rounding half up', () => {
      // 12.34 USD * 0.9137 = 11.275058 EUR = 1127.5058 cents
      expect(convertFromUsd(1234, 'EUR', '0.9137')).to.equal(1128);
      // 10.00 USD * 0.91 = 9.10 EUR exactly
      expect(convertFromUsd(1000, 'EUR', '0.91')).to.equal(910);
    });

    it('converts to whole yen (0 digits)', () => {
      // 12.34 USD * 151.37 = 1867.9058 JPY
      expect(convertFromUsd(1234, 'JPY', '151.37')).to.equal(1868);
    });

    it('converts to OMR baisa (3 digits)', () => {
      // 12.34 USD * 0.38505 = 4.751517 OMR = 4751.517 baisa
      expect(convertFromUsd(1234, 'OMR', '0.38505')).to.equal(4752);
      // 100.00 USD * 0.385 = 38.500 OMR
      expect(convertFromUsd(10000, 'OMR', '0.385')).to.equal(38500);
    });

    it('rounds a half up when rounding to the nearest', () => {
      expect(convertFromUsd(1, 'EUR', '0.5')).to.equal(1); // 0.5 cent
      expect(convertFromUsd(3, 'EUR', '0.5')).to.equal(2); // 1.5 cents
      expect(convertFromUsd(100, 'JPY', '150.5')).to.equal(151); // 150.5 yen
      expect(convertFromUsd(100, 'JPY', '150.49')).to.equal(150);
    });

    it("rounds JPY up to a multiple of 10 with the storefront's 'up' rounding", () => {
      expect(convertFromUsd(1234, 'JPY', '151.37', { increment: 10, mode: 'up' })).to.equal(1870); // 1867.9 -> 1870
      expect(convertFromUsd(1000, 'JPY', '150', { increment: 10, mode: 'up' })).to.equal(1500); // exact stays
      expect(convertFromUsd(1000, 'JPY', '150.01', { increment: 10, mode: 'up' })).to.equal(1510); // 1500.1 -> 1510
    });

    it('rounds to the nearest multiple of the increment, halves up', () => {
      expect(convertFromUsd(1000, 'JPY', '185.5', { increment: 10, mode: 'nearest' })).to.equal(1860); // 1855
      expect(convertFromUsd(1000, 'JPY', '185.4', { increment: 10, mode: 'nearest' })).to.equal(1850); // 1854
      expect(convertFromUsd(1234, 'EUR', '0.9137', { increment: 50, mode: 'nearest' })).to.equal(1150); // 1127.5 -> 1150
    });

    it('rounds USD too when the storefront rounds it', () => {
      expect(convertFromUsd(1234, 'USD', '1', { increment: 100, mode: 'up' })).to.equal(1300);
    });

    it('property: never yields a non-integer, and lands on the increment within the rounding', () => {
      // Rates from 0.000001 to 30000 (VND is about 25000 per dollar); amounts up to 10 million dollars
      // keep every result far below Number.MAX_SAFE_INTEGER.
      const rate = fc
        .tuple(fc.integer({ min: 1, max: 30_000_000 }), fc.integer({ min: 3, max: 6 }))
        .map(([n, k]) => new Decimal(n).div(new Decimal(10).pow(k)).toString());
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1_000_000_000 }),
          fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'KRW', 'OMR', 'KWD', 'THB'),
          rate,
          fc.constantFrom(1, 5, 10, 50, 100),
          fc.constantFrom<'nearest' | 'up'>('nearest', 'up'),
          (cents, currency, r, increment, mode) => {
            const rateForCurrency = currency === 'USD' ? '1' : r;
            const out = convertFromUsd(cents, currency, rateForCurrency, { increment, mode });
            expect(Number.isInteger(out), `${cents} ${currency} @${rateForCurrency} -> ${out}`).to.equal(true);
            expect(out % increment).to.equal(0);
            const exact = new Decimal(cents)
              .div(100)
              .mul(rateForCurrency)
              .mul(new Decimal(10).pow(minorDigits(currency)));
            if (mode === 'up') {
              expect(exact.lte(out)).to.equal(true);
              expect(exact.plus(increment).gt(out)).to.equal(true);
            } else {
              expect(
                exact
                  .minus(out)
                  .abs()
                  .lte(increment / 2),
              ).to.equal(true);
            }
          },
        ),
        { numRuns: 500 },
      );
    });
  });
});
