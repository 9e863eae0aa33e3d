import { expect } from 'chai';
import type { BlobStore } from '../../application/platform/ports/blob-store';

/** The BlobStore port's promises, run against every adapter. */
export function blobStoreContract<S extends BlobStore>(name: string, open: () => Promise<S>, close: (store: S) => Promise<void> = async () => undefined): void {
  describe(`BlobStore contract: ${name}`, function () {
    this.timeout(20_000);
    let store: S;
    const unique = () => `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}`;

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await close(store);
    });

    it('gives back the bytes it was given, with their content type and size', async () => {
      const id = unique();
      const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x0a, 0x0d]);
      await store.put(id, bytes, 'application/pdf');
      const blob = await store.get(id);
      expect(blob).to.not.equal(null);
      expect(blob).to.deep.include({ id, contentType: 'application/pdf', size: bytes.length });
      expect(Buffer.compare(blob!.bytes, bytes)).to.equal(0);
    });

    it('keeps a large file whole (several megabytes, every byte value)', async () => {
      const id = unique();
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
      await store.put(id, bytes, 'image/png');
      const blob = await store.get(id);
      expect(blob?.size).to.equal(bytes.length);
      expect(Buffer.compare(blob!.bytes, bytes)).to.equal(0);
    });

    it('keeps an empty file', async () => {
      const id = unique();
      await store.put(id, Buffer.alloc(0), 'application/octet-stream');
      expect(await store.get(id)).to.deep.include({ size: 0, contentType: 'application/octet-stream' });
    });

    it('answers null for an id it does not hold', async () => {
      expect(await store.get(unique())).to.equal(null);
    });

    it('replaces a file put again under the same id', async () => {
      const id = unique();
      await store.put(id, Buffer.from('first, longer content'), 'application/pdf');
      await store.put(id, Buffer.from('second'), 'image/jpeg');
      const blob = await store.get(id);
      expect(blob).to.deep.include({ contentType: 'image/jpeg', size: 6 });
      expect(blob!.bytes.toString()).to.equal('second');
    });

    it('deletes a file (true), then has none (null; deleting again is false)', async () => {
      const id = unique();
      await store.put(id, Buffer.from('x'), 'image/webp');
      expect(await store.delete(id)).to.equal(true);
      expect(await store.get(id)).to.equal(null);
      expect(await store.delete(id)).to.equal(false);
    });

    it('keeps files apart by id', async () => {
      const [a, b] = [unique(), unique()];
      await store.put(a, Buffer.from('a'), 'image/png');
      await store.put(b, Buffer.from('bb'), 'image/jpeg');
      expect((await store.get(a))?.bytes.toString()).to.equal('a');
      expect((await store.get(b))?.bytes.toString()).to.equal('bb');
    });

    it('refuses an id that could name a path or is not plain', async () => {
      for (const id of ['../escape', 'a/b', '', 'a b', 'x'.repeat(201)]) {
        let failed = false;
        try {
          await store.put(id, Buffer.from('x'), 'image/png');
        } catch {
          failed = true;
        }
        expect(failed, JSON.stringify(id)).to.equal(true);
      }
    });
  });
}
