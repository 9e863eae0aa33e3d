/** A stored file: its bytes, the media type it was recognised as, and its size in bytes. */
export interface Blob {
  id: string;
  contentType: string;
  size: number;
  bytes: Buffer;
}

/**
 * Files the service keeps beside its events (receipts travellers upload). Ids are chosen by the
 * caller (letters, digits, `_` and `-`, up to 200): putting an id again replaces its file whole,
 * so a retried upload leaves one file. A file is written whole or not at all.
 */
export interface BlobStore {
  put(id: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this id. */
  get(id: string): Promise<Blob | null>;
  /** True when a file was removed; false when there was none. */
  delete(id: string): Promise<boolean>;
}

const BLOB_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Ids are used as file names and keys as they are, so only plain ones are taken (no path can be named). */
export function assertBlobId(id: string): void {
  if (!BLOB_ID.test(id)) throw new Error(`blob id ${JSON.stringify(id)} must be 1 to 200 letters, digits, _ or -`);
}
