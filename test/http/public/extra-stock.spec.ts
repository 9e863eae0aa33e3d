import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { TestServer, expectProblem, openStart, startTestServer } from '../harness';

/** The demo's sunset sail carries four bottles of sparkling wine a sail (issue 7, extras with stock per start). */
describe('HTTP extras with a stock per start', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  const optionId = demoId('demo:option:lisbon-sunset-sailing:standard');
  const wine = demoId('demo:extra:lisbon-sunset-sailing:sparkling');

  it('holds the last bottles, refuses the next hold and quote ExtraSoldOut, and sells them again once the hold runs out', async () => {
    const trip = await server.request('GET', `/v1/public/products/${demoId('demo:product:lisbon-sunset-sailing')}`);
    const unitId = trip.body.options.find((o: any) => o.id === optionId).units[0].id;
    const start = await openStart(server, optionId);
    const selection = (bottles: number) => ({ option_id: optionId, start, units: [{ unit_id: unitId, qty: 2 }], extras: [{ extra_id: wine, qty: bottles }] });

    const first = await server.request('POST', '/v1/public/holds', { body: selection(3) });
    expect(first.status, first.text).to.equal(201);
    const short = expectProblem(await server.request('POST', '/v1/public/quotes', { body: selection(2) }), 422, 'ExtraSoldOut');
    expect(short).to.include({ extraId: wine });
    expect(short.detail).to.contain('only 1');
    const last = await server.request('POST', '/v1/public/holds', { body: selection(1) });
    expect(last.status, last.text).to.equal(201);
    expect(expectProblem(await server.request('POST', '/v1/public/holds', { body: selection(1) }), 422, 'ExtraSoldOut')).to.include({ extraId: wine });
    // Places are not short: a hold without the wine is still sold.
    const dry = await server.request('POST', '/v1/public/holds', { body: { ...selection(0), extras: [] } });
    expect(dry.status, dry.text).to.equal(201);

    server.clock.tick(16 * 60_000); // every hold runs out
    expect(await server.expireHolds()).to.be.at.least(3);
    const again = await server.request('POST', '/v1/public/holds', { body: selection(3) });
    expect(again.status, again.text).to.equal(201);
    expect((await server.request('POST', '/v1/public/quotes', { body: selection(1) })).status).to.equal(200);
  });
});
