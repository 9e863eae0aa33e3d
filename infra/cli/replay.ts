import { isDeepStrictEqual } from 'node:util';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { EventStore } from '../../application/platform/ports/event-store';
import { ProjectionRunner } from '../../application/platform/processing/runner';
import { PROJECTORS } from '../engine';
import { runCommand } from './run';

export interface ReplayReport {
  collection: string;
  live: number;
  rebuilt: number;
  differing: string[];
}

/**
 * Rebuilds every projection from position zero into fresh collections (prefixed) and
 * compares them document by document with the live ones.
 */
export async function replay(events: EventStore, docs: DocumentStore, prefix = `replay_${Date.now()}_`): Promise<ReplayReport[]> {
  const rebuilt = new ProjectionRunner(events, docs, PROJECTORS, prefix);
  await rebuilt.start();
  await rebuilt.catchUp(600_000);
  await rebuilt.stop();
  const reports: ReplayReport[] = [];
  for (const name of PROJECTORS.flatMap((p) => Object.keys(p.collections))) {
    const live = await docs.collection(name).find({});
    const fresh = await docs.collection(prefix + name).find({});
    const byId = new Map(fresh.map((d) => [d._id, d]));
    const ids = new Set([...live.map((d) => d._id), ...byId.keys()]);
    const liveById = new Map(live.map((d) => [d._id, d]));
    const differing = [...ids].filter((id) => !isDeepStrictEqual(JSON.parse(JSON.stringify(liveById.get(id) ?? null)), JSON.parse(JSON.stringify(byId.get(id) ?? null))));
    reports.push({ collection: name, live: live.length, rebuilt: fresh.length, differing });
    await docs.collection(prefix + name).drop();
  }
  await docs.collection(`${prefix}checkpoints`).drop();
  return reports;
}

if (require.main === module) {
  runCommand('replay', async ({ events, docs }) => {
    // Embedded read models live in memory: build the live set the way the service does at boot.
    const live = new ProjectionRunner(events, docs, PROJECTORS);
    await live.start();
    await live.catchUp(600_000);
    await live.stop();
    const reports = await replay(events, docs);
    let equal = true;
    for (const r of reports) {
      const same = r.differing.length === 0;
      equal &&= same;
      process.stdout.write(`${same ? 'equal    ' : 'DIFFERENT'}  ${r.collection}: live ${r.live}, rebuilt ${r.rebuilt}${same ? '' : `, differing ids: ${r.differing.slice(0, 20).join(', ')}`}\n`);
    }
    process.stdout.write(equal ? 'replay: every projection equals its rebuild from the log\n' : 'replay: projections differ from their rebuild\n');
    process.exitCode = equal ? 0 : 1;
  });
}
