import { type DepartureEntry, type ExtraCounts, extrasLeft, remainingPlaces } from '../../domain/departure';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { capacityOf } from '../../domain/calendar/schedule';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import { DEPARTURES, type DepartureDoc, entriesOf } from './doc';

export type { DepartureDoc } from './doc';
import { departureStream } from '../../domain/departure';

/** Places left at starts, read from the departures projection. */
export class DepartureReads {
  constructor(private readonly docs: DocumentStore) {}

  /**
   * One start as a quote needs it, from one read of its document: whether it was called off, the
   * places left (null for free sale) and the units left of the option's stocked extras (extras.ts).
   */
  async startAt(
    option: OptionDefinition,
    start: string,
    stock: ExtraCounts,
    now: Date,
  ): Promise<{ calledOff: boolean; remaining: number | null; extrasLeft: ExtraCounts; recorded: boolean }> {
    const doc = await this.docs.collection<DepartureDoc>(DEPARTURES).findOne({ _id: departureStream(option.id, start) });
    const capacity = capacityOf(option);
    return {
      calledOff: doc?.called_off === true,
      remaining: capacity === null ? null : remainingPlaces(entriesOf(doc), capacity, now),
      extrasLeft: Object.keys(stock).length === 0 ? {} : extrasLeft(entriesOf(doc), stock, now),
      // Whether anything was recorded at this start yet, as far as the read model has seen.
      recorded: doc !== null,
    };
  }

  /** Whether the seller called this start off (it does not run). */
  async calledOff(optionId: string, start: string): Promise<boolean> {
    const doc = await this.docs.collection<DepartureDoc>(DEPARTURES).findOne({ _id: departureStream(optionId, start) });
    return doc?.called_off === true;
  }

  /** Every start of the option that has entries, by start. */
  async entriesByStart(optionId: string, fromStart: string, toStart: string): Promise<Map<string, Record<string, DepartureEntry>>> {
    const docs = await this.docs.collection<DepartureDoc>(DEPARTURES).find({ option_id: optionId, start: { $gte: fromStart, $lte: toStart } });
    return new Map(docs.map((d) => [d.start, entriesOf(d) ?? {}]));
  }

  /** A month (or any range) of the option's starts as the calendar needs them: entries by start, and the starts called off. */
  async startsBetween(
    optionId: string,
    fromStart: string,
    toStart: string,
  ): Promise<{ entries: Map<string, Record<string, DepartureEntry>>; calledOff: Set<string> }> {
    const docs = await this.docs.collection<DepartureDoc>(DEPARTURES).find({ option_id: optionId, start: { $gte: fromStart, $lte: toStart } });
    return {
      entries: new Map(docs.map((d) => [d.start, entriesOf(d) ?? {}])),
      calledOff: new Set(docs.filter((d) => d.called_off === true).map((d) => d.start)),
    };
  }
}
