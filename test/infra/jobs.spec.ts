import { expect } from 'chai';
import sinon from 'sinon';
import type { Platform } from '../../application/platform/platform';
import type { Logger } from '../../application/platform/ports/logger';
import type { Job } from '../../application/platform/processing/job';
import { scheduleJobs } from '../../infra/jobs';

const platform = {} as Platform;

/** A promise the test settles by hand. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('scheduled jobs', () => {
  let clock: sinon.SinonFakeTimers;
  let log: Logger;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: new Date('2027-01-01T00:00:30.000Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    log = { info: sinon.spy(), error: sinon.spy() };
    // node-cron warns on the console when it skips a run that would overlap.
    sinon.stub(console, 'warn');
  });

  afterEach(() => {
    clock.restore();
    sinon.restore();
  });

  it('runs a job on its schedule, never two runs of it at once', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const job: Job = {
      name: 'every-minute',
      schedule: '* * * * *',
      run: () => {
        runs.push(deferred());
        return runs[runs.length - 1].promise;
      },
    };
    const scheduled = scheduleJobs([job], platform, log);

    await clock.tickAsync(31_000);
    expect(runs).to.have.length(1);
    await clock.tickAsync(60_000);
    expect(runs, 'the first run is still going').to.have.length(1);
    runs[0].resolve();
    await clock.tickAsync(60_000);
    expect(runs).to.have.length(2);

    runs[1].resolve();
    await scheduled.stop();
  });

  it('stop() aborts the running job, waits for it, and starts no other', async () => {
    let signal: AbortSignal | undefined;
    let finished = false;
    let started = 0;
    const job: Job = {
      name: 'long',
      schedule: '* * * * *',
      run: async (_, s) => {
        started += 1;
        signal = s;
        await new Promise<void>((resolve) => s.addEventListener('abort', () => resolve()));
        await Promise.resolve();
        finished = true;
      },
    };
    const scheduled = scheduleJobs([job], platform, log);
    await clock.tickAsync(31_000);
    expect(started).to.equal(1);

    await scheduled.stop();
    expect(signal?.aborted).to.equal(true);
    expect(finished).to.equal(true);
    await clock.tickAsync(10 * 60_000);
    expect(started).to.equal(1);
  });

  it('logs a failed run and runs the job again next time', async () => {
    let runs = 0;
    const job: Job = {
      name: 'flaky',
      schedule: '* * * * *',
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('store unavailable');
      },
    };
    const scheduled = scheduleJobs([job], platform, log);
    await clock.tickAsync(31_000);
    await clock.tickAsync(60_000);
    expect(runs).to.equal(2);
    expect((log.error as sinon.SinonSpy).firstCall.args).to.deep.equal(['job failed', { job: 'flaky', error: 'Error: store unavailable' }]);
    await scheduled.stop();
  });
});
