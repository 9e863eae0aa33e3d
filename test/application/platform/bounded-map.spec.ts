import { expect } from 'chai';
import { keepNewest } from '../../../application/platform/bounded-map';

describe('keepNewest: a Map kept in use order, bounded', () => {
  it('leaves a map within its bound as it is', () => {
    const map = new Map([...Array(10).keys()].map((i) => [i, i]));
    keepNewest(map, 10);
    expect([...map.keys()]).to.deep.equal([...Array(10).keys()]);
  });

  it('drops the oldest, and a tenth of the room more, once over its bound', () => {
    const map = new Map([...Array(101).keys()].map((i) => [i, i]));
    keepNewest(map, 100);
    expect(map.size).to.equal(90);
    expect([...map.keys()][0]).to.equal(11);
    expect(map.has(100)).to.equal(true);
  });

  it('keeps exactly its bound when the bound is too small for a tenth to be whole', () => {
    const map = new Map([...Array(5).keys()].map((i) => [i, i]));
    keepNewest(map, 3);
    expect([...map.keys()]).to.deep.equal([2, 3, 4]);
  });
});
