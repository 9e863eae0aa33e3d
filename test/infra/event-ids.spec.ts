import { expect } from 'chai';
import { timeOrderedEventId } from '../../infra/event-store/event-ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered event ids (UUIDv7 layout)', () => {
  it('are UUIDv7 carrying the millisecond they were made in', () => {
    const at = Date.UTC(2031, 0, 2, 3, 4, 5, 678);
    const id = timeOrderedEventId(at);
    expect(id).to.match(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).to.equal(at);
  });

  it('sort in the order they were made, within one millisecond and past the counter', () => {
    const at = Date.UTC(2032, 5, 6);
    const ids = Array.from({ length: 5000 }, () => timeOrderedEventId(at));
    expect(new Set(ids).size).to.equal(ids.length);
    expect([...ids].sort()).to.deep.equal(ids);
    for (const id of ids) expect(id).to.match(UUID_V7);
  });

  it('keep their order when the clock steps back', () => {
    const first = timeOrderedEventId(Date.UTC(2033, 0, 1));
    const second = timeOrderedEventId(Date.UTC(2030, 0, 1));
    expect(second > first).to.equal(true);
  });
});
