import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { OptionDefinition, ProductDefinition } from '../../../domain/catalog/definitions';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import { OWNER_KEY, TestServer, expectProblem, openStart, startTestServer } from '../harness';

/** A trip of the direct storefront's seller with one option of one adult unit, priced as `pricing` says. */
function tripWith(slug: string, pricing: (unitId: string) => OptionDefinition['pricing'], more: Partial<OptionDefinition> = {}): ProductDefinition {
  const unit = { ...ADULT, id: randomUUID(), max_qty: 20 };
  return product({ slug, options: [option({ id: randomUUID(), units: [unit], pricing: pricing(unit.id), ...more })] });
}

async function publish(server: TestServer, definition: ProductDefinition): Promise<string> {
  const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: definition });
  expect(created.status, created.text).to.equal(201);
  const published = await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY });
  expect(published.status, published.text).to.equal(200);
  return created.body.id;
}

function quoteFor(server: TestServer, definition: ProductDefinition, start: string, qty: number) {
  const o = definition.options[0];
  return server.request('POST', '/v1/public/quotes', { body: { option_id: o.id, start, units: [{ unit_id: o.units[0].id, qty }], currency: 'USD' } });
}

describe('HTTP quotes: group sizes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('keeps next_group_price when the group itself cannot be priced but one more can (1-2 and 5+ at 4)', async () => {
    const gap = tripWith('gap-table-walk', (u) => ({ tiers: [tier(1, 2, { [u]: 6000 }), tier(5, null, { [u]: 3000 })] }));
    const id = await publish(server, gap);
    const list = await server.request('GET', '/v1/public/products?travellers=4&limit=100&currency=USD');
    expect(list.status, list.text).to.equal(200);
    const card = list.body.data.find((c: any) => c.id === id);
    expect(card.group_price).to.equal(null);
    expect(card.next_group_price).to.deep.equal({ amount: 15000, currency: 'USD' });

    const start = await openStart(server, gap.options[0].id);
    const four = expectProblem(await quoteFor(server, gap, start, 4), 422, 'PriceNotAvailable');
    expect(four).to.include({ reason: 'group_size' });
    const five = await quoteFor(server, gap, start, 5);
    expect(five.status, five.text).to.equal(200);
    expect(five.body.totals.grand_total).to.deep.equal(card.next_group_price);
  });
});
