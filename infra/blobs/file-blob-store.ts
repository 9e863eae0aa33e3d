import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Blob, BlobStore, assertBlobId } from '../../application/platform/ports/blob-store';

/** Bytes before the header: its length, so the file's own bytes follow it exactly. */
const LENGTH_BYTES = 4;

/**
 * Files under one folder (DATA_DIR/blobs in the embedded run), one file per id: a short JSON
 * header (the content type) before the bytes, so both are written by one rename. A file is
 * written beside its place under a random name, flushed, then renamed over it: a crash leaves
 * the old file or the new one whole, never half of one (and at worst a stray temporary file).
 */
export class FileBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private file(id: string): string {
    assertBlobId(id);
    return path.join(this.dir, `${id}.blob`);
  }

  async put(id: string, bytes: Buffer, contentType: string): Promise<void> {
    const target = this.file(id);
    await fs.mkdir(this.dir, { recursive: true });
    const header = Buffer.from(JSON.stringify({ contentType }), 'utf8');
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeUInt32BE(header.length);
    const temporary = `${target}.${randomBytes(8).toString('hex')}.tmp`;
    const handle = await fs.open(temporary, 'wx');
    try {
      await handle.writev([length, header, bytes]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(id: string): Promise<Blob | null> {
    let data: Buffer;
    try {
      data = await fs.readFile(this.file(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const headerLength = data.readUInt32BE(0);
    const { contentType } = JSON.parse(data.subarray(LENGTH_BYTES, LENGTH_BYTES + headerLength).toString('utf8')) as { contentType: string };
    const bytes = data.subarray(LENGTH_BYTES + headerLength);
    return { id, contentType, size: bytes.length, bytes };
  }

  async delete(id: string): Promise<boolean> {
    try {
      await fs.unlink(this.file(id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** Nothing is held open between calls. */
  async close(): Promise<void> {}
}
