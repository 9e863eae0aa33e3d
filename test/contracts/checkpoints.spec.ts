import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Checkpoints, documentCheckpoints } from '../../application/platform/processing/checkpoints';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { FileCheckpoints } from '../../infra/file-checkpoints';

/** What the runner relies on from any place that keeps checkpoints. */
function checkpointsContract(adapter: string, open: () => { checkpoints: Checkpoints; reopen: () => Checkpoints }) {
  describe(`Checkpoints contract: ${adapter}`, () => {
    it('knows no position for a reader that never saved one', async () => {
      expect(await open().checkpoints.load('mail')).to.equal(null);
    });

    it("keeps each reader's position, and keeps it across a reopening", async () => {
      const { checkpoints, reopen } = open();
      await checkpoints.save('mail', 3);
      await checkpoints.save('follow-ups', 7);
      expect(await checkpoints.load('mail')).to.equal(3);
      const again = reopen();
      expect(await again.load('mail')).to.equal(3);
      expect(await again.load('follow-ups')).to.equal(7);
    });

    it('never moves a checkpoint back, also when saves overlap', async () => {
      const { checkpoints, reopen } = open();
      await Promise.all([checkpoints.save('mail', 5), checkpoints.save('mail', 9), checkpoints.save('mail', 2)]);
      await checkpoints.save('mail', 4);
      expect(await checkpoints.load('mail')).to.equal(9);
      expect(await reopen().load('mail')).to.equal(9);
    });
  });
}

checkpointsContract('documents', () => {
  const docs = new MemoryDocumentStore();
  return { checkpoints: documentCheckpoints(docs, 'reactor_checkpoints'), reopen: () => documentCheckpoints(docs, 'reactor_checkpoints') };
});

checkpointsContract('file', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-')), 'reactors.json');
  return { checkpoints: new FileCheckpoints(file), reopen: () => new FileCheckpoints(file) };
});
