import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createServer } from '../../http/kernel/server';
import { canonicalJson, compareDigests, digestAt } from '../../application/platform/processing/digest';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { ReadModelServer } from '../../infra/cli/read-model-server';
import { replay, replayAgainstServer } from '../../infra/cli/replay';
import { LogUpTo } from '../../infra/cli/log-up-to';
import { ProjectionRunner } from '../../application/platform/processing/runner';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import { PROJECTORS } from '../../infra/engine';
import { formatReports } from '../../infra/cli/replay-report';
import { fromThisMachine, isLoopback } from '../../http/operator/loopback';
import { SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../http/harness';
import { DEPARTURES } from '../../projections/departures/doc';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

describe('npm run replay beside a running server (embedded stores)', () => {
  let server: TestServer;
  let trip: SimpleTrip;
  let start: string;
  /** The log as the replay command opens it: a second connection to the server's SQLite file. */
  let log: SqliteEventStore;

  const hold = async (qty: number) => {
    const answer = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] } });
    expect(answer.status).to.equal(201);
    return answer.body.ref as string;
  };
  const book = async () => {
    const ref = await hold(2);
    expect((await server.request('POST', '/v1/public/checkout', { body: { ref, lead, payment_method: 'pay_on_arrival' } })).status).to.equal(200);
    return ref;
  };

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
    log = new SqliteEventStore(path.join(server.engine.config.dataDir, 'events.sqlite'));
  });
  after(async () => {
    await log.close();
    await server.close();
  });

  it('finds every read model of the server equal to its rebuild from the log', async () => {
    const ref = await book();
    const reports = await replayAgainstServer(log, new MemoryDocumentStore(), new ReadModelServer(server.base));
    expect(reports.map((r) => r.collection)).to.include.members(['bookings', 'holds', DEPARTURES]);
    expect(reports.filter((r) => r.differing.length > 0)).to.deep.equal([]);
    expect(reports.find((r) => r.collection === 'bookings')?.live).to.be.greaterThan(0);
    expect(reports.every((r) => r.position === server.engine.runner.position)).to.equal(true);
    expect(formatReports(reports)).to.match(/^replay: every read model equals its rebuild from the log/m);
    expect(ref).to.match(/^TP-/);
  });

  it('compares at the position the server reported, though the server appends more meanwhile', async () => {
    await book();
    const live = new ReadModelServer(server.base);
    let reported = -1;
    const movingOn = {
      digest: async () => {
        const digest = await live.digest();
        reported = digest.position;
        await hold(1);
        return digest;
      },
      document: (collection: string, id: string) => live.document(collection, id),
    };
    const reports = await replayAgainstServer(log, new MemoryDocumentStore(), movingOn);
    expect(await log.headPosition()).to.be.greaterThan(reported);
    expect(reports.filter((r) => r.differing.length > 0)).to.deep.equal([]);
    expect(reports[0].position).to.equal(reported);
  });

  it('names the collection and the document that differ, with both versions', async () => {
    const ref = await book();
    await server.engine.docs.collection('bookings').updateOne({ _id: ref }, { $set: { status: 'tampered' } });
    const reports = await replayAgainstServer(log, new MemoryDocumentStore(), new ReadModelServer(server.base));
    const bookings = reports.find((r) => r.collection === 'bookings');
    expect(bookings?.differing).to.deep.equal([ref]);
    expect(bookings?.first?.id).to.equal(ref);
    expect(bookings?.first?.live?.status).to.equal('tampered');
    expect(bookings?.first?.rebuilt?.status).to.equal('confirmed');
    expect(reports.filter((r) => r.differing.length > 0).map((r) => r.collection)).to.deep.equal(['bookings']);
    const printed = formatReports(reports);
    expect(printed).to.include('DIFFERENT  bookings: live');
    expect(printed).to.include(`document ${ref}:`);
    expect(printed).to.include('status: live "tampered", rebuilt "confirmed"');
    expect(printed).to.match(/^replay: read models differ from their rebuild from the log/m);
  });

  it('says in one line that no server answers', async () => {
    const error = await new ReadModelServer('http://127.0.0.1:1').digest().then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).to.equal('no server answers at http://127.0.0.1:1: start it (npm start) with the same DATA_DIR, or set REPLAY_SERVER_URL');
  });

  it('refuses a REPLAY_SERVER_URL that is not a URL, saying what is expected', () => {
    expect(() => new ReadModelServer('localhost 8080')).to.throw('REPLAY_SERVER_URL must be an http URL such as http://127.0.0.1:8080 (got "localhost 8080")');
  });
});

describe('npm run replay on the store the service writes its read models to (MongoDB)', () => {
  const departure = 'departure-o-2026-12-01T09:00';
  const held = (ref: string) => ({
    type: 'PlacesHeld',
    data: { ref, optionId: 'o', start: '2026-12-01T09:00', places: 1, expiresAt: '2026-11-30T10:00:00.000Z' },
  });

  it('follows the live read models when they moved past the log head it read first', async () => {
    const events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    await events.append(departure, [held('TP-AAAA-AAAA'), held('TP-BBBB-BBBB')], 'no_stream');
    const live = new ProjectionRunner(events, docs, PROJECTORS);
    await live.start();
    await live.catchUp();
    await live.stop();
    const head = await events.headPosition();
    // The service appended and projected the last event just after replay read the head.
    let reads = 0;
    const lateHead = Object.create(events) as SqliteEventStore;
    lateHead.headPosition = async () => (reads++ === 0 ? head - 1 : head);
    const reports = await replay(lateHead, docs, 'rebuilt_');
    expect(reports.filter((r) => r.differing.length > 0)).to.deep.equal([]);
    expect(reports.find((r) => r.collection === DEPARTURES)).to.include({ position: head, live: 1, rebuilt: 1 });
    expect(await docs.listCollections()).not.to.include(`rebuilt_${DEPARTURES}`);
    await events.close();
  });

  it('rebuilds up to the limit it is given, though another connection appends to the log', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-'));
    const service = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const cli = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const first = await service.append(departure, [held('TP-AAAA-AAAA')], 'no_stream');
    const log = new LogUpTo(cli);
    const seen: RecordedEvent[] = [];
    const subscription = log.subscribeToAll(-1, (event) => {
      seen.push(event);
    });
    log.raiseTo(first.position);
    await new Promise((resolve) => setImmediate(resolve));
    const second = await service.append(departure, [held('TP-BBBB-BBBB'), held('TP-CCCC-CCCC')], first.revision);
    expect(await log.headPosition()).to.equal(first.position);
    log.raiseTo(second.position - 1);
    for (let turn = 0; turn < 50 && seen.length < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(seen.map((e) => e.data.ref)).to.deep.equal(['TP-AAAA-AAAA', 'TP-BBBB-BBBB']);
    await subscription.close();
    await Promise.all([service.close(), cli.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the operator read-model endpoints', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answer a loopback client: a digest per read model at the projection position, and any one document', async () => {
    const digest = await server.request('GET', '/operator/read-models/digest', { key: null });
    expect(digest.status).to.equal(200);
    expect(digest.headers.get('cache-control')).to.equal('no-store');
    expect(digest.body.position).to.equal(server.engine.runner.position);
    const collections = Object.entries(digest.body.collections as Record<string, { count: number; hash: string; documents: Record<string, string> }>);
    expect(collections.map(([name]) => name)).to.include.members(['bookings', 'holds', DEPARTURES]);
    for (const [, c] of collections) expect(c.count).to.equal(Object.keys(c.documents).length);
    const [name, some] = collections.find(([, c]) => c.count > 0)!;
    const id = Object.keys(some.documents)[0];
    const doc = await server.request('GET', `/operator/read-models/${name}/${encodeURIComponent(id)}`, { key: null });
    expect(doc.status).to.equal(200);
    expect(doc.body._id).to.equal(id);
    const missing = await server.request('GET', `/operator/read-models/${name}/no-such-document`, { key: null });
    expect(missing.status).to.equal(404);
    expect(missing.body).to.include({ code: 'NotFound', entity: 'document' });
  });

  it('answer a client on another address as if they did not exist (when this machine has another address)', async function () {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!address) this.skip();
    const listener = createServer(server.engine.app);
    await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const [outside, inside] = await Promise.all(
        [address, '127.0.0.1'].map((host) =>
          fetch(`http://${host}:${port}/operator/read-models/digest`).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(outside.status).to.equal(404);
      expect(outside.body).to.include({ code: 'NotFound', entity: 'endpoint' });
      expect(inside.status).to.equal(200);
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('answer a request relayed by a proxy (X-Forwarded-For) as if they did not exist, though it arrives from loopback', async () => {
    const relayed = await server.request('GET', '/operator/read-models/digest', { key: null, headers: { 'X-Forwarded-For': '8.8.8.8' } });
    const unknown = await server.request('GET', '/operator/no-such-path', { key: null });
    expect(relayed.status).to.equal(404);
    expect(relayed.body).to.deep.equal({ ...unknown.body, detail: unknown.body.detail.replace('/operator/no-such-path', '/operator/read-models/digest') });
    expect(relayed.body).to.include({ code: 'NotFound', entity: 'endpoint' });
  });

  it('take loopback to be 127.0.0.0/8 and ::1 (also IPv4-mapped), from the socket, never a forwarding header', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) expect(isLoopback(address), address).to.equal(true);
    for (const address of ['10.0.0.1', '8.8.8.8', '::ffff:10.0.0.1', '::', '0.0.0.0', '128.0.0.1', 'fe80::1', undefined])
      expect(isLoopback(address), address).to.equal(false);
    expect(fromThisMachine('127.0.0.1', {})).to.equal(true);
    expect(fromThisMachine('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).to.equal(false);
    expect(fromThisMachine('127.0.0.1', { 'x-forwarded-for': '8.8.8.8' })).to.equal(false);
    expect(fromThisMachine('127.0.0.1', { forwarded: 'for=8.8.8.8' })).to.equal(false);
    expect(fromThisMachine('127.0.0.1', { 'x-real-ip': '8.8.8.8' })).to.equal(false);
  });
});

describe('read-model digests', () => {
  it('hash equal documents alike whatever the order of their keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).to.equal('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
  });

  it('name the documents that differ or exist on one side only, in id order', async () => {
    const live = new MemoryDocumentStore();
    const rebuilt = new MemoryDocumentStore();
    for (const store of [live, rebuilt]) {
      await store.collection('trips').insertOne({ _id: 'same', title: 'Atlas', _position: 3 });
      await store.collection('trips').insertOne({ _id: 'b', title: 'Lisbon', _position: 4 });
    }
    await live.collection('trips').updateOne({ _id: 'b' }, { $set: { title: 'Porto' } });
    await rebuilt.collection('trips').insertOne({ _id: 'a', title: 'Sintra', _position: 5 });
    await live.collection('empty').createIndex({ x: 1 });
    const [a, b] = await Promise.all([live, rebuilt].map((store) => digestAt(store, ['trips', 'empty'], 5)));
    if (!('digest' in a) || !('digest' in b)) throw new Error('no digest');
    expect(compareDigests(a.digest, b.digest)).to.deep.equal([
      { collection: 'trips', live: 2, rebuilt: 3, differing: ['a', 'b'] },
      { collection: 'empty', live: 0, rebuilt: 0, differing: [] },
    ]);
  });

  it('refuse to digest documents that a later event already wrote, naming the newest position', async () => {
    const store = new MemoryDocumentStore();
    await store.collection('trips').insertOne({ _id: 'a', _position: 7 });
    await store.collection('trips').insertOne({ _id: 'b', _position: 9 });
    expect(await digestAt(store, ['trips'], 7)).to.deep.equal({ newerThan: 9 });
    expect(await digestAt(store, ['trips'], 9)).to.have.property('digest');
  });
});
