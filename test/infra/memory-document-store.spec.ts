import { expect } from 'chai';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';

/** Counts how many stored documents the collection tests against a filter while `body` runs. */
async function countMatcherCalls(c: { readonly examined: number }, body: () => Promise<unknown>): Promise<number> {
  const before = c.examined;
  await body();
  return c.examined - before;
}

describe('MemoryDocumentStore', function () {
  const trip = () => ({ _id: 't1', title: 'Alps', tags: ['hiking'], seller: { id: 's1' }, seats: [{ n: 1 }] });

  it('hands out the stored documents themselves, deep-frozen', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.insertOne(trip());
    const first = await c.findOne({ _id: 't1' });
    const [second] = await c.find({ title: 'Alps' });
    expect(first).to.equal(second);
    for (const part of [first, first?.tags, first?.seller, first?.seats, (first?.seats as unknown[])[0]]) {
      expect(Object.isFrozen(part)).to.equal(true);
    }
    expect(() => {
      (first as Record<string, unknown>).title = 'changed';
    }).to.throw(TypeError);
    expect(() => (first?.tags as string[]).push('x')).to.throw(TypeError);
  });

  it('replaces a document on update, leaving the old frozen object intact', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.insertOne(trip());
    const before = await c.findOne({ _id: 't1' });
    await c.updateOne({ _id: 't1' }, { $set: { 'seller.id': 's2' } });
    const after = await c.findOne({ _id: 't1' });
    expect(after).to.not.equal(before);
    expect(before?.seller).to.deep.equal({ id: 's1' });
    expect(Object.isFrozen(after?.seller)).to.equal(true);
    await c.updateOne({ _id: 't1' }, { $set: { 'seller.id': 's2' } });
    expect(await c.findOne({ _id: 't1' }), 'a no-op update keeps the stored object').to.equal(after);
  });

  it('projects into a new object without touching the stored one', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.insertOne(trip());
    const projected = await c.findOne({ _id: 't1' }, { projection: { title: 1 } });
    expect(projected).to.deep.equal({ _id: 't1', title: 'Alps' });
    expect(await c.findOne({ _id: 't1' })).to.deep.equal(trip());
  });

  it('explains which access path a filter takes', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.createIndex({ status: 1 });
    await c.createIndex({ 'seller.id': 1, status: 1 });
    expect(c.explain({ _id: 't1' })).to.equal('id');
    expect(c.explain({ _id: { $in: ['t1', 't2'] }, status: 'open' })).to.equal('id');
    expect(c.explain({ status: 'open' })).to.equal('index:status');
    expect(c.explain({ status: { $in: ['open', 'closed'] }, price: { $gt: 3 } })).to.equal('index:status');
    expect(c.explain({ $and: [{ status: { $eq: 'open' } }, { title: 'x' }] })).to.equal('index:status');
    expect(c.explain({ 'seller.id': 's1' })).to.equal('index:seller.id');
    expect(c.explain({ title: 'Alps' })).to.equal('scan');
    expect(c.explain({ status: /op/ })).to.equal('scan');
    expect(c.explain({ status: { $ne: 'open' } })).to.equal('scan');
    expect(c.explain({ $or: [{ status: 'open' }] })).to.equal('scan');
    await c.drop();
    expect(c.explain({ status: 'open' })).to.equal('scan');
  });

  it('tests only the index candidates of an indexed equality, among 10,000 documents', async function () {
    const c = new MemoryDocumentStore().collection('bulk');
    await c.createIndex({ bucket: 1 });
    await c.createIndex({ tags: 1 });
    for (let i = 0; i < 10_000; i++) {
      await c.insertOne({ _id: `d${i}`, bucket: i % 1000, n: i, tags: [`t${i % 500}`, `u${i % 7}`] });
    }

    let found: readonly unknown[] = [];
    const calls = await countMatcherCalls(c, async () => {
      found = await c.find({ bucket: 7, n: { $gte: 5000 } });
    });
    expect(found.map((d) => (d as { n: number }).n).sort((a, b) => a - b)).to.deep.equal([5007, 6007, 7007, 8007, 9007]);
    expect(calls).to.equal(10);

    const inCalls = await countMatcherCalls(c, async () => {
      found = await c.find({ bucket: { $in: [1, 2] } });
    });
    expect(found).to.have.length(20);
    expect(inCalls).to.equal(20);

    const arrayCalls = await countMatcherCalls(c, async () => {
      expect(await c.countDocuments({ tags: 't42' })).to.equal(20);
    });
    expect(arrayCalls).to.equal(20);

    const idCalls = await countMatcherCalls(c, async () => {
      expect((await c.findOne({ _id: 'd123' }))?.n).to.equal(123);
    });
    expect(idCalls, 'a pure _id lookup needs no matcher').to.equal(0);

    const scanCalls = await countMatcherCalls(c, async () => {
      expect(await c.countDocuments({ n: 42 })).to.equal(1);
    });
    expect(scanCalls).to.equal(10_000);
  });

  it('keeps the hash index in step with every write', async function () {
    const c = new MemoryDocumentStore().collection('writes');
    await c.insertOne({ _id: 'a', tags: ['x', 'y'], status: 'open' });
    await c.insertOne({ _id: 'b', tags: ['y'], status: 'open' });
    await c.createIndex({ tags: 1 });
    await c.createIndex({ status: 1 });
    await c.updateOne({ _id: 'a' }, { $pull: { tags: 'y' }, $set: { status: 'closed' } });
    await c.replaceOne({ _id: 'b' }, { _id: 'b', tags: ['z'] });
    await c.updateOne({ _id: 'c', status: 'open' }, { $push: { tags: 'y' } }, { upsert: true });
    // The matcher would hide stale entries, so the candidate count is what shows them.
    const calls = await countMatcherCalls(c, async () => {
      expect((await c.find({ tags: 'y' })).map((d) => d._id)).to.deep.equal(['c']);
      expect((await c.find({ tags: { $in: ['x', 'z'] } })).map((d) => d._id).sort()).to.deep.equal(['a', 'b']);
      expect((await c.find({ status: 'open' })).map((d) => d._id)).to.deep.equal(['c']);
      expect((await c.find({ status: null })).map((d) => d._id)).to.deep.equal(['b']);
      await c.deleteMany({ tags: 'x' });
      expect(await c.find({ status: 'closed' })).to.deep.equal([]);
    });
    expect(calls).to.equal(6);
  });

  it('does the work before returning, so unawaited calls apply in call order', async function () {
    const c = new MemoryDocumentStore().collection('order');
    const insert = c.insertOne({ _id: 'a', n: 1 });
    const update = c.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
    const read = c.findOne({ _id: 'a' });
    await Promise.all([insert, update]);
    expect((await read)?.n).to.equal(2);
  });
});
