import { expect } from 'chai';
import {
  type BookingContact,
  type ContactChangeEvent,
  type ContactChangeRequested,
  CONTACT_CODE_ATTEMPTS,
  changeAsked,
  confirmationAnswer,
  contactChangeDecider,
  currentContact,
  maskEmail,
} from '../../domain/contact-change';
import { isRefusal } from '../../domain/shared/refusal';
import { fold, given } from './given-when-then';

const REF = 'TP-AAAA-BBBB';
const PLACED = '2026-11-22T08:00:00.000Z';
const minutesAfter = (minutes: number, at = PLACED) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const booking = { status: 'confirmed' as const, placedAt: PLACED, leadEmail: 'Ana.Lima@example.com', locale: 'es' };

const ask = (changeId: string, now: string, change: { field: 'email' | 'phone'; value: string } = { field: 'phone', value: '+351 900 000 001' }) =>
  ({
    type: 'RequestContactChange',
    ref: REF,
    changeId,
    ...change,
    booking,
    emailFixMinutes: 30,
    codeHash: `hash-${changeId}`,
    sealedCode: `sealed-${changeId}`,
    now,
  }) as const;

const requested = (changeId: string, at: string, over: Partial<ContactChangeRequested['data']> = {}): ContactChangeRequested => ({
  type: 'ContactChangeRequested',
  data: {
    ref: REF,
    changeId,
    field: 'phone',
    value: '+351 900 000 001',
    sendTo: 'Ana.Lima@example.com',
    locale: 'es',
    codeHash: `hash-${changeId}`,
    sealedCode: `sealed-${changeId}`,
    expiresAt: minutesAfter(15, at),
    at,
    ...over,
  },
});

const confirm = (changeId: string, codeMatches: boolean, now: string) => ({ type: 'ConfirmContactChange', ref: REF, changeId, codeMatches, now }) as const;
const refused = (changeId: string, at: string): ContactChangeEvent => ({ type: 'ContactChangeCodeRefused', data: { ref: REF, changeId, at } });
const changed = (changeId: string, at: string, field: 'email' | 'phone' = 'phone', value = '+351 900 000 001'): ContactChangeEvent => ({
  type: 'ContactChanged',
  data: { ref: REF, changeId, field, value, at },
});

describe('contact changes (spec 4.5, part 8)', () => {
  describe('asking for a change', () => {
    it('given nothing, when a phone change is asked, then its code goes to the booking email and works 15 minutes', () => {
      given(contactChangeDecider)
        .when(ask('c1', minutesAfter(5)))
        .then([requested('c1', minutesAfter(5))]);
    });

    it('sends an email change to the new address, and a later phone change to the email fixed since', () => {
      const email = { field: 'email', value: 'ana@new.example' } as const;
      given(contactChangeDecider)
        .when(ask('c1', minutesAfter(5), email))
        .then([requested('c1', minutesAfter(5), { ...email, sendTo: 'ana@new.example' })]);
      given(contactChangeDecider, [
        requested('c1', minutesAfter(5), { ...email, sendTo: 'ana@new.example' }),
        changed('c1', minutesAfter(6), 'email', 'ana@new.example'),
      ])
        .when(ask('c2', minutesAfter(90)))
        .then([requested('c2', minutesAfter(90), { sendTo: 'ana@new.example' })]);
    });

    it('takes an email change until the fix window closes (30 minutes after booking), then 422 ContactEmailFixClosed; the phone any time', () => {
      const email = { field: 'email', value: 'ana@new.example' } as const;
      given(contactChangeDecider)
        .when(ask('c1', minutesAfter(29), email))
        .then([requested('c1', minutesAfter(29), { ...email, sendTo: 'ana@new.example' })]);
      given(contactChangeDecider)
        .when(ask('c1', minutesAfter(30), email))
        .thenRefused('ContactEmailFixClosed', { closed_at: minutesAfter(30) });
      given(contactChangeDecider)
        .when(ask('c1', minutesAfter(60 * 24 * 7)))
        .then([requested('c1', minutesAfter(60 * 24 * 7))]);
    });

    it('refuses a change to a booking that is cancelled, rejected or lapsed (409 booking_not_open)', () => {
      for (const status of ['cancelled', 'rejected', 'lapsed'] as const) {
        given(contactChangeDecider)
          .when({ ...ask('c1', minutesAfter(5)), booking: { ...booking, status } })
          .thenRefused('Conflict', { reason: 'booking_not_open', details: { ref: REF, booking_status: status } });
      }
      given(contactChangeDecider)
        .when({ ...ask('c1', minutesAfter(5)), booking: { ...booking, status: 'pending' } })
        .then([requested('c1', minutesAfter(5))]);
    });

    it('takes 5 an hour per booking: the sixth is 429 RateLimited until the first leaves the hour', () => {
      const five = [0, 10, 20, 30, 40].map((m) => requested(`c${m}`, minutesAfter(m)));
      given(contactChangeDecider, five)
        .when(ask('c6', minutesAfter(45)))
        .thenRefused('RateLimited', { retry_after_seconds: 15 * 60 });
      given(contactChangeDecider, five)
        .when(ask('c6', minutesAfter(60)))
        .then([requested('c6', minutesAfter(60))]);
    });
  });

  describe('confirming with the code', () => {
    const asked = [requested('c1', minutesAfter(5))];

    it('given a change, when the right code comes in time, then the contact is changed', () => {
      given(contactChangeDecider, asked)
        .when(confirm('c1', true, minutesAfter(19)))
        .then([changed('c1', minutesAfter(19))]);
    });

    it('changes nothing when the used code comes again, and answers the same result', () => {
      const applied = given(contactChangeDecider, [...asked, changed('c1', minutesAfter(6))]);
      applied.when(confirm('c1', true, minutesAfter(40))).thenNothing();
      expect(confirmationAnswer(applied.state, 'c1')).to.deep.equal({ id: 'c1', field: 'phone', status: 'applied' });
      applied.when(confirm('c1', false, minutesAfter(7))).thenRefused('Conflict', { reason: 'contact_change_applied' });
    });

    it('refuses an expired code (422 ContactCodeExpired), right or wrong, and counts nothing', () => {
      given(contactChangeDecider, asked)
        .when(confirm('c1', true, minutesAfter(20)))
        .thenRefused('ContactCodeExpired', { expired_at: minutesAfter(20) });
      given(contactChangeDecider, asked)
        .when(confirm('c1', false, minutesAfter(21)))
        .thenRefused('ContactCodeExpired');
    });

    it('records a wrong code and answers 422 ContactCodeWrong with the attempts left', () => {
      given(contactChangeDecider, asked)
        .when(confirm('c1', false, minutesAfter(6)))
        .then([refused('c1', minutesAfter(6))]);
      const afterOne = fold(contactChangeDecider, [...asked, refused('c1', minutesAfter(6))]);
      const answer = confirmationAnswer(afterOne, 'c1');
      expect(isRefusal(answer) && answer.code).to.equal('ContactCodeWrong');
      expect(isRefusal(answer) && answer.fields).to.deep.equal({ attempts_left: CONTACT_CODE_ATTEMPTS - 1 });
    });

    it(`locks the change after ${CONTACT_CODE_ATTEMPTS} wrong codes: even the right one no longer applies it`, () => {
      const wrong = Array.from({ length: CONTACT_CODE_ATTEMPTS }, (_, i) => refused('c1', minutesAfter(6 + i)));
      const locked = given(contactChangeDecider, [...asked, ...wrong]);
      const answer = confirmationAnswer(locked.state, 'c1');
      expect(isRefusal(answer) && answer.fields).to.deep.equal({ attempts_left: 0 });
      locked.when(confirm('c1', true, minutesAfter(12))).thenRefused('ContactChangeLocked');
      locked.when(confirm('c1', false, minutesAfter(12))).thenRefused('ContactChangeLocked');
      // Another change of the booking keeps its own count.
      given(contactChangeDecider, [...asked, ...wrong, requested('c2', minutesAfter(12))])
        .when(confirm('c2', true, minutesAfter(13)))
        .then([changed('c2', minutesAfter(13))]);
    });

    it('answers 404 NotFound (contact_change) for a change the booking never had', () => {
      given(contactChangeDecider, asked)
        .when(confirm('nope', false, minutesAfter(6)))
        .thenRefused('NotFound', { entity: 'contact_change' });
    });
  });

  describe('rules', () => {
    it('folds the applied changes over the contact the booking was placed with', () => {
      const lead = { name: 'Ana', email: 'ana@example.com', phone: '+351 912 345 678' };
      const state: BookingContact = fold(contactChangeDecider, [
        requested('c1', minutesAfter(1), { field: 'email', value: 'ana@new.example' }),
        requested('c2', minutesAfter(2)),
        changed('c1', minutesAfter(3), 'email', 'ana@new.example'),
      ]);
      expect(currentContact(lead, state)).to.deep.equal({ ...lead, email: 'ana@new.example' });
    });

    it('takes exactly one of email or phone', () => {
      expect(changeAsked({ email: ' ana@new.example ' })).to.deep.equal({ field: 'email', value: 'ana@new.example' });
      expect(changeAsked({ phone: '+351 900 000 001' })).to.deep.equal({ field: 'phone', value: '+351 900 000 001' });
      const both = changeAsked({ email: 'a@b.co', phone: '+351 900 000 001' });
      expect(isRefusal(both) && both.code).to.equal('InvalidInput');
      const none = changeAsked({});
      expect(isRefusal(none) && (none.fields.problems as { reason: string }[])[0].reason).to.equal('required');
    });

    it('masks the address a code went to', () => {
      expect(maskEmail('ana.lima@example.com')).to.equal('a***@e***.com');
      expect(maskEmail('x@localhost')).to.equal('x***@l***');
    });
  });
});
