import { DocumentStore, DuplicateKey } from '../ports/document-store';

/** Where a log reader keeps the position of the last event it has handled. */
export interface Checkpoints {
  /** The saved position, or null when this reader never saved one. */
  load(name: string): Promise<number | null>;
  /** Never moves a checkpoint back: several instances may save into one store. */
  save(name: string, position: number): Promise<void>;
}

/** Checkpoints as documents `{_id: name, position}` in one collection. */
export function documentCheckpoints(docs: DocumentStore, collection: string): Checkpoints {
  const checkpoints = () => docs.collection(collection);
  return {
    async load(name) {
      const saved = await checkpoints().findOne({ _id: name });
      return saved ? Number(saved.position) : null;
    },
    async save(name, position) {
      try {
        await checkpoints().updateOne({ _id: name, position: { $lt: position } }, { $set: { position } }, { upsert: true });
      } catch (error) {
        // The upsert found a newer checkpoint it may not touch and tried to insert a second one: the newer one stays.
        if (!(error instanceof DuplicateKey)) throw error;
      }
    },
  };
}
