import { randomBytes } from 'node:crypto';
import type { Doc, DocumentStore } from '../../application/platform/ports/document-store';
import type { EventStore } from '../../application/platform/ports/event-store';
import { ReadModelDigest, compareDigests, digestAt, readModelCollections } from '../../application/platform/processing/digest';
import { ProjectionRunner } from '../../application/platform/processing/runner';
import type { Config } from '../config';
import { PROJECTORS } from '../engine';
import { withProgress } from '../progress';
import { LogUpTo } from './log-up-to';
import { ReadModelServer } from './read-model-server';
import { ReplayReport, formatReports } from './replay-report';
import { runCommand } from './run';

/** Where the live read models are read from: the running server, or the store they are written to. */
interface LiveReadModels {
  document(collection: string, id: string): Promise<Doc | null>;
}

/** The collection of the projection runner's checkpoints (before any prefix). */
const CHECKPOINTS = 'checkpoints';
/** How often, and how far apart, the live projection is asked whether it reached the rebuild's position: 30 s in all. */
const LIVE_POLLS = 120;
const LIVE_POLL_MS = 250;
/** Reads of live read models that a busy service keeps moving ahead of the rebuild. */
const LIVE_ATTEMPTS = 5;
const REBUILD_TIMEOUT_MS = 3_600_000;

/** Every projection rebuilt from position zero into collections of its own, as far as it is told. */
class Rebuild {
  private readonly log: LogUpTo;
  private readonly runner: ProjectionRunner;

  private constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    prefix: string,
  ) {
    this.log = new LogUpTo(events);
    this.runner = new ProjectionRunner(this.log, docs, PROJECTORS, prefix);
  }

  static async start(events: EventStore, docs: DocumentStore, prefix: string): Promise<Rebuild> {
    const rebuild = new Rebuild(events, docs, prefix);
    await rebuild.runner.start();
    return rebuild;
  }

  async upTo(position: number): Promise<void> {
    const head = await this.events.headPosition();
    if (head < position) {
      throw new Error(`the live read models stand at log position ${position}, but this log ends at ${head}: is the server using another DATA_DIR?`);
    }
    this.log.raiseTo(position);
    const reached = await withProgress(
      'replay',
      () => this.runner.position,
      () => position,
      Promise.race([this.runner.waitFor(position, REBUILD_TIMEOUT_MS), this.log.failed]),
    );
    if (!reached) throw new Error(`the rebuild did not reach log position ${position} in ${REBUILD_TIMEOUT_MS / 60_000} minutes`);
  }

  /** Position of the last event each projector applied. */
  checkpoint(projector: string): number {
    return this.runner.checkpoint(projector);
  }

  async digest(): Promise<ReadModelDigest> {
    const names = readModelCollections(PROJECTORS);
    const read = await digestAt(
      this.docs,
      names.map((name) => this.runner.collectionName(name)),
      this.log.position,
    );
    if (!('digest' in read)) throw new Error(`the rebuild wrote past log position ${this.log.position}`);
    const collections = Object.fromEntries(names.map((name) => [name, read.digest.collections[this.runner.collectionName(name)]]));
    return { position: read.digest.position, collections };
  }

  document(collection: string, id: string): Promise<Doc | null> {
    return this.docs.collection(this.runner.collectionName(collection)).findOne({ _id: id });
  }

  async drop(): Promise<void> {
    await this.runner.stop();
    for (const name of [...readModelCollections(PROJECTORS), CHECKPOINTS]) await this.docs.collection(this.runner.collectionName(name)).drop();
  }
}

async function compare(live: ReadModelDigest, source: LiveReadModels, rebuild: Rebuild): Promise<ReplayReport[]> {
  const rebuilt = await rebuild.digest();
  const reports: ReplayReport[] = [];
  for (const comparison of compareDigests(live, rebuilt)) {
    const [id] = comparison.differing;
    const first =
      id === undefined ? undefined : { id, live: await source.document(comparison.collection, id), rebuilt: await rebuild.document(comparison.collection, id) };
    reports.push({ ...comparison, position: live.position, ...(first ? { first } : {}) });
  }
  return reports;
}

/**
 * Compares a rebuild from the log with the read models in `docs` that the service writes (MongoDB):
 * rebuilds up to the log's head, waits until the live projection has applied as much, and compares
 * both at that position; when the live documents have moved further meanwhile, the rebuild follows.
 * The rebuild goes into collections named with `prefix`, dropped afterwards.
 */
export async function replay(events: EventStore, docs: DocumentStore, prefix = `replay_${randomBytes(4).toString('hex')}_`): Promise<ReplayReport[]> {
  const rebuild = await Rebuild.start(events, docs, prefix);
  try {
    let position = await events.headPosition();
    for (let attempt = 0; attempt < LIVE_ATTEMPTS; attempt += 1) {
      await rebuild.upTo(position);
      await liveReached(docs, rebuild);
      const read = await digestAt(docs, readModelCollections(PROJECTORS), position);
      if ('digest' in read) return await compare(read.digest, { document: (c, id) => docs.collection(c).findOne({ _id: id }) }, rebuild);
      position = Math.max(read.newerThan, await events.headPosition());
    }
    throw new Error('the live read models kept moving ahead of the rebuild: try again when the service is quieter');
  } finally {
    await rebuild.drop();
  }
}

/** Compares a rebuild from the log with the read models of a running server, at the position the server reports. */
export async function replayAgainstServer(
  events: EventStore,
  docs: DocumentStore,
  server: Pick<ReadModelServer, 'digest' | 'document'>,
  prefix = 'replay_',
): Promise<ReplayReport[]> {
  const live = await server.digest();
  const rebuild = await Rebuild.start(events, docs, prefix);
  try {
    await rebuild.upTo(live.position);
    return await compare(live, server, rebuild);
  } finally {
    await rebuild.drop();
  }
}

/** Waits until every live projector has applied what its rebuild applied (its saved checkpoint reached the same event). */
async function liveReached(docs: DocumentStore, rebuild: Rebuild): Promise<void> {
  for (let poll = 1; ; poll += 1) {
    const saved = new Map((await docs.collection(CHECKPOINTS).find({})).map((c) => [c._id, Number(c.position)]));
    const behind = PROJECTORS.find((p) => (saved.get(p.name) ?? -1) < rebuild.checkpoint(p.name));
    if (!behind) return;
    if (poll >= LIVE_POLLS) {
      throw new Error(
        `the live projection ${behind.name} stands at log position ${saved.get(behind.name) ?? 'none'}, short of ${rebuild.checkpoint(behind.name)}: is the service running and caught up?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
  }
}

function serverUrl(config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return process.env.REPLAY_SERVER_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

if (require.main === module) {
  runCommand('replay', async ({ events, docs, config }) => {
    // Embedded read models live in the server's memory: only the server can show them.
    const reports = config.mongodbUrl ? await replay(events, docs) : await replayAgainstServer(events, docs, new ReadModelServer(serverUrl(config)));
    process.stdout.write(formatReports(reports));
    process.exitCode = reports.every((r) => r.differing.length === 0) ? 0 : 1;
  });
}
