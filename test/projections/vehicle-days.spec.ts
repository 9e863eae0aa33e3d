import { expect } from 'chai';
import { vehicleDaysProjector } from '../../projections/vehicle-days/projector';
import { VehicleDayReads } from '../../projections/vehicle-days/queries';
import { VehicleDayEvent, vehicleDayStream } from '../../domain/vehicle-day';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { option } from '../domain/fixtures';
import { Given, project } from './project';

const MORNING = '2026-06-10T09:00';
const EVENING = '2026-06-10T18:00';
const STREAM = vehicleDayStream('opt-1', MORNING);
const EXPIRES = '2026-05-01T10:15:00.000Z';
const on = (event: VehicleDayEvent): Given => ({ ...event, stream: STREAM });
const held = (ref: string, vehicles: number, start = MORNING) =>
  on({ type: 'VehiclesHeld', data: { ref, optionId: 'opt-1', start, vehicles, expiresAt: EXPIRES } });

describe('vehicle days projector', () => {
  it('keeps each booking start of the day from held to booked, and drops it once released', async () => {
    const projected = await project(vehicleDaysProjector, [
      held('TP-AAAA-AAAA', 2),
      held('TP-BBBB-BBBB', 1, EVENING),
      held('TP-CCCC-CCCC', 1, EVENING),
      on({ type: 'VehiclesBooked', data: { ref: 'TP-AAAA-AAAA', start: MORNING } }),
      on({ type: 'VehiclesReleased', data: { ref: 'TP-CCCC-CCCC', start: EVENING, why: 'expired' } }),
    ]);
    expect(await projected.docs('vehicle_days')).to.deep.equal([
      {
        _id: STREAM,
        option_id: 'opt-1',
        date: '2026-06-10',
        entries: {
          'TP-AAAA-AAAA@2026-06-10T09:00': { vehicles: 2, expiresAt: EXPIRES, status: 'booked' },
          'TP-BBBB-BBBB@2026-06-10T18:00': { vehicles: 1, expiresAt: EXPIRES, status: 'held' },
        },
      },
    ]);
  });

  it('answers the vehicles left on a day and the days with none, only for an option with a daily limit', async () => {
    const projected = await project(vehicleDaysProjector, [held('TP-AAAA-AAAA', 2), held('TP-BBBB-BBBB', 1, EVENING)]);
    // The queries read what the projector wrote, from a store of their own.
    const store = new MemoryDocumentStore();
    for (const doc of await projected.docs('vehicle_days')) await store.collection('vehicle_days').insertOne(doc);
    const reads = new VehicleDayReads(store);
    const limited = (count: number) => option({ vehicle: 'van', vehicles: { seats: 4, per_booking_max: null, daily_limit: { name: 'vans', count } } });
    const now = new Date('2026-05-01T10:00:00.000Z');
    expect(await reads.leftOn(limited(4), EVENING, now)).to.equal(1);
    expect(await reads.leftOn(limited(4), '2026-06-11T09:00', now)).to.equal(4);
    expect(await reads.leftOn(limited(4), EVENING, new Date(EXPIRES))).to.equal(4);
    expect(await reads.leftOn(option({ vehicle: 'van' }), EVENING, now)).to.equal(null);
    expect([...(await reads.daysWithout(limited(3), '2026-06-01', '2026-06-30', now))]).to.deep.equal(['2026-06-10']);
    expect([...(await reads.daysWithout(limited(4), '2026-06-01', '2026-06-30', now))]).to.deep.equal([]);
  });
});
