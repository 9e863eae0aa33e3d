import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, expectProblem, openStart, simpleTrip, startTestServer } from '../harness';
import { publishedSchemas } from '../openapi-answers';

/** Issue 10, marketplace rules: a suspended seller's own site refuses holds and checkout; a seller leaves a marketplace. */
describe('HTTP: marketplace rules', () => {
  let server: TestServer;
  let schemas: Awaited<ReturnType<typeof publishedSchemas>>;
  const site = async (kind: 'direct' | 'marketplace') => (await server.engine.docs.collection('storefronts').findOne({ kind })) as any;
  const atlas = async () => (await site('direct')).seller_id as string;

  beforeEach(async () => {
    server = await startTestServer();
    schemas = await publishedSchemas(server);
  });
  afterEach(() => server.close());

  it("refuses holds on a suspended seller's own site with SellerUnavailable, keeps its bookings, and takes holds again once reinstated", async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const selection = { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] };
    const before = await server.request('POST', '/v1/public/holds', { body: selection });
    expect(before.status, before.text).to.equal(201);

    const sellerId = await atlas();
    const suspended = await server.request('POST', `/operator/sellers/${sellerId}/suspend?reason=${encodeURIComponent('unpaid fees')}`, { key: null });
    expect(suspended.status, suspended.text).to.equal(200);
    expect(suspended.body).to.deep.equal({ seller_id: sellerId, suspended: true });

    expectProblem(await server.request('POST', '/v1/public/holds', { body: selection }), 422, 'SellerUnavailable');
    expectProblem(await server.request('POST', '/v1/public/checkout', { body: { ref: before.body.ref, lead: LEAD } }), 422, 'SellerUnavailable');
    // The hold made before stands and reads as it did.
    expect((await server.request('GET', `/v1/public/holds/${before.body.ref}`)).status).to.equal(200);
    // The catalog still reads.
    expect((await server.request('GET', `/v1/public/products/${trip.productId}`)).status).to.equal(200);

    await server.request('POST', `/operator/sellers/${sellerId}/reinstate`, { key: null });
    expect((await server.request('POST', '/v1/public/holds', { body: selection })).status).to.equal(201);
  });

  it('answers the operator endpoints only to this machine, and asks for a reason', async () => {
    const sellerId = await atlas();
    expectProblem(
      await server.request('POST', `/operator/sellers/${sellerId}/suspend?reason=x`, { key: null, headers: { 'X-Forwarded-For': '203.0.113.9' } }),
      404,
      'NotFound',
    );
    expectProblem(await server.request('POST', `/operator/sellers/${sellerId}/suspend`, { key: null }), 422, 'InvalidInput');
    expectProblem(await server.request('POST', '/operator/sellers/no-such-seller/suspend?reason=x', { key: null }), 404, 'NotFound');
  });

  it("takes a seller that leaves a marketplace off it: its trips leave the marketplace's list, the seller's own site keeps them", async () => {
    const market = { id: (await site('marketplace'))._id };
    const sellerId = await atlas();
    const ownTrips = async (key: string) =>
      ((await server.request('GET', '/v1/public/products?limit=100', { key })).body.data as any[]).filter((card) => card.seller?.slug === 'atlas-trails')
        .length;
    expect(await ownTrips(MARKET_KEY)).to.be.greaterThan(0);

    const left = schemas.expectAnswer('leaveMarketplace', await server.request('POST', `/v1/storefronts/${market.id}/leave`, { key: null, secret: OWNER_KEY }));
    expect(left).to.deep.equal({ storefront_id: market.id, seller_id: sellerId, member: false });
    expect(await ownTrips(MARKET_KEY)).to.equal(0);
    expect(await ownTrips(DIRECT_KEY)).to.be.greaterThan(0);
    // Not a member any more: nothing to leave.
    expectProblem(await server.request('POST', `/v1/storefronts/${market.id}/leave`, { key: null, secret: OWNER_KEY }), 404, 'NotFound');
  });
  it('declines the requests still waiting on the marketplace of a seller that leaves it, with reject_code seller_unavailable', async () => {
    const market = { id: (await site('marketplace'))._id };
    const request = await pendingRequestOnMarketplace(server);
    const left = await server.request('POST', `/v1/storefronts/${market.id}/leave`, { key: null, secret: OWNER_KEY });
    expect(left.status, left.text).to.equal(200);
    let view: any;
    for (let i = 0; i < 100; i += 1) {
      view = (await server.request('GET', `/v1/public/bookings/${request.ref}?token=${request.token}`, { key: MARKET_KEY })).body;
      if (view.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(view).to.include({ status: 'rejected', reject_code: 'seller_unavailable' });
    expect(view.rejection_reason).to.be.a('string').that.is.not.empty;
  });
});

const LEAD = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351912345678' };

/** A booking request of Atlas Trails on the marketplace that waits for the seller's answer. */
async function pendingRequestOnMarketplace(server: TestServer): Promise<{ ref: string; token: string }> {
  const list = await server.request('GET', '/v1/public/products?limit=100&seller=atlas-trails', { key: MARKET_KEY });
  for (const card of list.body.data) {
    const trip = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
    for (const option of trip.options) {
      if (option.ask_for_price || option.units.length === 0) continue;
      if (option.capacity_mode !== 'on_request' && option.confirmation !== 'manual') continue;
      const unit = option.units.find((u: any) => u.type === 'adult') ?? option.units[0];
      let start: string;
      try {
        start = await openStart(server, option.id, '2026-12', '10', MARKET_KEY);
      } catch {
        continue;
      }
      const selection = { option_id: option.id, start, units: [{ unit_id: unit.id, qty: Math.max(1, unit.min_qty ?? 1) }] };
      const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${encodeURIComponent(start)}`, { key: MARKET_KEY });
      const offered: any[] = Array.isArray(methods.body) ? methods.body : (methods.body?.data ?? []);
      const payment_method = offered.find((m) => m.kind === 'pay_on_arrival')?.kind ?? offered[0]?.kind;
      const fields: string[] = option.traveller_details?.collect === 'checkout' ? option.traveller_details.fields : [];
      const traveller_details = fields.length > 0 ? [Object.fromEntries(fields.map((f) => [f, f.includes('birth') ? '1990-01-01' : 'X1234567']))] : undefined;
      let body: Record<string, unknown> = { ...selection, lead: LEAD, payment_method, traveller_details };
      if (option.capacity_mode !== 'on_request') {
        const hold = await server.request('POST', '/v1/public/holds', { key: MARKET_KEY, body: selection });
        if (hold.status !== 201) continue;
        body = { ref: hold.body.ref, lead: LEAD, payment_method, traveller_details };
      }
      const done = await server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body, headers: { 'Idempotency-Key': `leave-${option.id}` } });
      if (done.status === 200 && done.body.status === 'pending') return { ref: done.body.ref, token: done.body.booking_token };
    }
  }
  throw new Error('the demo marketplace has no Atlas Trails option that waits for the seller');
}
