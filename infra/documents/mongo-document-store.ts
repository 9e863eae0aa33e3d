import {
  Collection as DriverCollection,
  Db,
  MongoClient,
  MongoError,
  MongoOperationTimeoutError,
  MongoServerError,
  ObjectId,
  UpdateResult as DriverUpdateResult,
} from 'mongodb';
import {
  Collection,
  Doc,
  DocumentStore,
  DuplicateKey,
  Filter,
  FindOptions,
  StoreOverloaded,
  Update,
  UpdateResult,
} from '../../application/platform/ports/document-store';

export interface MongoDocumentStoreOptions {
  /** Connections per server; an operation waits up to 3 s for one, then fails with StoreOverloaded. */
  maxPoolSize?: number;
  /** How long connect and every operation look for a reachable server (driver default 30 s). */
  serverSelectionTimeoutMS?: number;
}

const DEFAULT_DATABASE = 'trips';
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

/** The database named in the URL path; the driver's own fallback ('test') is not ours. */
function databaseFromUrl(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

/** The driver does not export WaitQueueTimeoutError, so it is recognised by name. */
function isWaitQueueTimeout(error: unknown): boolean {
  if (!(error instanceof MongoError)) return false;
  if (error.name === 'MongoWaitQueueTimeoutError') return true;
  // With client-side operation timeouts (timeoutMS) the driver wraps the checkout failure.
  return error instanceof MongoOperationTimeoutError && error.cause instanceof Error && error.cause.name === 'MongoWaitQueueTimeoutError';
}

function translate(error: unknown, collection: string): unknown {
  if (isWaitQueueTimeout(error)) return new StoreOverloaded();
  if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
    return new DuplicateKey(collection, error.keyValue ? JSON.stringify(error.keyValue) : error.message);
  }
  return error;
}

function updateResult(result: DriverUpdateResult): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedCount: result.upsertedCount,
  };
}

function mentionsId(filter: Filter): boolean {
  return (
    '_id' in filter ||
    (Array.isArray(filter.$and) && filter.$and.some(mentionsId)) ||
    (Array.isArray(filter.$or) && filter.$or.length === 1 && mentionsId(filter.$or[0]))
  );
}

/**
 * Left alone, the server gives an upserted document without an `_id` in its filter or update an
 * ObjectId; the port promises string ids, so one is generated here as it is by the embedded store.
 */
function withStringId(filter: Filter, update: Update): Update {
  const set = update.$set as Record<string, unknown> | undefined;
  const onInsert = update.$setOnInsert as Record<string, unknown> | undefined;
  if (mentionsId(filter) || set?._id !== undefined || onInsert?._id !== undefined) return update;
  return { ...update, $setOnInsert: { ...onInsert, _id: new ObjectId().toHexString() } };
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(private readonly driver: DriverCollection<Doc>) {}

  get name(): string {
    return this.driver.collectionName;
  }

  createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    return this.run(async () => {
      await this.driver.createIndex(keys, options.unique === undefined ? {} : { unique: options.unique });
    });
  }

  findOne(filter: Filter, options: FindOptions = {}): Promise<Readonly<T> | null> {
    return this.run(() => this.driver.findOne(filter, options) as Promise<T | null>);
  }

  find(filter: Filter, options: FindOptions = {}): Promise<Readonly<T>[]> {
    return this.run(() => this.driver.find(filter, options).toArray() as Promise<T[]>);
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.run(() => this.driver.countDocuments(filter));
  }

  insertOne(doc: T): Promise<void> {
    return this.run(async () => {
      await this.driver.insertOne(doc);
    });
  }

  replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.run(async () => updateResult(await this.driver.replaceOne(filter, doc, { upsert: options.upsert ?? false })));
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const effective = upsert ? withStringId(filter, update) : update;
    return this.run(async () => updateResult(await this.driver.updateOne(filter, effective, { upsert })));
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.run(async () => updateResult(await this.driver.updateMany(filter, update)));
  }

  deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.run(async () => ({ deletedCount: (await this.driver.deleteOne(filter)).deletedCount }));
  }

  deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    return this.run(async () => ({ deletedCount: (await this.driver.deleteMany(filter)).deletedCount }));
  }

  drop(): Promise<void> {
    return this.run(async () => {
      try {
        await this.driver.drop();
      } catch (error) {
        // Servers before 7.0 refuse to drop a collection that does not exist; MongoDB's drop is idempotent since.
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
    });
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (error) {
      throw translate(error, this.name);
    }
  }
}

export class MongoDocumentStore implements DocumentStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects and waits until a server answers; the database defaults to the URL's path, else 'trips'. */
  static async connect(url: string, dbName?: string, options: MongoDocumentStoreOptions = {}): Promise<MongoDocumentStore> {
    const client = new MongoClient(url, {
      maxPoolSize: options.maxPoolSize ?? 20,
      waitQueueTimeoutMS: 3000,
      ...(options.serverSelectionTimeoutMS !== undefined && { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS }),
    });
    try {
      await client.connect();
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoDocumentStore(client, client.db(dbName ?? databaseFromUrl(url)));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection<Doc>(name));
  }

  async listCollections(): Promise<string[]> {
    try {
      const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
      return infos.map((info) => info.name).filter((name) => !name.startsWith('system.'));
    } catch (error) {
      throw translate(error, '');
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
