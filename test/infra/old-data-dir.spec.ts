import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { MARKET_KEY, startTestServer } from '../http/harness';
import log from '../application/platform/fixtures/log-before-camelcase.json';

/** The log that the code before camelCase payloads wrote (commit e3c44d1), in a DATA_DIR of its own. */
async function oldDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-old-log-'));
  const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  for (const e of log.events) {
    await store.append(e.streamId, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], e.revision === 0 ? 'no_stream' : e.revision - 1);
  }
  await store.close();
  return dataDir;
}

/** Fields the booking view gained after the log was recorded, as an old booking answers them. */
const ADDED_SINCE = { reject_code: null };

describe('an existing DATA_DIR written before payloads were camelCase', () => {
  it('boots, answers its bookings exactly as the old code did, and goes on taking holds at its starts', async () => {
    const dataDir = await oldDataDir();
    const server = await startTestServer({ dataDir }, new Date('2026-11-22T08:05:00.000Z'));
    try {
      const { paid, arrival, paidTrip } = log;
      const paidView = await server.request('GET', `/v1/public/bookings/${paid.ref}?token=${paid.bookingToken}`);
      expect(paidView.status, paidView.text).to.equal(200);
      expect(paidView.body).to.deep.equal({ ...paid.view, ...ADDED_SINCE });
      const arrivalView = await server.request('GET', `/v1/public/bookings/${arrival.ref}?token=${arrival.bookingToken}`, { key: MARKET_KEY });
      expect(arrivalView.body).to.deep.equal({ ...arrival.view, ...ADDED_SINCE });
      const again = await server.request('POST', `/v1/public/bookings/${paid.ref}/cancel?token=${paid.bookingToken}`);
      expect(again.body).to.include({ code: 'Conflict', reason: 'booking_not_confirmed' });

      // The hold on 3 places still takes them until 08:15; the cancelled booking gave its 2 back.
      const units = (qty: number) => ({ option_id: paidTrip.optionId, start: paidTrip.start, units: [{ unit_id: paidTrip.unitId, qty }] });
      const tooMany = await server.request('POST', '/v1/public/holds', { body: units(paidTrip.capacity - 2) });
      expect(tooMany.body).to.include({ code: 'NotEnoughCapacity', remaining: paidTrip.capacity - 3 });
      const hold = await server.request('POST', '/v1/public/holds', { body: units(paidTrip.capacity - 3) });
      expect(hold.status, hold.text).to.equal(201);
      const recorded = await server.engine.events.readStream(`departure-${paidTrip.optionId}-${paidTrip.start}`);
      expect(recorded.map((e) => e.type).slice(-2)).to.deep.equal(['DepartureOpened', 'PlacesHeld']);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
