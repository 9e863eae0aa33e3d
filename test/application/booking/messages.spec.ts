import { expect } from 'chai';
import { bookingCancelledMail } from '../../../application/booking/messages';
import { formatMoney } from '../../../domain/shared/money';

describe('traveller emails', () => {
  it("writes money with the currency's own decimals", () => {
    expect(formatMoney({ amount: 2600, currency: 'USD' })).to.equal('26.00 USD');
    expect(formatMoney({ amount: 3940, currency: 'JPY' })).to.equal('3940 JPY');
    expect(formatMoney({ amount: 12500, currency: 'OMR' })).to.equal('12.500 OMR');
  });

  it('speaks the checkout locale, and English for one it does not know', () => {
    const es = bookingCancelledMail('a@example.com', 'es', {
      ref: 'TP-AAAA-AAAA',
      trip: 'Paseo',
      start: '2026-12-10T09:30',
      refund: { amount: 4500, currency: 'EUR' },
    });
    expect(es.subject).to.equal('Reserva TP-AAAA-AAAA cancelada');
    expect(es.text).to.include('45.00 EUR');
    const xx = bookingCancelledMail('a@example.com', 'xx', { ref: 'TP-AAAA-AAAA', trip: 'Walk', start: '2026-12-10', refund: { amount: 0, currency: 'USD' } });
    expect(xx.subject).to.equal('Booking TP-AAAA-AAAA cancelled');
  });
});
