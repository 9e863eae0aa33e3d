import { expect } from 'chai';
import sinon from 'sinon';
import { withProgress } from '../../infra/progress';

describe('progress of long work on a terminal', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => clock.restore());

  const output = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, isTTY, write: (text: string) => written.push(text) };
  };
  const work = () => {
    let finish: (value: string) => void = () => undefined;
    return { promise: new Promise<string>((resolve) => (finish = resolve)), finish: (value: string) => finish(value) };
  };

  it('redraws one line at most four times a second, then clears it, and answers what the work answers', async () => {
    const terminal = output(true);
    const job = work();
    let position = 12_344;
    const shown = withProgress(
      'catch-up',
      () => position,
      () => 50_000,
      job.promise,
      { output: terminal },
    );
    await clock.tickAsync(249);
    expect(terminal.written).to.deep.equal([]);
    position = 12_345;
    await clock.tickAsync(1);
    expect(terminal.written).to.deep.equal(['\rcatch-up: 12,345 / 50,000\x1b[K']);
    position = 50_000;
    await clock.tickAsync(750);
    expect(terminal.written).to.have.length(4);
    expect(terminal.written[3]).to.equal('\rcatch-up: 50,000 / 50,000\x1b[K');
    job.finish('done');
    expect(await shown).to.equal('done');
    expect(terminal.written.at(-1)).to.equal('\r\x1b[K');
  });

  it('shows nothing for work that ends before the first redraw', async () => {
    const terminal = output(true);
    const job = work();
    const shown = withProgress(
      'replay',
      () => -1,
      () => -1,
      job.promise,
      { output: terminal },
    );
    job.finish('quick');
    expect(await shown).to.equal('quick');
    await clock.tickAsync(1_000);
    expect(terminal.written).to.deep.equal([]);
  });

  it('writes nothing at all when the output is not a terminal (CI, logs)', async () => {
    const log = output(false);
    const job = work();
    const shown = withProgress(
      'seed',
      () => 10,
      () => 20,
      job.promise,
      { output: log },
    );
    await clock.tickAsync(5_000);
    job.finish('written');
    expect(await shown).to.equal('written');
    expect(log.written).to.deep.equal([]);
  });
});
