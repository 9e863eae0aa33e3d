import { expect } from 'chai';
import zlib from 'node:zlib';
import { DIRECT_KEY, RawAnswer, TestServer, rawRequest, simpleTrip, startTestServer } from '../harness';

/** The JSON an answer carries, decoded as its Content-Encoding says. */
function jsonOf(answer: RawAnswer): any {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : encoding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

/** Issue 5, section 5; spec part 8 (Compression): a client's Accept-Encoding never turns an answer into an error. */
describe('HTTP middleware: compression', () => {
  let server: TestServer;
  let calendarPath: string;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000 });
    const trip = await simpleTrip(server);
    calendarPath = `/v1/public/options/${trip.optionId}/calendar?month=2026-12`;
  });
  after(() => server.close());

  const get = (path: string, acceptEncoding: string) =>
    rawRequest(server.base, 'GET', path, { 'Tp-Publishable-Key': DIRECT_KEY, 'Accept-Encoding': acceptEncoding });

  for (const refused of ['identity;q=0', '*;q=0', 'identity;q=0, *;q=0', 'br;q=0, gzip;q=0, identity;q=0']) {
    it(`answers ${refused} on answers of 1 KB or more with the JSON itself, never a 500 or plain text`, async () => {
      for (const path of ['/v1/public/products', calendarPath]) {
        const answer = await get(path, refused);
        expect(answer.status, `${path}: ${answer.body.toString().slice(0, 200)}`).to.equal(200);
        expect(answer.headers['content-type']).to.match(/^application\/json/);
        const json = jsonOf(answer);
        expect(JSON.stringify(json).length).to.be.at.least(1024);
      }
    });
  }

  it('compresses when identity is refused but br or gzip is acceptable', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip, identity;q=0', 'gzip'],
      ['br, *;q=0', 'br'],
      ['*, identity;q=0', 'br'],
    ] as const) {
      for (const path of ['/v1/public/products', calendarPath]) {
        const answer = await get(path, acceptEncoding);
        expect(answer.status).to.equal(200);
        expect(answer.headers['content-encoding'], `${acceptEncoding} on ${path}`).to.equal(expected);
        expect(String(answer.headers.vary).toLowerCase()).to.include('accept-encoding');
        expect(jsonOf(answer)).to.be.an(path === calendarPath ? 'array' : 'object');
      }
    }
  });

  it('keeps the same weak ETag whatever the encoding, identity refused included', async () => {
    const plain = await get('/v1/public/products', 'identity');
    const refused = await get('/v1/public/products', 'identity;q=0');
    const gzip = await get('/v1/public/products', 'gzip, identity;q=0');
    expect(plain.headers.etag).to.match(/^W\//);
    expect(refused.headers.etag).to.equal(plain.headers.etag);
    expect(gzip.headers.etag).to.equal(plain.headers.etag);
  });

  it('sends a small answer compressed when identity is refused and gzip is acceptable, else plain', async () => {
    const headers = { 'Tp-Publishable-Key': DIRECT_KEY };
    const small = await rawRequest(server.base, 'GET', '/v1/public/bookings/TP-AAAA-AAAA?token=x', { ...headers, 'Accept-Encoding': 'gzip, identity;q=0' });
    expect(small.status).to.equal(404);
    expect(small.headers['content-encoding']).to.equal('gzip');
    expect(jsonOf(small).code).to.equal('NotFound');
    const plain = await rawRequest(server.base, 'GET', '/v1/public/bookings/TP-AAAA-AAAA?token=x', { ...headers, 'Accept-Encoding': '*;q=0' });
    expect(plain.status).to.equal(404);
    expect(plain.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(jsonOf(plain).code).to.equal('NotFound');
  });

  it('answers a large problem under identity;q=0 as problem+json', async () => {
    const body = JSON.stringify({ option_id: 1, start: 2, units: Array.from({ length: 20 }, () => ({ unit_id: 5, qty: 'x' })) });
    for (const acceptEncoding of ['identity;q=0', '*;q=0', 'gzip;q=0, identity;q=0']) {
      const answer = await rawRequest(
        server.base,
        'POST',
        '/v1/public/quotes',
        { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json', 'Accept-Encoding': acceptEncoding },
        body,
      );
      expect(answer.status).to.equal(422);
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(jsonOf(answer).problems.length).to.be.greaterThan(20);
    }
  });

  it('takes odd Accept-Encoding values as a client would mean them', async () => {
    for (const odd of ['', ',', 'q=0', ';;;', 'gzip;q=abc', 'br;q=-1', 'gzip;q=2', 'unknown', 'x'.repeat(4000), 'identity;q=0.000, gzip;q=0.001']) {
      const answer = await get('/v1/public/products', odd);
      expect(answer.status, `Accept-Encoding: ${odd.slice(0, 40)}`).to.equal(200);
      expect(jsonOf(answer)).to.have.property('data');
    }
  });
});
