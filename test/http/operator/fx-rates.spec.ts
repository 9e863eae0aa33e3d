import { expect } from 'chai';
import { MARKET_KEY, SimpleTrip, TestServer, expectProblem, openStart, simpleTrip, startTestServer } from '../harness';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };
const OPERATOR = { key: null };

describe('HTTP: exchange rates as data (issue 7)', () => {
  let server: TestServer;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  const selection = (currency: string) => ({ option_id: trip.optionId, start, currency, units: [{ unit_id: trip.unitId, qty: 2 }] });
  const publish = (rates: unknown[], headers: Record<string, string> = {}) =>
    server.request('POST', '/operator/fx-rates', { ...OPERATOR, body: { rates }, headers });

  it('starts with the demo rates, so quotes are priced at the figures they always had', async () => {
    const latest = await server.request('GET', '/operator/fx-rates', OPERATOR);
    expect(latest.status, latest.text).to.equal(200);
    const byQuote = Object.fromEntries((latest.body.rates as any[]).map((r) => [r.quote, r]));
    expect(byQuote.EUR).to.deep.include({ rate: '0.9214', rate_id: 'demo-2026-11-01-EUR', as_of: '2026-11-01T00:00:00.000Z', source: 'file' });
    const quote = await server.request('POST', '/v1/public/quotes', { body: selection('EUR') });
    expect(quote.status, quote.text).to.equal(200);
    expect(quote.body.fx).to.deep.equal({ base: 'USD', quote: 'EUR', rate: '0.9214', rate_id: 'demo-2026-11-01-EUR', as_of: '2026-11-01T00:00:00.000Z' });
  });

  it('keeps the rate a hold was made at through checkout, while a new quote uses the new rate', async () => {
    const hold = await server.request('POST', '/v1/public/holds', { body: selection('EUR') });
    expect(hold.status, hold.text).to.equal(201);
    const held = hold.body.quote;
    expect(held.fx.rate_id).to.equal('demo-2026-11-01-EUR');

    const published = await publish([{ quote: 'EUR', rate: '0.8000' }]);
    expect(published.status, published.text).to.equal(200);
    expect(published.body.published).to.have.length(1);
    const newId = published.body.published[0];
    expect(published.body.rates.find((r: any) => r.quote === 'EUR')).to.deep.include({ rate: '0.8000', rate_id: newId, source: 'operator' });

    const fresh = await server.request('POST', '/v1/public/quotes', { body: selection('EUR') });
    expect(fresh.body.fx).to.deep.include({ rate: '0.8000', rate_id: newId, as_of: new Date().toISOString() });
    expect(fresh.body.totals.due_now.amount).to.be.lessThan(held.totals.due_now.amount);

    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.status, checkout.text).to.equal(200);
    expect(checkout.body.quote.fx).to.deep.equal(held.fx);
    expect(checkout.body.quote.totals).to.deep.equal(held.totals);
    const viewed = await server.request('GET', `/v1/public/bookings/${checkout.body.ref}?token=${checkout.body.booking_token}`);
    expect(viewed.body.quote.fx).to.deep.equal(held.fx);

    // The old rate is still known by its id.
    const old = await server.request('GET', '/operator/fx-rates/demo-2026-11-01-EUR', OPERATOR);
    expect(old.body).to.deep.include({ quote: 'EUR', rate: '0.9214' });
    expectProblem(await server.request('GET', '/operator/fx-rates/no-such-rate', OPERATOR), 404, 'NotFound');
  });

  it('works out payment.on_arrival at checkout from the booking rate and the rate of that day', async () => {
    // Sakura Journeys takes only yen on arrival: a booking in dollars is converted at the yen's rate of the day.
    const cards = (await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY })).body.data as any[];
    let chosen: { optionId: string; unitId: string; start: string } | null = null;
    for (const card of cards.filter((c) => c.seller?.slug === 'sakura-journeys')) {
      const product = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
      const option = product.options.find((o: any) => o.confirmation === 'instant' && !o.ask_for_price && o.units.some((u: any) => u.type === 'adult'));
      if (option) {
        const start = await openStart(server, option.id, '2026-12', '10', MARKET_KEY);
        chosen = { optionId: option.id, unitId: option.units.find((u: any) => u.type === 'adult').id, start };
        break;
      }
    }
    if (!chosen) throw new Error('the demo has no instant Sakura Journeys trip');
    const body = { option_id: chosen.optionId, start: chosen.start, currency: 'USD', units: [{ unit_id: chosen.unitId, qty: 1 }] };
    const hold = await server.request('POST', '/v1/public/holds', { key: MARKET_KEY, body });
    expect(hold.status, hold.text).to.equal(201);
    expect((await publish([{ quote: 'JPY', rate: '200' }])).status).to.equal(200);

    const checkout = await server.request('POST', '/v1/public/checkout', {
      key: MARKET_KEY,
      body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' },
    });
    expect(checkout.status, checkout.text).to.equal(200);
    const due = hold.body.quote.totals.due_now;
    expect(checkout.body.quote.fx).to.deep.equal(hold.body.quote.fx);
    expect(checkout.body.payment.on_arrival.currency).to.equal('JPY');
    // Dollars at 200 yen (the day's rate, not the 151.37 of the hold), rounded as the site rounds yen.
    expect(Math.abs(checkout.body.payment.on_arrival.amount - (due.amount / 100) * 200)).to.be.at.most(100);
  });

  it('refuses garbled rates with InvalidInput naming each one, and an id reused for other figures with Conflict', async () => {
    const refused = expectProblem(
      await publish([
        { quote: 'EUR', rate: '-1' },
        { quote: 'GBP', rate: 'abc' },
        { quote: 'JPY', rate: '0' },
      ]),
      422,
      'InvalidInput',
    );
    expect(refused.problems.map((p: any) => p.field)).to.deep.equal(['rates[0].rate', 'rates[1].rate', 'rates[2].rate']);
    expectProblem(await server.request('POST', '/operator/fx-rates', { ...OPERATOR, body: { nothing: true } }), 422, 'InvalidInput');
    expectProblem(await server.request('POST', '/operator/fx-rates', { ...OPERATOR, raw: '{"rates": [' }), 422, 'InvalidInput');
    expectProblem(await publish([{ quote: 'EUR', rate: '0.5', rate_id: 'demo-2026-11-01-EUR' }]), 409, 'Conflict');
  });

  it('answers the rates endpoints only to this machine', async () => {
    expectProblem(await publish([{ quote: 'EUR', rate: '0.9' }], { 'X-Forwarded-For': '203.0.113.9' }), 404, 'NotFound');
    expectProblem(await server.request('GET', '/operator/fx-rates', { ...OPERATOR, headers: { 'X-Forwarded-For': '203.0.113.9' } }), 404, 'NotFound');
  });

  it('reports rates older than FX_MAX_AGE_HOURS in /readyz details, and stays ready', async () => {
    const ready = await server.request('GET', '/readyz', OPERATOR);
    expect(ready.status).to.equal(200);
    // The demo's GBP and OMR are of 2026-11-01; EUR and JPY were published just now.
    expect(ready.body).to.deep.equal({ status: 'ready', details: { fx: { stale: ['GBP', 'OMR'], oldest_as_of: '2026-11-01T00:00:00.000Z' } } });
  });
});
