import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Answer, DIRECT_KEY, MARKET_KEY, OWNER_KEY, READONLY_KEY, SimpleTrip, TestServer, simpleTrip, startTestServer } from '../harness';

/**
 * The OpenAPI document's response schemas against the real server's answers: every answer the
 * tests can provoke is validated with the schema the document publishes for it.
 */

type Doc = Record<string, any>;

const DOC_ID = 'openapi.json';
const lead = { name: 'Ana Lima', email: 'Ana.Lima@example.com', phone: '+351 912 345 678' };
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function resolvePointer(doc: Doc, ref: string): unknown {
  const [, fragment] = ref.split('#');
  return fragment
    .split('/')
    .slice(1)
    .reduce<any>((node, part) => (node === undefined ? undefined : node[part.replace(/~1/g, '/').replace(/~0/g, '~')]), doc);
}

function refsIn(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
}

interface DocOperation {
  id: string;
  method: string;
  path: string;
  operation: Doc;
  successStatus: number;
  successPointer: string;
}

function operationsOf(doc: Doc): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries<Doc>(doc.paths)) {
    for (const [method, operation] of Object.entries<Doc>(item)) {
      const success = Object.keys(operation.responses).filter((s) => /^2\d\d$/.test(s));
      out.push({
        id: operation.operationId,
        method,
        path,
        operation,
        successStatus: Number(success[0]),
        successPointer: `#/${pointer('paths', path, method, 'responses', success[0], 'content', 'application/json', 'schema')}`,
      });
    }
  }
  return out;
}

describe('OpenAPI document: response schemas against real answers', () => {
  let server: TestServer;
  let doc: Doc;
  let ajv: Ajv2020;
  let ops: Map<string, DocOperation>;
  let trip: SimpleTrip;

  const compiled = new Map<string, ValidateFunction>();
  function schemaAt(ref: string): ValidateFunction {
    const key = ref.startsWith('#') ? `${DOC_ID}${ref}` : ref;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.getSchema(key);
      if (!validate) throw new Error(`no schema at ${key}`);
      compiled.set(key, validate);
    }
    return validate;
  }

  function expectValid(validate: ValidateFunction, body: unknown, what: string): void {
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)} (${e.schemaPath})`);
      expect.fail(`${what} does not match its schema:\n  ${errors.join('\n  ')}`);
    }
  }

  /** The answer is the operation's success, valid against the schema the document gives it. */
  function expectAnswer(operationId: string, answer: Answer): any {
    const op = ops.get(operationId);
    if (!op) throw new Error(`no operation ${operationId} in the document`);
    if (answer.status !== op.successStatus) expect.fail(`${operationId}: expected ${op.successStatus}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expectValid(schemaAt(op.successPointer), answer.body, operationId);
    return answer.body;
  }

  function expectProblem(answer: Answer, status: number, code: string): any {
    if (answer.status !== status) expect.fail(`expected ${status} ${code}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
    expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expectValid(schemaAt('#/components/schemas/Problem'), answer.body, `problem ${code}`);
    expect(answer.body.code).to.equal(code);
    return answer.body;
  }

  /** The first open start of an option in a month, as the calendar (of the key's storefront) shows it. */
  async function firstOpenStart(optionId: string, key: string, month = '2026-12'): Promise<string | null> {
    const calendar = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=${month}`, { key });
    expectAnswer('getCalendar', calendar);
    for (const day of calendar.body) {
      const start = day.starts.find((s: any) => s.status === 'open');
      if (start) return start.time === null ? day.date : `${day.date}T${start.time}`;
    }
    return null;
  }

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    const answer = await server.request('GET', '/v1/openapi.json', { key: null });
    expect(answer.status).to.equal(200);
    doc = answer.body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, DOC_ID);
    ops = new Map(operationsOf(doc).map((op) => [op.id, op]));
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  describe('the document', () => {
    it('is OpenAPI 3.1.0, version 0.1.0, with unique operation ids', () => {
      expect(doc.openapi).to.equal('3.1.0');
      expect(doc.info.version).to.equal('0.1.0');
      const ids = operationsOf(doc).map((op) => op.id);
      expect(new Set(ids).size).to.equal(ids.length);
      expect(ids.length).to.be.greaterThan(10);
    });

    it('gives every operation one 2xx JSON answer with a schema that compiles', () => {
      for (const op of operationsOf(doc)) {
        const success = Object.keys(op.operation.responses).filter((s) => /^2\d\d$/.test(s));
        expect(success, op.id).to.have.length(1);
        const content = op.operation.responses[success[0]].content ?? {};
        if (!content['application/json']) {
          // A file answer (a receipt download): each media type it may come as, none of them JSON.
          expect(Object.keys(content), `${op.id} file answer`).to.have.length.greaterThan(0);
          for (const [type, media] of Object.entries<Doc>(content))
            expect(media.schema, `${op.id} ${type}`).to.deep.equal({ type: 'string', contentMediaType: type });
          continue;
        }
        const schema = content['application/json']?.schema;
        expect(schema, `${op.id} success schema`).to.be.an('object');
        expect(schema, op.id)
          .to.have.property('$ref')
          .that.matches(/^#\/components\/schemas\//);
        expect(() => schemaAt(op.successPointer), op.id).not.to.throw();
        expect(op.operation.description, `${op.id} description`).to.be.a('string').with.length.greaterThan(20);
      }
    });

    it('resolves every $ref, and ajv compiles every schema: components, request bodies and parameters', () => {
      for (const ref of refsIn(doc)) {
        expect(ref, ref).to.match(/^#\//);
        expect(resolvePointer(doc, ref), `target of ${ref}`).not.to.equal(undefined);
        if (ref.startsWith('#/components/schemas/')) expect(() => schemaAt(ref), ref).not.to.throw();
      }
      for (const name of Object.keys(doc.components.schemas)) expect(() => schemaAt(`#/components/schemas/${name}`), name).not.to.throw();
      for (const op of operationsOf(doc)) {
        const base = ['paths', op.path, op.method];
        if (op.operation.requestBody?.content['application/json']) {
          expect(() => schemaAt(`#/${pointer(...base, 'requestBody', 'content', 'application/json', 'schema')}`), `${op.id} body`).not.to.throw();
        } else if (op.operation.requestBody) {
          // A file body (a receipt): taken as bytes, described by media type.
          for (const [type, media] of Object.entries<Doc>(op.operation.requestBody.content))
            expect(media.schema, `${op.id} ${type}`).to.deep.equal({ type: 'string', contentMediaType: type });
        }
        (op.operation.parameters as Doc[]).forEach((p, i) => {
          expect(() => schemaAt(`#/${pointer(...base, 'parameters', String(i), 'schema')}`), `${op.id} ${p.name}`).not.to.throw();
        });
      }
    });

    it('answers errors with problem documents; 429 carries Retry-After and the RateLimit headers; catalog reads may answer 304', () => {
      for (const op of operationsOf(doc)) {
        for (const status of ['401', '403', '404', '409', '422', '429']) {
          const response = resolvePointer(doc, op.operation.responses[status].$ref) as Doc;
          expect(response.content['application/problem+json'].schema, `${op.id} ${status}`).to.deep.equal({ $ref: '#/components/schemas/Problem' });
        }
        const limited = resolvePointer(doc, op.operation.responses['429'].$ref) as Doc;
        expect(limited.headers).to.include.keys('Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
        expect(limited.headers['Retry-After'].required).to.equal(true);
        const path = op.path;
        const catalogRead = [
          '/v1/public/storefront',
          '/v1/public/products',
          '/v1/public/products/{product}',
          '/v1/public/search',
          '/v1/public/page',
          '/v1/public/pages',
          '/v1/public/pages/{slug}',
          '/v1/public/menus',
          '/v1/public/redirect',
          '/v1/public/collections',
          '/v1/public/cities',
          '/v1/public/categories',
          '/v1/public/places',
          '/v1/public/places/{place}',
          '/v1/public/sellers',
          '/v1/public/sellers/{seller}',
        ].includes(path);
        expect(Object.keys(op.operation.responses).includes('304'), `${op.id} 304`).to.equal(catalogRead);
      }
      const getBooking = ops.get('getBooking')!.operation;
      expect(getBooking.description).to.include('token').and.include('email');
      expect(ops.get('createQuote')!.operation.requestBody.description).to.include('extra_id');
      expect(ops.get('getHold')!.operation.description).to.include('expired');
    });
  });

  describe('catalog reads', () => {
    it('storefront, direct and marketplace; 304 on If-None-Match', async () => {
      const direct = expectAnswer('getStorefront', await server.request('GET', '/v1/public/storefront'));
      expect(direct.kind).to.equal('direct');
      const market = expectAnswer('getStorefront', await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY }));
      expect(market.promise).to.be.an('object');
      const first = await server.request('GET', '/v1/public/storefront');
      const again = await server.request('GET', '/v1/public/storefront', { headers: { 'If-None-Match': first.headers.get('etag') as string } });
      expect(again.status).to.equal(304);
      expect(again.text).to.equal('');
    });

    it('products list with facets and travellers, pages, search and other currencies', async () => {
      for (const key of [DIRECT_KEY, MARKET_KEY]) {
        const list = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?facets=true&travellers=2&limit=100', { key }));
        expect(list.facets).to.be.an('object');
        expect(list.data.length).to.be.greaterThan(3);
        for (const card of list.data) expect(card).to.include.keys('group_price', 'next_group_price');
        const plain = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?limit=2', { key }));
        expect(plain.next_cursor).to.be.a('string');
        expect(plain).not.to.have.property('facets');
        expectAnswer('listProducts', await server.request('GET', `/v1/public/products?limit=2&cursor=${plain.next_cursor}`, { key }));
        expectAnswer('listProducts', await server.request('GET', '/v1/public/products?q=wine&locale=es&currency=EUR', { key }));
        expectAnswer('listProducts', await server.request('GET', '/v1/public/products?month=2026-12&travellers=3&sort=price&facets=true', { key }));
      }
      expectAnswer('listProducts', await server.request('GET', '/v1/public/products?currency=JPY&travellers=1', { key: MARKET_KEY }));
      expectAnswer('listProducts', await server.request('GET', '/v1/public/products?currency=OMR&facets=true', { key: MARKET_KEY }));
    });

    it('every trip of both storefronts, and the calendar of every option', async () => {
      let trips = 0;
      let options = 0;
      for (const key of [DIRECT_KEY, MARKET_KEY]) {
        const list = await server.request('GET', '/v1/public/products?limit=100', { key });
        for (const card of list.body.data) {
          const t = expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${card.id}`, { key }));
          trips += 1;
          for (const option of t.options) {
            expectAnswer('getCalendar', await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2026-12`, { key }));
            options += 1;
          }
        }
      }
      expect(trips).to.be.greaterThan(10);
      expect(options).to.be.greaterThan(trips);
      expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${trip.productId}?locale=es&currency=EUR`));
      expectAnswer('getCalendar', await server.request('GET', `/v1/public/options/${trip.optionId}/calendar`));
      expectAnswer('getCalendar', await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-11`));
    });

    it('payment methods of the direct site and of a marketplace seller', async () => {
      const start = await firstOpenStart(trip.optionId, DIRECT_KEY);
      const direct = expectAnswer('listPaymentMethods', await server.request('GET', `/v1/public/payment-methods?option_id=${trip.optionId}&start=${start}`));
      expect(direct.map((m: { kind: string }) => m.kind)).to.include('pay_on_arrival');
      const list = await server.request('GET', '/v1/public/products?limit=100&seller=muscat-dunes', { key: MARKET_KEY });
      const t = await server.request('GET', `/v1/public/products/${list.body.data[0].id}`, { key: MARKET_KEY });
      const option = t.body.options[0];
      const at = await firstOpenStart(option.id, MARKET_KEY);
      const methods = expectAnswer(
        'listPaymentMethods',
        await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${at}`, { key: MARKET_KEY }),
      );
      expect(methods.length).to.be.greaterThan(0);
    });
  });

  describe('quotes, holds and bookings', () => {
    it('quotes every option of the marketplace, with extras, pickup and rooms, in every currency', async () => {
      const storefront = await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY });
      const currencies: string[] = storefront.body.currencies;
      const list = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
      const kinds = new Set<string>();
      const codes = new Set<string>();
      let quotes = 0;
      let n = 0;
      for (const card of list.body.data) {
        const t = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
        for (const option of t.options) {
          const start = await firstOpenStart(option.id, MARKET_KEY);
          if (!start) continue;
          const adult = option.units.find((u: any) => u.type === 'adult') ?? option.units[0];
          const extras = t.extras
            .filter((e: any) => e.option_ids.length === 0 || e.option_ids.includes(option.id))
            .map((e: any) => ({ extra_id: e.id, qty: 1 }));
          const double = (option.room_types ?? []).find((r: any) => r.sleeps === 2);
          const body = {
            option_id: option.id,
            start,
            units: [{ unit_id: adult.id, qty: 2 }],
            extras,
            ...(option.pickup ? { pickup: { place_id: option.pickup.pickup_rules[option.pickup.pickup_rules.length - 1].area } } : {}),
            ...(double ? { rooms: [{ room_type_id: double.id, qty: 1 }] } : {}),
            currency: currencies[n++ % currencies.length],
          };
          const answer = await server.request('POST', '/v1/public/quotes', { key: MARKET_KEY, body });
          if (answer.status === 200) {
            const quote = expectAnswer('createQuote', answer);
            quote.lines.forEach((l: any) => kinds.add(l.kind));
            quotes += 1;
          } else {
            codes.add(expectProblem(answer, answer.status, answer.body?.code).code);
          }
        }
      }
      expect(quotes).to.be.greaterThan(10);
      expect([...kinds]).to.include.members(['unit', 'extra', 'room', 'pickup']);
      expect(codes.size).to.be.greaterThan(0);
    });

    it('holds, reports the hold, checks out (and again), shows, previews the refund and cancels (and again: 409)', async () => {
      const start = (await firstOpenStart(trip.optionId, DIRECT_KEY)) as string;
      const selection = { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] };
      const hold = expectAnswer(
        'createHold',
        await server.request('POST', '/v1/public/holds', { body: selection, headers: { 'Idempotency-Key': `k-${randomUUID()}` } }),
      );
      expect(expectAnswer('getHold', await server.request('GET', `/v1/public/holds/${hold.ref}`)).status).to.equal('on_hold');

      const booking = expectAnswer(
        'checkout',
        await server.request('POST', '/v1/public/checkout', { body: { ref: hold.ref, lead, payment_method: 'pay_on_arrival' } }),
      );
      expect(booking.booking_token).to.be.a('string');
      expect(booking.contact_token).to.be.a('string');
      expect(expectAnswer('getHold', await server.request('GET', `/v1/public/holds/${hold.ref}`)).status).to.equal('checked_out');
      const repeat = expectAnswer(
        'checkout',
        await server.request('POST', '/v1/public/checkout', { body: { ref: hold.ref, lead, payment_method: 'pay_on_arrival' } }),
      );
      expect(repeat.booking_token).to.equal(null);
      expect(repeat.contact_token).to.equal(null);

      const token = booking.booking_token;
      expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${hold.ref}?token=${token}`));
      expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${hold.ref}?email=${encodeURIComponent(lead.email.toLowerCase())}`));
      expectAnswer('getRefund', await server.request('GET', `/v1/public/bookings/${hold.ref}/refund?token=${token}`));
      expectAnswer('getRefund', await server.request('GET', `/v1/public/bookings/${hold.ref}/refund?email=${encodeURIComponent(lead.email)}`));
      const cancelled = expectAnswer(
        'cancelBooking',
        await server.request('POST', `/v1/public/bookings/${hold.ref}/cancel?token=${token}`, { body: { reason: 'plans changed' } }),
      );
      expect(cancelled.status).to.equal('cancelled');
      const after = expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${hold.ref}?token=${token}`));
      expect(after.cancellation).to.be.an('object');
      const again = expectProblem(await server.request('POST', `/v1/public/bookings/${hold.ref}/cancel?token=${token}`), 409, 'Conflict');
      expect(again.reason).to.equal('booking_not_confirmed');
    });

    it('books on the marketplace with a payment method, paid on arrival', async () => {
      const list = await server.request('GET', '/v1/public/products?limit=100&seller=muscat-dunes', { key: MARKET_KEY });
      let booked = false;
      for (const card of list.body.data) {
        const t = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
        const option = t.options.find(
          (o: any) => o.capacity_mode !== 'on_request' && !o.ask_for_price && o.room_types.length === 0 && o.traveller_details.fields.length === 0,
        );
        if (!option) continue;
        const adult = option.units.find((u: any) => u.type === 'adult');
        const start = await firstOpenStart(option.id, MARKET_KEY);
        const hold = expectAnswer(
          'createHold',
          await server.request('POST', '/v1/public/holds', {
            key: MARKET_KEY,
            body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], currency: 'OMR' },
          }),
        );
        const noMethod = expectProblem(
          await server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body: { ref: hold.ref, lead } }),
          422,
          'PaymentMethodRequired',
        );
        expect(noMethod.offered).to.be.an('array');
        expectProblem(
          await server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body: { ref: hold.ref, lead, payment_method: 'bank_transfer' } }),
          422,
          'PaymentMethodNotOffered',
        );
        const booking = expectAnswer(
          'checkout',
          await server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body: { ref: hold.ref, lead, payment_method: 'pay_on_arrival' } }),
        );
        expect(booking.payment.on_arrival).to.be.an('object');
        expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.booking_token}`, { key: MARKET_KEY }));
        booked = true;
        break;
      }
      expect(booked).to.equal(true);
    });
  });

  describe('problems', () => {
    it('401 Unauthenticated, website and secret', async () => {
      expectProblem(await server.request('GET', '/v1/public/storefront', { key: null }), 401, 'Unauthenticated');
      expectProblem(await server.request('GET', '/v1/public/storefront', { key: 'tp_pk_nope' }), 401, 'Unauthenticated');
      expectProblem(await server.request('GET', '/v1/products', { key: null }), 401, 'Unauthenticated');
    });

    it('403 OriginNotAllowed and NotPermitted', async () => {
      const origin = expectProblem(
        await server.request('GET', '/v1/public/storefront', { headers: { Origin: 'https://evil.example' } }),
        403,
        'OriginNotAllowed',
      );
      expect(origin.origin).to.equal('https://evil.example');
      const denied = expectProblem(await server.request('POST', '/v1/products', { key: null, secret: READONLY_KEY, body: {} }), 403, 'NotPermitted');
      expect(denied.permission).to.equal('products:write');
    });

    it('404 NotFound: trip, option, hold, booking (wrong token), seller product, endpoint', async () => {
      expect(expectProblem(await server.request('GET', '/v1/public/products/no-such-trip'), 404, 'NotFound').entity).to.equal('product');
      expectProblem(await server.request('GET', `/v1/public/options/${randomUUID()}/calendar`), 404, 'NotFound');
      expectProblem(await server.request('GET', '/v1/public/holds/TP-AAAA-AAAA'), 404, 'NotFound');
      expect(expectProblem(await server.request('GET', '/v1/public/bookings/TP-AAAA-AAAA?token=nope'), 404, 'NotFound').entity).to.equal('booking');
      expectProblem(await server.request('GET', `/v1/products/${randomUUID()}`, { key: null, secret: OWNER_KEY }), 404, 'NotFound');
      expectProblem(await server.request('GET', '/v1/public/nothing-here'), 404, 'NotFound');
    });

    it('409 Conflict: an Idempotency-Key reused with a different request', async () => {
      const start = (await firstOpenStart(trip.optionId, DIRECT_KEY)) as string;
      const key = `k-${randomUUID()}`;
      const body = (qty: number) => ({ option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] });
      expectAnswer('createHold', await server.request('POST', '/v1/public/holds', { body: body(1), headers: { 'Idempotency-Key': key } }));
      const same = expectAnswer('createHold', await server.request('POST', '/v1/public/holds', { body: body(1), headers: { 'Idempotency-Key': key } }));
      expect(same.status).to.equal('on_hold');
      const conflict = expectProblem(await server.request('POST', '/v1/public/holds', { body: body(2), headers: { 'Idempotency-Key': key } }), 409, 'Conflict');
      expect(conflict.reason).to.be.a('string');
    });

    it('422 InvalidInput: parameters, body, cursor of another list', async () => {
      const limit = expectProblem(await server.request('GET', '/v1/public/products?limit=0'), 422, 'InvalidInput');
      expect(limit.problems).to.have.length.greaterThan(0);
      const values = expectProblem(await server.request('GET', '/v1/public/products?template=cruise'), 422, 'InvalidInput');
      expect(values.problems[0].reason).to.equal('param_values');
      const cursor = expectProblem(await server.request('GET', '/v1/public/products?cursor=abc'), 422, 'InvalidInput');
      expect(cursor.problems[0].reason).to.equal('cursor_not_this_list');
      const body = expectProblem(await server.request('POST', '/v1/public/quotes', { body: { option_id: trip.optionId } }), 422, 'InvalidInput');
      expect(body.problems.map((p: any) => p.field)).to.include('start');
      const notJson = expectProblem(await server.request('POST', '/v1/public/quotes', { raw: '{nope' }), 422, 'InvalidInput');
      expect(notJson.problems).to.deep.equal([]);
      expectProblem(await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-13`), 422, 'InvalidInput');
    });

    it('422 refusals of quotes, holds and checkout', async () => {
      const start = (await firstOpenStart(trip.optionId, DIRECT_KEY)) as string;
      const quote = (body: object, key = DIRECT_KEY) =>
        server.request('POST', '/v1/public/quotes', { key, body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }], ...body } });
      expect(expectProblem(await quote({ units: [{ unit_id: 'nope', qty: 1 }] }), 422, 'UnknownUnit').unitId).to.equal('nope');
      expect(expectProblem(await quote({ currency: 'JPY' }), 422, 'CurrencyNotEnabled').currency).to.equal('JPY');
      expectProblem(await quote({ start: `${start.slice(0, 10)}T03:17` }), 422, 'SlotClosed');
      expectProblem(await quote({ pickup: { place_id: 'somewhere' } }), 422, 'PickupNotOffered');
      if (trip.capacity < 50) {
        const big = await quote({ units: [{ unit_id: trip.unitId, qty: trip.capacity + 1 }] });
        expect(big.status).to.equal(422);
        expectProblem(big, 422, big.body.code);
      }
      const november = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-11`);
      const past = november.body.find((d: any) => d.status === 'past_cutoff');
      if (past) {
        const at = past.starts[0].time === null ? past.date : `${past.date}T${past.starts[0].time}`;
        expect(expectProblem(await quote({ start: at }), 422, 'PastCutoff').cutoffAt).to.be.a('string');
      }
      expectProblem(await server.request('POST', '/v1/public/checkout', { body: { lead } }), 422, 'HoldRequired');

      // An option that asks for a price, and one booked on request.
      const list = await server.request('GET', '/v1/public/products?limit=100', { key: MARKET_KEY });
      const seen = new Set<string>();
      for (const card of list.body.data) {
        const t = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
        for (const option of t.options) {
          const at = await firstOpenStart(option.id, MARKET_KEY);
          if (!at) continue;
          const body = { option_id: option.id, start: at, units: [{ unit_id: option.units[0].id, qty: 2 }] };
          if (option.ask_for_price && !seen.has('ask')) {
            // No quote for an ask-for-price option: PriceNotAvailable, or OnRequest when it is also booked on request.
            seen.add('ask');
            const refused = await server.request('POST', '/v1/public/quotes', { key: MARKET_KEY, body });
            expect(refused.body?.code).to.be.oneOf(['PriceNotAvailable', 'OnRequest']);
            expectProblem(refused, 422, refused.body.code);
          } else if (option.capacity_mode === 'on_request' && !option.ask_for_price && !seen.has('on_request')) {
            seen.add('on_request');
            expectProblem(await server.request('POST', '/v1/public/holds', { key: MARKET_KEY, body }), 422, 'OnRequest');
          } else if (option.traveller_details.fields.length > 0 && option.capacity_mode !== 'on_request' && !option.ask_for_price && !seen.has('details')) {
            const adult = option.units.find((u: any) => u.type === 'adult');
            const double = option.room_types.find((r: any) => r.sleeps === 2);
            const hold = await server.request('POST', '/v1/public/holds', {
              key: MARKET_KEY,
              body: { ...body, units: [{ unit_id: adult.id, qty: 2 }], ...(double ? { rooms: [{ room_type_id: double.id, qty: 1 }] } : {}) },
            });
            if (hold.status !== 201) continue;
            seen.add('details');
            const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${at}`, { key: MARKET_KEY });
            const method = methods.body[0]?.kind;
            const missing = expectProblem(
              await server.request('POST', '/v1/public/checkout', {
                key: MARKET_KEY,
                body: { ref: hold.body.ref, lead, ...(method ? { payment_method: method } : {}) },
              }),
              422,
              'TravellerDetailsRequired',
            );
            expect(missing.missing).to.be.an('array').with.length.greaterThan(0);
          }
        }
      }
      expect([...seen]).to.include.members(['ask', 'on_request', 'details']);
    });
  });

  describe('seller interface', () => {
    it('lists, gets, creates, updates, publishes and unpublishes products; lists bookings', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const list = expectAnswer('sellerListProducts', await server.request('GET', '/v1/products?limit=2', secret));
      expect(list.next_cursor).to.be.a('string');
      const all = expectAnswer('sellerListProducts', await server.request('GET', '/v1/products?limit=100', secret));
      expectAnswer('sellerListProducts', await server.request('GET', `/v1/products?limit=2&cursor=${list.next_cursor}`, secret));
      const original = expectAnswer('sellerGetProduct', await server.request('GET', `/v1/products/${trip.productId}`, secret));
      expect(all.data.map((p: any) => p.id)).to.include(trip.productId);

      const created = expectAnswer('sellerCreateProduct', await server.request('POST', '/v1/products', { ...secret, body: copyOf(original, 'openapi-copy') }));
      expect(created.published).to.equal(false);
      expectAnswer(
        'sellerUpdateProduct',
        await server.request('PUT', `/v1/products/${created.id}`, { ...secret, body: { ...definitionOf(created), duration_minutes: 200 } }),
      );
      expect(expectAnswer('sellerPublishProduct', await server.request('POST', `/v1/products/${created.id}/publish`, secret)).published).to.equal(true);
      expect(expectAnswer('sellerUnpublishProduct', await server.request('POST', `/v1/products/${created.id}/unpublish`, secret)).published).to.equal(false);

      const bookings = expectAnswer('sellerListBookings', await server.request('GET', '/v1/bookings?limit=100', secret));
      expect(bookings.data.length).to.be.greaterThan(0);
      expectAnswer('sellerListBookings', await server.request('GET', '/v1/bookings?status=cancelled,confirmed', secret));
    });
  });

  describe('the schemas are not vacuous', () => {
    it('reject answers the spec rules out', async () => {
      const quote = (
        await server.request('POST', '/v1/public/quotes', {
          body: { option_id: trip.optionId, start: (await firstOpenStart(trip.optionId, DIRECT_KEY)) as string, units: [{ unit_id: trip.unitId, qty: 1 }] },
        })
      ).body;
      const money = schemaAt('#/components/schemas/Money');
      expect(money({ amount: 12, currency: 'USD' })).to.equal(true);
      expect(money({ amount: 12.5, currency: 'USD' })).to.equal(false);
      const quoteSchema = schemaAt('#/components/schemas/Quote');
      expect(quoteSchema(quote)).to.equal(true);
      expect(quoteSchema({ ...quote, totals: { ...quote.totals, due_now: { amount: '10.00', currency: 'USD' } } })).to.equal(false);
      expect(quoteSchema({ ...quote, confirmation: 'later' })).to.equal(false);
      expect(quoteSchema({ ...quote, some_new_field: 1 })).to.equal(true);
      const storefront = (await server.request('GET', '/v1/public/storefront')).body;
      expect(schemaAt('#/components/schemas/Storefront')({ ...storefront, promise: { report_hours: 24, payer: 'platform' } })).to.equal(false);
      const problem = schemaAt('#/components/schemas/Problem');
      const base = { type: 'about:blank', title: 'Not Found', status: 404, code: 'NotFound', detail: 'no such product on this site' };
      expect(problem({ ...base, entity: 'product' })).to.equal(true);
      expect(problem(base)).to.equal(false);
      expect(problem({ ...base, entity: 'product', status: 400 })).to.equal(false);
      expect(problem({ ...base, code: 'AlreadyBooked', status: 422, bookings: 1, ref: 'TP-AAAA-AAAA' })).to.equal(false);
      expect(problem({ ...base, code: 'SomeNewCode', status: 422 })).to.equal(true);
    });
  });

  /**
   * Answers that do not match the spec itself (not just the schema). These fail until the server
   * is fixed; the schemas say what the spec says.
   */
  describe('spec mismatches', () => {
    it('a published trip without photos still has a cover {url, alt} on its card (spec 2.3)', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const original = (await server.request('GET', `/v1/products/${trip.productId}`, secret)).body;
      const created = expectAnswer(
        'sellerCreateProduct',
        await server.request('POST', '/v1/products', { ...secret, body: { ...copyOf(original, 'openapi-no-photos'), photos: [] } }),
      );
      expectAnswer('sellerPublishProduct', await server.request('POST', `/v1/products/${created.id}/publish`, secret));
      try {
        const list = expectAnswer('listProducts', await server.request('GET', '/v1/public/products?limit=100'));
        expect(list.data.map((c: any) => c.id)).to.include(created.id);
      } finally {
        await server.request('POST', `/v1/products/${created.id}/unpublish`, secret);
      }
    });

    it('a trip whose seller chose its own option, unit and extra ids still answers UUIDs (spec 2.1)', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const original = (await server.request('GET', `/v1/products/${trip.productId}`, secret)).body;
      let json = JSON.stringify({ ...definitionOf(original), slug: `openapi-own-ids-${Date.now()}` });
      original.options.forEach((o: any, i: number) => {
        json = json.split(o.id).join(`option-${i}`);
        o.units.forEach((u: any, j: number) => {
          json = json.split(u.id).join(`unit-${i}-${j}`);
        });
      });
      original.extras.forEach((e: any, i: number) => {
        json = json.split(e.id).join(`extra-${i}`);
      });
      const created = await server.request('POST', '/v1/products', { ...secret, body: JSON.parse(json) });
      if (created.status !== 201) {
        // Refusing ids that are not UUIDs keeps the public ids UUIDs too.
        expectProblem(created, 422, 'InvalidInput');
        return;
      }
      expectAnswer('sellerPublishProduct', await server.request('POST', `/v1/products/${created.body.id}/publish`, secret));
      try {
        expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${created.body.id}`));
      } finally {
        await server.request('POST', `/v1/products/${created.body.id}/unpublish`, secret);
      }
    });

    it("pays on arrival in the first currency the seller's method accepts when it does not take the booking's (spec 2.8)", async () => {
      const list = await server.request('GET', '/v1/public/products?limit=100&seller=sakura-journeys', { key: MARKET_KEY });
      for (const card of list.body.data) {
        const t = (await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY })).body;
        const option = t.options.find(
          (o: any) => o.capacity_mode !== 'on_request' && !o.ask_for_price && o.room_types.length === 0 && o.traveller_details.fields.length === 0,
        );
        if (!option) continue;
        const start = await firstOpenStart(option.id, MARKET_KEY);
        const methods = expectAnswer(
          'listPaymentMethods',
          await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${start}`, { key: MARKET_KEY }),
        );
        const onArrival = methods.find((m: any) => m.kind === 'pay_on_arrival');
        expect(onArrival.currencies).not.to.include('USD');
        const adult = option.units.find((u: any) => u.type === 'adult');
        const hold = expectAnswer(
          'createHold',
          await server.request('POST', '/v1/public/holds', {
            key: MARKET_KEY,
            body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], currency: 'USD' },
          }),
        );
        const booking = expectAnswer(
          'checkout',
          await server.request('POST', '/v1/public/checkout', { key: MARKET_KEY, body: { ref: hold.ref, lead, payment_method: 'pay_on_arrival' } }),
        );
        expect(booking.payment.on_arrival.currency).to.equal(onArrival.currencies[0]);
        return;
      }
      expect.fail('no Sakura Journeys option to book');
    });
  });

  describe('the end of a hold', () => {
    it('reports expired once the hold time has passed', async () => {
      const start = (await firstOpenStart(trip.optionId, DIRECT_KEY)) as string;
      const hold = expectAnswer(
        'createHold',
        await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } }),
      );
      server.clock.tick(16 * 60_000);
      expect(expectAnswer('getHold', await server.request('GET', `/v1/public/holds/${hold.ref}`)).status).to.equal('expired');
      expectProblem(
        await server.request('POST', '/v1/public/checkout', { body: { ref: hold.ref, lead, payment_method: 'pay_on_arrival' } }),
        422,
        'HoldExpired',
      );
    });
  });
});

describe('OpenAPI document: 429 RateLimited against its schema', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 2 });
  });
  after(() => server.close());

  it('answers a problem with retry_after_seconds and the headers the document names', async () => {
    const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, DOC_ID);
    const problem = ajv.getSchema(`${DOC_ID}#/components/schemas/Problem`) as ValidateFunction;
    let answer: Answer | undefined;
    for (let i = 0; i < 3; i++) answer = await server.request('GET', '/v1/public/storefront');
    expect(answer!.status).to.equal(429);
    expect(problem(answer!.body), JSON.stringify(problem.errors)).to.equal(true);
    expect(answer!.body.code).to.equal('RateLimited');
    const headers = Object.keys(doc.components.responses.RateLimited.headers);
    for (const name of headers) expect(answer!.headers.get(name), name).to.be.a('string');
  });
});

function definitionOf(product: any): any {
  const { id, published, created_at, updated_at, ...definition } = product;
  return definition;
}

/** A product definition like `product` with a new slug and new ids for options, units, rooms and extras. */
function copyOf(product: any, slug: string): any {
  const definition = definitionOf(product);
  const ids = new Set<string>();
  for (const option of definition.options) {
    ids.add(option.id);
    option.units.forEach((u: any) => ids.add(u.id));
    option.room_types.forEach((r: any) => ids.add(r.id));
  }
  definition.extras.forEach((e: any) => ids.add(e.id));
  let json = JSON.stringify({ ...definition, slug: `${slug}-${Date.now()}` });
  for (const old of ids) json = json.split(old).join(randomUUID());
  return JSON.parse(json);
}
