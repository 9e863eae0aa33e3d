import { expect } from 'chai';
import sinon from 'sinon';
import { EXPIRY_BATCH_SIZE, expireHolds, expireHoldsJob } from '../../../application/booking/jobs/expire-holds';
import type { CommandHandler } from '../../../application/platform/command-handler';
import type { Platform } from '../../../application/platform/platform';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';

const now = new Date('2027-03-01T12:00:00.000Z');

/** Holds whose time ran out, as the holds read model shows them to the sweep. */
async function dueHolds(count: number): Promise<MemoryDocumentStore> {
  const docs = new MemoryDocumentStore();
  for (let i = 0; i < count; i++) {
    await docs.collection('holds').insertOne({
      _id: `TP-${String(i).padStart(4, '0')}`,
      status: 'on_hold',
      hold_expires_at: '2027-03-01T11:00:00.000Z',
      storefront_id: 'sf-1',
      option_id: 'opt-1',
      start: '2027-03-20T09:00',
    });
  }
  return docs;
}

/** A command handler that decides every expiry and release as "nothing to do". */
function commandsThatSettle(onHandle: () => void = () => undefined) {
  const handle = sinon.stub().callsFake(async () => {
    onHandle();
    return { events: [], state: { status: 'expired' }, position: 1 };
  });
  return { handle, commands: { handle } as unknown as CommandHandler };
}

describe('hold expiry', () => {
  it(`settles ${EXPIRY_BATCH_SIZE} holds at a time and lets other work run in between`, async () => {
    const docs = await dueHolds(250);
    const { handle, commands } = commandsThatSettle();
    // Stands in for requests: each turn of the event loop notes how many holds the sweep had settled by then.
    const seenByRequests: number[] = [];
    let sweeping = true;
    const request = () => {
      seenByRequests.push(handle.callCount);
      if (sweeping) setImmediate(request);
    };
    setImmediate(request);

    const swept = await expireHolds({ docs, commands, clock: { now: () => now } });
    sweeping = false;

    expect(swept).to.equal(250);
    expect(handle.callCount).to.equal(250);
    const steps = seenByRequests.slice(1).map((n, i) => n - seenByRequests[i]);
    expect(Math.max(...steps)).to.be.at.most(EXPIRY_BATCH_SIZE);
    expect(seenByRequests).to.include.members([100, 200]);
  });

  it('stops between two holds once its signal aborts', async () => {
    const docs = await dueHolds(250);
    const stopping = new AbortController();
    const { handle, commands } = commandsThatSettle(() => {
      if (handle.callCount === 150) stopping.abort();
    });

    const swept = await expireHolds({ docs, commands, clock: { now: () => now } }, undefined, stopping.signal);
    expect(swept).to.equal(150);
    expect(handle.callCount).to.equal(150);
  });

  it('runs as a job with the platform, logging each hold it could not settle', async () => {
    const docs = await dueHolds(3);
    const handle = sinon.stub().callsFake(async (stream: string) => {
      if (stream === 'hold-TP-0001') throw new Error('log unavailable');
      return { events: [], state: { status: 'expired' }, position: 1 };
    });
    const error = sinon.spy();
    const platform = {
      docs,
      commands: { handle } as unknown as CommandHandler,
      clock: { now: () => now },
      log: { info: sinon.spy(), error },
    } as unknown as Platform;

    await expireHoldsJob.run(platform, new AbortController().signal);
    expect(handle.callCount).to.equal(3);
    expect(error.calledOnceWith('hold expiry failed', { ref: 'TP-0001', error: 'Error: log unavailable' })).to.equal(true);
  });
});
