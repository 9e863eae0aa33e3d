import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { MARKET_KEY, TestServer, openStart, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const unitOf = (option: any, type: string): string => option.units.find((u: any) => u.type === type).id;

/** Issue 7 review: quotes add up, from_price counts specials, vehicles, rooms and group limits refuse as part 7 says. */
describe('HTTP: quotes and from_price as the review of issue 7 asked', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  const trip = async (slug: string, key?: string) =>
    schemas.expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${slug}${key ? '?currency=JPY' : ''}`, { key }));
  const quote = (body: Record<string, unknown>, key?: string) => server.request('POST', '/v1/public/quotes', { body, key });

  it('adds a local extra paid in the quote currency to grand_total at its own amount (spec 2.6: lines add up to totals)', async () => {
    const sushi = await trip('tokyo-sushi-making-class', MARKET_KEY);
    const option = sushi.options.find((o: any) => o.name === 'Shared class');
    const sake = sushi.extras.find((e: any) => e.name === 'Sake tasting flight');
    const start = await openStart(server, option.id, '2026-12', '10', MARKET_KEY);
    const body = { option_id: option.id, start, units: [{ unit_id: unitOf(option, 'adult'), qty: 3 }], extras: [{ extra_id: sake.id, qty: 2 }] };
    const yen = schemas.expectAnswer('createQuote', await quote({ ...body, currency: 'JPY' }, MARKET_KEY));
    const line = yen.lines.find((l: any) => l.ref === sake.id);
    expect(line).to.deep.include({ pay_at: 'local', total: { amount: 4000, currency: 'JPY' } });
    expect(yen.totals.pay_locally).to.deep.equal([{ amount: 4000, currency: 'JPY' }]);
    expect(yen.totals.grand_total).to.deep.equal({ amount: yen.totals.due_now.amount + 4000, currency: 'JPY' });
    // In dollars the yen paid on the day count converted at the day's rates, not the extra's dollar price (14.00 each).
    const usd = schemas.expectAnswer('createQuote', await quote({ ...body, currency: 'USD' }, MARKET_KEY));
    expect(usd.totals.grand_total.amount - usd.totals.due_now.amount).to.not.equal(2 * 1400);
  });

  it("shows from_price at a special's price while a start it discounts can be booked, as the quote prices it (spec 2.3)", async () => {
    const teamlab = await trip('tokyo-teamlab-planets-ticket', MARKET_KEY);
    const option = teamlab.options[0];
    const start = (await openStart(server, option.id, '2026-12', '10', MARKET_KEY)).slice(0, 10) + 'T09:00';
    const quoted = schemas.expectAnswer(
      'createQuote',
      await quote({ option_id: option.id, start, units: [{ unit_id: unitOf(option, 'adult'), qty: 1 }], currency: 'JPY' }, MARKET_KEY),
    );
    expect(quoted.lines[0].original_unit_price).to.not.equal(null);
    expect(teamlab.from_price).to.deep.equal({ ...quoted.lines[0].unit_price, group_size: 1 });
    const list = await server.request('GET', '/v1/public/products?q=teamlab&currency=JPY', { key: MARKET_KEY });
    expect(list.body.data.find((c: any) => c.id === teamlab.id).from_price).to.deep.equal(teamlab.from_price);
  });

  it('refuses VehicleCapacityExceeded in the demo: nine travellers need three minivans, a booking takes two of four seats', async () => {
    const minivan = demoId('demo:option:lisbon-airport-private-transfer:minivan');
    const transfer = await trip('lisbon-airport-private-transfer');
    const option = transfer.options.find((o: any) => o.id === minivan);
    expect(option).to.include({ vehicle_seats: 4, max_units: 9 });
    const start = await openStart(server, minivan, '2026-12', '15');
    const nine = schemas.expectProblem(
      await quote({ option_id: minivan, start, units: [{ unit_id: unitOf(option, 'adult'), qty: 9 }] }),
      422,
      'VehicleCapacityExceeded',
    );
    expect(nine).to.include({ pax: 9, seats: 8 });
    const eight = schemas.expectAnswer('createQuote', await quote({ option_id: minivan, start, units: [{ unit_id: unitOf(option, 'adult'), qty: 8 }] }));
    expect(eight.vehicles).to.deep.equal([{ name: 'minivan', count: 2, seats: 4 }]);
  });

  it('refuses rooms for an option without room types (RoomingInvalid unknown_room_type) and names the whole group in a group-size refusal', async () => {
    const sintra = await trip('sintra-palaces-day-trip');
    const option = sintra.options.find((o: any) => o.pickup);
    const start = await openStart(server, option.id);
    const adults = (qty: number) => [{ unit_id: unitOf(option, 'adult'), qty }];
    const rooms = schemas.expectProblem(
      await quote({ option_id: option.id, start, units: adults(2), rooms: [{ room_type_id: 'x', qty: 1 }] }),
      422,
      'RoomingInvalid',
    );
    expect(rooms).to.deep.include({ details: { reason: 'unknown_room_type' }, detail: 'this option has no room types: send no rooms' });
    const alone = schemas.expectProblem(await quote({ option_id: option.id, start, units: adults(1) }), 422, 'UnitQuantityInvalid');
    expect(alone).to.include({ unitId: null, min: option.min_units, max: option.max_units });
    expect(alone.detail).to.equal(`the whole group must be ${option.min_units} to ${option.max_units} travellers, not 1`);
  });
});
