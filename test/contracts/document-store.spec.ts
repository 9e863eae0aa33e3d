import { MongoServerSelectionError } from 'mongodb';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { MongoDocumentStore } from '../../infra/documents/mongo-document-store';
import { documentStoreContract } from './document-store.contract';

const REACH_TIMEOUT_MS = 5000;

documentStoreContract('memory', async () => new MemoryDocumentStore());

const url = process.env.MONGODB_URL;

if (!url) {
  describe('DocumentStore contract: MongoDB', function () {
    it('runs against the server at MONGODB_URL', function () {
      console.log('  skipped: MONGODB_URL is not set, MongoDB contract not run');
      this.skip();
    });
  });
} else {
  const connect = () => MongoDocumentStore.connect(url, undefined, { serverSelectionTimeoutMS: REACH_TIMEOUT_MS });

  describe('MongoDB at MONGODB_URL', function () {
    before(async function () {
      this.timeout(REACH_TIMEOUT_MS * 2);
      let probe: MongoDocumentStore;
      try {
        probe = await connect();
      } catch (error) {
        // Only an unreachable server is a reason to skip; any other failure (auth, bad URL) must fail.
        if (!(error instanceof MongoServerSelectionError)) throw error;
        console.log(`  skipped: MongoDB at MONGODB_URL not reachable within ${REACH_TIMEOUT_MS / 1000} s (${error.message}), MongoDB contract not run`);
        this.skip();
      }
      await probe.close();
    });

    documentStoreContract('MongoDB', connect, (store) => store.close());
  });
}
