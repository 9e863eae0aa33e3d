import type { Doc } from '../../application/platform/ports/document-store';
import type { DepartureEntry } from '../../domain/departure';

/**
 * The departures read model's collection: one document per start of an option. Named anew when
 * its documents changed shape (entries spread over buckets), so a read model kept in MongoDB is
 * built again from the log rather than read in the old shape.
 */
export const DEPARTURES = 'departure_places';

/**
 * A start's live entries are spread over this many buckets by their ref. The embedded document
 * store copies every object on the path it changes (readers keep the version they read), so a
 * start with 1,500 live holds had all of them copied for every hold; now a write copies one bucket.
 */
const ENTRY_BUCKETS = 64;

export interface DepartureDoc extends Doc {
  option_id: string;
  start: string;
  /** The capacity the departure recorded; absent on streams written before it was. */
  capacity?: number | null;
  /** Live entries (held and booked places) by bucket (entryPath), then by ref: read them with entriesOf. */
  entries?: Record<string, Record<string, DepartureEntry>>;
  /** The seller called this start off: it is closed for sale. Absent otherwise. */
  called_off?: boolean;
}

/** Where a ref's entry is kept in its start's document. */
export function entryPath(ref: string): string {
  let hash = 0;
  for (let i = 0; i < ref.length; i++) hash = (hash * 31 + ref.charCodeAt(i)) >>> 0;
  return `entries.b${hash % ENTRY_BUCKETS}.${ref}`;
}

/** A start's live entries by ref, gathered from its buckets once per stored version of the document. */
export function entriesOf(doc: Readonly<DepartureDoc> | null | undefined): Readonly<Record<string, DepartureEntry>> | undefined {
  if (!doc?.entries) return undefined;
  let entries = GATHERED.get(doc);
  if (!entries) GATHERED.set(doc, (entries = Object.assign({}, ...Object.values(doc.entries)) as Record<string, DepartureEntry>));
  return entries;
}

const GATHERED = new WeakMap<Readonly<DepartureDoc>, Record<string, DepartureEntry>>();
