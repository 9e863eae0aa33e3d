import { expect } from 'chai';
import fc from 'fast-check';
import { Query, createUpdater } from 'mingo';
import { matcher } from '../../infra/documents/memory/filter';
import { updateShared } from '../../infra/documents/memory/update';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';

// The embedded store runs common filters and updates as plain functions instead of mingo; they
// must agree with mingo (MongoDB's dialect) on every document.

const scalar = fc.oneof(fc.constantFrom('a', 'b', 'B', '', 'ab'), fc.integer({ min: -2, max: 3 }), fc.constantFrom(0.5, -0, true, false));
const value = fc.oneof(scalar, fc.constant(null), fc.array(scalar, { maxLength: 3 }));
const inner = fc.record({ c: fc.oneof(value, fc.record({ x: value })), d: value }, { requiredKeys: [] });
const doc = fc.record(
  {
    _id: fc.constantFrom('x', 'y'),
    a: value,
    n: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant('3')),
    b: fc.oneof(inner, fc.array(inner, { maxLength: 2 }), scalar),
  },
  { requiredKeys: ['_id'] },
);
const path = fc.constantFrom('a', 'n', 'b', 'b.c', 'b.d', 'b.c.x', 'missing', 'a.c', 'n.c');
const condition = fc.oneof(
  scalar,
  fc.record({ $eq: scalar }),
  fc.record({ $ne: scalar }),
  fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $nin: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $gt: scalar, $lte: scalar }, { requiredKeys: ['$gt'] }),
  fc.record({ $gte: scalar, $lt: scalar }, { requiredKeys: [] }),
  fc.record({ $exists: fc.boolean() }),
  fc.constant(null),
  fc.constant(/a/),
);
const field = fc.tuple(path, condition).map(([p, c]) => ({ [p]: c }));
const filter = fc.oneof(
  field,
  fc.tuple(field, field).map(([x, y]) => ({ ...x, ...y })),
  fc.array(field, { minLength: 1, maxLength: 3 }).map((parts) => ({ $and: parts })),
  fc.array(field, { minLength: 1, maxLength: 3 }).map((parts) => ({ $or: parts })),
);

describe('MemoryDocumentStore fast paths', function () {
  it('matches exactly the documents mingo matches', function () {
    fc.assert(
      fc.property(filter, fc.array(doc, { maxLength: 6 }), (f, docs) => {
        const test = matcher(f);
        const query = new Query(f);
        for (const d of docs) expect(test(d), JSON.stringify({ f, d })).to.equal(query.test(d));
      }),
      { numRuns: 3000 },
    );
  });

  it('updates with $set, $unset and $inc as mingo does, sharing what did not change', function () {
    const mingoUpdate = createUpdater({ cloneMode: 'deep' });
    const setPath = fc.constantFrom('a', 'n', 'b.c', 'b.d', 'e.f.g', 'b');
    const update = fc.record(
      {
        $set: fc.dictionary(setPath, fc.oneof(value, inner), { maxKeys: 2 }),
        $unset: fc.dictionary(setPath, fc.constant(''), { maxKeys: 2 }),
        $inc: fc.dictionary(fc.constantFrom('n', 'b.c', 'k'), fc.integer({ min: -2, max: 2 }), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(doc, update, (d, u) => {
        const frozen = structuredClone(d);
        Object.freeze(frozen);
        const shared = updateShared(frozen, u, false);
        if (shared === undefined) return;
        const expected = structuredClone(d) as Record<string, unknown>;
        let modified = false;
        for (const [op, args] of Object.entries(u))
          if (mingoUpdate(expected, { [op]: args } as unknown as Parameters<typeof mingoUpdate>[1]).length > 0) modified = true;
        expect(shared !== null, JSON.stringify({ d, u })).to.equal(modified);
        if (shared) {
          expect(shared, JSON.stringify({ d, u })).to.deep.equal(expected);
          expect(Object.isFrozen(shared)).to.equal(true);
        }
        expect(frozen, 'the stored version is left as it was').to.deep.equal(d);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the untouched fields of an updated document as the same frozen objects', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.insertOne({ _id: 't1', definition: { title: 'Alps', options: [{ id: 'o1' }] }, seller: { id: 's1' }, published: false });
    const before = await c.findOne({ _id: 't1' });
    await c.updateOne({ _id: 't1' }, { $set: { published: true, 'seller.name': 'Atlas' } });
    const after = await c.findOne({ _id: 't1' });
    expect(after?.definition).to.equal(before?.definition);
    expect(after?.seller).to.deep.equal({ id: 's1', name: 'Atlas' });
    expect(before?.seller).to.deep.equal({ id: 's1' });
    expect(Object.isFrozen(after?.seller)).to.equal(true);
  });

  it('finds a whole array by equality on an indexed array field, by reading the collection', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.createIndex({ tags: 1 });
    await c.insertOne({ _id: 't1', tags: ['hiking', 'sea'] });
    await c.insertOne({ _id: 't2', tags: ['hiking'] });
    await c.insertOne({ _id: 't3', tags: [] });
    expect(c.explain({ tags: ['hiking'] })).to.equal('scan');
    expect((await c.find({ tags: ['hiking'] })).map((d) => d._id)).to.deep.equal(['t2']);
    expect((await c.find({ tags: [] })).map((d) => d._id)).to.deep.equal(['t3']);
    expect((await c.find({ tags: 'hiking' })).map((d) => d._id)).to.deep.equal(['t1', 't2']);
  });

  it('finds the first matches of a sort over a large collection, also after writes', async function () {
    const c = new MemoryDocumentStore().collection('trips');
    await c.createIndex({ seller: 1 });
    for (let i = 0; i < 2000; i++) await c.insertOne({ _id: `t${i}`, seller: `s${i % 5}`, position: (i * 7919) % 2000, rating: i % 10 });
    const naive = async (filter: Record<string, unknown>, sort: Record<string, 1 | -1>, limit: number) => {
      const query = new Query(filter);
      const [field, dir] = Object.entries(sort)[0];
      const all = (await c.find({})).filter((d) => query.test(d));
      return all.sort((a, b) => ((a[field] as number) - (b[field] as number)) * dir).slice(0, limit);
    };
    const cases: [Record<string, unknown>, Record<string, 1 | -1>, number][] = [
      [{ seller: { $in: ['s0', 's1', 's2', 's3', 's4'] } }, { position: -1 }, 1000],
      [{ rating: { $gte: 8 } }, { position: 1 }, 100],
      [{ seller: 's3', rating: 4 }, { position: -1 }, 10],
      [{}, { position: -1 }, 5],
    ];
    for (const [filter, sort, limit] of cases) expect(await c.find(filter, { sort, limit })).to.deep.equal(await naive(filter, sort, limit));
    await c.updateOne({ _id: 't7' }, { $set: { position: 5000 } });
    await c.deleteOne({ _id: 't8' });
    await c.insertOne({ _id: 'new', seller: 's1', position: 4000, rating: 9 });
    for (const [filter, sort, limit] of cases) expect(await c.find(filter, { sort, limit })).to.deep.equal(await naive(filter, sort, limit));
    expect((await c.find({}, { sort: { position: -1 }, limit: 2 })).map((d) => d._id)).to.deep.equal(['t7', 'new']);
  });

  it('counts the documents it tests against a filter: the index candidates only', async function () {
    const c = new MemoryDocumentStore().collection('bulk');
    await c.createIndex({ bucket: 1 });
    for (let i = 0; i < 1000; i++) await c.insertOne({ _id: `d${i}`, bucket: i % 100, n: i });
    const examined = async (body: () => Promise<unknown>) => {
      const before = c.examined;
      await body();
      return c.examined - before;
    };
    expect(await examined(() => c.find({ bucket: 7, n: { $gte: 500 } }))).to.equal(10);
    expect(await examined(() => c.findOne({ _id: 'd1' }))).to.equal(0);
    expect(await examined(() => c.countDocuments({ n: 42 }))).to.equal(1000);
  });
});

describe('MemoryDocumentStore: compiled filters kept by their JSON text', () => {
  const docs = [
    { _id: 'd', at: new Date('2026-01-02T00:00:00.000Z') },
    { _id: 's', at: '2026-01-02T00:00:00.000Z' },
    { _id: 'n', at: null },
    { _id: 'z', at: 0 },
  ];
  const ids = (filter: Record<string, unknown>) => docs.filter((d) => matcher(filter)(d)).map((d) => d._id);

  it('answers a filter asked again exactly as the first time', () => {
    const first = ids({ at: { $in: ['2026-01-02T00:00:00.000Z', 0] } });
    expect(ids({ at: { $in: ['2026-01-02T00:00:00.000Z', 0] } })).to.deep.equal(first);
    expect(first).to.deep.equal(['s', 'z']);
  });

  it('never mistakes a Date for its ISO text, NaN for null or -0 for a cached 0', () => {
    expect(ids({ at: '2026-01-02T00:00:00.000Z' })).to.deep.equal(['s']);
    expect(ids({ at: new Date('2026-01-02T00:00:00.000Z') })).to.deep.equal(['d']);
    expect(ids({ at: null })).to.deep.equal(['n']);
    expect(ids({ at: NaN })).to.deep.equal(docs.filter((d) => new Query({ at: NaN }).test(d)).map((d) => d._id));
    expect(ids({ at: -0 })).to.deep.equal(ids({ at: 0 }));
  });
});
