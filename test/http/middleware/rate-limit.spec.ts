import { expect } from 'chai';
import { RateLimiter } from '../../../http/middleware/rate-limit';
import { documentRateCounts } from '../../../application/platform/shared-rate-counts';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, READONLY_KEY, TestServer, expectProblem, rawRequest, startTestServer } from '../harness';

function expectRateHeaders(answer: { headers: Headers; status: number }, limit: string) {
  expect(answer.headers.get('ratelimit-limit'), `status ${answer.status}`).to.equal(limit);
  expect(answer.headers.get('ratelimit-remaining'), `status ${answer.status}`).to.match(/^\d+$/);
  expect(answer.headers.get('ratelimit-reset'), `status ${answer.status}`).to.match(/^\d+$/);
}

/** Spec part 8 and issue 5, section 5: per-key limits, an abuse limit per client address, RateLimit-* on every keyed answer. */
describe('HTTP middleware: rate limit', () => {
  describe("one client cannot spend a website key's whole minute (default limits)", () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer();
      expect(server.engine.config.websiteKeyLimitPerMinute).to.equal(600);
      expect(server.engine.config.addressLimitPerMinute).to.equal(300);
    });
    after(() => server.close());

    it('gives one address its share, then 429; another address with the same key still gets 200 that minute', async () => {
      server.clock.setSystemTime(new Date('2026-11-22T08:20:05.000Z'));
      const greedy = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' };
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 600; i++) {
        last = await server.request('GET', '/v1/public/storefront', { headers: greedy });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 300).every((s) => s === 200)).to.equal(true);
      expect(statuses.slice(300).every((s) => s === 429)).to.equal(true);
      const limited = expectProblem(last as any, 429, 'RateLimited');
      expect(limited.retry_after_seconds).to.equal(55);
      expect((last as any).headers.get('retry-after')).to.equal('55');

      for (const other of ['198.51.100.20', '198.51.100.21']) {
        const answer = await server.request('GET', '/v1/public/storefront', { headers: { 'X-Forwarded-For': other } });
        expect(answer.status, other).to.equal(200);
        expectRateHeaders(answer, '600');
      }
      server.clock.setSystemTime(new Date('2026-11-22T08:21:00.000Z'));
      expect((await server.request('GET', '/v1/public/storefront', { headers: greedy })).status).to.equal(200);
    });

    it('still gives the key its own limit across many addresses', async () => {
      server.clock.setSystemTime(new Date('2026-11-22T08:30:00.000Z'));
      const statuses: number[] = [];
      for (let i = 0; i < 610; i++) {
        statuses.push((await server.request('GET', '/v1/public/storefront', { headers: { 'X-Forwarded-For': `192.0.2.${i % 200}` } })).status);
      }
      expect(statuses.filter((s) => s === 200)).to.have.length(600);
      expect(statuses.slice(600).every((s) => s === 429)).to.equal(true);
    });
  });

  describe('RateLimit-* headers on every keyed answer', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ websiteKeyLimitPerMinute: 10_000, addressLimitPerMinute: 10_000, secretKeyLimitPerMinute: 10_000 });
    });
    after(() => server.close());

    it('carries them on website-key answers: 200, 403 OriginNotAllowed, 422 malformed body, 404 unknown path, 405, 415, 413', async () => {
      const answers = [
        [200, await server.request('GET', '/v1/public/storefront')],
        [403, await server.request('GET', '/v1/public/storefront', { headers: { Origin: 'https://evil.example' } })],
        [422, await server.request('POST', '/v1/public/quotes', { raw: '{nope' })],
        [422, await server.request('GET', '/v1/public/products?limit=0')],
        [404, await server.request('GET', '/v1/public/nothing-here')],
        [404, await server.request('GET', '/v1/public/products/no-such-trip')],
        [405, await server.request('DELETE', '/v1/public/products')],
        [415, await server.request('POST', '/v1/public/quotes', { raw: '{}', headers: { 'Content-Type': 'text/plain' } })],
        [413, await server.request('POST', '/v1/public/quotes', { raw: 'x'.repeat(1024 * 1024 + 1) })],
      ] as const;
      for (const [status, answer] of answers) {
        expect(answer.status, answer.text).to.equal(status);
        expectRateHeaders(answer, '10000');
      }
      // fetch does not send TRACE.
      const trace = await rawRequest(server.base, 'TRACE', '/v1/public/products', { 'Tp-Publishable-Key': DIRECT_KEY });
      expect(trace.status).to.equal(405);
      expect(trace.headers['ratelimit-limit']).to.equal('10000');
      expect(trace.headers['ratelimit-remaining']).to.match(/^\d+$/);
      expect(trace.headers['ratelimit-reset']).to.match(/^\d+$/);
    });

    it('carries them on secret-key answers: 200, 403 NotPermitted, 422, 404, 405', async () => {
      const secret = { key: null, secret: OWNER_KEY };
      const answers = [
        [200, await server.request('GET', '/v1/products?limit=1', secret)],
        [403, await server.request('POST', '/v1/products', { key: null, secret: READONLY_KEY, raw: '{}' })],
        [422, await server.request('POST', '/v1/products', { ...secret, raw: '{nope' })],
        [404, await server.request('GET', '/v1/nothing-here', secret)],
        [405, await server.request('PATCH', '/v1/products', secret)],
      ] as const;
      for (const [status, answer] of answers) {
        expect(answer.status, answer.text).to.equal(status);
        expectRateHeaders(answer, '10000');
      }
    });

    it('puts none on answers to a request without a valid key, nor on the marketplace key', async () => {
      expect((await server.request('GET', '/v1/public/storefront', { key: null })).headers.get('ratelimit-limit')).to.equal(null);
      expect((await server.request('GET', '/v1/public/storefront', { key: MARKET_KEY })).headers.get('ratelimit-limit')).to.equal(null);
      expect((await server.request('GET', '/v1/public/storefront', { key: DIRECT_KEY })).headers.get('ratelimit-limit')).to.equal('10000');
    });
  });

  describe('RateLimiter', () => {
    it('counts per key per minute on the clock, and refused calls do not count', () => {
      let now = new Date('2026-11-22T08:00:50.000Z');
      const limiter = new RateLimiter({ now: () => now });
      expect(limiter.take([{ key: 'k', limit: 2 }])).to.include({ allowed: true, remaining: 1, reset: 10 });
      expect(limiter.take([{ key: 'k', limit: 2 }])).to.include({ allowed: true, remaining: 0 });
      expect(limiter.take([{ key: 'k', limit: 2 }])).to.include({ allowed: false, remaining: 0 });
      now = new Date('2026-11-22T08:01:00.000Z');
      expect(limiter.take([{ key: 'k', limit: 2 }])).to.include({ allowed: true, remaining: 1, reset: 60 });
    });

    it('shares counts between instances: a key limited to 120 a minute gets 120 across two, within a second', async () => {
      const now = new Date('2026-11-22T08:00:10.000Z');
      const shared = documentRateCounts(new MemoryDocumentStore());
      const [a, b] = [new RateLimiter({ now: () => now }, 100, shared), new RateLimiter({ now: () => now }, 100, shared)];
      const key = [{ key: 'k', limit: 120 }];
      for (let i = 0; i < 100; i++) expect(a.take(key).allowed).to.equal(true);
      expect(b.take(key)).to.include({ allowed: true, remaining: 119 });
      await a.share();
      await b.share();
      // b now knows a's 100 calls: 19 more pass, then 429, while a also learns b's call.
      for (let i = 0; i < 19; i++) expect(b.take(key).allowed).to.equal(true);
      expect(b.take(key).allowed).to.equal(false);
      await b.share();
      await a.share();
      expect(a.take(key)).to.include({ allowed: false, remaining: 0 });
    });

    it('keeps limiting on its own counts when the shared store fails, and adds them later', async () => {
      const now = new Date('2026-11-22T08:00:10.000Z');
      const store = documentRateCounts(new MemoryDocumentStore());
      let down = true;
      const flaky = {
        exchange: (d: Parameters<typeof store.exchange>[0], w: Parameters<typeof store.exchange>[1]) =>
          down ? Promise.reject(new Error('down')) : store.exchange(d, w),
      };
      const a = new RateLimiter({ now: () => now }, 100, flaky);
      for (let i = 0; i < 5; i++) a.take([{ key: 'k', limit: 10 }]);
      await a.share();
      down = false;
      await a.share();
      expect(await store.exchange([], [{ key: 'k', minute: Math.floor(now.getTime() / 60_000) }])).to.deep.equal([
        { key: 'k', minute: Math.floor(now.getTime() / 60_000), calls: 5 },
      ]);
    });

    it('counts a call against every window or none', () => {
      const limiter = new RateLimiter({ now: () => new Date('2026-11-22T08:00:00.000Z') });
      const key = { key: 'k', limit: 3 };
      for (let i = 0; i < 2; i++) expect(limiter.take([key, { key: 'k|a', limit: 2 }]).allowed).to.equal(true);
      // The address is over its share: the key is not charged for the refused call.
      expect(limiter.take([key, { key: 'k|a', limit: 2 }]).allowed).to.equal(false);
      expect(limiter.take([key, { key: 'k|b', limit: 2 }])).to.include({ allowed: true, remaining: 0 });
      expect(limiter.take([key, { key: 'k|c', limit: 2 }]).allowed).to.equal(false);
    });

    it('keeps its memory bounded: windows of past minutes go first, and it never holds more than its maximum', () => {
      let now = new Date('2026-11-22T08:00:00.000Z');
      const limiter = new RateLimiter({ now: () => now }, 100);
      for (let i = 0; i < 1000; i++) {
        limiter.take([{ key: `spoofed|${i}`, limit: 5 }]);
        expect(limiter.size).to.be.at.most(100);
      }
      now = new Date('2026-11-22T08:01:00.000Z');
      for (let i = 0; i < 3; i++) limiter.take([{ key: 'steady', limit: 3 }]);
      for (let i = 0; i < 98; i++) limiter.take([{ key: `fresh|${i}`, limit: 5 }]);
      expect(limiter.size).to.be.at.most(100);
      // The current minute's count of a key survived the pruning of past minutes.
      expect(limiter.take([{ key: 'steady', limit: 3 }]).allowed).to.equal(false);
    });
  });
});
