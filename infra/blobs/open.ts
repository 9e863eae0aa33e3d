import path from 'node:path';
import type { BlobStore } from '../../application/platform/ports/blob-store';
import type { Config } from '../config';
import { FileBlobStore } from './file-blob-store';
import { GridFsBlobStore } from './gridfs-blob-store';

/** The blob store configuration names, as the document store is chosen: MongoDB GridFS with MONGODB_URL, else files under DATA_DIR/blobs. */
export async function openBlobStore(config: Pick<Config, 'mongodbUrl' | 'dataDir'>): Promise<BlobStore & { close(): Promise<void> }> {
  return config.mongodbUrl ? GridFsBlobStore.connect(config.mongodbUrl) : new FileBlobStore(path.join(config.dataDir, 'blobs'));
}
