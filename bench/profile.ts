/**
 * BENCH_PROFILE=<text>: the measured run whose name contains <text> is CPU-profiled, and the profile
 * written to BENCH_PROFILE_DIR (default: the working folder) as <run name>.cpuprofile, for Chrome's
 * DevTools or any .cpuprofile reader. The profiler is on only for that run: setup work stays out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

const WANTED = process.env.BENCH_PROFILE ?? '';
const DIR = process.env.BENCH_PROFILE_DIR ?? process.cwd();

/**
 * CPU time this process spent per request in each measured run, in microseconds: the engine, the
 * load generator and the bare server share the process, so it compares runs even when other work
 * on the machine makes requests per second jump about.
 */
export const cpuPerRequest = new Map<string, number>();

export async function profiled<T extends { requests: { total: number } }>(name: string, run: () => Promise<T>): Promise<T> {
  const before = process.cpuUsage();
  const result = await profiledRun(name, run);
  const used = process.cpuUsage(before);
  if (result.requests.total > 0) cpuPerRequest.set(name, (used.user + used.system) / result.requests.total);
  return result;
}

async function profiledRun<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (WANTED === '' || !name.includes(WANTED)) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(DIR, `${name.replace(/[^\w.-]+/g, '_')}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`  profile of ${name}: ${file}`);
  }
}
