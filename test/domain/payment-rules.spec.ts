import { expect } from 'chai';
import type { PaymentMethodDefinition } from '../../domain/catalog/definitions';
import { amountOnArrival, chooseMethod, paymentDueAt } from '../../domain/payment/rules';
import { isRefusal } from '../../domain/shared/refusal';
import { EUR_FX, USD_FX, at } from './fixtures';

// Lisbon is UTC+0 in December: the trip starts at 09:00 UTC.
const START = '2026-12-10T09:00';
const ZONE = 'Europe/Lisbon';
const ON_ARRIVAL: PaymentMethodDefinition = { kind: 'pay_on_arrival', deadline_hours: null, currencies: [] };
const LINK: PaymentMethodDefinition = { kind: 'payment_link', deadline_hours: 48, currencies: ['USD'] };
const EARLY = at('2026-11-22T08:00:00.000Z');
const TWO_DAYS_BEFORE = at('2026-12-08T10:00:00.000Z');

describe('payment rules', () => {
  describe('the way to pay a checkout names (PaymentMethodRequired, PaymentMethodNotOffered)', () => {
    it('given a seller with no way to pay set up, when the checkout names none, then there is none', () => {
      expect(chooseMethod([], undefined, START, ZONE, EARLY)).to.deep.equal({ method: null });
    });

    it('given a seller with no way to pay set up, when the checkout names one, then it is not offered', () => {
      const refused = chooseMethod([], 'payment_link', START, ZONE, EARLY);
      expect(isRefusal(refused) && refused.code).to.equal('PaymentMethodNotOffered');
      expect(isRefusal(refused) && refused.fields).to.deep.equal({ method: 'payment_link' });
    });

    it('given ways to pay, when the checkout names none, then one is required, with those open for the start', () => {
      const early = chooseMethod([ON_ARRIVAL, LINK], undefined, START, ZONE, EARLY);
      expect(isRefusal(early) && early.code).to.equal('PaymentMethodRequired');
      expect(isRefusal(early) && early.fields).to.deep.equal({ offered: ['pay_on_arrival', 'payment_link'] });
      const late = chooseMethod([ON_ARRIVAL, LINK], undefined, START, ZONE, TWO_DAYS_BEFORE);
      expect(isRefusal(late) && late.fields).to.deep.equal({ offered: ['pay_on_arrival'] });
    });

    it('given a link payable 48 hours before the start, when it is named later than that, then it is not offered', () => {
      const refused = chooseMethod([ON_ARRIVAL, LINK], 'payment_link', START, ZONE, TWO_DAYS_BEFORE);
      expect(isRefusal(refused) && refused.code).to.equal('PaymentMethodNotOffered');
    });

    it('given a link that takes USD only, when a JPY booking names it, then it is not offered, with the currencies it takes; pay on arrival takes any', () => {
      const refused = chooseMethod([ON_ARRIVAL, LINK], 'payment_link', START, ZONE, EARLY, 'JPY');
      expect(isRefusal(refused) && refused.code).to.equal('PaymentMethodNotOffered');
      expect(isRefusal(refused) && refused.fields).to.deep.equal({ method: 'payment_link', currencies: ['USD'] });
      expect(isRefusal(refused) && refused.detail).to.equal(
        'payment_link takes USD only and this booking is in JPY: choose another way to pay, or book in USD',
      );
      expect(chooseMethod([ON_ARRIVAL, LINK], 'payment_link', START, ZONE, EARLY, 'USD')).to.deep.equal({ method: LINK });
      expect(chooseMethod([ON_ARRIVAL, LINK], 'pay_on_arrival', START, ZONE, EARLY, 'JPY')).to.deep.equal({ method: ON_ARRIVAL });
      const required = chooseMethod([ON_ARRIVAL, LINK], undefined, START, ZONE, EARLY, 'JPY');
      expect(isRefusal(required) && required.fields).to.deep.equal({ offered: ['pay_on_arrival'] });
    });

    it("given ways to pay, when an open one is named, then it is the booking's", () => {
      expect(chooseMethod([ON_ARRIVAL, LINK], 'payment_link', START, ZONE, EARLY)).to.deep.equal({ method: LINK });
    });
  });

  describe('payment due date', () => {
    it('given a link payable 48 hours before, when the booking is instant, then the money is due 48 hours before the local start', () => {
      expect(paymentDueAt(LINK, 'instant', START, ZONE)).to.equal('2026-12-08T09:00:00.000Z');
    });

    it('given a request the seller must answer first, then nothing is due yet', () => {
      expect(paymentDueAt(LINK, 'manual', START, ZONE)).to.equal(null);
    });

    it('given money paid on arrival or when booking, then nothing is due before the start', () => {
      expect(paymentDueAt(ON_ARRIVAL, 'instant', START, ZONE)).to.equal(null);
      expect(paymentDueAt(null, 'instant', START, ZONE)).to.equal(null);
    });
  });

  describe('the amount to bring on arrival', () => {
    const due = { amount: 10_050, currency: 'USD' };
    const rates = (currency: string) => ({ USD: USD_FX, EUR: EUR_FX })[currency] ?? null;

    it('given any other way to pay, then there is nothing to bring', () => {
      expect(amountOnArrival(LINK, due, '1', rates, {})).to.equal(null);
      expect(amountOnArrival(null, due, '1', rates, {})).to.equal(null);
    });

    it("given a method that takes any currency or the booking's, then the booking's amount", () => {
      expect(amountOnArrival(ON_ARRIVAL, due, '1', rates, {})).to.deep.equal(due);
      expect(amountOnArrival({ ...ON_ARRIVAL, currencies: ['EUR', 'USD'] }, due, '1', rates, {})).to.deep.equal(due);
    });

    it("given a method that takes other currencies only, then the same in its first, through USD at the booking's and today's rates, rounded as the storefront rounds it", () => {
      const euros = { ...ON_ARRIVAL, currencies: ['EUR'] };
      // 100.50 USD at 0.9137 EUR per USD = 91.82685 EUR.
      expect(amountOnArrival(euros, due, '1', rates, {})).to.deep.equal({ amount: 9183, currency: 'EUR' });
      expect(amountOnArrival(euros, due, '1', rates, { EUR: { increment: 100, mode: 'up' } })).to.deep.equal({ amount: 9200, currency: 'EUR' });
      // Booked in EUR at an older rate: back to USD at that rate first.
      expect(amountOnArrival({ ...ON_ARRIVAL, currencies: ['USD'] }, { amount: 9000, currency: 'EUR' }, '0.9', rates, {})).to.deep.equal({
        amount: 10_000,
        currency: 'USD',
      });
    });

    it("given no rate today for the method's currency, then the booking's amount", () => {
      expect(amountOnArrival({ ...ON_ARRIVAL, currencies: ['JPY'] }, due, '1', rates, {})).to.deep.equal(due);
    });
  });
});
