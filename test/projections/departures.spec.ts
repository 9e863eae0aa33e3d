import { expect } from 'chai';
import { departuresProjector } from '../../projections/departures/projector';
import { DEPARTURES, type DepartureDoc, entriesOf, entryPath } from '../../projections/departures/doc';
import { DepartureEvent, departureStream } from '../../domain/departure';
import { Given, project } from './project';

const START = '2026-06-10T09:00';
const STREAM = departureStream('opt-1', START);
const on = (event: DepartureEvent): Given => ({ ...event, stream: STREAM });

const opened = (capacity: number | null) => on({ type: 'DepartureOpened', data: { optionId: 'opt-1', start: START, capacity } });
const held = (ref: string, places: number) =>
  on({ type: 'PlacesHeld', data: { ref, optionId: 'opt-1', start: START, places, expiresAt: '2026-05-01T10:15:00.000Z' } });

describe('departures projector', () => {
  it('keeps the capacity a start recorded and its holds', async () => {
    const projected = await project(departuresProjector, [opened(10), held('TP-AAAA-AAAA', 3)]);
    const [doc, ...others] = (await projected.docs(DEPARTURES)) as DepartureDoc[];
    expect(others).to.deep.equal([]);
    expect(doc).to.deep.include({ _id: STREAM, option_id: 'opt-1', start: START, capacity: 10 });
    expect(entriesOf(doc)).to.deep.equal({ 'TP-AAAA-AAAA': { places: 3, expiresAt: '2026-05-01T10:15:00.000Z', status: 'held' } });
  });

  it('follows each entry from held to booked, and drops it once its places are released', async () => {
    const projected = await project(departuresProjector, [
      opened(10),
      held('TP-AAAA-AAAA', 3),
      held('TP-BBBB-BBBB', 2),
      on({ type: 'PlacesBooked', data: { ref: 'TP-AAAA-AAAA' } }),
      on({ type: 'PlacesReleased', data: { ref: 'TP-BBBB-BBBB', why: 'expired' } }),
    ]);
    const doc = (await projected.doc(DEPARTURES, STREAM)) as DepartureDoc | null;
    expect(entriesOf(doc)).to.deep.equal({
      'TP-AAAA-AAAA': { places: 3, expiresAt: '2026-05-01T10:15:00.000Z', status: 'booked' },
    });
  });

  it('takes a changed capacity', async () => {
    const projected = await project(departuresProjector, [opened(10), held('TP-AAAA-AAAA', 3), on({ type: 'CapacityChanged', data: { capacity: 6 } })]);
    expect(await projected.doc(DEPARTURES, STREAM)).to.deep.include({ capacity: 6 });
  });

  it('keeps a free-sale start with no capacity', async () => {
    const projected = await project(departuresProjector, [opened(null), held('TP-AAAA-AAAA', 300)]);
    expect(await projected.doc(DEPARTURES, STREAM)).to.deep.include({ capacity: null });
  });

  it('projects a start whose stream was written before capacities were recorded', async () => {
    const projected = await project(departuresProjector, [held('TP-AAAA-AAAA', 3)]);
    const [doc, ...others] = (await projected.docs(DEPARTURES)) as DepartureDoc[];
    expect(others).to.deep.equal([]);
    expect(doc).to.deep.include({ _id: STREAM, option_id: 'opt-1', start: START });
    expect(doc).to.not.have.property('capacity');
    expect(entriesOf(doc)).to.deep.equal({ 'TP-AAAA-AAAA': { places: 3, expiresAt: '2026-05-01T10:15:00.000Z', status: 'held' } });
  });

  it('keeps one document per start', async () => {
    const other = departureStream('opt-1', '2026-06-11T09:00');
    const projected = await project(departuresProjector, [
      opened(10),
      held('TP-AAAA-AAAA', 3),
      { type: 'DepartureOpened', data: { optionId: 'opt-1', start: '2026-06-11T09:00', capacity: 8 }, stream: other },
    ]);
    expect((await projected.docs(DEPARTURES)).map((d) => [d._id, d.capacity])).to.deep.equal([
      [STREAM, 10],
      [other, 8],
    ]);
  });

  it('spreads a busy start’s entries over buckets, each entry in the one its ref names', async () => {
    const refs = Array.from({ length: 200 }, (_, i) => `TP-${String(i).padStart(4, '0')}-AAAA`);
    const projected = await project(departuresProjector, [opened(null), ...refs.map((ref) => held(ref, 1))]);
    const doc = (await projected.doc(DEPARTURES, STREAM)) as DepartureDoc;
    const buckets = Object.values(doc.entries ?? {});
    expect(buckets.length).to.be.greaterThan(30);
    expect(Math.max(...buckets.map((b) => Object.keys(b).length))).to.be.lessThan(20);
    for (const ref of refs) {
      const [, bucket] = entryPath(ref).split('.');
      expect(doc.entries?.[bucket]).to.have.property(ref);
    }
    expect(Object.keys(entriesOf(doc) ?? {})).to.have.members(refs);
  });
});
