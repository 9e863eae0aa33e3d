import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MARKET_KEY, OWNER_KEY, TestServer, expectProblem, openStart, simpleTrip, startTestServer } from '../harness';

/** What a validator says in its own words, or a pattern's source: never shown to a client. */
const RAW_WORDING =
  /must NOT|must match|must have required|must be equal to|must pass|must be array|must be object|must be string|must be integer|should |\^|\$\b|\\d|\{\d+,\d*\}|\[a-z|\[A-Z|instancePath|schemaPath|#\//;

function expectHumanWords(problem: any, context: string) {
  expect(problem.detail, context).not.to.match(RAW_WORDING);
  for (const item of problem.problems ?? []) expect(item.detail, `${context}: ${item.field}`).not.to.match(RAW_WORDING);
}

/** Spec part 7: every problems[] item of 422 InvalidInput has reason, field, detail and details (null when nothing more). */
function expectCompleteProblems(problem: any, context: string) {
  expect(problem.problems, context).to.be.an('array');
  for (const item of problem.problems) {
    expect(item, `${context}: ${JSON.stringify(item)}`).to.have.all.keys('reason', 'field', 'detail', 'details');
    expect(item.reason, context)
      .to.be.a('string')
      .and.match(/^[a-z_]+$/);
    expect(item.field, context).to.be.a('string');
    expect(item.detail, context).to.be.a('string').with.length.greaterThan(0);
    expect(item.details === null || typeof item.details === 'object', context).to.equal(true);
  }
  if (problem.problems.length > 0) expect(problem.detail, context).to.equal(problem.problems.map((p: any) => p.detail).join('; '));
}

const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };

/** Issue 5, section 5: complete problems, and messages for humans that say what is expected. */
describe('HTTP middleware: validation', () => {
  let server: TestServer;
  let optionId: string;
  let unitId: string;
  let start: string;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    const trip = await simpleTrip(server);
    optionId = trip.optionId;
    unitId = trip.unitId;
    start = await openStart(server, optionId);
  });
  after(() => server.close());

  const selection = (extra: object = {}) => ({ option_id: optionId, start, units: [{ unit_id: unitId, qty: 1 }], ...extra });

  describe('every problems[] item is complete', () => {
    it('for body problems', async () => {
      const answer = await server.request('POST', '/v1/public/quotes', { body: { start: 5, units: [{ unit_id: 'x', qty: -1 }], surprise: true } });
      const problem = expectProblem(answer, 422, 'InvalidInput');
      expectCompleteProblems(problem, 'quote body');
      expect(problem.problems.map((p: any) => p.field)).to.include.members(['option_id', 'start', 'units[0].qty', 'surprise']);
      expect(problem.problems.find((p: any) => p.field === 'option_id')).to.deep.include({ reason: 'required', details: null });
    });

    it('for query problems, param_values with its details', async () => {
      for (const query of ['limit=0', 'limit=abc', 'template=cruise', 'surprise=1', 'limit=2&limit=3', 'min_rating=9', 'sort=cheapest', 'date=2026/12/10']) {
        const problem = expectProblem(await server.request('GET', `/v1/public/products?${query}`), 422, 'InvalidInput');
        expectCompleteProblems(problem, query);
      }
      const values = expectProblem(await server.request('GET', '/v1/public/products?template=cruise'), 422, 'InvalidInput');
      expect(values.problems[0]).to.deep.include({ reason: 'param_values', field: 'template' });
      expect(values.problems[0].details).to.deep.include({ param: 'template', given: 'cruise' });
    });

    it('for path problems and a bad Idempotency-Key', async () => {
      expectCompleteProblems(expectProblem(await server.request('GET', `/v1/public/options/${optionId}/calendar?month=2026-13`), 422, 'InvalidInput'), 'month');
      const key = await server.request('POST', '/v1/public/holds', { body: selection(), headers: { 'Idempotency-Key': 'k'.repeat(256) } });
      expectCompleteProblems(expectProblem(key, 422, 'InvalidInput'), 'Idempotency-Key');
    });

    it('for cursor_not_this_list, on the trip list and on seller lists', async () => {
      const first = await server.request('GET', '/v1/public/products?limit=2');
      const foreign = expectProblem(
        await server.request('GET', `/v1/public/products?limit=2&template=ticket&cursor=${first.body.next_cursor}`),
        422,
        'InvalidInput',
      );
      expectCompleteProblems(foreign, 'foreign cursor');
      expect(foreign.problems[0]).to.deep.include({ reason: 'cursor_not_this_list', field: 'cursor', details: null });
      const garbage = expectProblem(await server.request('GET', '/v1/public/products?cursor=garbage'), 422, 'InvalidInput');
      expectCompleteProblems(garbage, 'garbage cursor');

      const secret = { key: null, secret: OWNER_KEY };
      const products = expectProblem(await server.request('GET', `/v1/products?cursor=${first.body.next_cursor}`, secret), 422, 'InvalidInput');
      expectCompleteProblems(products, 'seller products cursor');
      expect(products.problems[0].reason).to.equal('cursor_not_this_list');
      const bookings = expectProblem(await server.request('GET', '/v1/bookings?cursor=garbage', secret), 422, 'InvalidInput');
      expectCompleteProblems(bookings, 'seller bookings cursor');
      expect(bookings.problems[0].reason).to.equal('cursor_not_this_list');
    });

    it('for seller product problems, schema and rules across fields', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const bad = expectProblem(await server.request('POST', '/v1/products', { ...secret, body: { slug: 'Not A Slug', options: [] } }), 422, 'InvalidInput');
      expectCompleteProblems(bad, 'seller product schema');
      const original = (await server.request('GET', '/v1/products?limit=1', secret)).body.data[0];
      const { id, published, created_at, updated_at, ...definition } = original;
      const clash = expectProblem(
        await server.request('POST', '/v1/products', { ...secret, body: { ...definition, slug: `clash-${randomUUID().slice(0, 8)}` } }),
        422,
        'InvalidInput',
      );
      expectCompleteProblems(clash, 'seller product rules');
    });

    it('for traveller details (TravellerDetailsInvalid)', async () => {
      const list = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
      for (const card of list.body.data) {
        const trip = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
        for (const option of trip.options) {
          const fields: string[] = option.traveller_details.fields;
          if (!fields.includes('date_of_birth') || option.capacity_mode === 'on_request' || option.ask_for_price) continue;
          const at = await openStart(server, option.id, '2026-12', '10', MARKET_KEY).catch(() => null);
          if (!at) continue;
          const adult = option.units.find((u: any) => u.type === 'adult');
          const double = option.room_types.find((r: any) => r.sleeps === 2);
          const hold = await server.request('POST', '/v1/public/holds', {
            key: MARKET_KEY,
            body: {
              option_id: option.id,
              start: at,
              units: [{ unit_id: adult.id, qty: 2 }],
              ...(double ? { rooms: [{ room_type_id: double.id, qty: 1 }] } : {}),
            },
          });
          if (hold.status !== 201) continue;
          const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${at}`, { key: MARKET_KEY });
          const method = methods.body[0]?.kind;
          const traveller = Object.fromEntries(fields.map((f) => [f, f === 'date_of_birth' ? 'not-a-date' : 'X1234567']));
          const answer = await server.request('POST', '/v1/public/checkout', {
            key: MARKET_KEY,
            body: { ref: hold.body.ref, lead, traveller_details: [traveller, traveller], ...(method ? { payment_method: method } : {}) },
          });
          const problem = expectProblem(answer, 422, 'TravellerDetailsInvalid');
          expectCompleteProblems(problem, 'traveller details');
          expect(problem.problems[0]).to.deep.include({ field: 'traveller_details[0].date_of_birth', details: null });
          return;
        }
      }
      expect.fail('the demo catalog has no option that asks for a date of birth');
    });
  });

  describe('messages for humans', () => {
    const expectSays = (problem: any, field: string, ...words: string[]) => {
      const item = problem.problems.find((p: any) => p.field === field);
      expect(item, `${field} in ${JSON.stringify(problem.problems)}`).not.to.equal(undefined);
      for (const word of words) expect(item.detail).to.include(word);
    };

    it('never shows validator wording or pattern sources for bad quotes, holds and checkouts', async () => {
      const bad: object[] = [
        { start: 'tomorrow' },
        { start: 5 },
        { start: '2026-12-10T09:30:00+01:00' },
        { currency: 'usd' },
        { currency: 'EURO' },
        { units: [] },
        { units: 'two adults' },
        { units: [{ unit_id: '', qty: 1.5 }] },
        { units: [{ unit_id: unitId, qty: 51 }] },
        { units: [{ unit_id: unitId, qty: 1, ages: ['ten'] }] },
        { extras: [{ qty: 1 }] },
        { rooms: [{ room_type_id: 'r', qty: 0 }] },
        { pickup: 'hotel' },
        { pickup: { lat: 91, lng: 200 } },
        { option_id: 'x'.repeat(101) },
        { option_id: null },
        { surprise: 1 },
      ];
      for (const extra of bad) {
        for (const path of ['/v1/public/quotes', '/v1/public/holds']) {
          const answer = await server.request('POST', path, { body: selection(extra) });
          const problem = expectProblem(answer, 422, 'InvalidInput');
          expectHumanWords(problem, `${path} ${JSON.stringify(extra)}`);
          expectCompleteProblems(problem, JSON.stringify(extra));
        }
      }
      const checkouts: object[] = [
        { ref: 'nope', lead },
        { ref: 'TP-AAAA-AAAA', lead: { ...lead, phone: '912345678' } },
        { ref: 'TP-AAAA-AAAA', lead: { ...lead, email: 'ana' } },
        { ref: 'TP-AAAA-AAAA', lead: { name: '' } },
        { ref: 'TP-AAAA-AAAA', lead, locale: 'EN' },
        { ref: 'TP-AAAA-AAAA', lead, payment_method: 'card' },
        { ref: 'TP-AAAA-AAAA', lead, special_requests: 'x'.repeat(2001) },
        { ref: 'TP-AAAA-AAAA', lead, attribution: { utm_source: 'x'.repeat(201), gclid: 5 } },
        { ref: 'TP-AAAA-AAAA', lead, warn_if_booked: 'yes' },
        { ref: 'TP-AAAA-AAAA', lead, traveller_details: 'all of us' },
      ];
      for (const body of checkouts) {
        const problem = expectProblem(await server.request('POST', '/v1/public/checkout', { body }), 422, 'InvalidInput');
        expectHumanWords(problem, JSON.stringify(body));
        expectCompleteProblems(problem, JSON.stringify(body));
      }
    });

    it('says what is expected, with an example', async () => {
      const quote = async (extra: object) => expectProblem(await server.request('POST', '/v1/public/quotes', { body: selection(extra) }), 422, 'InvalidInput');
      expectSays(await quote({ currency: 'usd' }), 'currency', 'three-letter', 'e.g. EUR');
      expectSays(await quote({ start: 'tomorrow' }), 'start', 'YYYY-MM-DDTHH:MM');
      expectSays(await quote({ start: 5 }), 'start', 'YYYY-MM-DDTHH:MM');
      expectSays(await quote({ units: [{ unit_id: unitId, qty: 51 }] }), 'units[0].qty', '0', '50');
      expectSays(await quote({ pickup: 'hotel' }), 'pickup', 'object', 'null');
      const checkout = async (body: object) => expectProblem(await server.request('POST', '/v1/public/checkout', { body }), 422, 'InvalidInput');
      expectSays(await checkout({ ref: 'nope', lead }), 'ref', 'TP-');
      expectSays(await checkout({ ref: 'TP-AAAA-AAAA', lead: { ...lead, phone: '912345678' } }), 'lead.phone', 'country code', 'e.g. +');
      expectSays(await checkout({ ref: 'TP-AAAA-AAAA', lead: { ...lead, email: 'ana' } }), 'lead.email', 'e.g. ana@example.com');
      expectSays(await checkout({ ref: 'TP-AAAA-AAAA', lead, locale: 'EN' }), 'locale', 'two lowercase letters', 'e.g. en');
      expectSays(await checkout({ ref: 'TP-AAAA-AAAA', lead, payment_method: 'card' }), 'payment_method', 'pay_on_arrival');
      const list = async (query: string) => expectProblem(await server.request('GET', `/v1/public/products?${query}`), 422, 'InvalidInput');
      expectSays(await list('limit=0'), 'limit', '1', '100');
      expectSays(await list('limit=abc'), 'limit', 'whole number');
      expectSays(await list('date=2026/12/10'), 'date', 'YYYY-MM-DD', 'e.g.');
      expectSays(await list('month=12-2026'), 'month', 'YYYY-MM', 'e.g.');
      expectSays(await list('locale=english'), 'locale', 'two lowercase letters');
      expectSays(await list('template=cruise'), 'template', 'day_tour');
      expectSays(await list('travellers=0'), 'travellers', '1', '50');
    });

    it('never shows validator wording for bad trip-list queries', async () => {
      const queries = [
        'limit=0',
        'limit=101',
        'limit=abc',
        'limit=1.5',
        'template=cruise',
        'template=',
        'city=',
        'surprise=1',
        'limit=2&limit=3',
        'min_rating=9',
        'min_price=-1',
        'max_price=1e12',
        'sort=cheapest',
        'facets=yes',
        'date=2026/12/10',
        'month=2026-1',
        'locale=EN',
        'currency=usd',
        'q=' + 'x'.repeat(201),
        `cursor=${'c'.repeat(501)}`,
        'travellers=51',
        `city=${Array.from({ length: 51 }, (_, i) => `c${i}`).join(',')}`,
      ];
      for (const query of queries) {
        const problem = expectProblem(await server.request('GET', `/v1/public/products?${query}`), 422, 'InvalidInput');
        expectHumanWords(problem, query);
        expectCompleteProblems(problem, query);
      }
    });

    it('never shows validator wording for a bad seller product', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const original = (await server.request('GET', '/v1/products?limit=1', secret)).body.data[0];
      const { id, published, created_at, updated_at, ...definition } = original;
      const option = definition.options[0];
      const bad: object[] = [
        {},
        { slug: 'Not A Slug' },
        { slug: '' },
        { default_locale: 'english' },
        { template: 'cruise' },
        { content: {} },
        { content: { EN: definition.content.en } },
        { content: { en: { title: '' } } },
        { options: [] },
        { options: [{ ...option, id: 'not-a-uuid' }] },
        { options: [{ ...option, availability: { ...option.availability, times: ['9am'], weekdays: [8, 8], from: '10/12/2026' } }] },
        { options: [{ ...option, units: [] }] },
        { rating: { average: 6, count: -1 } },
        { photos: [{ url: '' }] },
        { duration_minutes: 'long' },
      ];
      for (const change of bad) {
        const answer = await server.request('POST', '/v1/products', { ...secret, body: { ...definition, slug: `bad-${randomUUID().slice(0, 8)}`, ...change } });
        const problem = expectProblem(answer, 422, 'InvalidInput');
        expectHumanWords(problem, JSON.stringify(change).slice(0, 200));
        expectCompleteProblems(problem, JSON.stringify(change).slice(0, 200));
      }
    });

    it('names the content key that is not a language', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const original = (await server.request('GET', '/v1/products?limit=1', secret)).body.data[0];
      const { id, published, created_at, updated_at, ...definition } = original;
      const problem = expectProblem(
        await server.request('POST', '/v1/products', {
          ...secret,
          body: { ...definition, slug: `bad-${randomUUID().slice(0, 8)}`, content: { EN: definition.content.en } },
        }),
        422,
        'InvalidInput',
      );
      expect(problem.problems.map((p: any) => p.detail).join(' ')).to.include('"EN"');
    });
  });
});
