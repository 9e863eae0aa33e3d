import { expect } from 'chai';
import { groupFacts } from '../../application/catalog/kept';
import type { ProductDoc } from '../../projections/catalog/doc';
import { option, product, tier } from '../domain/fixtures';

/** A list's group price counts specials from the day its trip's document was written (kept.ts groupFacts). */
describe('group facts kept with a trip document', () => {
  const special = { name: 'December', from: '2026-12-01', until: '2026-12-20', percent_off: 20 };
  const opt = option({ pricing: { tiers: [tier(1, null, { adult: 5000 })], specials: [special] } });
  const definition = product({ options: [opt] });
  const docAt = (updatedAt: string) => ({ _id: 'trip-1', definition, updated_at: updatedAt }) as unknown as ProductDoc;

  it('counts a special still ahead on the day the document was written', () => {
    expect(groupFacts(docAt('2026-12-05T10:00:00.000Z'), opt, 1).eachUsd).to.equal(4000);
  });

  it('counts from its own day a document that shares its options with an older one (written again after the special)', () => {
    const before = docAt('2026-12-05T10:00:00.000Z');
    const after = docAt('2026-12-28T10:00:00.000Z');
    expect(groupFacts(before, opt, 2).eachUsd).to.equal(4000);
    expect(groupFacts(after, opt, 2).eachUsd).to.equal(5000);
  });
});
