import type { Doc } from '../../application/platform/ports/document-store';
import type { DepartureEntry } from '../../domain/departure';

/** The departures read model's collection: one document per start of an option. */
export const DEPARTURES = 'departures';

export interface DepartureDoc extends Doc {
  option_id: string;
  start: string;
  /** The capacity the departure recorded; absent on streams written before it was. */
  capacity?: number | null;
  entries: Record<string, DepartureEntry>;
  /** The seller called this start off: it is closed for sale. Absent otherwise. */
  called_off?: boolean;
}
