import { expect } from 'chai';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import sinon from 'sinon';
import { LogRecord, OWNER_KEY, TestServer, openStart, recordingLogger, simpleTrip, startTestServer } from '../harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A product definition like `product` with a new slug and new ids for options, units, rooms and extras. */
function copyOf(product: any, slug: string): any {
  const { id, published, created_at, updated_at, ...definition } = product;
  const ids = new Set<string>();
  for (const option of definition.options) {
    ids.add(option.id);
    option.units.forEach((u: any) => ids.add(u.id));
    option.room_types.forEach((r: any) => ids.add(r.id));
  }
  definition.extras.forEach((e: any) => ids.add(e.id));
  let json = JSON.stringify({ ...definition, slug });
  for (const old of ids) json = json.split(old).join(randomUUID());
  return JSON.parse(json);
}

/** Issue 5, section 5: every answer carries X-Request-Id; it is the events' correlationId and is in the request's log lines. */
describe('HTTP middleware: request id', () => {
  let server: TestServer;
  let log: ReturnType<typeof recordingLogger>;

  before(async () => {
    log = recordingLogger();
    server = await startTestServer({ logRequests: true, websiteKeyLimitPerMinute: 100_000, addressLimitPerMinute: 100_000 }, undefined, { log });
  });
  after(() => server.close());

  const linesOf = (id: string): LogRecord[] => log.records.filter((r) => r.fields.requestId === id);

  it('carries X-Request-Id on every answer: made when not sent', async () => {
    const answers = [
      await server.request('GET', '/v1/public/storefront'),
      await server.request('GET', '/v1/public/storefront', { key: null }),
      await server.request('GET', '/v1/public/nothing-here'),
      await server.request('POST', '/v1/public/quotes', { raw: '{nope' }),
      await server.request('DELETE', '/v1/public/products'),
      await server.request('GET', '/healthz', { key: null }),
      await server.request('GET', '/v1/openapi.json', { key: null }),
      await server.request('GET', '/elsewhere', { key: null }),
      await server.request('GET', '/v1/products', { key: null, secret: OWNER_KEY }),
      await server.request('OPTIONS', '/v1/public/holds', { key: null, headers: { Origin: 'https://evil.example' } }),
    ];
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const [i, id] of ids.entries()) expect(id, `answer ${i} (${answers[i].status})`).to.match(UUID);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('takes a plausible id the request sends, and makes one for an implausible id', async () => {
    for (const sent of ['req-7f3a9c', 'abc.DEF_123:4/5+6=', randomUUID()]) {
      const answer = await server.request('GET', '/v1/public/storefront', { headers: { 'X-Request-Id': sent } });
      expect(answer.headers.get('x-request-id')).to.equal(sent);
    }
    for (const odd of ['x'.repeat(201), 'has space', 'semi;colon', '<script>', 'é']) {
      // fetch itself refuses some header values; those never reach the server.
      const answer = await server.request('GET', '/v1/public/storefront', { headers: { 'X-Request-Id': odd } }).catch(() => null);
      if (!answer) continue;
      expect(answer.headers.get('x-request-id'), odd).to.match(UUID);
    }
  });

  it('puts the id in the log line of the request, problems included', async () => {
    const ok = await server.request('GET', '/v1/public/storefront', { headers: { 'X-Request-Id': 'log-line-ok' } });
    expect(ok.status).to.equal(200);
    const refused = await server.request('POST', '/v1/public/quotes', { raw: '{nope', headers: { 'X-Request-Id': 'log-line-refused' } });
    expect(refused.status).to.equal(422);
    expect(linesOf('log-line-ok')).to.have.length.greaterThan(0);
    expect(linesOf('log-line-ok')[0].fields).to.include({ method: 'GET', path: '/v1/public/storefront', status: 200 });
    expect(linesOf('log-line-refused')[0].fields).to.include({ method: 'POST', status: 422 });
  });

  it('makes the id the correlationId of the events a hold appends, and puts it in every log line of that request', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const id = `hold-${randomUUID()}`;
    const before = await server.engine.events.headPosition();
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] },
      headers: { 'X-Request-Id': id },
    });
    expect(hold.status).to.equal(201);
    expect(hold.headers.get('x-request-id')).to.equal(id);
    const appended = await server.engine.events.readAll(before);
    expect(appended.length).to.be.greaterThan(0);
    for (const event of appended) expect(event.metadata.correlationId, event.type).to.equal(id);
    const lines = linesOf(id);
    expect(lines.length).to.be.greaterThan(0);
    expect(log.records.filter((r) => JSON.stringify(r).includes(hold.body.ref)).every((r) => r.fields.requestId === id)).to.equal(true);
  });

  it("makes the id the correlationId of a seller's product create (secret key), not a random one", async () => {
    const secret = { key: null, secret: OWNER_KEY };
    const list = await server.request('GET', '/v1/products?limit=1', secret);
    const original = list.body.data[0];
    const id = `seller-${randomUUID()}`;
    const before = await server.engine.events.headPosition();
    const created = await server.request('POST', '/v1/products', {
      ...secret,
      body: copyOf(original, `request-id-copy-${Date.now()}`),
      headers: { 'X-Request-Id': id },
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.headers.get('x-request-id')).to.equal(id);
    const appended = await server.engine.events.readAll(before);
    expect(appended.length).to.be.greaterThan(0);
    for (const event of appended) expect(event.metadata.correlationId, event.type).to.equal(id);
    const stream = await server.engine.events.readStream(appended[0].streamId);
    expect(stream.filter((e) => e.position > before).every((e) => e.metadata.correlationId === id)).to.equal(true);
    const published = await server.request('POST', `/v1/products/${created.body.id}/publish`, { ...secret, headers: { 'X-Request-Id': `${id}-publish` } });
    expect(published.status).to.equal(200);
    const after = (await server.engine.events.readStream(appended[0].streamId)).filter((e) => e.position > appended[appended.length - 1].position);
    expect(after.length).to.be.greaterThan(0);
    for (const event of after) expect(event.metadata.correlationId, event.type).to.equal(`${id}-publish`);
  });

  it('logs an unforeseen failure with the request id, and answers 500 problem+json naming nothing internal', async () => {
    const id = `boom-${randomUUID()}`;
    const stub = sinon.stub(server.engine.useCases.availability, 'calendar').throws(new Error('secret internals'));
    try {
      const answer = await server.request('GET', `/v1/public/options/${randomUUID()}/calendar?month=2026-12`, { headers: { 'X-Request-Id': id } });
      expect(answer.status).to.equal(500);
      expect(answer.body.code).to.equal('InternalError');
      expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(answer.headers.get('x-request-id')).to.equal(id);
      expect(answer.text).not.to.include('secret internals');
      const errors = linesOf(id).filter((r) => r.level === 'error');
      expect(errors).to.have.length(1);
      expect(String(errors[0].fields.error)).to.include('secret internals');
    } finally {
      stub.restore();
    }
  });

  it("carries an X-Request-Id on Node's own answers too", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(server.base).port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).to.match(/^HTTP\/1\.1 400/);
    expect(raw).to.match(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
  });
});
