import { expect } from 'chai';
import { cancellationFollowUpsReactor } from '../../../application/manage-booking/reactors/cancellation-follow-ups';
import { cancellationMailReactor } from '../../../application/manage-booking/reactors/cancellation-mail';
import { documentCheckpoints } from '../../../application/platform/processing/checkpoints';
import type { Reactor } from '../../../application/platform/processing/reactor';
import { ReactorRunner } from '../../../application/platform/processing/reactor-runner';
import type { Mailer } from '../../../application/platform/ports/mailer';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { bookingPlaced } from '../../domain/fixtures';
import { recordingMailer, testPlatform } from '../test-platform';

const REF = 'TP-CNCL-0001';
const OPTION = 'opt-1';
const START = '2026-06-10T09:00';
const AT = '2026-05-01T10:00:00.000Z';
const NOW = new Date('2026-05-02T12:00:00.000Z');
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('after a cancellation (reactors)', () => {
  let events: SqliteEventStore;
  let docs: MemoryDocumentStore;

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    docs = new MemoryDocumentStore();
  });
  afterEach(() => events.close());

  /** A confirmed booking of 2 places, paid (or to pay on arrival), cancelled by its traveller with half refunded. */
  async function givenCancelled(payment: 'paid' | 'pay_on_arrival') {
    await events.append(
      `departure-${OPTION}-${START}`,
      [
        { type: 'DepartureOpened', data: { optionId: OPTION, start: START, capacity: 10 } },
        { type: 'PlacesHeld', data: { ref: REF, optionId: OPTION, start: START, places: 2, expiresAt: AT } },
        { type: 'PlacesBooked', data: { ref: REF } },
      ],
      'no_stream',
    );
    const paid = payment === 'paid' ? 10_000 : 0;
    await events.append(
      `payment-${REF}`,
      [
        {
          type: 'PaymentArranged',
          data: {
            ref: REF,
            method: payment === 'paid' ? null : 'pay_on_arrival',
            status: payment,
            dueAt: null,
            onArrival: payment === 'paid' ? null : usd(10_000),
            paid: usd(paid),
          },
        },
      ],
      'no_stream',
    );
    await events.append(
      `booking-${REF}`,
      [
        { type: 'BookingPlaced', data: { ...bookingPlaced({ ref: REF, optionId: OPTION, start: START, productId: 'gone' }) } },
        { type: 'BookingConfirmed', data: { ref: REF, at: AT } },
        { type: 'BookingCancelled', data: { ref: REF, by: 'traveller', refundPct: 50, refund: usd(paid / 2), reason: null, at: NOW.toISOString() } },
      ],
      'no_stream',
    );
    return (await events.readStream(`booking-${REF}`))[2];
  }

  /** Runs reactors over the log from its start, under fresh checkpoints (as after a crash before any was saved). */
  async function react(reactors: Reactor[], mailer: Mailer = recordingMailer()) {
    const checkpoints = documentCheckpoints(docs, `checkpoints_${Math.random()}`);
    for (const reactor of reactors) await checkpoints.save(reactor.name, -1);
    const runner = new ReactorRunner(events, checkpoints, reactors, testPlatform(events, docs, { mailer, clock: { now: () => NOW } }));
    await runner.start();
    expect(await runner.catchUp()).to.equal(true);
    await runner.stop();
  }

  const typesIn = async (stream: string) => (await events.readStream(stream)).map((e) => e.type);

  it('given a paid booking cancelled with half refunded, then its places go back on sale and half is refunded, once however often it runs', async () => {
    const cancellation = await givenCancelled('paid');
    await react([cancellationFollowUpsReactor]);
    await react([cancellationFollowUpsReactor]);
    const departure = await events.readStream(`departure-${OPTION}-${START}`);
    expect(departure.map((e) => e.type)).to.deep.equal(['DepartureOpened', 'PlacesHeld', 'PlacesBooked', 'PlacesReleased']);
    expect(departure[3].data).to.deep.equal({ ref: REF, why: 'cancelled' });
    const payment = await events.readStream(`payment-${REF}`);
    expect(payment.map((e) => e.type)).to.deep.equal(['PaymentArranged', 'PaymentRefunded']);
    expect(payment[1].data).to.deep.include({ refund: usd(5_000), refunded: usd(5_000) });
    // The follow-ups belong to the cancellation's request and name the cancellation as their cause.
    expect(departure[3].metadata).to.deep.include({ causationId: cancellation.id, at: NOW.toISOString() });
    expect(payment[1].metadata.causationId).to.equal(cancellation.id);
  });

  it('given a booking to pay on arrival, then nothing more is owed: the payment is cancelled, nothing refunded', async () => {
    await givenCancelled('pay_on_arrival');
    await react([cancellationFollowUpsReactor]);
    expect(await typesIn(`payment-${REF}`)).to.deep.equal(['PaymentArranged', 'PaymentCancelled']);
    expect(await typesIn(`departure-${OPTION}-${START}`)).to.include('PlacesReleased');
  });

  it('given a cancellation, then the lead gets one mail with the refund, keyed by the cancellation event', async () => {
    const cancellation = await givenCancelled('paid');
    const mailer = recordingMailer();
    await react([cancellationMailReactor], mailer);
    expect(mailer.sent).to.deep.equal([
      {
        mail: {
          to: 'ana@example.com',
          locale: 'en',
          subject: `Booking ${REF} cancelled`,
          text: `Your booking ${REF} (Old town walk, ${START}) is cancelled. Refund: 50.00 USD.`,
          booking: { ref: REF },
        },
        dedupeKey: cancellation.id,
      },
    ]);
  });

  it('given a mail server that fails, then the follow-ups still run: one reactor failing holds up no other', async () => {
    await givenCancelled('paid');
    const failing: Mailer = {
      send: async () => {
        throw new Error('mail server down');
      },
    };
    const checkpoints = documentCheckpoints(docs, 'checkpoints');
    for (const name of [cancellationMailReactor.name, cancellationFollowUpsReactor.name]) await checkpoints.save(name, -1);
    const runner = new ReactorRunner(
      events,
      checkpoints,
      [cancellationMailReactor, cancellationFollowUpsReactor],
      testPlatform(events, docs, { mailer: failing, clock: { now: () => NOW } }),
    );
    await runner.start();
    const head = await events.headPosition();
    expect(await runner.waitFor(cancellationFollowUpsReactor.name, head)).to.equal(true);
    expect(await typesIn(`payment-${REF}`)).to.deep.equal(['PaymentArranged', 'PaymentRefunded']);
    expect(await runner.waitFor(cancellationMailReactor.name, head, 50)).to.equal(false);
    await runner.stop();
  });
});
