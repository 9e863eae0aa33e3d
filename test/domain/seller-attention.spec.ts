import { expect } from 'chai';
import { SellerEvent, answerHours, replyHours, sellerDecider } from '../../domain/seller';
import type { InputProblem } from '../../domain/shared/refusal';
import { sellerDefinition } from './fixtures';
import { given } from './given-when-then';

describe('seller: attention and the hours it answers within', () => {
  const created: SellerEvent = { type: 'SellerCreated', data: { sellerId: 'seller-1', definition: sellerDefinition() } };
  const flagged: SellerEvent = { type: 'SellerFlaggedForAttention', data: { sellerId: 'seller-1', reason: 'late answers' } };
  const cleared: SellerEvent = { type: 'SellerAttentionCleared', data: { sellerId: 'seller-1' } };

  it('given a seller, the platform flags it for attention once; flagging it again changes nothing', () => {
    given(sellerDecider, [created]).when({ type: 'FlagSellerForAttention', reason: 'late answers' }).then([flagged]);
    given(sellerDecider, [created, flagged]).when({ type: 'FlagSellerForAttention', reason: 'again' }).thenNothing();
    expect(given(sellerDecider, [created, flagged]).state.needsAttention).to.equal(true);
  });

  it('given a flagged seller, clears the flag once; a seller not flagged has nothing to clear', () => {
    given(sellerDecider, [created, flagged]).when({ type: 'ClearSellerAttention' }).then([cleared]);
    given(sellerDecider, [created, flagged, cleared]).when({ type: 'ClearSellerAttention' }).thenNothing();
    given(sellerDecider, [created]).when({ type: 'ClearSellerAttention' }).thenNothing();
    expect(given(sellerDecider, [created, flagged, cleared]).state.needsAttention).to.equal(false);
  });

  it('is NotFound for a seller that does not exist', () => {
    given(sellerDecider).when({ type: 'FlagSellerForAttention', reason: 'x' }).thenRefused('NotFound', { entity: 'seller' });
    given(sellerDecider).when({ type: 'ClearSellerAttention' }).thenRefused('NotFound', { entity: 'seller' });
  });

  it('answers within the hours its definition names, else the defaults (48 for requests, 24 for messages)', () => {
    expect([answerHours(sellerDefinition()), replyHours(sellerDefinition())]).to.deep.equal([48, 24]);
    const prompt = sellerDefinition({ answer_hours: 4, reply_hours: 2 });
    expect([answerHours(prompt), replyHours(prompt)]).to.deep.equal([4, 2]);
  });

  it('refuses hours that are not whole hours from 1 to 720', () => {
    const refusal = given(sellerDecider)
      .when({ type: 'CreateSeller', sellerId: 'seller-1', definition: sellerDefinition({ answer_hours: 0, reply_hours: 1.5 }) })
      .thenRefused('InvalidInput');
    expect((refusal.fields.problems as InputProblem[]).map((p) => [p.field, p.reason])).to.deep.equal([
      ['answer_hours', 'invalid_value'],
      ['reply_hours', 'invalid_value'],
    ]);
    given(sellerDecider)
      .when({ type: 'CreateSeller', sellerId: 'seller-1', definition: sellerDefinition({ answer_hours: 720, reply_hours: 1 }) })
      .then([{ type: 'SellerCreated', data: { sellerId: 'seller-1', definition: sellerDefinition({ answer_hours: 720, reply_hours: 1 }) } }]);
  });
});
