import type Database from 'better-sqlite3';

/** A stream's newest event: its revision and its position in the log. */
export interface StreamTip {
  revision: number;
  position: number;
}

/**
 * Where every stream's events are in the log, kept in memory and read from the log when it opens.
 *
 * An index of the log file on (stream, revision) would take one insert at a random place per
 * append (stream names are random: a hold's ref, an option and a start), and writing those index
 * pages was most of what a commit cost: holds ran a quarter faster without it. Positions only grow,
 * so the events any other connection appended are the ones after the newest position indexed.
 */
export class StreamIndex {
  /** The positions of each stream's events, by revision. */
  private readonly streams = new Map<string, number[]>();
  private newest = -1;

  constructor(private readonly selectLocationsAfter: Database.Statement<[number], [string, number, number]>) {
    this.catchUp();
  }

  /** The newest position indexed. */
  get head(): number {
    return this.newest;
  }

  /** Indexes the events appended after the newest one indexed: when the log opens, and after another connection wrote. */
  catchUp(): void {
    for (const [streamId, revision, position] of this.selectLocationsAfter.iterate(this.newest)) this.add(streamId, revision, position);
  }

  /** Indexes an event once its append has committed. */
  add(streamId: string, revision: number, position: number): void {
    let positions = this.streams.get(streamId);
    if (!positions) this.streams.set(streamId, (positions = []));
    positions[revision] = position;
    if (position > this.newest) this.newest = position;
  }

  tip(streamId: string): StreamTip | undefined {
    const positions = this.streams.get(streamId);
    if (!positions) return undefined;
    return { revision: positions.length - 1, position: positions[positions.length - 1] };
  }

  /** The positions of a stream's events from `fromRevision` on, oldest first. */
  positions(streamId: string, fromRevision: number): number[] {
    return this.streams.get(streamId)?.slice(Math.max(0, fromRevision)) ?? [];
  }
}
