import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Db, GridFSBucket, MongoClient, ObjectId } from 'mongodb';
import { Blob, BlobStore, assertBlobId } from '../../application/platform/ports/blob-store';

const DEFAULT_DATABASE = 'trips';
const BUCKET = 'blobs';

/** GridFS takes any `_id`; the driver's types name only ObjectId, so our string ids are passed through as one. */
const fileId = (id: string) => id as unknown as ObjectId;

interface FileDoc {
  _id: string;
  length: number;
  metadata?: { contentType?: string };
}

/** The database named in the URL path, as the document store picks it ('trips' when none). */
function databaseFromUrl(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

/**
 * Files in MongoDB GridFS (bucket `blobs`), under the caller's id as the file's `_id`, the content
 * type in its metadata. GridFS writes the file document after the last chunk, so a file is seen
 * whole or not at all; putting an id again first clears what an earlier or broken upload left.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName: BUCKET });
  }

  static async connect(url: string, options: { serverSelectionTimeoutMS?: number } = {}): Promise<GridFsBlobStore> {
    const client = new MongoClient(url, options.serverSelectionTimeoutMS === undefined ? {} : { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS });
    try {
      await client.connect();
    } catch (error) {
      await client.close();
      throw error;
    }
    return new GridFsBlobStore(client, client.db(databaseFromUrl(url)));
  }

  private async clear(id: string): Promise<boolean> {
    const files = await this.db.collection<FileDoc>(`${BUCKET}.files`).deleteOne({ _id: id });
    await this.db.collection(`${BUCKET}.chunks`).deleteMany({ files_id: id });
    return files.deletedCount > 0;
  }

  async put(id: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobId(id);
    await this.clear(id);
    await pipeline(Readable.from([bytes]), this.bucket.openUploadStreamWithId(fileId(id), id, { metadata: { contentType } }));
  }

  async get(id: string): Promise<Blob | null> {
    assertBlobId(id);
    const file = await this.db.collection<FileDoc>(`${BUCKET}.files`).findOne({ _id: id });
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(fileId(id))) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { id, contentType: file.metadata?.contentType ?? 'application/octet-stream', size: bytes.length, bytes };
  }

  async delete(id: string): Promise<boolean> {
    assertBlobId(id);
    return this.clear(id);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
