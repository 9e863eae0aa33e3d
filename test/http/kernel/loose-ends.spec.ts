import { expect } from 'chai';
import net from 'node:net';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer } from '../../../http/kernel/server';
import { DIRECT_KEY, SimpleTrip, TestServer, expectProblem, openStart, rawRequest, simpleTrip, startTestServer } from '../harness';

interface RawHttp {
  status: number;
  head: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are over a socket and reads until the server closes or answers in full. */
function sendRaw(port: number, bytes: string | Buffer): Promise<RawHttp> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const head = end >= 0 ? text.slice(0, end) : text;
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, headers, body: end >= 0 ? text.slice(end + 4) : '' });
    });
  });
}

function expectRawProblem(answer: RawHttp, status: number, code: string) {
  expect(answer.status, answer.head).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
  const body = JSON.parse(answer.body);
  expect(body).to.include({ type: 'about:blank', status, code });
  expect(body.title).to.be.a('string');
  expect(body.detail).to.be.a('string');
}

/** Issue 5, section 5: nothing a client sends answers 500 or a plain-text error. */
describe('HTTP kernel: loose ends found from outside', () => {
  let server: TestServer;
  let port: number;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000 });
    port = Number(new URL(server.base).port);
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  describe('Accept-Encoding that refuses plain answers', () => {
    it('still books under identity;q=0 and answers the tokens', async () => {
      for (const acceptEncoding of ['identity;q=0', '*;q=0', 'gzip, identity;q=0']) {
        const start = await openStart(server, trip.optionId);
        const headers = { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json', 'Accept-Encoding': acceptEncoding };
        const hold = await rawRequest(
          server.base,
          'POST',
          '/v1/public/holds',
          headers,
          JSON.stringify({ option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] }),
        );
        expect(hold.status, acceptEncoding).to.equal(201);
        const ref = decoded(hold).ref;
        const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };
        const checkout = await rawRequest(server.base, 'POST', '/v1/public/checkout', headers, JSON.stringify({ ref, lead, payment_method: 'pay_on_arrival' }));
        expect(checkout.status, acceptEncoding).to.equal(200);
        expect(checkout.headers['content-type']).to.match(/^application\/json/);
        const booking = decoded(checkout);
        expect(booking.status).to.equal('confirmed');
        expect(booking.booking_token).to.be.a('string');
        expect(booking.contact_token).to.be.a('string');
        expect(checkout.body.length > 1024 || checkout.headers['content-encoding'] !== undefined).to.equal(true);
      }
    });
  });

  describe('methods', () => {
    it('answers TRACE and other unknown methods with a problem: 405 with Allow where the path exists, else 404', async () => {
      for (const method of ['PATCH', 'DELETE', 'PUT']) {
        const known = await server.request(method, '/v1/public/products');
        expectProblem(known, 405, 'MethodNotAllowed');
        expect(known.headers.get('allow')).to.include('GET');
        const unknown = await server.request(method, '/v1/public/nothing-here');
        expectProblem(unknown, 404, 'NotFound');
      }
      // fetch does not send TRACE: it goes as raw bytes.
      const trace = await sendRaw(port, `TRACE /v1/public/products HTTP/1.1\r\nHost: x\r\nTp-Publishable-Key: ${DIRECT_KEY}\r\nConnection: close\r\n\r\n`);
      expectRawProblem(trace, 405, 'MethodNotAllowed');
      const outside = await sendRaw(port, 'TRACE /anywhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expectRawProblem(outside, 404, 'NotFound');
    });

    it('answers methods Node does not know, and CONNECT, with a problem', async () => {
      const connect = await sendRaw(port, `CONNECT /v1/public/products HTTP/1.1\r\nHost: x\r\nTp-Publishable-Key: ${DIRECT_KEY}\r\n\r\n`);
      expectRawProblem(connect, 405, 'MethodNotAllowed');
      expect(connect.headers.allow).to.include('GET');
      expect(connect.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
      expectRawProblem(await sendRaw(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 404, 'NotFound');
      for (const method of ['BREW', 'FOO', 'CONNECT', 'PRI']) {
        const answer = await sendRaw(port, `${method} /v1/public/products HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(answer.status, `${method}: ${answer.head}`).to.be.within(400, 499);
        expect(answer.headers['content-type'], method).to.match(/^application\/problem\+json/);
      }
    });

    it('answers HEAD of a catalog read without a body, and OPTIONS without an origin with no error', async () => {
      const head = await server.request('HEAD', '/v1/public/products');
      expect(head.status).to.equal(200);
      expect(head.text).to.equal('');
      const options = await server.request('OPTIONS', '/v1/public/products', { key: null });
      expect(options.status).to.be.oneOf([204, 405]);
    });

    it('answers a request asking for a protocol upgrade as a plain request', async () => {
      const answer = await sendRaw(
        port,
        `GET /v1/public/storefront HTTP/1.1\r\nHost: x\r\nTp-Publishable-Key: ${DIRECT_KEY}\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n`,
      );
      expect(answer.status, answer.head).to.be.oneOf([200, 400, 426]);
      expect(answer.headers['content-type']).to.match(/^application\/(problem\+)?json/);
    });
  });

  describe("Node's own answers", () => {
    it('answers a malformed request line or header with 400 problem+json', async () => {
      const malformed = [
        'GARBAGE\r\n\r\n',
        'GET / HTTP/9.9\r\n\r\n',
        'GET /v1/public/products HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n',
        'GET /v1/public/products HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n',
        'GET /v1/public/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        'GET /v1/public/products\x00 HTTP/1.1\r\nHost: x\r\n\r\n',
        Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
      ];
      for (const bytes of malformed) {
        const answer = await sendRaw(port, bytes);
        expectRawProblem(answer, 400, 'BadRequest');
        expect(answer.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
      }
    });

    it('answers headers too large with 431 problem+json', async () => {
      const huge = await sendRaw(port, `GET /v1/public/products HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expectRawProblem(huge, 431, 'RequestHeaderFieldsTooLarge');
      const many = await sendRaw(
        port,
        `GET /v1/public/products HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
      );
      expect(many.status).to.be.oneOf([400, 431]);
      expect(many.headers['content-type']).to.match(/^application\/problem\+json/);
    });

    it('answers a URL too long with a problem, not a crash', async () => {
      const answer = await sendRaw(
        port,
        `GET /v1/public/products?q=${'a'.repeat(15_000)} HTTP/1.1\r\nHost: x\r\nTp-Publishable-Key: ${DIRECT_KEY}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status).to.be.oneOf([414, 422, 431]);
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
    });
  });

  describe('body size', () => {
    it('answers a body over 1 MiB with 413 ContentTooLarge', async () => {
      const raw = JSON.stringify({ option_id: 'x', start: '2026-12-10', units: [], pad: 'x'.repeat(1024 * 1024) });
      for (const path of ['/v1/public/quotes', '/v1/public/holds', '/v1/public/checkout']) {
        const problem = expectProblem(await server.request('POST', path, { raw }), 413, 'ContentTooLarge');
        expect(problem.max_bytes).to.equal(1024 * 1024);
      }
    });
  });

  describe('paths', () => {
    it('answers odd paths with problems, never a 500', async () => {
      const odd = [
        '/v1/public/options/%E0%A4%A/calendar',
        '/v1/public/products/%',
        '/v1/public/products/%00',
        '/v1/public//products',
        '/v1/public/products/..%2f..%2fetc',
        '/%',
        '/v1/%ff',
      ];
      for (const path of odd) {
        const answer = await rawRequest(server.base, 'GET', path, { 'Tp-Publishable-Key': DIRECT_KEY });
        expect(answer.status, path).to.be.within(400, 499);
        expect(answer.headers['content-type'], path).to.match(/^application\/problem\+json/);
      }
    });
  });
});

function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): any {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : encoding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

/** Issue 5, section 5: connections per address are capped, so one client cannot take them all. */
describe('HTTP kernel: connections per address', () => {
  let server: TestServer;
  let capped: Server;
  let port: number;

  before(async () => {
    server = await startTestServer();
    capped = createServer(server.engine.app, 3);
    await new Promise<void>((resolve) => capped.listen(0, '127.0.0.1', () => resolve()));
    port = (capped.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => {
      capped.close(() => resolve());
      capped.closeAllConnections();
    });
    await server.close();
  });

  const open = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', reject);
    });

  /** One keep-alive request on an open socket; resolves with the status line, or null when the server closed it. */
  const ask = (socket: net.Socket) =>
    new Promise<string | null>((resolve) => {
      let text = '';
      const done = (value: string | null) => {
        socket.removeAllListeners('data');
        socket.removeAllListeners('close');
        resolve(value);
      };
      socket.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\r\n\r\n')) done(text.split('\r\n')[0]);
      });
      socket.on('close', () => done(text ? text.split('\r\n')[0] : null));
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    });

  /** Waits, turn by turn of the event loop, until the server has seen a closed connection go. */
  const connectionsDropTo = async (count: number) => {
    for (;;) {
      const open = await new Promise<number>((resolve, reject) => capped.getConnections((error, n) => (error ? reject(error) : resolve(n))));
      if (open <= count) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('serves as many connections from one address as the cap, refuses more, and takes new ones once some close', async () => {
    const sockets = [await open(), await open(), await open()];
    for (const socket of sockets) expect(await ask(socket)).to.match(/^HTTP\/1\.1 200/);
    const extra = await open().catch(() => null);
    const refused = extra ? await ask(extra) : null;
    expect(refused === null || /^HTTP\/1\.1 (429|503)/.test(refused), String(refused)).to.equal(true);
    for (const socket of sockets) expect(await ask(socket), 'the first three still work').to.match(/^HTTP\/1\.1 200/);

    sockets[0].destroy();
    await connectionsDropTo(2);
    const later = await open();
    expect(await ask(later)).to.match(/^HTTP\/1\.1 200/);
    later.destroy();
    sockets.slice(1).forEach((s) => s.destroy());
    await connectionsDropTo(0);
  });

  it('answers the refused connection with a problem saying why', async () => {
    const sockets = [await open(), await open(), await open()];
    const extra = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(extra).to.match(/^HTTP\/1\.1 429/);
    expect(extra).to.match(/\r\ncontent-type: application\/problem\+json/i);
    expect(extra).to.match(/\r\nretry-after: \d+/i);
    expect(JSON.parse(extra.slice(extra.indexOf('\r\n\r\n') + 4))).to.include({ code: 'RateLimited', status: 429 });
    sockets.forEach((s) => s.destroy());
  });
});
