import { expect } from 'chai';
import { DIRECT_KEY, OWNER_KEY, TestServer, expectProblem, startTestServer } from '../harness';

const seller = { key: null, secret: OWNER_KEY };

describe('HTTP: pickup areas as the seller writes them, and the places search follows (spec 2.4, 4.3)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  const found = async (q: string) =>
    (await server.request('GET', `/v1/public/places/search?q=${encodeURIComponent(q)}`, { key: DIRECT_KEY })).body.data.map((p: any) => p.name);

  async function sintra(): Promise<{ id: string; definition: any }> {
    const trip = await server.request('GET', '/v1/public/products/sintra-palaces-day-trip', { key: DIRECT_KEY });
    const { id, published, created_at, updated_at, ...definition } = (await server.request('GET', `/v1/products/${trip.body.id}`, seller)).body;
    return { id, definition };
  }

  const withPickup = (definition: any, rules: (rules: any[]) => any[]) => ({
    ...definition,
    options: definition.options.map((o: any) => (o.pickup ? { ...o, pickup: { rules: rules(o.pickup.rules) } } : o)),
  });

  it('gives back the areas it wrote: ids, shapes, windows and asks', async () => {
    const { id, definition } = await sintra();
    const rules = definition.options.find((o: any) => o.pickup).pickup.rules;
    expect(rules[3]).to.deep.include({ id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f603', asks: ['flight'], window: { from_min: 60, to_min: 30 } });
    const again = await server.request('PUT', `/v1/products/${id}`, { ...seller, body: definition });
    expect(again.status, again.text).to.equal(200);
  });

  it('refuses a window that ends before it begins, two areas with one id, and a polygon of two corners', async () => {
    const { id, definition } = await sintra();
    const late = withPickup(definition, (rules) => rules.map((r, i) => (i === 0 ? { ...r, window: { from_min: 10, to_min: 30 } } : r)));
    const order = expectProblem(await server.request('PUT', `/v1/products/${id}`, { ...seller, body: late }), 422, 'InvalidInput');
    expect(order.problems.map((p: any) => p.reason)).to.include('window_order');
    const twice = withPickup(definition, (rules) => rules.map((r, i) => (i === 1 ? { ...r, id: rules[0].id } : r)));
    const dup = expectProblem(await server.request('PUT', `/v1/products/${id}`, { ...seller, body: twice }), 422, 'InvalidInput');
    expect(dup.problems.map((p: any) => p.reason)).to.include('duplicate_id');
    const line = withPickup(definition, (rules) =>
      rules.map((r, i) =>
        i === 0
          ? {
              ...r,
              shape: {
                type: 'polygon',
                points: [
                  [38.7, -9.1],
                  [38.71, -9.12],
                ],
              },
            }
          : r,
      ),
    );
    expectProblem(await server.request('PUT', `/v1/products/${id}`, { ...seller, body: line }), 422, 'InvalidInput');
  });

  it("lists only places in an area of the storefront's trips: Lisbon's hotels go when the Lisbon areas lose their shapes", async () => {
    expect(await found('avenida')).to.deep.equal(['Avenida Palace', 'Tivoli Avenida Liberdade']);
    const { id, definition } = await sintra();
    const shapeless = withPickup(definition, (rules) => rules.map(({ shape, ...rule }) => rule));
    const saved = await server.request('PUT', `/v1/products/${id}`, { ...seller, body: shapeless });
    expect(saved.status, saved.text).to.equal(200);
    expect(await found('avenida')).to.deep.equal([]);
    expect(await found('mamounia')).to.deep.equal(['La Mamounia']);
    // The areas are still named by id; coordinates no longer find them.
    const option = definition.options.find((o: any) => o.pickup);
    const resolve = (query: string) => server.request('GET', `/v1/public/options/${option.id}/pickup/resolve?${query}`, { key: DIRECT_KEY });
    expect((await resolve('place_id=6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f603')).body.offered).to.equal(true);
    expect((await resolve('lat=38.7742&lng=-9.1342')).body).to.deep.equal({ offered: false, reason: 'outside_area' });
  });
});
