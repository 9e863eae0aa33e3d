import { expect } from 'chai';
import { UpcastingEventStore } from '../../../application/platform/upcasting-event-store';
import type { EventStore, RecordedEvent } from '../../../application/platform/ports/event-store';
import { ProjectionRunner } from '../../../application/platform/processing/runner';
import { BookingDoc, bookingDocOf, bookingView } from '../../../application/booking/view';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { bookingsProjector } from '../../../projections/bookings/projector';
import { departuresProjector } from '../../../projections/departures/projector';
import { DEPARTURES, type DepartureDoc, entriesOf } from '../../../projections/departures/doc';
import { catalogProjector } from '../../../projections/catalog/projector';
import { bookingDecider, bookingStream } from '../../../domain/booking';
import { paidAmount, paymentDecider, paymentStream } from '../../../domain/payment';
import { holdDecider, holdStream } from '../../../domain/hold';
import { DepartureCommand, departureDecider, departureStream } from '../../../domain/departure';
import type { Decider, DomainEvent } from '../../../domain/shared/decider';
import { fold, given } from '../../domain/given-when-then';
import log from './fixtures/log-before-camelcase.json';

/**
 * The fixture is the log that the code before camelCase payloads wrote (commit e3c44d1) for a
 * booking paid when booking and cancelled with a refund, a booking paid on arrival and cancelled,
 * and a hold still on hold, with what that code answered for them. Recorded, not written by hand.
 */
const NOW = new Date('2026-11-22T08:05:00.000Z');
/** Fields the booking view gained after the log was recorded, as an old booking answers them. */
const ADDED_SINCE = { reject_code: null };
const OLD_NAMES = ['refund_pct', 'due_at', 'on_arrival', 'due_now'];

async function oldLog(): Promise<SqliteEventStore> {
  const store = new SqliteEventStore(':memory:');
  for (const e of log.events) {
    await store.append(e.streamId, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], e.revision === 0 ? 'no_stream' : e.revision - 1);
  }
  return store;
}

function oldNamesIn(event: RecordedEvent): string[] {
  const trip = (event.data.trip ?? {}) as Record<string, unknown>;
  return [...Object.keys(event.data).filter((k) => OLD_NAMES.includes(k)), ...('product_id' in trip ? ['trip.product_id'] : [])];
}

/** A stream's events as its decider's events: what the command handler folds. */
async function history<C, E extends DomainEvent, S>(store: EventStore, stream: string, _decider: Decider<C, E, S>): Promise<E[]> {
  return (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
}

async function folded<C, E extends DomainEvent, S>(store: EventStore, stream: string, decider: Decider<C, E, S>): Promise<S> {
  return fold(decider, await history(store, stream, decider));
}

describe('UpcastingEventStore: a log written before payloads were camelCase still loads', () => {
  let raw: SqliteEventStore;
  let store: UpcastingEventStore;
  const { paid, arrival, onHold, paidTrip } = log;

  beforeEach(async () => {
    raw = await oldLog();
    store = new UpcastingEventStore(raw);
  });
  afterEach(() => store.close());

  it('leaves the log as it was written: the store underneath keeps the old names', async () => {
    const cancelled = (await raw.readStream(bookingStream(paid.ref))).find((e) => e.type === 'BookingCancelled');
    expect(cancelled?.data).to.include({ refund_pct: 100 });
    const arranged = (await raw.readStream(paymentStream(arrival.ref))).find((e) => e.type === 'PaymentArranged');
    expect(arranged?.data).to.deep.include({ due_at: null, on_arrival: { amount: 14558, currency: 'EUR' } });
  });

  it('answers every read in the current shape: readStream, readAll and subscribeToAll', async () => {
    const all = await store.readAll(-1);
    expect(all).to.have.length(log.events.length);
    expect(all.flatMap(oldNamesIn)).to.deep.equal([]);
    const streamed: RecordedEvent[] = [];
    for (const id of new Set(log.events.map((e) => e.streamId))) streamed.push(...(await store.readStream(id)));
    expect(streamed.flatMap(oldNamesIn)).to.deep.equal([]);
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(-1, (e) => {
      delivered.push(e);
    });
    while (delivered.length < log.events.length) await new Promise((resolve) => setImmediate(resolve));
    await subscription.close();
    expect(delivered.flatMap(oldNamesIn)).to.deep.equal([]);

    const byType = (type: string, ref: string) => all.find((e) => e.type === type && e.data.ref === ref)?.data;
    expect(byType('BookingCancelled', paid.ref)).to.include({ refundPct: 100 });
    expect(byType('BookingPlaced', paid.ref)?.trip).to.deep.include({ productId: paidTrip.productId });
    expect(byType('PaymentArranged', arrival.ref)).to.deep.include({ method: 'pay_on_arrival', dueAt: null, onArrival: { amount: 14558, currency: 'EUR' } });
    expect(byType('PaymentArranged', paid.ref)).to.deep.include({ method: null, dueAt: null, onArrival: null, paid: { amount: 9000, currency: 'USD' } });
  });

  it('folds the old streams into the state the deciders decide on', async () => {
    const booking = await folded(store, bookingStream(paid.ref), bookingDecider);
    expect(booking).to.deep.include({ status: 'cancelled', cancellation: { by: 'traveller', refundPct: 100, refund: { amount: 9000, currency: 'USD' } } });
    given(bookingDecider, await history(store, bookingStream(paid.ref), bookingDecider))
      .when({ type: 'CancelBooking', by: 'traveller', paid: 0, reason: null, now: NOW })
      .thenRefused('Conflict', { reason: 'booking_not_confirmed' });

    const payment = await folded(store, paymentStream(paid.ref), paymentDecider);
    expect(payment).to.deep.include({ status: 'refunded', dueAt: null, onArrival: null });
    expect(paidAmount(payment)).to.equal(0);
    expect(paymentDecider.decide({ type: 'RefundPayment', ref: paid.ref, refund: { amount: 9000, currency: 'USD' }, now: NOW }, payment)).to.deep.equal([]);

    const onArrival = await folded(store, paymentStream(arrival.ref), paymentDecider);
    expect(onArrival).to.deep.include({ status: 'cancelled', method: 'pay_on_arrival', dueAt: null, onArrival: null });

    const hold = await folded(store, holdStream(onHold.ref), holdDecider);
    expect(hold.status).to.equal('on_hold');
  });

  it('opens a departure written before capacities were recorded, counting the places still held there', async () => {
    const departure = await folded(store, departureStream(paidTrip.optionId, paidTrip.start), departureDecider);
    expect(departure).to.deep.include({ opened: false });
    const hold = (places: number): DepartureCommand => ({
      type: 'HoldPlaces',
      ref: 'TP-NEWW-HOLD',
      optionId: paidTrip.optionId,
      start: paidTrip.start,
      places,
      capacity: paidTrip.capacity,
      expiresAt: '2026-11-22T08:20:00.000Z',
      now: NOW,
    });
    // The cancelled booking gave its 2 places back; the hold on 3 still takes them until 08:15.
    expect(departureDecider.decide(hold(8), departure)).to.deep.include({ code: 'NotEnoughCapacity', fields: { remaining: 7 } });
    expect(departureDecider.decide(hold(7), departure)).to.deep.equal([
      { type: 'DepartureOpened', data: { optionId: paidTrip.optionId, start: paidTrip.start, capacity: paidTrip.capacity } },
      {
        type: 'PlacesHeld',
        data: { ref: 'TP-NEWW-HOLD', optionId: paidTrip.optionId, start: paidTrip.start, places: 7, expiresAt: '2026-11-22T08:20:00.000Z' },
      },
    ]);
  });

  it('projects the old log into documents that answer exactly what the old code answered', async () => {
    const docs = new MemoryDocumentStore();
    const runner = new ProjectionRunner(store, docs, [catalogProjector, departuresProjector, bookingsProjector]);
    await runner.start();
    expect(await runner.catchUp()).to.equal(true);
    await runner.stop();
    for (const booking of [paid, arrival]) {
      const doc = await docs.collection<BookingDoc>('bookings').findOne({ _id: booking.ref });
      expect(doc, booking.ref).to.not.equal(null);
      expect(bookingView(doc as BookingDoc)).to.deep.equal({ ...booking.view, ...ADDED_SINCE });
      expect(doc?.cancellation).to.deep.equal(booking.cancel.cancellation);
      // Answers folded straight from the streams agree with the projection.
      const fromStreams = bookingDocOf(
        await folded(store, bookingStream(booking.ref), bookingDecider),
        await folded(store, paymentStream(booking.ref), paymentDecider),
      );
      expect(bookingView(fromStreams as BookingDoc)).to.deep.equal({ ...booking.view, ...ADDED_SINCE });
    }
    const departure = await docs.collection<DepartureDoc>(DEPARTURES).findOne({ _id: departureStream(paidTrip.optionId, paidTrip.start) });
    // The cancelled booking's places were released: its entry is gone from the read model.
    expect(entriesOf(departure)).to.not.have.property(paid.ref);
  });
});
