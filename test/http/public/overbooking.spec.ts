import { expect } from 'chai';
import { SimpleTrip, TestServer, openStart, remainingAt, simpleTrip, startTestServer } from '../harness';

describe('HTTP: no overbooking under concurrent holds', () => {
  let server: TestServer;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  it('50 concurrent holds at a start with 10 places left: exactly 10 succeed and the calendar ends at 0', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '15');
    const taken = trip.capacity - 10;
    if (taken > 0) {
      const first = await server.request('POST', '/v1/public/holds', {
        body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: taken }] },
      });
      expect(first.status).to.equal(201);
    }
    expect(await remainingAt(server, trip.optionId, start)).to.equal(10);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } }),
      ),
    );
    const held = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(held).to.have.length(10);
    expect(refused).to.have.length(40);
    for (const answer of refused) expect(answer.body.code).to.be.oneOf(['SoldOut', 'NotEnoughCapacity']);
    expect(new Set(held.map((a) => a.body.ref)).size).to.equal(10);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(0);
    const calendar = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=${start.slice(0, 7)}`);
    const day = calendar.body.find((d: any) => d.date === start.slice(0, 10));
    expect(day.starts.find((s: any) => `${day.date}T${s.time}` === start).status).to.equal('sold_out');
  });

  it('2-place holds racing for 3 places: never more places held than there are', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '22');
    const first = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: trip.capacity - 3 }] },
    });
    expect(first.status).to.equal(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).to.have.length(1);
    const refusals = answers.filter((a) => a.status === 422);
    expect(refusals.every((a) => a.body.code === 'NotEnoughCapacity' && a.body.remaining === 1)).to.equal(true);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(1);
  });
});
