import { expect } from 'chai';
import { HoldEvent, holdDecider, holdStatusAt, normaliseEmail } from '../../domain/hold';
import { at, holdPlaced, plusMinutes } from './fixtures';
import { fold, given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const EXPIRES = at('2026-05-01T10:15:00.000Z');
const REF = 'TP-AAAA-AAAA';

const placed = holdPlaced({ ref: REF, expiresAt: EXPIRES.toISOString(), requestHash: 'hash-1' });
const holdPlacedEvent: HoldEvent = { type: 'HoldPlaced', data: placed };
const checkedOut = (leadEmail: string, when = plusMinutes(NOW, 5)): HoldEvent => ({
  type: 'HoldCheckedOut',
  data: { ref: REF, leadEmail, at: when.toISOString() },
});
const expired = (when = EXPIRES): HoldEvent => ({ type: 'HoldExpired', data: { ref: REF, at: when.toISOString() } });

describe('hold decider', () => {
  describe('PlaceHold', () => {
    it('places a new hold', () => {
      given(holdDecider).when({ type: 'PlaceHold', hold: placed }).then([holdPlacedEvent]);
    });

    it('appends nothing for the same request again (same requestHash)', () => {
      given(holdDecider, [holdPlacedEvent])
        .when({ type: 'PlaceHold', hold: { ...placed, placedAt: plusMinutes(NOW, 1).toISOString() } })
        .thenNothing();
    });

    it('is a Conflict idempotency_key_reused for a different request under the same key', () => {
      given(holdDecider, [holdPlacedEvent])
        .when({ type: 'PlaceHold', hold: { ...placed, places: 3, requestHash: 'hash-2' } })
        .thenRefused('Conflict', { reason: 'idempotency_key_reused' });
    });

    it('still answers a repeat with nothing once the hold is checked out', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'PlaceHold', hold: placed })
        .thenNothing();
    });
  });

  describe('CheckOutHold', () => {
    it('checks out an open hold, keeping the lead email normalised', () => {
      const when = plusMinutes(NOW, 5);
      given(holdDecider, [holdPlacedEvent])
        .when({ type: 'CheckOutHold', leadEmail: '  Ana@Example.COM ', now: when })
        .then([checkedOut('ana@example.com', when)]);
    });

    it('appends nothing when the same lead checks out again, in another case', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'CheckOutHold', leadEmail: 'ANA@example.com', now: plusMinutes(NOW, 6) })
        .thenNothing();
    });

    it('appends nothing for the same lead again even after the hold time', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'CheckOutHold', leadEmail: 'ana@example.com', now: plusMinutes(EXPIRES, 60) })
        .thenNothing();
    });

    it('is a Conflict hold_checked_out for another lead', () => {
      const refusal = given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'CheckOutHold', leadEmail: 'bob@example.com', now: plusMinutes(NOW, 6) })
        .thenRefused('Conflict', { reason: 'hold_checked_out' });
      expect(refusal.fields).to.deep.include({ details: { ref: REF } });
    });

    it('is refused HoldExpired once the hold time is up (at expiresAt)', () => {
      given(holdDecider, [holdPlacedEvent]).when({ type: 'CheckOutHold', leadEmail: 'ana@example.com', now: EXPIRES }).thenRefused('HoldExpired');
    });

    it('is refused HoldExpired after the hold was expired', () => {
      given(holdDecider, [holdPlacedEvent, expired()])
        .when({ type: 'CheckOutHold', leadEmail: 'ana@example.com', now: plusMinutes(EXPIRES, 1) })
        .thenRefused('HoldExpired');
    });

    it('is NotFound for a hold that was never placed', () => {
      given(holdDecider).when({ type: 'CheckOutHold', leadEmail: 'ana@example.com', now: NOW }).thenRefused('NotFound', { entity: 'hold' });
    });
  });

  describe('ExpireHold', () => {
    it('appends nothing before the hold time is up', () => {
      given(holdDecider, [holdPlacedEvent])
        .when({ type: 'ExpireHold', now: new Date(EXPIRES.getTime() - 1) })
        .thenNothing();
    });

    it('expires the hold once its time is up', () => {
      given(holdDecider, [holdPlacedEvent])
        .when({ type: 'ExpireHold', now: EXPIRES })
        .then([expired(EXPIRES)]);
    });

    it('expires only once', () => {
      given(holdDecider, [holdPlacedEvent, expired()])
        .when({ type: 'ExpireHold', now: plusMinutes(EXPIRES, 10) })
        .thenNothing();
    });

    it('never expires a checked-out hold', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'ExpireHold', now: plusMinutes(EXPIRES, 10) })
        .thenNothing();
    });

    it('appends nothing for a hold that does not exist', () => {
      given(holdDecider).when({ type: 'ExpireHold', now: EXPIRES }).thenNothing();
    });
  });

  describe('holdStatusAt', () => {
    it('reports on_hold until expiresAt and expired from then on', () => {
      const state = fold(holdDecider, [holdPlacedEvent]);
      expect(holdStatusAt(state, NOW)).to.equal('on_hold');
      expect(holdStatusAt(state, new Date(EXPIRES.getTime() - 1))).to.equal('on_hold');
      expect(holdStatusAt(state, EXPIRES)).to.equal('expired');
      expect(holdStatusAt(state, plusMinutes(EXPIRES, 1))).to.equal('expired');
    });

    it('reports checked_out whatever the time, and expired after HoldExpired', () => {
      expect(holdStatusAt(fold(holdDecider, [holdPlacedEvent, checkedOut('a@b.c')]), plusMinutes(EXPIRES, 60))).to.equal('checked_out');
      expect(holdStatusAt(fold(holdDecider, [holdPlacedEvent, expired()]), NOW)).to.equal('expired');
      expect(holdStatusAt(fold(holdDecider, []), NOW)).to.equal('none');
    });
  });

  it('normaliseEmail trims and lowercases', () => {
    expect(normaliseEmail(' Ana@Example.COM ')).to.equal('ana@example.com');
  });

  describe('RefuseCheckout', () => {
    const refused = (when = plusMinutes(NOW, 6)): HoldEvent => ({
      type: 'HoldCheckoutRefused',
      data: { ref: REF, code: 'SlotClosed', at: when.toISOString() },
    });

    it('puts a checked-out hold whose checkout was refused back on hold, until its own time, once', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com')])
        .when({ type: 'RefuseCheckout', code: 'SlotClosed', now: plusMinutes(NOW, 6) })
        .then([refused()]);
      const state = fold(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com'), refused()]);
      expect(holdStatusAt(state, plusMinutes(NOW, 7))).to.equal('on_hold');
      expect(holdStatusAt(state, EXPIRES)).to.equal('expired');
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com'), refused()])
        .when({ type: 'RefuseCheckout', code: 'SlotClosed', now: plusMinutes(NOW, 7) })
        .thenNothing();
    });

    it('can be checked out again afterwards, by anyone, and expires as any hold', () => {
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com'), refused()])
        .when({ type: 'CheckOutHold', leadEmail: 'rui@example.com', now: plusMinutes(NOW, 8) })
        .then([checkedOut('rui@example.com', plusMinutes(NOW, 8))]);
      given(holdDecider, [holdPlacedEvent, checkedOut('ana@example.com'), refused()])
        .when({ type: 'ExpireHold', now: EXPIRES })
        .then([expired()]);
    });
  });
});
