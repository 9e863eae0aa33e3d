import { expect } from 'chai';
import { MARKET_KEY, TestServer, startTestServer } from '../harness';

/** Issue 5, section 5: a browser can read every answer to an origin some storefront allows, 401 and 403 included. */
function expectCors(answer: { status: number; headers: Headers }, origin: string) {
  expect(answer.headers.get('access-control-allow-origin'), `status ${answer.status}`).to.equal(origin);
  const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  expect(exposed, `status ${answer.status}`).to.include.members([
    'x-request-id',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'retry-after',
    'etag',
  ]);
  expect((answer.headers.get('vary') ?? '').toLowerCase()).to.include('origin');
}

describe('HTTP middleware: CORS', () => {
  let server: TestServer;
  let allowed: string;
  let marketOnly: string | undefined;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000 });
    const direct = (await server.request('GET', '/v1/public/storefront')).body.allowed_origins as string[];
    const market = (await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY })).body.allowed_origins as string[];
    allowed = direct[0];
    marketOnly = market.find((o) => !direct.includes(o));
  });
  after(() => server.close());

  it('carries Access-Control-Allow-Origin and Expose-Headers on every answer to an allowed origin', async () => {
    const headers = { Origin: allowed };
    const answers = [
      [200, await server.request('GET', '/v1/public/storefront', { headers })],
      [200, await server.request('GET', '/v1/public/products', { headers })],
      [401, await server.request('GET', '/v1/public/storefront', { key: null, headers })],
      [401, await server.request('POST', '/v1/public/holds', { key: 'tp_pk_wrong', headers, raw: '{' })],
      [404, await server.request('GET', '/v1/public/products/no-such-trip', { headers })],
      [404, await server.request('GET', '/v1/public/nothing-here', { headers })],
      [405, await server.request('DELETE', '/v1/public/storefront', { headers })],
      [415, await server.request('POST', '/v1/public/quotes', { raw: '{}', headers: { ...headers, 'Content-Type': 'text/plain' } })],
      [422, await server.request('POST', '/v1/public/quotes', { headers, raw: '{nope' })],
      [422, await server.request('GET', '/v1/public/products?limit=0', { headers })],
    ] as const;
    for (const [status, answer] of answers) {
      expect(answer.status, answer.text).to.equal(status);
      expectCors(answer, allowed);
    }
  });

  it('carries them on 403 OriginNotAllowed when another storefront allows that origin, so the browser can read why', async () => {
    if (!marketOnly) return;
    const answer = await server.request('GET', '/v1/public/storefront', { headers: { Origin: marketOnly } });
    expect(answer.status).to.equal(403);
    expect(answer.body.code).to.equal('OriginNotAllowed');
    expectCors(answer, marketOnly);
  });

  it('answers the preflight of an allowed origin, for any public path', async () => {
    for (const path of ['/v1/public/holds', '/v1/public/checkout', '/v1/public/bookings/TP-AAAA-AAAA/cancel']) {
      const preflight = await server.request('OPTIONS', path, { key: null, headers: { Origin: allowed, 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(allowed);
      expect(preflight.headers.get('access-control-allow-methods')).to.include('POST');
      for (const header of ['tp-publishable-key', 'content-type', 'idempotency-key', 'x-request-id']) {
        expect((preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()).to.include(header);
      }
    }
  });

  it('sends no CORS headers to an unknown origin, on any answer', async () => {
    const headers = { Origin: 'https://evil.example' };
    const answers = [
      await server.request('GET', '/v1/public/storefront', { headers }),
      await server.request('GET', '/v1/public/storefront', { key: null, headers }),
      await server.request('GET', '/v1/public/nothing-here', { key: null, headers }),
      await server.request('OPTIONS', '/v1/public/holds', { key: null, headers: { ...headers, 'Access-Control-Request-Method': 'POST' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin'), `status ${answer.status}`).to.equal(null);
      expect(answer.headers.get('access-control-expose-headers'), `status ${answer.status}`).to.equal(null);
    }
  });

  it('sends none where no Origin is sent', async () => {
    const answer = await server.request('GET', '/v1/public/storefront');
    expect(answer.headers.get('access-control-allow-origin')).to.equal(null);
  });
});

describe('HTTP middleware: CORS over the limit', () => {
  let limited: TestServer;

  before(async () => {
    limited = await startTestServer({ websiteKeyLimitPerMinute: 1 });
  });
  after(() => limited.close());

  it('carries them on 429 RateLimited', async () => {
    const origin = (await limited.request('GET', '/v1/public/storefront')).body.allowed_origins[0];
    const answer = await limited.request('GET', '/v1/public/storefront', { headers: { Origin: origin } });
    expect(answer.status).to.equal(429);
    expectCors(answer, origin);
  });
});
