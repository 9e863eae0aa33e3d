import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { MARKET_KEY, TestServer, expectProblem, startTestServer } from '../harness';

/** Iberia Walks takes only a payment link, due 72 hours before the start (issue 7, Payment methods). */
describe('HTTP demo: a seller whose ways to pay close before late starts', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(); // now: Sunday 2026-11-22 08:00 UTC
  });
  after(async () => server.close());

  const optionId = demoId('demo:option:madrid-tapas-evening-walk:shared');
  const selection = async (start: string) => {
    const trip = await server.request('GET', `/v1/public/products/${demoId('demo:product:madrid-tapas-evening-walk')}`, { key: MARKET_KEY });
    const unitId = trip.body.options.find((o: any) => o.id === optionId).units[0].id;
    return { option_id: optionId, start, units: [{ unit_id: unitId, qty: 2 }], currency: 'EUR' };
  };

  it('answers PaymentWindowClosed for a start within 72 hours, on the quote and the hold, and sells a later start', async () => {
    const soon = await selection('2026-11-24T19:00'); // 58 hours away
    for (const path of ['/v1/public/quotes', '/v1/public/holds']) {
      const problem = expectProblem(await server.request('POST', path, { key: MARKET_KEY, body: soon }), 422, 'PaymentWindowClosed');
      expect(problem.details).to.deep.equal({ offered: ['payment_link'], earliest_start: '2026-11-25T08:00:00.000Z', pay_before_start_hours: 72 });
    }
    const later = await server.request('POST', '/v1/public/quotes', { key: MARKET_KEY, body: await selection('2026-11-26T19:00') });
    expect(later.status, later.text).to.equal(200);
    const methods = (start: string) => server.request('GET', `/v1/public/payment-methods?option_id=${optionId}&start=${start}`, { key: MARKET_KEY });
    expect((await methods('2026-11-26T19:00')).body).to.deep.equal([{ kind: 'payment_link', deadline_hours: 72, currencies: ['EUR', 'USD'] }]);
    expect((await methods('2026-11-24T19:00')).body).to.deep.equal([]);
  });
});
