import cron, { ScheduledTask } from 'node-cron';
import type { Platform } from '../application/platform/platform';
import type { Logger } from '../application/platform/ports/logger';
import type { Job } from '../application/platform/processing/job';

export interface ScheduledJobs {
  /** No job starts after this; running ones are told to stop and awaited. */
  stop(): Promise<void>;
}

/** Runs each job on its node-cron schedule, never two runs of one job at once. */
export function scheduleJobs(jobs: readonly Job[], platform: Platform, log: Logger): ScheduledJobs {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();

  const runOnce = (job: Job): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve();
    const run = job.run(platform, stopping.signal).catch((error: unknown) => {
      log.error('job failed', { job: job.name, error: String(error) });
    });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };

  const tasks: ScheduledTask[] = jobs.map((job) => cron.schedule(job.schedule, () => runOnce(job), { name: job.name, noOverlap: true }));

  return {
    async stop() {
      stopping.abort();
      await Promise.all(tasks.map((task) => task.stop()));
      await Promise.all(running);
    },
  };
}
