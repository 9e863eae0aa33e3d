import { idempotencyDecider, idempotencyStream, IdempotencyEvent } from '../../domain/idempotency';
import { expect } from 'chai';
import { given } from './given-when-then';

const claimed = (kind: 'hold' | 'checkout', requestHash: string, ref: string): IdempotencyEvent => ({
  type: 'IdempotencyKeyClaimed',
  data: { kind, requestHash, ref },
});

describe('idempotency key decider', () => {
  it('the first request claims the key', () => {
    given(idempotencyDecider)
      .when({ type: 'ClaimKey', kind: 'hold', requestHash: 'h1', ref: 'TP-AAAA-AAAA' })
      .then([claimed('hold', 'h1', 'TP-AAAA-AAAA')]);
  });

  it('the same request again appends nothing (it gets the first result)', () => {
    const outcome = given(idempotencyDecider, [claimed('hold', 'h1', 'TP-AAAA-AAAA')]).when({
      type: 'ClaimKey',
      kind: 'hold',
      requestHash: 'h1',
      ref: 'TP-BBBB-BBBB',
    });
    outcome.thenNothing();
  });

  it('the first result stays in the state', () => {
    const { state } = given(idempotencyDecider, [claimed('checkout', 'h1', 'TP-AAAA-AAAA')]);
    expect(state).to.deep.equal({ claimed: { kind: 'checkout', requestHash: 'h1', ref: 'TP-AAAA-AAAA' } });
  });

  it('a different request under the same key is a Conflict idempotency_key_reused', () => {
    given(idempotencyDecider, [claimed('hold', 'h1', 'TP-AAAA-AAAA')])
      .when({ type: 'ClaimKey', kind: 'hold', requestHash: 'h2', ref: 'TP-BBBB-BBBB' })
      .thenRefused('Conflict', { reason: 'idempotency_key_reused' });
  });

  it('holds and checkouts share keys: a checkout under a hold key is a different request', () => {
    given(idempotencyDecider, [claimed('hold', 'h1', 'TP-AAAA-AAAA')])
      .when({ type: 'ClaimKey', kind: 'checkout', requestHash: 'h1', ref: 'TP-AAAA-AAAA' })
      .thenRefused('Conflict', { reason: 'idempotency_key_reused' });
  });

  it('keys are kept per storefront', () => {
    expect(idempotencyStream('sf-1', 'k')).to.not.equal(idempotencyStream('sf-2', 'k'));
  });
});
