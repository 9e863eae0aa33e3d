import type { DocumentStore } from '../../application/platform/ports/document-store';
import { PASSKEYS, PasskeyDoc } from './doc';

export type { PasskeyDoc } from './doc';

/** A traveller's passkeys on one storefront that still sign in, newest first. */
export function activePasskeys(docs: DocumentStore, storefrontId: string, email: string): Promise<Readonly<PasskeyDoc>[]> {
  return docs.collection<PasskeyDoc>(PASSKEYS).find({ email, storefront_id: storefrontId, removed: false }, { sort: { created_at: -1, _id: 1 } });
}
