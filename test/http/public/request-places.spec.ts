import { expect } from 'chai';
import { lapseBookings } from '../../../application/seller-bookings';
import { demoId } from '../../../infra/seed/demo-catalog';
import { MARKET_KEY, TestServer, expectProblem, openStart, startTestServer } from '../harness';

/** The demo's sushi class is booked on request and has eight stations a class (issue 7, on_request with a capacity). */
describe('HTTP on_request options with a capacity', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  const optionId = demoId('demo:option:tokyo-sushi-making-class:private');
  const lead = { name: 'Kenji Sato', email: 'kenji@example.com', phone: '+81 90 1234 5678' };

  async function remaining(start: string): Promise<number | null> {
    const calendar = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=${start.slice(0, 7)}`, { key: MARKET_KEY });
    const day = calendar.body.find((d: any) => d.date === start.slice(0, 10));
    return day.starts.find((s: any) => `${day.date}T${s.time}` === start).remaining;
  }

  async function request(start: string, adults: number) {
    const trip = await server.request('GET', `/v1/public/products/${demoId('demo:product:tokyo-sushi-making-class')}`, { key: MARKET_KEY });
    const adult = trip.body.options.find((o: any) => o.id === optionId).units.find((u: any) => u.type === 'adult');
    const body = { option_id: optionId, start, units: [{ unit_id: adult.id, qty: adults }], lead, payment_method: 'pay_on_arrival' };
    return server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body });
  }

  it('counts places in the calendar, a pending request takes them, and a withdrawn request gives them back', async () => {
    const start = await openStart(server, optionId, '2026-12', '10', MARKET_KEY);
    expect(await remaining(start)).to.equal(8);
    const first = await request(start, 5);
    expect(first.status, first.text).to.equal(200);
    expect(first.body.status).to.equal('pending');
    expect(await remaining(start)).to.equal(3);
    expect(expectProblem(await request(start, 4), 422, 'NotEnoughCapacity')).to.include({ remaining: 3 });

    const withdrawn = await server.request('POST', `/v1/public/bookings/${first.body.ref}/cancel?token=${first.body.booking_token}`, {
      key: MARKET_KEY,
      body: { reason: 'Found another date' },
    });
    expect(withdrawn.status, withdrawn.text).to.equal(200);
    expect(await remaining(start)).to.equal(8);
  });

  it('keeps the places of a request until it lapses', async () => {
    const start = await openStart(server, optionId, '2026-12', '20', MARKET_KEY);
    const pending = await request(start, 8);
    expect(pending.status, pending.text).to.equal(200);
    expect(await remaining(start)).to.equal(0);
    expectProblem(await request(start, 2), 422, 'SoldOut');
    server.clock.tick(Date.parse(pending.body.pending_expires_at) - Date.now());
    expect(await lapseBookings(server.engine.platform)).to.be.at.least(1);
    await server.engine.reactors.catchUp();
    await server.engine.runner.catchUp();
    expect(await remaining(start)).to.equal(8);
  });
});
