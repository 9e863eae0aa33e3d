import { Doc, DocumentStore } from '../../application/platform/ports/document-store';
import { MemoryCollection } from './memory/collection';

/** The embedded read-model store: MongoDB's dialect over in-process collections of frozen documents. */
export class MemoryDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, MemoryCollection>();

  collection<T extends Doc = Doc>(name: string): MemoryCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new MemoryCollection(name)));
    return collection as unknown as MemoryCollection<T>;
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.values()].filter((c) => c.existing).map((c) => c.name);
  }

  async close(): Promise<void> {}
}
