import { Blob, BlobStore, assertBlobId } from '../../application/platform/ports/blob-store';

/** Files in this process's memory: for tests of use cases that keep files, never for a running service. */
export class MemoryBlobStore implements BlobStore {
  private readonly files = new Map<string, { contentType: string; bytes: Buffer }>();

  async put(id: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobId(id);
    this.files.set(id, { contentType, bytes: Buffer.from(bytes) });
  }

  async get(id: string): Promise<Blob | null> {
    assertBlobId(id);
    const file = this.files.get(id);
    return file ? { id, contentType: file.contentType, size: file.bytes.length, bytes: Buffer.from(file.bytes) } : null;
  }

  async delete(id: string): Promise<boolean> {
    assertBlobId(id);
    return this.files.delete(id);
  }

  async close(): Promise<void> {}
}
