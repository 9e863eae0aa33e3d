/**
 * Read models, in MongoDB's own query dialect: filters ({field: value},
 * $eq $ne $gt $gte $lt $lte $in $nin $exists $and $or $elemMatch, dotted paths),
 * update operators ($set $unset $inc $push $pull $addToSet $setOnInsert) and
 * sort/limit/skip/projection. Query code is written once for every adapter.
 *
 * Documents returned by reads must be treated as immutable: the embedded adapter
 * hands out frozen shared objects so that hot reads copy nothing.
 */

export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Inclusion projection, e.g. {title: 1}. `_id` is always returned. */
  projection?: Record<string, 1>;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  /** Idempotent. Equality lookups on an indexed field are answered without scanning. */
  createIndex(keys: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void>;
  findOne(filter: Filter, options?: FindOptions): Promise<Readonly<T> | null>;
  find(filter: Filter, options?: FindOptions): Promise<Readonly<T>[]>;
  countDocuments(filter?: Filter): Promise<number>;
  /** Throws DuplicateKey when `_id` (or a unique index) already exists. */
  insertOne(doc: T): Promise<void>;
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  drop(): Promise<void>;
}

export class DuplicateKey extends Error {
  constructor(
    readonly collection: string,
    readonly key: string,
  ) {
    super(`duplicate key in ${collection}: ${key}`);
    this.name = 'DuplicateKey';
  }
}

/** Every database connection stayed busy for the whole wait (spec: 503 Overloaded). */
export class StoreOverloaded extends Error {
  constructor() {
    super('no database connection became free in time');
    this.name = 'StoreOverloaded';
  }
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Names of the collections that exist (hold documents or indexes). */
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
}
