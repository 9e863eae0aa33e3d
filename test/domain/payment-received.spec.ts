import { expect } from 'chai';
import { MAX_RECEIPT_BYTES, PaymentEvent, checkReceipt, outstanding, paymentDecider, receiptType } from '../../domain/payment';
import { isRefusal } from '../../domain/shared/refusal';
import { at } from './fixtures';
import { fold, given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const REF = 'TP-AAAA-AAAA';
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const DUE_AT = '2026-05-08T10:00:00.000Z';

const byTransfer = (method: 'bank_transfer' | 'payment_link' | 'pay_on_arrival' | null = 'bank_transfer'): PaymentEvent => ({
  type: 'PaymentArranged',
  data: {
    ref: REF,
    method,
    status: method === null ? 'not_collected' : method === 'pay_on_arrival' ? 'pay_on_arrival' : 'unpaid',
    dueAt: method === 'bank_transfer' || method === 'payment_link' ? DUE_AT : null,
    onArrival: method === 'pay_on_arrival' ? eur(9137) : null,
    paid: eur(0),
    due: eur(9137),
  },
});
const proof = (receiptId = 'rc_1'): PaymentEvent => ({
  type: 'PaymentProofSubmitted',
  data: { ref: REF, receiptId, contentType: 'application/pdf', size: 1234, at: NOW.toISOString() },
});
const received = (amount: number, paid: number, paymentId = 'pay_1', reference: string | null = null): PaymentEvent => ({
  type: 'PaymentReceived',
  data: { ref: REF, paymentId, amount: eur(amount), paid: eur(paid), status: paid >= 9137 ? 'paid' : 'part_paid', reference, at: NOW.toISOString() },
});
/** A payment received with what it leaves to bring on arrival. */
const bringing = (event: PaymentEvent, onArrival: { amount: number; currency: string } | null) =>
  ({ ...event, data: { ...(event.data as object), onArrival } }) as PaymentEvent;

const submit = (receiptId = 'rc_1', bookingStatus = 'pending') =>
  ({ type: 'SubmitProof', ref: REF, receiptId, contentType: 'application/pdf', size: 1234, bookingStatus, now: NOW }) as const;
const record = (amount: number, paymentId = 'pay_1', extra: { reference?: string | null; currency?: string; receivedAt?: Date; bookingStatus?: string } = {}) =>
  ({
    type: 'RecordPayment',
    ref: REF,
    paymentId,
    amount: { amount, currency: extra.currency ?? 'EUR' },
    reference: extra.reference ?? null,
    receivedAt: extra.receivedAt ?? NOW,
    bookingStatus: extra.bookingStatus ?? 'pending',
    now: NOW,
  }) as const;

describe('payment decider: receipts and payments received', () => {
  describe('SubmitProof', () => {
    it('takes a receipt for a booking paid by bank transfer or payment link: proof_submitted', () => {
      for (const method of ['bank_transfer', 'payment_link'] as const) {
        given(paymentDecider, [byTransfer(method)])
          .when(submit())
          .then([proof()]);
        expect(fold(paymentDecider, [byTransfer(method), proof()])).to.deep.include({
          status: 'proof_submitted',
          receipts: [{ id: 'rc_1', contentType: 'application/pdf', size: 1234, at: NOW.toISOString() }],
        });
      }
    });

    it('takes another receipt after one, and after a part payment; the same receipt twice changes nothing', () => {
      given(paymentDecider, [byTransfer(), proof('rc_1')])
        .when(submit('rc_2'))
        .then([proof('rc_2')]);
      given(paymentDecider, [byTransfer(), received(4000, 4000)])
        .when(submit('rc_2'))
        .then([proof('rc_2')]);
      given(paymentDecider, [byTransfer(), proof('rc_1')])
        .when(submit('rc_1'))
        .thenNothing();
    });

    it('refuses a booking paid on arrival or on a site that takes no payment (409 payment_not_by_transfer)', () => {
      given(paymentDecider, [byTransfer('pay_on_arrival')])
        .when(submit())
        .thenRefused('Conflict', { reason: 'payment_not_by_transfer' });
      given(paymentDecider, [byTransfer(null)])
        .when(submit())
        .thenRefused('Conflict', { reason: 'payment_not_by_transfer' });
    });

    it('refuses once paid, refunded or cancelled (409 payment_not_due), and for a closed booking (409 booking_not_open)', () => {
      given(paymentDecider, [byTransfer(), received(9137, 9137)])
        .when(submit())
        .thenRefused('Conflict', { reason: 'payment_not_due', details: { ref: REF, payment_status: 'paid' } });
      given(paymentDecider, [byTransfer(), { type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }])
        .when(submit())
        .thenRefused('Conflict', { reason: 'payment_not_due' });
      for (const status of ['cancelled', 'rejected', 'lapsed']) {
        given(paymentDecider, [byTransfer()])
          .when(submit('rc_1', status))
          .thenRefused('Conflict', { reason: 'booking_not_open', details: { ref: REF, booking_status: status } });
      }
    });

    it('answers NotFound for a booking with no payment', () => {
      given(paymentDecider).when(submit()).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('RecordPayment', () => {
    it('records a part payment (part_paid), then the rest (paid)', () => {
      given(paymentDecider, [byTransfer()])
        .when(record(4000))
        .then([received(4000, 4000)]);
      given(paymentDecider, [byTransfer(), received(4000, 4000)])
        .when(record(5137, 'pay_2', { reference: 'SEPA 778' }))
        .then([received(5137, 9137, 'pay_2', 'SEPA 778')]);
      const state = fold(paymentDecider, [byTransfer(), received(4000, 4000), received(5137, 9137, 'pay_2')]);
      expect(state).to.deep.include({ status: 'paid', paid: eur(9137) });
      expect(outstanding(state)).to.deep.equal(eur(0));
    });

    it('records after a receipt, and what came in on arrival (nothing is left to bring once paid)', () => {
      given(paymentDecider, [byTransfer(), proof()])
        .when(record(9137))
        .then([received(9137, 9137)]);
      given(paymentDecider, [byTransfer('pay_on_arrival')])
        .when(record(9137, 'pay_1', { bookingStatus: 'confirmed' }))
        .then([bringing(received(9137, 9137), null)]);
      given(paymentDecider, [byTransfer('pay_on_arrival')])
        .when(record(4000, 'pay_1', { bookingStatus: 'confirmed' }))
        .then([bringing(received(4000, 4000), eur(5137))]);
      expect(fold(paymentDecider, [byTransfer('pay_on_arrival'), bringing(received(4000, 4000), eur(5137))])).to.deep.include({ onArrival: eur(5137) });
      expect(fold(paymentDecider, [byTransfer('pay_on_arrival'), bringing(received(9137, 9137), null)])).to.deep.include({ status: 'paid', onArrival: null });
      // Recorded before what is left to bring was kept: only a payment in full cleared it.
      expect(fold(paymentDecider, [byTransfer('pay_on_arrival'), received(4000, 4000)])).to.deep.include({ onArrival: eur(9137) });
      expect(fold(paymentDecider, [byTransfer('pay_on_arrival'), received(9137, 9137)])).to.deep.include({ status: 'paid', onArrival: null });
    });

    it('leaves to bring in another currency the same share of the converted amount, rounded as the storefront rounds it', () => {
      const inYen: PaymentEvent = {
        type: 'PaymentArranged',
        data: {
          ref: REF,
          method: 'pay_on_arrival',
          status: 'pay_on_arrival',
          dueAt: null,
          onArrival: { amount: 15_230, currency: 'JPY' },
          paid: eur(0),
          due: eur(9137),
        },
      };
      const [event] = given(paymentDecider, [inYen])
        .when({ ...record(4000, 'pay_1', { bookingStatus: 'confirmed' }), rounding: { increment: 10, mode: 'up' } })
        .then([bringing(received(4000, 4000), { amount: 8570, currency: 'JPY' })]);
      expect(event.type).to.equal('PaymentReceived');
      // 15,230 x 5,137 / 9,137 = 8,562.6 yen, up to the next 10; to the yen without a rounding.
      given(paymentDecider, [inYen])
        .when(record(4000, 'pay_1', { bookingStatus: 'confirmed' }))
        .then([bringing(received(4000, 4000), { amount: 8563, currency: 'JPY' })]);
    });

    it('dates the payment when the money came in', () => {
      const earlier = at('2026-04-29T09:00:00.000Z');
      const [event] = given(paymentDecider, [byTransfer()])
        .when(record(100, 'pay_1', { receivedAt: earlier }))
        .then([{ ...received(100, 100), data: { ...(received(100, 100).data as object), at: earlier.toISOString() } } as PaymentEvent]);
      expect(event.type).to.equal('PaymentReceived');
    });

    it('refuses more than is still due (422 more_than_due with what is outstanding)', () => {
      const refusal = given(paymentDecider, [byTransfer(), received(4000, 4000)])
        .when(record(5138, 'pay_2'))
        .thenRefused('InvalidInput');
      expect(refusal.fields.problems).to.deep.equal([
        {
          reason: 'more_than_due',
          field: 'amount.amount',
          detail: '5138 is more than the 5137 still due (minor units of EUR)',
          details: { outstanding: eur(5137) },
        },
      ]);
    });

    it('refuses another currency than the booking is in, and a time still to come', () => {
      const currency = given(paymentDecider, [byTransfer()])
        .when(record(100, 'pay_1', { currency: 'USD' }))
        .thenRefused('InvalidInput');
      expect(currency.fields.problems).to.have.nested.property('[0].reason', 'currency_mismatch');
      const future = given(paymentDecider, [byTransfer()])
        .when(record(100, 'pay_1', { receivedAt: at('2026-05-02T10:00:00.000Z') }))
        .thenRefused('InvalidInput');
      expect(future.fields.problems).to.have.nested.property('[0].field', 'received_at');
    });

    it('refuses once paid in full (409 payment_complete), cancelled or refunded (409 payment_closed), or for a closed booking', () => {
      given(paymentDecider, [byTransfer(), received(9137, 9137)])
        .when(record(1, 'pay_2'))
        .thenRefused('Conflict', { reason: 'payment_complete' });
      given(paymentDecider, [byTransfer(), { type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }])
        .when(record(1))
        .thenRefused('Conflict', { reason: 'payment_closed', details: { ref: REF, payment_status: 'cancelled' } });
      given(paymentDecider, [byTransfer()])
        .when(record(1, 'pay_1', { bookingStatus: 'cancelled' }))
        .thenRefused('Conflict', { reason: 'booking_not_open' });
    });

    it('records a payment once: the same id and request again changes nothing; the same id with another request is 409', () => {
      given(paymentDecider, [byTransfer(), received(4000, 4000)])
        .when(record(4000))
        .thenNothing();
      given(paymentDecider, [byTransfer(), received(9137, 9137)])
        .when(record(9137))
        .thenNothing();
      given(paymentDecider, [byTransfer(), received(4000, 4000)])
        .when(record(3000))
        .thenRefused('Conflict', { reason: 'idempotency_key_reused' });
    });

    it('answers NotFound for a booking with no payment', () => {
      given(paymentDecider).when(record(1)).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('receipt files', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    const text = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));

    it('recognises PDF, JPEG, PNG and WebP by their first bytes', () => {
      expect(receiptType(text('%PDF-1.7\n...'))).to.equal('application/pdf');
      expect(receiptType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).to.equal('image/jpeg');
      expect(receiptType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).to.equal('image/png');
      expect(receiptType(text('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '))).to.equal('image/webp');
    });

    it('recognises nothing else: text, GIF, a RIFF that is not WebP, a cut signature', () => {
      for (const other of [text('hello'), text('GIF89a'), text('RIFF\u0024\u0000\u0000\u0000WAVEfmt '), bytes(0x89, 0x50, 0x4e, 0x47), text('%PDF')]) {
        expect(receiptType(other)).to.equal(null);
      }
    });

    it('refuses an empty body (InvalidInput) and another kind of file (UnsupportedFileType with what is accepted)', () => {
      const empty = checkReceipt(new Uint8Array(0));
      expect(isRefusal(empty) && empty.code).to.equal('InvalidInput');
      const gif = checkReceipt(text('GIF89a....'));
      expect(isRefusal(gif) && gif.fields).to.deep.equal({ accepted: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] });
      expect(checkReceipt(text('%PDF-1.4'))).to.deep.equal({ contentType: 'application/pdf' });
      expect(MAX_RECEIPT_BYTES).to.equal(10 * 1024 * 1024);
    });
  });
});
