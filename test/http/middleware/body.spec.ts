import { expect } from 'chai';
import { DIRECT_KEY, OWNER_KEY, READONLY_KEY, TestServer, expectProblem, rawRequest, startTestServer } from '../harness';

const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };
const nested = (depth: number, open = '[', close = ']', inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Issue 5, sections 2 and 5: the JSON body of an operation, read after the key, within limits, never a 500. */
describe('HTTP middleware: JSON body', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  describe('nesting', () => {
    for (const depth of [100, 10_000, 100_000]) {
      it(`answers JSON nested ${depth} deep in checkout fields with 422 InvalidInput, not 500`, async () => {
        const bodies = [
          `{"ref":"TP-AAAA-AAAA","lead":${JSON.stringify(lead)},"traveller_details":${nested(depth)}}`,
          `{"ref":"TP-AAAA-AAAA","lead":${JSON.stringify(lead)},"pickup_details":${nestedObjects(depth)}}`,
          `{"ref":"TP-AAAA-AAAA","lead":${JSON.stringify(lead)},"traveller_details":[${nestedObjects(depth)}]}`,
          `{"ref":${nested(depth)},"lead":${JSON.stringify(lead)}}`,
        ];
        for (const raw of bodies) {
          const answer = await server.request('POST', '/v1/public/checkout', { raw });
          const problem = expectProblem(answer, 422, 'InvalidInput');
          expect(problem.problems).to.be.an('array');
        }
      });
    }

    it('answers deep nesting in quotes, holds and seller bodies with 422 too', async () => {
      const raw = `{"option_id":"x","start":"2026-12-10","units":${nested(10_000)}}`;
      expectProblem(await server.request('POST', '/v1/public/quotes', { raw }), 422, 'InvalidInput');
      expectProblem(await server.request('POST', '/v1/public/holds', { raw }), 422, 'InvalidInput');
      expectProblem(
        await server.request('POST', '/v1/products', { key: null, secret: OWNER_KEY, raw: `{"content":${nestedObjects(10_000)}}` }),
        422,
        'InvalidInput',
      );
    });
  });

  describe('size', () => {
    it('answers a body over 1 MiB with 413 ContentTooLarge (problem+json), with or without Content-Length', async () => {
      const big = JSON.stringify({ ref: 'TP-AAAA-AAAA', lead, special_requests: 'x'.repeat(1024 * 1024 + 10) });
      const sized = await server.request('POST', '/v1/public/checkout', { raw: big });
      expect(expectProblem(sized, 413, 'ContentTooLarge').max_bytes).to.equal(1024 * 1024);

      // Chunked: no Content-Length, so the limit is found while reading.
      const chunked = await new Promise<{ status: number; headers: Headers; body: any; text: string }>((resolve, reject) => {
        const body = new ReadableStream({
          start(controller) {
            for (let i = 0; i < 12; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? '{"special_requests":"' : 'x'.repeat(100_000)));
            controller.close();
          },
        });
        fetch(`${server.base}/v1/public/checkout`, {
          method: 'POST',
          headers: { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json' },
          body,
          duplex: 'half',
        } as RequestInit)
          .then(async (response) => {
            const text = await response.text();
            resolve({ status: response.status, headers: response.headers, body: JSON.parse(text), text });
          })
          .catch(reject);
      });
      expectProblem(chunked, 413, 'ContentTooLarge');
    });

    it('takes a body just under 1 MiB', async () => {
      const body = JSON.stringify({ ref: 'TP-AAAA-AAAA', lead, special_requests: 'x'.repeat(1024 * 1024 - 200) });
      const answer = await server.request('POST', '/v1/public/checkout', { raw: body });
      expect(answer.status).not.to.equal(413);
      expect(answer.headers.get('content-type')).to.match(/problem\+json|application\/json/);
    });
  });

  describe('media type', () => {
    it('answers JSON sent as curl -d sends it (form-urlencoded) with 415 UnsupportedMediaType saying what to send', async () => {
      const raw = JSON.stringify({ option_id: 'x', start: '2026-12-10', units: [{ unit_id: 'u', qty: 1 }] });
      for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const answer = await server.request('POST', '/v1/public/quotes', { raw, headers: { 'Content-Type': contentType } });
        const problem = expectProblem(answer, 415, 'UnsupportedMediaType');
        expect(problem.detail).to.include('Content-Type: application/json');
        expect(problem.expected).to.equal('application/json');
      }
    });

    it('answers a compressed body with 415 saying to send it uncompressed', async () => {
      const raw = JSON.stringify({ option_id: 'x', start: '2026-12-10', units: [{ unit_id: 'u', qty: 1 }] });
      const answer = await server.request('POST', '/v1/public/quotes', { raw, headers: { 'Content-Encoding': 'gzip' } });
      const problem = expectProblem(answer, 415, 'UnsupportedMediaType');
      expect(problem.detail).to.include('uncompressed');
    });

    it('takes application/json with a charset', async () => {
      const answer = await server.request('POST', '/v1/public/quotes', { raw: '{}', headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      expect(answer.status).to.equal(422);
      expect(answer.body.problems.map((p: any) => p.field)).to.include('option_id');
    });
  });

  describe('order', () => {
    it('checks the key before reading the body: no key and a malformed body is 401', async () => {
      for (const raw of ['{nope', 'x'.repeat(2 * 1024 * 1024), '[]']) {
        expectProblem(await server.request('POST', '/v1/public/quotes', { key: null, raw }), 401, 'Unauthenticated');
        expectProblem(await server.request('POST', '/v1/public/holds', { key: 'tp_pk_wrong', raw }), 401, 'Unauthenticated');
        expectProblem(await server.request('POST', '/v1/products', { key: null, raw }), 401, 'Unauthenticated');
      }
      const formPosted = await server.request('POST', '/v1/public/checkout', {
        key: null,
        raw: 'a=b',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expectProblem(formPosted, 401, 'Unauthenticated');
    });

    it('checks the origin and the permission before reading the body', async () => {
      expectProblem(await server.request('POST', '/v1/public/quotes', { raw: '{nope', headers: { Origin: 'https://evil.example' } }), 403, 'OriginNotAllowed');
      const readonly = await server.request('POST', '/v1/products', { key: null, secret: READONLY_KEY, raw: '{nope' });
      expectProblem(readonly, 403, 'NotPermitted');
    });
  });

  it('answers a body that is not UTF-8 JSON, or JSON with odd values, with 422 and no stack', async () => {
    const odd = [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), '{"option_id": "\\ud800"}', '{"__proto__": {"x": 1}}', '{"option_id": 1e999}', '\u0000', ' '];
    for (const raw of odd) {
      const answer = await rawRequest(server.base, 'POST', '/v1/public/quotes', { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json' }, raw);
      expect(answer.status, String(raw)).to.equal(422);
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(answer.body.toString()).not.to.match(/at .+\.js:\d+/);
    }
  });
});
