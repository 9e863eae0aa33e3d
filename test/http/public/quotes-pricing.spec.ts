import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { OptionDefinition, ProductDefinition } from '../../../domain/catalog/definitions';
import { ADULT, option, product, tier } from '../../domain/fixtures';
import { demoId } from '../../../infra/seed/demo-catalog';
import { MARKET_KEY, OWNER_KEY, TestServer, expectProblem, openStart, startTestServer } from '../harness';

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

describe('HTTP quotes: pricing rules', () => {
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

  it('refuses a seller a price table where a bigger group pays more per person (PriceTableNotMonotonic with its cells)', async () => {
    const bad = tripWith('not-monotonic-walk', (u) => ({ tiers: [tier(1, 1, { [u]: 1000 }), tier(2, 3, { [u]: 500 }), tier(4, null, { [u]: 9000 })] }));
    const answer = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: bad });
    const problem = expectProblem(answer, 422, 'PriceTableNotMonotonic');
    expect(problem.cells).to.deep.equal([{ unit_id: bad.options[0].units[0].id, tier: 'options[0].pricing.tiers[2]', min_net_usd: 500 }]);
  });

  it('prices by season and weekday, shows unpriced days closed in the calendar, and sells specials with the price before them', async () => {
    const weekends = tripWith('winter-weekend-walk', (u) => ({
      tiers: [],
      seasons: [{ name: 'Winter weekends', from: '2026-12-01', until: '2027-03-31', weekdays: [6, 7], tiers: [tier(1, null, { [u]: 6000 })] }],
      specials: [{ name: 'Opening Saturday', from: '2026-12-12', until: '2026-12-12', times: ['09:00'], percent_off: 25 }],
    }));
    await publish(server, weekends);
    const optionId = weekends.options[0].id;
    const december = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=2026-12`);
    const day = (date: string) => december.body.find((d: any) => d.date === date);
    expect(day('2026-12-10')).to.deep.equal({ date: '2026-12-10', status: 'closed', starts: [] });
    expect(day('2026-12-12').status).to.equal('open');
    const november = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=2026-11`);
    expect(november.body.find((d: any) => d.date === '2026-11-28').status).to.equal('closed');

    expect(expectProblem(await quoteFor(server, weekends, '2026-12-10T09:00', 2), 422, 'PriceNotAvailable')).to.include({ reason: 'weekday' });
    expect(expectProblem(await quoteFor(server, weekends, '2026-11-28T09:00', 2), 422, 'PriceNotAvailable')).to.include({ reason: 'outside_season' });
    const special = await quoteFor(server, weekends, '2026-12-12T09:00', 2);
    expect(special.status, special.text).to.equal(200);
    expect(special.body.lines[0]).to.deep.include({ unit_price: { amount: 4500, currency: 'USD' }, original_unit_price: { amount: 6000, currency: 'USD' } });
    expect(special.body.totals.due_now).to.deep.equal({ amount: 9000, currency: 'USD' });
    const usual = await quoteFor(server, weekends, '2026-12-13T09:00', 2);
    expect(usual.body.lines[0]).to.deep.include({ unit_price: { amount: 6000, currency: 'USD' }, original_unit_price: null });
  });

  it('demo: a seasonal price (sushi class), a weekday-only price (tea ceremony) and a special (teamLab early entry)', async () => {
    const quote = (slug: string, key: string, start: string) =>
      server.request('POST', '/v1/public/quotes', {
        key: MARKET_KEY,
        body: {
          option_id: demoId(`demo:option:${slug}:${key}`),
          start,
          units: [{ unit_id: demoId(`demo:unit:${slug}:${key}:adult`), qty: 2 }],
          currency: 'USD',
        },
      });
    // The demo opens its calendars on 2026-11-22: the cherry blossom season runs 100 to 130 days on.
    const usual = await quote('tokyo-sushi-making-class', 'shared', '2027-01-05T10:00');
    const blossom = await quote('tokyo-sushi-making-class', 'shared', '2027-03-10T10:00');
    expect([usual.body.lines[0].unit_price.amount, blossom.body.lines[0].unit_price.amount]).to.deep.equal([9500, 11500]);

    const tea = demoId('demo:option:kyoto-machiya-tea-ceremony:ceremony');
    const december = await server.request('GET', `/v1/public/options/${tea}/calendar?month=2026-12`, { key: MARKET_KEY });
    // 2026-12-12 is a Saturday: the option runs, but only weekdays are priced.
    expect(december.body.find((d: any) => d.date === '2026-12-12')).to.deep.equal({ date: '2026-12-12', status: 'closed', starts: [] });
    const saturday = await quote('kyoto-machiya-tea-ceremony', 'ceremony', '2026-12-12T10:00');
    expect(expectProblem(saturday, 422, 'PriceNotAvailable').reason).to.equal('weekday');
    expect((await quote('kyoto-machiya-tea-ceremony', 'ceremony', '2026-12-11T10:00')).body.lines[0].unit_price.amount).to.equal(4500);
    // The trip list by date agrees: on that Saturday the tea ceremony is not bookable, on the Friday it is.
    const listedOn = async (date: string) =>
      ((await server.request('GET', `/v1/public/products?date=${date}&limit=100&city=kyoto`, { key: MARKET_KEY })).body.data as any[]).map((c) => c.slug);
    expect(await listedOn('2026-12-12')).to.not.include('kyoto-machiya-tea-ceremony');
    expect(await listedOn('2026-12-11')).to.include('kyoto-machiya-tea-ceremony');

    const early = await quote('tokyo-teamlab-planets-ticket', 'entry', '2026-12-10T09:00');
    expect(early.body.lines[0]).to.deep.include({ unit_price: { amount: 2080, currency: 'USD' }, original_unit_price: { amount: 2600, currency: 'USD' } });
    const later = await quote('tokyo-teamlab-planets-ticket', 'entry', '2026-12-10T11:00');
    expect(later.body.lines[0]).to.deep.include({ unit_price: { amount: 2600, currency: 'USD' }, original_unit_price: null });
  });
});
