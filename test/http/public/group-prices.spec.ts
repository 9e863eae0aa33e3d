import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { OptionDefinition, ProductDefinition } from '../../../domain/catalog/definitions';
import { ADULT, CHILD, INFANT, option, product, tier } from '../../domain/fixtures';
import { OWNER_KEY, TestServer, expectProblem, openStart, simpleTrip, startTestServer } from '../harness';
import { publishedSchemas } from './published-schemas';

/** A trip of the direct storefront's seller: adults, children and infants, priced by `pricing`. */
function family(
  slug: string,
  pricing: (ids: { adult: string; child: string }) => OptionDefinition['pricing'],
  more: Partial<OptionDefinition> = {},
): ProductDefinition {
  const units = [
    { ...ADULT, id: randomUUID(), max_qty: 20 },
    { ...CHILD, id: randomUUID() },
    { ...INFANT, id: randomUUID() },
  ];
  return product({ slug, options: [option({ id: randomUUID(), units, pricing: pricing({ adult: units[0].id, child: units[1].id }), ...more })] });
}

async function publish(server: TestServer, definition: ProductDefinition): Promise<void> {
  const created = await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, body: definition });
  expect(created.status, created.text).to.equal(201);
  const published = await server.request('POST', `/v1/products/${created.body.id}/publish`, { key: null, secret: OWNER_KEY });
  expect(published.status, published.text).to.equal(200);
}

describe('HTTP group prices', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];
  before(async () => {
    server = await startTestServer();
    ({ expectAnswer } = await publishedSchemas(server));
  });
  after(async () => server.close());

  /** Every group's figures against POST /v1/public/quotes for that group. */
  async function expectQuotesAgree(answer: any, unitId: string): Promise<void> {
    for (const group of answer.groups) {
      const quote = await server.request('POST', '/v1/public/quotes', {
        body: {
          option_id: answer.option_id,
          start: answer.start,
          units: [{ unit_id: unitId, qty: group.travellers }],
          rooms: group.rooms,
          currency: answer.currency,
        },
      });
      expect(quote.status, quote.text).to.equal(200);
      expect(group.total).to.deep.equal(quote.body.totals.grand_total);
      expect(group.unit_price).to.deep.equal(quote.body.lines[0].unit_price);
      expect(group.original_unit_price).to.deep.equal(quote.body.lines[0].original_unit_price);
      expect(group.confirmation).to.equal(quote.body.confirmation);
      expect(group.each).to.deep.equal({ amount: Math.ceil(group.total.amount / group.travellers), currency: answer.currency });
      expect(group.each.amount * group.travellers).to.be.at.least(group.total.amount);
    }
  }

  it('prices groups of 1 to 10 at a start, each figure equal to the quote for that group (EUR)', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const answer = expectAnswer('getGroupPrices', await server.request('GET', `/v1/public/options/${trip.optionId}/group-prices?start=${start}&currency=EUR`));
    expect(answer).to.include({ option_id: trip.optionId, start, currency: 'EUR' });
    expect(answer.groups.map((g: any) => g.travellers)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((n) => n <= trip.capacity));
    expect(answer.policy.preset).to.be.a('string');
    await expectQuotesAgree(answer, trip.unitId);
  });

  it("prices this month's first open start by default, or a month's; up_to limits the sizes", async () => {
    const trip = await simpleTrip(server);
    const thisMonth = expectAnswer('getGroupPrices', await server.request('GET', `/v1/public/options/${trip.optionId}/group-prices?up_to=3`));
    expect(thisMonth.start).to.equal(await openStart(server, trip.optionId, '2026-11', '01'));
    expect(thisMonth.groups.map((g: any) => g.travellers)).to.deep.equal([1, 2, 3]);
    const january = expectAnswer('getGroupPrices', await server.request('GET', `/v1/public/options/${trip.optionId}/group-prices?month=2027-01&up_to=2`));
    expect(january.start).to.equal(await openStart(server, trip.optionId, '2027-01', '01'));
    await expectQuotesAgree(january, trip.unitId);
  });

  it('leaves out sizes that cannot be quoted, and prices each other unit with the smallest group', async () => {
    const gap = family('group-gap-walk', ({ adult, child }) => ({
      tiers: [tier(2, 2, { [adult]: 6000, [child]: 3000 }), tier(5, null, { [adult]: 4000, [child]: 2000 })],
      specials: [{ name: 'Launch', from: '2026-12-01', until: '2026-12-31', percent_off: 10 }],
    }));
    await publish(server, gap);
    const o = gap.options[0];
    const answer = expectAnswer('getGroupPrices', await server.request('GET', `/v1/public/options/${o.id}/group-prices?month=2026-12&up_to=6&currency=USD`));
    expect(answer.groups.map((g: any) => g.travellers)).to.deep.equal([2, 5, 6]);
    expect(answer.groups[0]).to.deep.include({ unit_price: { amount: 5400, currency: 'USD' }, original_unit_price: { amount: 6000, currency: 'USD' } });
    await expectQuotesAgree(answer, o.units[0].id);
    // A child with the smallest group (2 adults) makes 3: no tier prices 3, so the child has no price; an infant takes no seat.
    expect(answer.units.map((u: any) => [u.unit_id, u.unit_price])).to.deep.equal([
      [o.units[1].id, null],
      [o.units[2].id, { amount: 0, currency: 'USD' }],
    ]);
  });

  it('prices a child with the smallest group as the quote for them does', async () => {
    const walk = family('group-child-walk', ({ adult, child }) => ({ tiers: [tier(1, null, { [adult]: 5000, [child]: 2500 })] }));
    await publish(server, walk);
    const o = walk.options[0];
    const answer = expectAnswer('getGroupPrices', await server.request('GET', `/v1/public/options/${o.id}/group-prices?month=2026-12&currency=EUR`));
    const quote = await server.request('POST', '/v1/public/quotes', {
      body: {
        option_id: o.id,
        start: answer.start,
        currency: 'EUR',
        units: [
          { unit_id: o.units[0].id, qty: 1 },
          { unit_id: o.units[1].id, qty: 1 },
        ],
      },
    });
    expect(quote.status, quote.text).to.equal(200);
    expect(answer.units[0].unit_price).to.deep.equal(quote.body.lines[1].unit_price);
  });

  it('refuses what a quote refuses, and bad parameters', async () => {
    const trip = await simpleTrip(server);
    const at = `/v1/public/options/${trip.optionId}/group-prices`;
    expectProblem(await server.request('GET', `${at}?up_to=0`), 422, 'InvalidInput');
    expectProblem(await server.request('GET', `${at}?up_to=51`), 422, 'InvalidInput');
    expectProblem(await server.request('GET', `${at}?month=2026-12&start=2026-12-10T09:00`), 422, 'InvalidInput');
    expectProblem(await server.request('GET', `${at}?month=2026-13`), 422, 'InvalidInput');
    expectProblem(await server.request('GET', `${at}?currency=XXX`), 422, 'CurrencyNotEnabled');
    const november = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-11`);
    const late = november.body.find((d: any) => d.starts.some((t: any) => t.status === 'past_cutoff'));
    const lateStart = `${late.date}T${late.starts.find((t: any) => t.status === 'past_cutoff').time}`;
    expectProblem(await server.request('GET', `${at}?start=${lateStart}`), 422, 'PastCutoff');
    expect(expectProblem(await server.request('GET', '/v1/public/options/nope/group-prices'), 404, 'NotFound').entity).to.equal('option');
  });
});
