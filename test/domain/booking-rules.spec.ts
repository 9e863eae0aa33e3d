import { expect } from 'chai';
import { bookingDecider } from '../../domain/booking';
import { ABANDONED_AFTER_MS, abandonedBefore, alreadyBooked, bookingOutcome, releaseAfterSweep } from '../../domain/booking/rules';
import type { PaymentMethodDefinition } from '../../domain/catalog/definitions';
import { holdExpiresAt } from '../../domain/hold/rules';
import { pricingCurrency } from '../../domain/pricing/currency';
import { isRefusal } from '../../domain/shared/refusal';
import { EUR_FX, USD_FX, at, bookingPlaced } from './fixtures';
import { fold } from './given-when-then';

const START = '2026-12-10T09:00';
const ZONE = 'Europe/Lisbon';
const NOW = at('2026-11-22T08:00:00.000Z');
const LINK: PaymentMethodDefinition = { kind: 'payment_link', deadline_hours: 48, currencies: ['USD'] };
const ON_ARRIVAL: PaymentMethodDefinition = { kind: 'pay_on_arrival', deadline_hours: null, currencies: [] };

describe('booking rules', () => {
  describe('hold length', () => {
    const lengths = { holdMinutes: 15, multiDayHoldMinutes: 30 };
    it('given a day trip, when a hold is placed, then it keeps its places for the hold length', () => {
      expect(holdExpiresAt(NOW, 'day_tour', lengths)).to.equal('2026-11-22T08:15:00.000Z');
      expect(holdExpiresAt(NOW, 'ticket', lengths)).to.equal('2026-11-22T08:15:00.000Z');
    });
    it('given a multi-day trip, then for the multi-day hold length', () => {
      expect(holdExpiresAt(NOW, 'multi_day', lengths)).to.equal('2026-11-22T08:30:00.000Z');
    });
  });

  describe('the outcome of a checkout (confirmed or pending, and until when)', () => {
    const sold = { confirmation: 'instant' as const, method: null, start: START, timezone: ZONE, now: NOW, pendingHours: 48 };

    it('given an instant option and nothing still to pay, then the booking is confirmed', () => {
      expect(bookingOutcome(sold).confirmation).to.equal('instant');
      expect(bookingOutcome({ ...sold, method: ON_ARRIVAL }).confirmation).to.equal('instant');
    });

    it('given money still to come by link, then the booking waits for it until its due date', () => {
      expect(bookingOutcome({ ...sold, method: LINK })).to.deep.equal({ confirmation: 'manual', pendingExpiresAt: '2026-12-08T09:00:00.000Z' });
    });

    it('given a request the seller answers, then it waits pendingHours from the checkout', () => {
      expect(bookingOutcome({ ...sold, confirmation: 'manual' })).to.deep.equal({ confirmation: 'manual', pendingExpiresAt: '2026-11-24T08:00:00.000Z' });
    });

    it('given a request close to its start, then it never waits past the start', () => {
      const late = bookingOutcome({ ...sold, confirmation: 'manual', now: at('2026-12-09T12:00:00.000Z') });
      expect(late.pendingExpiresAt).to.equal('2026-12-10T09:00:00.000Z');
    });
  });

  describe('AlreadyBooked', () => {
    it('given warn_if_booked and a pending or confirmed booking for the email, option and start, then it warns with their count', () => {
      const refused = alreadyBooked(true, 2);
      expect(isRefusal(refused) && refused.code).to.equal('AlreadyBooked');
      expect(isRefusal(refused) && refused.fields).to.deep.equal({ bookings: 2 });
    });
    it('given no booking, or no warn_if_booked, then it does not', () => {
      expect(alreadyBooked(true, 0)).to.equal(null);
      expect(alreadyBooked(false, 3)).to.equal(null);
    });
  });

  describe('currency enabled', () => {
    const storefront = { currencies: ['USD', 'EUR', 'OMR'], display_currency: 'USD' };
    const rates = (currency: string) => ({ USD: USD_FX, EUR: EUR_FX })[currency] ?? null;
    it('given no currency asked, then the display currency', () => {
      expect(pricingCurrency(undefined, storefront, rates)).to.deep.equal({ currency: 'USD', fx: USD_FX });
    });
    it('given a currency the storefront offers and a rate for it, then that currency', () => {
      expect(pricingCurrency('EUR', storefront, rates)).to.deep.equal({ currency: 'EUR', fx: EUR_FX });
    });
    it('given a currency the storefront does not offer, or one without a rate, then CurrencyNotEnabled', () => {
      for (const currency of ['JPY', 'OMR']) {
        const refused = pricingCurrency(currency, storefront, rates);
        expect(isRefusal(refused) && refused.code).to.equal('CurrencyNotEnabled');
        expect(isRefusal(refused) && refused.fields).to.deep.equal({ currency });
      }
    });
  });

  describe('the hold sweep gives places back', () => {
    const ref = 'TP-AAAA-AAAA';
    const atNow = NOW.toISOString();

    it('given a hold on hold, when it just expired, then its places go back as expired; when not, they stay', () => {
      expect(releaseAfterSweep({ hold: 'on_hold', expired: true })).to.equal('expired');
      expect(releaseAfterSweep({ hold: 'on_hold', expired: false })).to.equal(null);
    });

    it('given a checkout whose booking stream says abandoned, then its places go back as abandoned, again until they are', () => {
      const abandoned = fold(bookingDecider, [{ type: 'CheckoutAbandoned', data: { ref, at: atNow } }]);
      expect(releaseAfterSweep({ hold: 'checked_out', booking: abandoned })).to.equal('abandoned');
    });

    it('given a checkout whose booking was placed after all, or not yet decided, then its places stay', () => {
      const placed = fold(bookingDecider, [
        { type: 'BookingPlaced', data: bookingPlaced({ ref }) },
        { type: 'BookingConfirmed', data: { ref, at: atNow } },
      ]);
      expect(releaseAfterSweep({ hold: 'checked_out', booking: placed })).to.equal(null);
      expect(releaseAfterSweep({ hold: 'checked_out', booking: fold(bookingDecider, []) })).to.equal(null);
    });

    it('given a checked-out hold, then it counts as abandoned an hour after it ran out', () => {
      expect(ABANDONED_AFTER_MS).to.equal(60 * 60_000);
      expect(abandonedBefore(NOW)).to.equal('2026-11-22T07:00:00.000Z');
    });
  });
});
