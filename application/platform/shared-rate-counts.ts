import type { DocumentStore } from './ports/document-store';

/** Calls one instance counted in one window of one minute since it last shared them. */
export interface RateDelta {
  key: string;
  minute: number;
  calls: number;
}

/** What every instance counted in a window of one minute, as the shared store holds it. */
export interface RateTotal {
  key: string;
  minute: number;
  calls: number;
}

/** Where the instances behind one deployment add up their rate-limit counts (spec part 8). */
export interface SharedRateCounts {
  /** Adds this instance's new calls and answers the totals of the windows named, everyone's calls included. */
  exchange(deltas: readonly RateDelta[], windows: readonly { key: string; minute: number }[]): Promise<RateTotal[]>;
}

interface CountDoc {
  _id: string;
  key: string;
  minute: number;
  calls: number;
  [field: string]: unknown;
}

const idOf = (key: string, minute: number): string => `${minute}|${key}`;

/**
 * Shared counts kept in the read-model store (MongoDB in production): one document per key and
 * minute, raised with $inc so instances never overwrite each other. Minutes before the previous one
 * are deleted as they pass, so the collection holds two minutes of windows at most.
 */
export function documentRateCounts(docs: DocumentStore, collection = 'rate_limit_counts'): SharedRateCounts {
  const counts = docs.collection<CountDoc>(collection);
  let swept = -1;
  return {
    async exchange(deltas, windows) {
      await Promise.all(
        deltas
          .filter((d) => d.calls > 0)
          .map((d) =>
            counts.updateOne({ _id: idOf(d.key, d.minute) }, { $inc: { calls: d.calls }, $setOnInsert: { key: d.key, minute: d.minute } }, { upsert: true }),
          ),
      );
      const current = Math.max(-1, ...windows.map((w) => w.minute));
      if (current > swept + 1 && current > 0) {
        swept = current - 1;
        await counts.deleteMany({ minute: { $lt: swept } });
      }
      if (windows.length === 0) return [];
      const found = await counts.find({ _id: { $in: windows.map((w) => idOf(w.key, w.minute)) } });
      return found.map((doc) => ({ key: doc.key, minute: doc.minute, calls: doc.calls }));
    },
  };
}
