import type { DocumentStore } from '../../application/platform/ports/document-store';
import { SAVED_TRIPS, type SavedTripEntry, type SavedTripsDoc, savedTripsId } from './doc';

export type { SavedTripEntry } from './doc';

/** Reads of the saved-trips read model. */
export class SavedTripsReads {
  constructor(private readonly docs: DocumentStore) {}

  /** The list of one traveller on one storefront, newest first; empty when nothing was ever saved. */
  async list(storefrontId: string, email: string): Promise<readonly SavedTripEntry[]> {
    const found = await this.docs.collection<SavedTripsDoc>(SAVED_TRIPS).findOne({ _id: savedTripsId(storefrontId, email) });
    return found?.trips ?? [];
  }
}
