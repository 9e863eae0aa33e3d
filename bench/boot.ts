/**
 * Boot time and memory with a generated catalog: seeds a data folder once (the demo catalog and a
 * marketplace of BENCH_TRIPS trips), then starts the engine on it in a fresh process, twice: time
 * until the projections are rebuilt and the search answers, and resident memory then.
 *
 *   npm run bench:boot                           (10,000 trips, goal: under 10 s)
 *   BENCH_TRIPS=1000 node dist/bench/boot.js
 *   BENCH_DATA_DIR=/tmp/catalog node dist/bench/boot.js   (seeds there unless seeded; kept afterwards)
 *   BENCH_CPU_PROF=/tmp/prof node dist/bench/boot.js      (a .cpuprofile of each boot there)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../infra/config';
import { createEngine, openStores } from '../infra/engine';
import { seedCatalogs } from '../infra/cli/seed';
import { GENERATED_KEY } from '../infra/seed/generated-catalog';
import { positiveEnv } from './settings';

const GOAL_SECONDS = 10;
const BOOTS = 2;

interface Boot {
  /** From the start of createEngine until it resolved: projections rebuilt from the log. */
  engineMs: number;
  /** Until GET /v1/public/search first answered 200 (the index built); null when it never did. */
  searchMs: number | null;
  searchStatus: number;
  rssMb: number;
  heapUsedMb: number;
  events: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** In the child: one boot, measured, printed as JSON on the last line of stdout. */
async function bootOnce(dataDir: string): Promise<void> {
  const started = performance.now();
  const quiet = { info: () => undefined, error: (message: string, fields?: Record<string, unknown>) => console.error(message, fields ?? '') };
  const engine = await createEngine({ ...loadConfig({}), dataDir, port: 0, logRequests: false }, { log: quiet });
  const engineMs = performance.now() - started;
  const server = engine.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/public/search?q=walk`;
  let searchMs: number | null = null;
  let searchStatus = 0;
  // The index may be built after the engine resolves: wait for it, at most the goal's time again.
  while (performance.now() - started < 2 * GOAL_SECONDS * 1000) {
    const res = await fetch(url, { headers: { 'Tp-Publishable-Key': GENERATED_KEY } });
    await res.arrayBuffer();
    searchStatus = res.status;
    if (res.status === 200) {
      searchMs = performance.now() - started;
      break;
    }
    if (res.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const memory = process.memoryUsage();
  const boot: Boot = {
    engineMs,
    searchMs,
    searchStatus,
    rssMb: mb(memory.rss),
    heapUsedMb: mb(memory.heapUsed),
    events: await engine.events.headPosition(),
  };
  server.close();
  server.closeAllConnections();
  await engine.close();
  process.stdout.write(`${JSON.stringify(boot)}\n`);
}

async function seed(dataDir: string, trips: number): Promise<void> {
  const started = performance.now();
  const stores = await openStores({ ...loadConfig({}), dataDir });
  try {
    const lines = await seedCatalogs(stores.events, stores.docs, { trips, seed: 1 }, new Date());
    console.log(`${lines.join('\n')}\nseeding took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await stores.events.close();
    await stores.docs.close();
  }
}

async function main(): Promise<number> {
  const trips = Math.round(positiveEnv('BENCH_TRIPS', 10_000));
  const given = process.env.BENCH_DATA_DIR;
  const dataDir = given || fs.mkdtempSync(path.join(os.tmpdir(), 'bench-boot-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  try {
    await seed(dataDir, trips);
    const boots: Boot[] = [];
    for (let i = 0; i < BOOTS; i++) {
      // A fresh process each time: nothing warmed, and its memory is the boot's own.
      const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      const out = execFileSync(process.execPath, [...flags, __filename, '--boot', dataDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      boots.push(JSON.parse(out.trim().split('\n').pop() as string) as Boot);
    }
    console.log(`\nboot with ${trips} generated trips (${boots[0].events + 1} events), ${BOOTS} boots, each in a fresh process:`);
    console.log('boot  engine s  search s  rss MB  heap MB');
    boots.forEach((b, i) => {
      const search = b.searchMs === null ? `${b.searchStatus}`.padStart(8) : (b.searchMs / 1000).toFixed(2).padStart(8);
      console.log(
        `${String(i + 1).padEnd(4)}  ${(b.engineMs / 1000).toFixed(2).padStart(8)}  ${search}  ${String(b.rssMb).padStart(6)}  ${String(b.heapUsedMb).padStart(7)}`,
      );
    });
    const slowest = Math.max(...boots.map((b) => b.searchMs ?? b.engineMs));
    console.log(`slowest boot ${(slowest / 1000).toFixed(2)} s (goal under ${GOAL_SECONDS} s)`);
    if (boots.some((b) => b.searchMs === null)) console.log(`search did not answer 200 (status ${boots.map((b) => b.searchStatus).join(', ')})`);
    return slowest < GOAL_SECONDS * 1000 ? 0 : 1;
  } finally {
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bootDir = process.argv[2] === '--boot' ? process.argv[3] : undefined;
(bootDir ? bootOnce(bootDir).then(() => 0) : main()).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
