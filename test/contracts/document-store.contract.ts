import { documentRateCounts } from '../../application/platform/shared-rate-counts';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Collection, Doc, DocumentStore, DuplicateKey, Filter } from '../../application/platform/ports/document-store';

const TRIPS: Doc[] = [
  {
    _id: 't1',
    title: 'Alps',
    price: 1200,
    startsAt: '2025-06-01T08:00:00.000Z',
    tags: ['hiking', 'mountains'],
    seller: { id: 's1', region: 'eu' },
    seats: [
      { n: 1, free: true },
      { n: 2, free: false },
    ],
    status: 'open',
  },
  {
    _id: 't2',
    title: 'Baltic',
    price: 800,
    startsAt: '2025-07-15T08:00:00.000Z',
    tags: ['sea'],
    seller: { id: 's2', region: 'eu' },
    seats: [{ n: 1, free: false }],
    status: 'open',
    cancelledAt: null,
  },
  {
    _id: 't3',
    title: 'Canyon',
    price: 1500,
    startsAt: '2025-05-10T08:00:00.000Z',
    tags: ['hiking', 'desert'],
    seller: { id: 's3', region: 'us' },
    seats: [],
    status: 'closed',
  },
  {
    _id: 't4',
    title: 'Delta',
    price: 800,
    startsAt: '2025-08-01T08:00:00.000Z',
    tags: [],
    seller: { id: 's1', region: 'eu' },
    status: 'open',
  },
  {
    _id: 't5',
    title: 'Everest',
    price: 5000,
    startsAt: '2025-04-01T08:00:00.000Z',
    tags: ['mountains'],
    seller: { id: 's4', region: 'asia' },
    seats: [{ n: 1, free: true }],
    status: 'draft',
  },
];

const FILTERS: [Filter, string[]][] = [
  [{}, ['t1', 't2', 't3', 't4', 't5']],
  [{ status: 'open' }, ['t1', 't2', 't4']],
  [{ status: { $eq: 'open' } }, ['t1', 't2', 't4']],
  [{ status: { $in: ['closed', 'draft'] } }, ['t3', 't5']],
  [{ status: { $ne: 'open' } }, ['t3', 't5']],
  [{ status: { $nin: ['open', 'draft'] } }, ['t3']],
  [{ price: 800 }, ['t2', 't4']],
  [{ price: { $gt: 800 } }, ['t1', 't3', 't5']],
  [{ price: { $gte: 800, $lt: 1500 } }, ['t1', 't2', 't4']],
  [{ price: { $lte: 1200 } }, ['t1', 't2', 't4']],
  [{ title: { $gt: 'B', $lte: 'Canyon' } }, ['t2', 't3']],
  [{ startsAt: { $gte: '2025-06-01T00:00:00.000Z', $lt: '2025-08-01T00:00:00.000Z' } }, ['t1', 't2']],
  [{ startsAt: { $lt: '2025-05-10T08:00:00.000Z' } }, ['t5']],
  [{ cancelledAt: { $exists: true } }, ['t2']],
  [{ seats: { $exists: false } }, ['t4']],
  [{ cancelledAt: null }, ['t1', 't2', 't3', 't4', 't5']],
  [{ $or: [{ price: 5000 }, { 'seller.region': 'us' }] }, ['t3', 't5']],
  [{ $and: [{ status: 'open' }, { price: 800 }] }, ['t2', 't4']],
  [{ 'seller.id': 's1' }, ['t1', 't4']],
  [{ 'seller.region': 'eu', price: { $gt: 1000 } }, ['t1']],
  [{ seller: { id: 's2', region: 'eu' } }, ['t2']],
  [{ tags: 'hiking' }, ['t1', 't3']],
  [{ tags: { $in: ['sea', 'desert'] } }, ['t2', 't3']],
  [{ tags: ['hiking', 'mountains'] }, ['t1']],
  [{ tags: { $ne: 'hiking' } }, ['t2', 't4', 't5']],
  [{ 'seats.free': false }, ['t1', 't2']],
  [{ seats: { $elemMatch: { n: 1, free: true } } }, ['t1', 't5']],
  [{ _id: 't3' }, ['t3']],
  [{ _id: { $in: ['t2', 't4', 'missing'] } }, ['t2', 't4']],
  [{ _id: 't3', status: 'open' }, []],
  [{ status: 'unknown' }, []],
];

const ids = (docs: readonly Readonly<Doc>[]): string[] => docs.map((d) => d._id).sort();
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the operation to fail');
}

export function documentStoreContract(name: string, make: () => Promise<DocumentStore>, dispose?: (s: DocumentStore) => Promise<void>): void {
  describe(`DocumentStore contract: ${name}`, function () {
    // Generous enough for a shared, remote server; the embedded store needs milliseconds.
    this.timeout(10_000);

    // A real server may be shared by several runs: every collection of this one carries its prefix.
    const prefix = `dsc_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
    const created: string[] = [];
    let store: DocumentStore;

    const fresh = <T extends Doc = Doc>(label: string): Collection<T> => {
      const collectionName = `${prefix}${created.length}_${label}`;
      created.push(collectionName);
      return store.collection<T>(collectionName);
    };

    const seeded = async (label: string): Promise<Collection> => {
      const c = fresh(label);
      for (const trip of TRIPS) await c.insertOne(clone(trip));
      return c;
    };

    before(async function () {
      store = await make();
    });

    after(async function () {
      if (!store) return;
      for (const collectionName of created) await store.collection(collectionName).drop();
      await dispose?.(store);
    });

    it('finds an inserted document by _id, and null for an unknown one', async function () {
      const c = fresh('insert');
      await c.insertOne(clone(TRIPS[0]));
      expect(await c.findOne({ _id: 't1' })).to.deep.equal(TRIPS[0]);
      expect(await c.findOne({ _id: 'nope' })).to.equal(null);
    });

    it('answers every filter of the dialect the same with and without indexes', async function () {
      const plain = await seeded('plain');
      const indexed = await seeded('indexed');
      for (const field of ['status', 'price', 'title', 'tags', 'seller.id', 'seller.region', 'cancelledAt', 'seats.free']) {
        await indexed.createIndex({ [field]: 1 });
      }
      for (const [filter, expected] of FILTERS) {
        const label = JSON.stringify(filter);
        expect(ids(await plain.find(filter)), `unindexed ${label}`).to.deep.equal(expected);
        expect(ids(await indexed.find(filter)), `indexed ${label}`).to.deep.equal(expected);
        expect(await plain.countDocuments(filter), `count unindexed ${label}`).to.equal(expected.length);
        expect(await indexed.countDocuments(filter), `count indexed ${label}`).to.equal(expected.length);
      }
    });

    it('keeps indexes right through updates and deletes', async function () {
      const c = await seeded('index-writes');
      await c.createIndex({ status: 1 });
      await c.createIndex({ tags: 1 });
      await c.updateOne({ _id: 't1' }, { $set: { status: 'closed' }, $pull: { tags: 'hiking' } });
      await c.updateMany({ status: 'draft' }, { $set: { status: 'open' }, $push: { tags: 'hiking' } });
      await c.deleteOne({ _id: 't2' });
      await c.replaceOne({ _id: 't4' }, { _id: 't4', status: 'archived', tags: ['sea'] });
      expect(ids(await c.find({ status: 'open' }))).to.deep.equal(['t5']);
      expect(ids(await c.find({ status: 'closed' }))).to.deep.equal(['t1', 't3']);
      expect(ids(await c.find({ status: { $in: ['archived', 'open'] } }))).to.deep.equal(['t4', 't5']);
      expect(ids(await c.find({ tags: 'hiking' }))).to.deep.equal(['t3', 't5']);
      expect(ids(await c.find({ tags: 'sea' }))).to.deep.equal(['t4']);
    });

    it('sorts on several keys, dotted paths, missing and null first ascending', async function () {
      const c = await seeded('sort');
      expect((await c.find({}, { sort: { price: 1, title: -1 } })).map((d) => d._id)).to.deep.equal(['t4', 't2', 't1', 't3', 't5']);
      expect((await c.find({}, { sort: { price: -1, _id: 1 } })).map((d) => d._id)).to.deep.equal(['t5', 't3', 't1', 't2', 't4']);
      expect((await c.find({}, { sort: { 'seller.region': 1, _id: -1 } })).map((d) => d._id)).to.deep.equal(['t5', 't4', 't2', 't1', 't3']);
      expect((await c.find({}, { sort: { startsAt: 1 } })).map((d) => d._id)).to.deep.equal(['t5', 't3', 't1', 't2', 't4']);

      const sparse = fresh('sparse');
      await sparse.insertOne({ _id: 'a', rank: 2 });
      await sparse.insertOne({ _id: 'b' });
      await sparse.insertOne({ _id: 'c', rank: null });
      await sparse.insertOne({ _id: 'd', rank: 1 });
      expect((await sparse.find({}, { sort: { rank: 1, _id: 1 } })).map((d) => d._id)).to.deep.equal(['b', 'c', 'd', 'a']);
      expect((await sparse.find({}, { sort: { rank: -1, _id: 1 } })).map((d) => d._id)).to.deep.equal(['a', 'd', 'b', 'c']);
    });

    it('applies skip, limit and inclusion projection', async function () {
      const c = await seeded('paging');
      const page = await c.find({}, { sort: { price: 1, title: -1 }, skip: 1, limit: 2 });
      expect(page.map((d) => d._id)).to.deep.equal(['t2', 't1']);
      expect((await c.find({ status: 'open' }, { limit: 2 })).length).to.equal(2);
      expect(await c.find({}, { sort: { _id: 1 }, skip: 5 })).to.deep.equal([]);
      expect(await c.find({ _id: 't1' }, { projection: { title: 1, 'seller.region': 1 } })).to.deep.equal([
        { _id: 't1', title: 'Alps', seller: { region: 'eu' } },
      ]);
      expect(await c.findOne({ status: 'open' }, { sort: { price: -1 }, projection: { price: 1 } })).to.deep.equal({ _id: 't1', price: 1200 });
      expect((await c.findOne({}, { sort: { price: 1, title: 1 }, skip: 1 }))?._id).to.equal('t4');
    });

    it('counts documents', async function () {
      const c = await seeded('count');
      expect(await c.countDocuments()).to.equal(5);
      expect(await c.countDocuments({ status: 'open' })).to.equal(3);
      expect(await fresh('empty').countDocuments()).to.equal(0);
    });

    it('updates with $set on dotted paths, creating nested objects', async function () {
      const c = await seeded('set');
      const result = await c.updateOne({ _id: 't1' }, { $set: { title: 'Alps II', 'meta.stats.views': 3, 'seller.region': 'ch' } });
      expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      const doc = await c.findOne({ _id: 't1' });
      expect(doc?.title).to.equal('Alps II');
      expect(doc?.meta).to.deep.equal({ stats: { views: 3 } });
      expect(doc?.seller).to.deep.equal({ id: 's1', region: 'ch' });
      expect(await c.updateOne({ _id: 't1' }, { $set: { title: 'Alps II' } })).to.deep.equal({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      expect(await c.updateOne({ _id: 'nope' }, { $set: { title: 'x' } })).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
    });

    it('updates with $unset and $inc', async function () {
      const c = await seeded('unset-inc');
      await c.updateOne({ _id: 't2' }, { $unset: { cancelledAt: '', 'seller.region': '' } });
      const t2 = await c.findOne({ _id: 't2' });
      expect(t2).to.not.have.property('cancelledAt');
      expect(t2?.seller).to.deep.equal({ id: 's2' });
      await c.updateOne({ _id: 't1' }, { $inc: { price: 50, 'meta.bookings': 1 } });
      await c.updateOne({ _id: 't1' }, { $inc: { price: -25, 'meta.bookings': 1 } });
      const t1 = await c.findOne({ _id: 't1' });
      expect(t1?.price).to.equal(1225);
      expect(t1?.meta).to.deep.equal({ bookings: 2 });
    });

    it('updates arrays with $push, $pull and $addToSet', async function () {
      const c = await seeded('arrays');
      await c.updateOne({ _id: 't1' }, { $push: { tags: 'lakes' } });
      await c.updateOne({ _id: 't1' }, { $push: { tags: { $each: ['snow', 'ice'] } } });
      await c.updateOne({ _id: 't4' }, { $push: { 'extra.notes': 'first' } });
      expect((await c.findOne({ _id: 't1' }))?.tags).to.deep.equal(['hiking', 'mountains', 'lakes', 'snow', 'ice']);
      expect((await c.findOne({ _id: 't4' }))?.extra).to.deep.equal({ notes: ['first'] });

      await c.updateOne({ _id: 't1' }, { $pull: { tags: 'hiking' } });
      await c.updateOne({ _id: 't1' }, { $pull: { seats: { free: false } } });
      await c.updateOne({ _id: 't1' }, { $pull: { tags: { $in: ['snow', 'ice'] } } });
      const t1 = await c.findOne({ _id: 't1' });
      expect(t1?.tags).to.deep.equal(['mountains', 'lakes']);
      expect(t1?.seats).to.deep.equal([{ n: 1, free: true }]);

      expect(await c.updateOne({ _id: 't1' }, { $addToSet: { tags: 'lakes' } })).to.deep.equal({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      await c.updateOne({ _id: 't1' }, { $addToSet: { tags: 'forest' } });
      await c.updateOne({ _id: 't1' }, { $addToSet: { tags: { $each: ['forest', 'river'] } } });
      expect((await c.findOne({ _id: 't1' }))?.tags).to.deep.equal(['mountains', 'lakes', 'forest', 'river']);
    });

    it('upserts from the filter equality fields and the update', async function () {
      const c = fresh('upsert');
      const inserted = await c.updateOne({ _id: 'u1', status: 'open', 'seller.id': 's9' }, { $set: { title: 'New' } }, { upsert: true });
      expect(inserted).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(await c.findOne({ _id: 'u1' })).to.deep.equal({ _id: 'u1', status: 'open', seller: { id: 's9' }, title: 'New' });

      await c.updateOne({ _id: 'u2', price: { $gt: 5 } }, { $inc: { views: 1 } }, { upsert: true });
      expect(await c.findOne({ _id: 'u2' })).to.deep.equal({ _id: 'u2', views: 1 });

      const updated = await c.updateOne({ _id: 'u1', status: 'open' }, { $set: { title: 'Newer' } }, { upsert: true });
      expect(updated).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await c.countDocuments()).to.equal(2);
    });

    it('applies $setOnInsert only when an upsert inserts', async function () {
      const c = fresh('set-on-insert');
      const update = (n: number, createdAt: string) => ({ $set: { n }, $setOnInsert: { createdAt } });
      await c.updateOne({ _id: 'x' }, update(1, '2025-01-01T00:00:00.000Z'), { upsert: true });
      expect(await c.findOne({ _id: 'x' })).to.deep.equal({ _id: 'x', n: 1, createdAt: '2025-01-01T00:00:00.000Z' });
      const again = await c.updateOne({ _id: 'x' }, update(2, '2025-02-02T00:00:00.000Z'), { upsert: true });
      expect(again).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await c.findOne({ _id: 'x' })).to.deep.equal({ _id: 'x', n: 2, createdAt: '2025-01-01T00:00:00.000Z' });
    });

    it('gives an upserted document without an _id in its filter a string _id', async function () {
      const c = fresh('upsert-id');
      await c.updateOne({ slug: 'alps' }, { $set: { title: 'Alps' } }, { upsert: true });
      const doc = await c.findOne({ slug: 'alps' });
      expect(doc?._id).to.be.a('string');
      expect(doc).to.deep.include({ slug: 'alps', title: 'Alps' });
    });

    it('updates many documents, counting only those that changed', async function () {
      const c = await seeded('many');
      expect(await c.updateMany({ status: 'open' }, { $set: { flag: true } })).to.deep.equal({ matchedCount: 3, modifiedCount: 3, upsertedCount: 0 });
      expect(await c.updateMany({ price: 800 }, { $set: { flag: true, cheap: true } })).to.deep.equal({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });
      expect(await c.updateMany({ status: 'open' }, { $set: { flag: true } })).to.deep.equal({ matchedCount: 3, modifiedCount: 0, upsertedCount: 0 });
      expect(ids(await c.find({ flag: true }))).to.deep.equal(['t1', 't2', 't4']);
      expect(ids(await c.find({ flag: { $exists: false } }))).to.deep.equal(['t3', 't5']);
    });

    it('replaces documents, with and without upsert', async function () {
      const c = await seeded('replace');
      expect(await c.replaceOne({ _id: 't2' }, { _id: 't2', title: 'Replaced' })).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await c.findOne({ _id: 't2' })).to.deep.equal({ _id: 't2', title: 'Replaced' });
      expect(await c.replaceOne({ status: 'draft' }, { _id: 't5', title: 'Everest' })).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await c.findOne({ _id: 't5' })).to.deep.equal({ _id: 't5', title: 'Everest' });
      expect(await c.replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'x' })).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
      expect(await c.findOne({ _id: 'r1' })).to.equal(null);
      expect(await c.replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'x' }, { upsert: true })).to.deep.equal({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
      });
      expect(await c.findOne({ _id: 'r1' })).to.deep.equal({ _id: 'r1', title: 'x' });
      expect(await c.replaceOne({ _id: 'r1' }, { _id: 'r1', title: 'y' }, { upsert: true })).to.deep.equal({
        matchedCount: 1,
        modifiedCount: 1,
        upsertedCount: 0,
      });
      expect(await c.countDocuments()).to.equal(6);
    });

    it('deletes one or many documents', async function () {
      const c = await seeded('delete');
      expect(await c.deleteOne({ status: 'open' })).to.deep.equal({ deletedCount: 1 });
      expect(await c.countDocuments({ status: 'open' })).to.equal(2);
      expect(await c.deleteOne({ _id: 'nope' })).to.deep.equal({ deletedCount: 0 });
      expect(await c.deleteMany({ status: 'open' })).to.deep.equal({ deletedCount: 2 });
      expect(ids(await c.find({}))).to.deep.equal(['t3', 't5']);
      expect(await c.deleteMany()).to.deep.equal({ deletedCount: 2 });
      expect(await c.countDocuments()).to.equal(0);
    });

    it('throws DuplicateKey for an existing _id', async function () {
      const c = fresh('dup-id');
      await c.insertOne({ _id: 'a', v: 1 });
      const error = await rejection(c.insertOne({ _id: 'a', v: 2 }));
      expect(error).to.be.instanceOf(DuplicateKey);
      expect((error as DuplicateKey).collection).to.equal(c.name);
      expect(await c.findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', v: 1 });
    });

    it('throws DuplicateKey on a unique index, leaving the documents as they were', async function () {
      const c = fresh('unique');
      await c.createIndex({ email: 1 }, { unique: true });
      await c.createIndex({ email: 1 }, { unique: true });
      await c.insertOne({ _id: 'a', email: 'a@example.com' });
      await c.insertOne({ _id: 'b', email: 'b@example.com' });
      expect(await rejection(c.insertOne({ _id: 'c', email: 'a@example.com' }))).to.be.instanceOf(DuplicateKey);
      expect(await rejection(c.updateOne({ _id: 'b' }, { $set: { email: 'a@example.com' } }))).to.be.instanceOf(DuplicateKey);
      expect(await rejection(c.updateOne({ _id: 'c' }, { $set: { email: 'b@example.com' } }, { upsert: true }))).to.be.instanceOf(DuplicateKey);
      expect(ids(await c.find({}))).to.deep.equal(['a', 'b']);
      expect(await c.findOne({ _id: 'b' })).to.deep.equal({ _id: 'b', email: 'b@example.com' });
      await c.updateOne({ _id: 'b' }, { $set: { email: 'c@example.com' } });
      await c.insertOne({ _id: 'c', email: 'b@example.com' });
      expect(await c.countDocuments({ email: 'b@example.com' })).to.equal(1);
    });

    it('refuses a unique index over documents that already collide', async function () {
      const c = fresh('unique-late');
      await c.insertOne({ _id: 'a', code: 'X' });
      await c.insertOne({ _id: 'b', code: 'X' });
      expect(await rejection(c.createIndex({ code: 1 }, { unique: true }))).to.be.instanceOf(DuplicateKey);
    });

    it('never changes a document already handed out, nor keeps the caller objects', async function () {
      const c = await seeded('immutable');
      const before = await c.findOne({ _id: 't1' });
      const list = await c.find({ status: 'open' });
      const snapshot = clone(before);
      const listSnapshot = clone(list);
      await c.updateOne({ _id: 't1' }, { $set: { title: 'Changed', 'seller.region': 'ch' }, $push: { tags: 'x' } });
      await c.updateMany({ status: 'open' }, { $inc: { price: 1 } });
      await c.replaceOne({ _id: 't2' }, { _id: 't2', title: 'Replaced' });
      await c.deleteOne({ _id: 't4' });
      expect(before).to.deep.equal(snapshot);
      expect(list).to.deep.equal(listSnapshot);
      expect((await c.findOne({ _id: 't1' }))?.title).to.equal('Changed');

      const mine = { _id: 'mine', nested: { n: 1 }, list: [1] };
      await c.insertOne(mine);
      const value = { deep: { n: 1 } };
      await c.updateOne({ _id: 'mine' }, { $set: { value } });
      mine.nested.n = 2;
      mine.list.push(2);
      value.deep.n = 2;
      expect(await c.findOne({ _id: 'mine' })).to.deep.equal({ _id: 'mine', nested: { n: 1 }, list: [1], value: { deep: { n: 1 } } });
    });

    it('lists collections and drops them', async function () {
      const c = await seeded('drop');
      const onlyIndexed = fresh('only-index');
      await onlyIndexed.createIndex({ status: 1 });
      const untouched = fresh('untouched');
      await untouched.findOne({});
      await untouched.updateOne({ _id: 'x' }, { $set: { a: 1 } });
      const names = await store.listCollections();
      expect(names).to.include.members([c.name, onlyIndexed.name]);
      expect(names).to.not.include(untouched.name);

      await c.drop();
      await onlyIndexed.drop();
      const remaining = await store.listCollections();
      expect(remaining).to.not.include(c.name);
      expect(remaining).to.not.include(onlyIndexed.name);
      expect(await c.find({})).to.deep.equal([]);
      await c.drop();

      await c.insertOne({ _id: 'again', status: 'open' });
      expect(await c.find({ status: 'open' })).to.deep.equal([{ _id: 'again', status: 'open' }]);
    });

    it('adds up the rate-limit counts of several instances (shared rate counts over this store)', async function () {
      const counts = fresh('rate_counts');
      const shared = documentRateCounts(store, counts.name);
      await shared.exchange([{ key: 'k', minute: 10, calls: 3 }], []);
      const totals = await shared.exchange(
        [{ key: 'k', minute: 10, calls: 4 }],
        [
          { key: 'k', minute: 10 },
          { key: 'other', minute: 10 },
        ],
      );
      expect(totals).to.deep.equal([{ key: 'k', minute: 10, calls: 7 }]);
      // Windows older than the previous minute are swept as minutes pass.
      await shared.exchange([{ key: 'k', minute: 12, calls: 1 }], [{ key: 'k', minute: 12 }]);
      expect(await counts.countDocuments({ minute: 10 })).to.equal(0);
    });
  });
}
