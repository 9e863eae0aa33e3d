import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStore } from '../../application/platform/ports/document-store';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/** A dedupe key as a file name: itself when it is safe as one (event ids are), else its digest. */
export function fileNameOf(key: string): string {
  return SAFE_NAME.test(key) ? key : createHash('sha256').update(key).digest('hex');
}

/** The dedupe keys of mails an SMTP server has taken: a reactor running an event again sends none twice. */
export interface SentMailKeys {
  has(key: string): Promise<boolean>;
  record(key: string): Promise<void>;
}

/** Embedded: one empty file per key in a folder of DATA_DIR (its read models live in memory, the keys must not). */
export function folderSentKeys(folder: string): SentMailKeys {
  const file = (key: string) => path.join(folder, fileNameOf(key));
  return {
    has: async (key) => {
      try {
        await fs.access(file(key));
        return true;
      } catch {
        return false;
      }
    },
    record: async (key) => {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(file(key), '');
    },
  };
}

/** With MongoDB: a collection every instance shares, so a mail one instance sent is not sent by another. */
export function documentSentKeys(docs: DocumentStore, name = 'mail_sent'): SentMailKeys {
  const collection = docs.collection(name);
  return {
    has: async (key) => (await collection.findOne({ _id: key })) !== null,
    record: async (key) => {
      await collection.updateOne({ _id: key }, { $setOnInsert: { sent_at: new Date().toISOString() } }, { upsert: true });
    },
  };
}
