import { expect } from 'chai';
import type { StorefrontDoc } from '../../application/platform/context';
import { matcher } from '../../infra/documents/memory/filter';
import type { ProductDoc } from '../../projections/catalog/doc';
import { isVisibleTo, visibleProducts } from '../../projections/catalog/queries';

/** isVisibleTo answers for one trip what the visibleProducts filter finds: the two must never disagree. */
describe('catalog: which trips a storefront sells', () => {
  const direct = { kind: 'direct', seller_id: 's1', member_seller_ids: [] } as unknown as StorefrontDoc;
  const marketplace = { kind: 'marketplace', seller_id: null, member_seller_ids: ['s1', 's2'] } as unknown as StorefrontDoc;
  const trips: ProductDoc[] = [];
  for (const seller_id of ['s1', 's2', 's3'])
    for (const published of [true, false])
      for (const network of [true, false]) trips.push({ _id: `${seller_id}-${published}-${network}`, seller_id, published, network } as unknown as ProductDoc);

  for (const storefront of [direct, marketplace]) {
    it(`agrees with the list filter on a ${storefront.kind} storefront`, () => {
      const filter = matcher(visibleProducts(storefront));
      for (const trip of trips) expect(isVisibleTo(storefront, trip), trip._id).to.equal(filter(trip));
    });
  }

  it('sells a direct storefront its own published trips, a marketplace its members’ published network trips', () => {
    expect(trips.filter((t) => isVisibleTo(direct, t)).map((t) => t._id)).to.deep.equal(['s1-true-true', 's1-true-false']);
    expect(trips.filter((t) => isVisibleTo(marketplace, t)).map((t) => t._id)).to.deep.equal(['s1-true-true', 's2-true-true']);
  });
});
