import { expect } from 'chai';
import zlib from 'node:zlib';
import http from 'node:http';
import sinon from 'sinon';
import { StoreOverloaded } from '../../../application/platform/ports/document-store';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, startTestServer } from '../harness';

/** Raw GET without fetch's automatic decompression, to see the bytes on the wire. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function expectProblem(answer: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(answer.status).to.equal(status);
  expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(answer.body).to.include({ type: 'about:blank', status, code });
  expect(answer.body.title).to.be.a('string');
  expect(answer.body.detail).to.be.a('string');
}

describe('HTTP platform (spec parts 5, 7 and 8)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  describe('keys and origins', () => {
    it('answers 401 Unauthenticated to a missing or wrong website key', async () => {
      expectProblem(await server.request('GET', '/v1/public/storefront', { key: null }), 401, 'Unauthenticated');
      expectProblem(await server.request('GET', '/v1/public/storefront', { key: 'tp_pk_nope' }), 401, 'Unauthenticated');
      expectProblem(await server.request('GET', '/v1/public/storefront', { key: OWNER_KEY }), 401, 'Unauthenticated');
    });

    it('takes the storefront from the key alone', async () => {
      const direct = await server.request('GET', '/v1/public/storefront');
      const market = await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY });
      expect(direct.body.kind).to.equal('direct');
      expect(direct.body.promise).to.equal(null);
      expect(market.body.kind).to.equal('marketplace');
      expect(market.body.promise).to.include.keys('report_hours', 'payer');
      expect(direct.body.currencies).to.include(direct.body.display_currency);
    });

    it('refuses a browser origin that is not allowed with 403 OriginNotAllowed carrying origin', async () => {
      const answer = await server.request('GET', '/v1/public/storefront', { headers: { Origin: 'https://evil.example' } });
      expectProblem(answer, 403, 'OriginNotAllowed');
      expect(answer.body.origin).to.equal('https://evil.example');
    });

    it('sends CORS headers to an allowed origin and answers its preflight', async () => {
      const allowed = (await server.request('GET', '/v1/public/storefront')).body.allowed_origins[0];
      const answer = await server.request('GET', '/v1/public/storefront', { headers: { Origin: allowed } });
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('access-control-allow-origin')).to.equal(allowed);
      const preflight = await server.request('OPTIONS', '/v1/public/holds', {
        key: null,
        headers: { Origin: allowed, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-headers')).to.match(/Tp-Publishable-Key/i);
      const stranger = await server.request('OPTIONS', '/v1/public/holds', {
        key: null,
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(stranger.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });

  describe('problems', () => {
    it('answers malformed JSON with 422 InvalidInput and empty problems', async () => {
      const answer = await server.request('POST', '/v1/public/quotes', { raw: '{"option_id": ' });
      expectProblem(answer, 422, 'InvalidInput');
      expect(answer.body.problems).to.deep.equal([]);
    });

    it('answers a missing body with 422 InvalidInput and empty problems', async () => {
      const answer = await server.request('POST', '/v1/public/quotes');
      expectProblem(answer, 422, 'InvalidInput');
      expect(answer.body.problems).to.deep.equal([]);
    });

    it('lists each problem of a body that breaks the schema', async () => {
      const answer = await server.request('POST', '/v1/public/quotes', { body: { start: 5, units: [{ unit_id: 'x', qty: -1 }] } });
      expectProblem(answer, 422, 'InvalidInput');
      const fields = answer.body.problems.map((p: any) => p.field);
      expect(fields).to.include.members(['option_id', 'start', 'units[0].qty']);
      for (const problem of answer.body.problems) expect(problem).to.include.keys('reason', 'field', 'detail');
      expect(answer.body.detail).to.equal(answer.body.problems.map((p: any) => p.detail).join('; '));
    });

    it('refuses an unknown parameter value with reason param_values and its details', async () => {
      const answer = await server.request('GET', '/v1/public/products?template=cruise');
      expectProblem(answer, 422, 'InvalidInput');
      const problem = answer.body.problems.find((p: any) => p.reason === 'param_values');
      expect(problem.details).to.deep.include({ param: 'template', given: 'cruise' });
      expect(problem.field).to.equal('template');
      expect(problem.details.allowed).to.include('day_tour');
    });

    it('refuses a limit out of range and a cursor from another list', async () => {
      expectProblem(await server.request('GET', '/v1/public/products?limit=101'), 422, 'InvalidInput');
      const first = await server.request('GET', '/v1/public/products?limit=2');
      const foreign = await server.request('GET', `/v1/public/products?limit=2&template=ticket&cursor=${first.body.next_cursor}`);
      expectProblem(foreign, 422, 'InvalidInput');
      expect(foreign.body.problems[0].reason).to.equal('cursor_not_this_list');
      const garbage = await server.request('GET', '/v1/public/products?cursor=%%%');
      expect(garbage.status).to.equal(422);
    });

    it('answers 404 NotFound with entity for a trip the site does not sell, and for unknown paths', async () => {
      const answer = await server.request('GET', '/v1/public/products/no-such-trip');
      expectProblem(answer, 404, 'NotFound');
      expect(answer.body.entity).to.equal('product');
      expectProblem(await server.request('GET', '/v1/public/nothing-here'), 404, 'NotFound');
    });

    it('never answers 500 to odd input', async () => {
      const odd = [
        server.request('POST', '/v1/public/quotes', { raw: '[]' }),
        server.request('POST', '/v1/public/quotes', { raw: '"text"' }),
        server.request('POST', '/v1/public/quotes', { raw: 'null' }),
        server.request('POST', '/v1/public/holds', { raw: 'x', headers: { 'Content-Type': 'text/plain' } }),
        server.request('GET', '/v1/public/options/%E0%A4%A/calendar'),
        server.request('GET', '/v1/public/products?limit=abc&limit=2'),
        server.request('GET', '/v1/public/bookings/not-a-ref'),
        server.request('POST', '/v1/public/checkout', { body: { ref: 'TP-AAAA-AAAA', lead: { name: 'x', email: 'bad', phone: '1' } } }),
        server.request('GET', '/v1/public/options/x/calendar?month=2026-13'),
      ];
      for (const answer of await Promise.all(odd)) {
        expect(answer.status, answer.text).to.be.within(400, 499);
        expect(answer.headers.get('content-type')).to.match(/problem\+json/);
      }
    });
  });

  describe('caching and compression', () => {
    it('gives catalog reads a weak ETag, private max-age=60 and Vary, and 304 on If-None-Match', async () => {
      const first = await server.request('GET', '/v1/public/products');
      expect(first.headers.get('etag')).to.match(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
      const vary = (first.headers.get('vary') ?? '').toLowerCase();
      expect(vary).to.include('authorization');
      expect(vary).to.include('tp-publishable-key');
      const again = await server.request('GET', '/v1/public/products', { headers: { 'If-None-Match': first.headers.get('etag') as string } });
      expect(again.status).to.equal(304);
      expect(again.text).to.equal('');
    });

    it('keeps the ETag the same whatever the encoding, and compresses JSON of 1 KiB or more', async () => {
      const plain = await rawGet(server.base, '/v1/public/products', { 'Tp-Publishable-Key': DIRECT_KEY, 'Accept-Encoding': 'identity' });
      const br = await rawGet(server.base, '/v1/public/products', { 'Tp-Publishable-Key': DIRECT_KEY, 'Accept-Encoding': 'br' });
      const gzip = await rawGet(server.base, '/v1/public/products', { 'Tp-Publishable-Key': DIRECT_KEY, 'Accept-Encoding': 'gzip' });
      expect(plain.headers['content-encoding']).to.equal(undefined);
      expect(br.headers['content-encoding']).to.equal('br');
      expect(gzip.headers['content-encoding']).to.equal('gzip');
      expect(zlib.brotliDecompressSync(br.body).toString()).to.equal(plain.body.toString());
      expect(zlib.gunzipSync(gzip.body).toString()).to.equal(plain.body.toString());
      expect(br.headers.etag).to.equal(plain.headers.etag);
      expect(gzip.headers.etag).to.equal(plain.headers.etag);
      expect(String(br.headers.vary).toLowerCase()).to.include('accept-encoding');
    });

    it('compresses a large problem answer too', async () => {
      const body = JSON.stringify({ option_id: 1, start: 2, units: Array.from({ length: 20 }, () => ({ unit_id: 5, qty: 'x' })) });
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(
          `${server.base}/v1/public/quotes`,
          { method: 'POST', headers: { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.headers['content-encoding']).to.equal('gzip');
      const problem = JSON.parse(zlib.gunzipSync(answer.body).toString());
      expect(problem.code).to.equal('InvalidInput');
      expect(problem.problems.length).to.be.greaterThan(20);
    });

    it('leaves small answers plain', async () => {
      const small = await rawGet(server.base, '/v1/public/bookings/TP-AAAA-AAAA', { 'Tp-Publishable-Key': DIRECT_KEY, 'Accept-Encoding': 'br, gzip' });
      expect(small.headers['content-encoding']).to.equal(undefined);
    });

    it('marks every non-catalog answer no-store', async () => {
      const list = await server.request('GET', '/v1/public/products?limit=1');
      const trip = await server.request('GET', `/v1/public/products/${list.body.data[0].id}`);
      const option = trip.body.options[0];
      const calendar = await server.request('GET', `/v1/public/options/${option.id}/calendar`);
      expect(calendar.headers.get('cache-control')).to.equal('no-store');
      expect(trip.headers.get('cache-control')).to.equal('private, max-age=60');
    });
  });

  describe('operations', () => {
    it('serves the OpenAPI 3.1 document with version 0.1.0', async () => {
      const doc = await server.request('GET', '/v1/openapi.json', { key: null });
      expect(doc.status).to.equal(200);
      expect(doc.body.openapi).to.match(/^3\.1/);
      expect(doc.body.info.version).to.equal('0.1.0');
      expect(doc.body.paths).to.include.keys('/v1/public/products', '/v1/public/holds', '/v1/public/checkout', '/v1/public/bookings/{ref}/cancel');
    });

    it('answers 503 Overloaded with Retry-After: 1 when no database connection frees up in time', async () => {
      const stub = sinon.stub(server.engine.docs.collection('bookings'), 'findOne').rejects(new StoreOverloaded());
      try {
        const answer = await server.request('GET', '/v1/public/bookings/TP-AAAA-AAAA?token=bt_x');
        expectProblem(answer, 503, 'Overloaded');
        expect(answer.headers.get('retry-after')).to.equal('1');
      } finally {
        stub.restore();
      }
    });

    it('answers /healthz and /readyz', async () => {
      expect((await server.request('GET', '/healthz', { key: null })).status).to.equal(200);
      const ready = await server.request('GET', '/readyz', { key: null });
      expect(ready.status).to.equal(200);
      expect(ready.body.status).to.equal('ready');
    });
  });
});

describe('HTTP rate limits (spec part 8)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 5 });
  });
  after(() => server.close());

  it('counts calls per key per minute on the clock, then answers 429 with Retry-After', async () => {
    server.clock.setSystemTime(new Date('2026-11-22T08:10:15.000Z'));
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await server.request('GET', '/v1/public/storefront'));
    expect(answers[0].headers.get('ratelimit-limit')).to.equal('5');
    expect(answers[0].headers.get('ratelimit-remaining')).to.equal('4');
    expect(answers[0].headers.get('ratelimit-reset')).to.equal('45');
    const limited = answers[5];
    expectProblem(limited, 429, 'RateLimited');
    expect(limited.headers.get('retry-after')).to.equal('45');
    expect(limited.body.retry_after_seconds).to.equal(45);
    server.clock.setSystemTime(new Date('2026-11-22T08:11:00.000Z'));
    expect((await server.request('GET', '/v1/public/storefront')).status).to.equal(200);
  });

  it('puts no limit or RateLimit headers on the marketplace key', async () => {
    for (let i = 0; i < 7; i++) {
      const answer = await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY });
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('ratelimit-limit')).to.equal(null);
    }
  });
});
