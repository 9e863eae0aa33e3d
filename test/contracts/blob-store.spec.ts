import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { MongoServerSelectionError } from 'mongodb';
import { FileBlobStore } from '../../infra/blobs/file-blob-store';
import { GridFsBlobStore } from '../../infra/blobs/gridfs-blob-store';
import { MemoryBlobStore } from '../../infra/blobs/memory-blob-store';
import { blobStoreContract } from './blob-store.contract';

const REACH_TIMEOUT_MS = 5000;

const dirs: string[] = [];
blobStoreContract('files', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-test-'));
  dirs.push(dir);
  return new FileBlobStore(path.join(dir, 'blobs'));
});
blobStoreContract('memory (tests)', async () => new MemoryBlobStore());
after(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('FileBlobStore', () => {
  it('writes through a temporary file renamed into place: only finished files are left in the folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-test-'));
    dirs.push(dir);
    const store = new FileBlobStore(dir);
    await Promise.all([1, 2, 3].map((n) => store.put('same', Buffer.alloc(100_000 * n, n), 'image/png')));
    expect(fs.readdirSync(dir)).to.deep.equal(['same.blob']);
    const blob = await store.get('same');
    expect([100_000, 200_000, 300_000]).to.include(blob?.size);
    expect(blob!.bytes.every((b) => b === blob!.size / 100_000)).to.equal(true);
  });
});

const url = process.env.MONGODB_URL;

if (!url) {
  describe('BlobStore contract: GridFS', function () {
    it('runs against the server at MONGODB_URL', function () {
      console.log('  skipped: MONGODB_URL is not set, GridFS blob contract not run');
      this.skip();
    });
  });
} else {
  const connect = () => GridFsBlobStore.connect(url, { serverSelectionTimeoutMS: REACH_TIMEOUT_MS });

  describe('GridFS at MONGODB_URL', function () {
    before(async function () {
      this.timeout(REACH_TIMEOUT_MS * 2);
      let probe: GridFsBlobStore;
      try {
        probe = await connect();
      } catch (error) {
        // Only an unreachable server is a reason to skip; any other failure (auth, bad URL) must fail.
        if (!(error instanceof MongoServerSelectionError)) throw error;
        console.log(`  skipped: MongoDB at MONGODB_URL not reachable within ${REACH_TIMEOUT_MS / 1000} s (${error.message}), GridFS blob contract not run`);
        this.skip();
      }
      await probe.close();
    });

    blobStoreContract('GridFS', connect, (store) => store.close());
  });
}
