import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { deliverDue } from '../../../application/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook';
import { OWNER_KEY, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

/**
 * Standard Webhooks verification written from the specification, not from the service's code:
 * the secret's bytes are the base64 after whsec_; the signed content is `{id}.{timestamp}.{raw body}`;
 * the header holds space-separated `v1,<base64 HMAC-SHA256>` entries, one match is enough, compared
 * in constant time; a timestamp more than 5 minutes from the receiver's clock is refused.
 */
function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string, nowSeconds: number): boolean {
  const id = headers['service-event-id'];
  const timestamp = headers['service-timestamp'];
  const signature = headers['service-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The check a receiver makes with the `standardwebhooks` package: our headers under the scheme's names. */
function verifiedByPackage(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': String(headers['service-event-id']),
      'webhook-timestamp': String(headers['service-timestamp']),
      'webhook-signature': String(headers['service-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The receiver's clock when it arrived (unix seconds). */
  at: number;
}

/** A receiver on loopback whose answer the test chooses: a status, or no answer at all. */
function startReceiver(): Promise<{ url: string; received: Received[]; answer: { mode: number | 'hang' }; close(): Promise<void> }> {
  const received: Received[] = [];
  const answer: { mode: number | 'hang' } = { mode: 200 };
  const server: Server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Math.floor(Date.now() / 1000) });
      if (answer.mode !== 'hang') res.writeHead(answer.mode).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        received,
        answer,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('HTTP: webhook deliveries to a real receiver on loopback', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const owner = {
    get: (url: string) => server.request('GET', url, { key: null, secret: OWNER_KEY }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret: OWNER_KEY, body }),
    patch: (url: string, body: unknown) => server.request('PATCH', url, { key: null, secret: OWNER_KEY, body }),
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const deliver = () => deliverDue(server.engine.platform);
  const MINUTE = 60_000;

  beforeEach(async () => {
    // A receiver that hangs past the (shortened) timeout fails the attempt, as one past 10 s would.
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000, webhookAllowPrivateUrls: true, webhookTimeoutMs: 300 });
    schemas = await publishedSchemas(server);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await server.close();
  });

  async function endpoint(events: string[] = ['*']): Promise<{ id: string; secret: string }> {
    return schemas.expectAnswer('sellerCreateWebhook', await owner.post('/v1/webhooks', { url: receiver.url, events }));
  }

  it('sends a signed webhook.test event that the receiver verifies', async () => {
    const { id, secret } = await endpoint(['trips.*']);
    const delivery = schemas.expectAnswer('sellerTestWebhook', await owner.post(`/v1/webhooks/${id}/test`));
    expect(delivery).to.include({ type: 'webhook.test', status: 'pending' });
    expect(await deliver()).to.equal(1);
    expect(receiver.received).to.have.length(1);
    const [got] = receiver.received;
    expect(got.headers['content-type']).to.equal('application/json');
    expect(verifyStandardWebhook(secret, got.headers, got.body, nowSeconds())).to.equal(true);
    expect(verifyStandardWebhook(secret, got.headers, got.body.replace('webhook.test', 'webhook.tesT'), nowSeconds())).to.equal(false);
    expect(verifiedByPackage(secret, got.headers, got.body)).to.equal(true);
    expect(verifiedByPackage(secret, got.headers, got.body.replace('webhook.test', 'webhook.tesT'))).to.equal(false);
    const body = JSON.parse(got.body);
    expect(Object.keys(body)).to.deep.equal(['id', 'type', 'created_at', 'data']);
    expect(body).to.include({ id: delivery.event_id, type: 'webhook.test' });
    expect(got.headers['service-event-id']).to.equal(delivery.event_id);
    const listed = schemas.expectAnswer('sellerListWebhookDeliveries', await owner.get(`/v1/webhooks/${id}/deliveries`));
    expect(listed.data[0]).to.include({ id: delivery.id, status: 'succeeded', next_attempt_at: null });
    expect(listed.data[0].attempts.map((a: any) => [a.attempt, a.status, a.succeeded])).to.deep.equal([[1, 200, true]]);
  });

  it('retries after 1, 5 and 30 minutes through 500 and a hanging receiver, with the same event id, until it recovers', async () => {
    const { id, secret } = await endpoint();
    const delivery = (await owner.post(`/v1/webhooks/${id}/test`)).body;
    receiver.answer.mode = 500;
    await deliver();
    server.clock.tick(MINUTE - 1000);
    expect(await deliver(), 'not due before a minute').to.equal(0);
    server.clock.tick(1000);
    expect(await deliver()).to.equal(1);
    receiver.answer.mode = 'hang';
    server.clock.tick(5 * MINUTE);
    expect(await deliver()).to.equal(1);
    receiver.answer.mode = 200;
    server.clock.tick(30 * MINUTE - 1000);
    expect(await deliver(), 'not due before 30 minutes').to.equal(0);
    server.clock.tick(1000);
    expect(await deliver()).to.equal(1);
    server.clock.tick(2 * 60 * MINUTE);
    expect(await deliver(), 'nothing more once it succeeded').to.equal(0);

    expect(receiver.received).to.have.length(4);
    for (const got of receiver.received) {
      expect(got.headers['service-event-id']).to.equal(delivery.event_id);
      expect(JSON.parse(got.body).id).to.equal(delivery.event_id);
    }
    const last = receiver.received[3];
    expect(verifyStandardWebhook(secret, last.headers, last.body, last.at)).to.equal(true);
    const listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body;
    const attempts = listed.data[0].attempts;
    expect(attempts.map((a: any) => a.status)).to.deep.equal([500, 500, null, 200]);
    expect(attempts[2].error).to.match(/300 ms/);
    const at = attempts.map((a: any) => Date.parse(a.at));
    expect([at[1] - at[0], at[2] - at[1], at[3] - at[2]]).to.deep.equal([MINUTE, 5 * MINUTE, 30 * MINUTE]);
    expect(listed.data[0].status).to.equal('succeeded');
  });

  it('gives up after 2, 6, 12 and 24 hours more, and turns off an endpoint with no success for 3 days', async () => {
    const { id } = await endpoint();
    receiver.answer.mode = 500;
    const first = (await owner.post(`/v1/webhooks/${id}/test`)).body;
    await deliver();
    for (const wait of [1, 5, 30, 120, 360, 720, 1440]) {
      server.clock.tick(wait * MINUTE);
      expect(await deliver(), `retry after ${wait} minutes`).to.equal(1);
    }
    server.clock.tick(48 * 60 * MINUTE);
    expect(await deliver()).to.equal(0);
    let listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body;
    expect(listed.data.find((d: any) => d.id === first.id)).to.include({ status: 'failed', next_attempt_at: null });
    expect((await owner.get(`/v1/webhooks/${id}`)).body.enabled).to.equal(true);

    // Three days after the first failure, one more failure turns it off, and the members who manage webhooks (the demo's owner and an admin) are emailed.
    for (const [email, role] of [
      ['admin@atlas.example', 'admin'],
      ['staff@atlas.example', 'staff'],
    ]) {
      const added = await owner.post('/v1/team/members', { email, name: role, role });
      expect(added.status, added.text).to.equal(201);
    }
    server.clock.tick(24 * 60 * MINUTE);
    await owner.post(`/v1/webhooks/${id}/test`);
    await deliver();
    expect((await owner.get(`/v1/webhooks/${id}`)).body.enabled).to.equal(false);
    const turnedOff = () => server.mails.filter((m) => m.subject === 'A webhook endpoint was turned off');
    for (let i = 0; i < 80 && turnedOff().length < 2; i += 1) await new Promise((r) => setTimeout(r, 25));
    const mailed = turnedOff();
    expect(mailed.map((m) => m.to)).to.have.members(['owner@atlas-trails.example', 'admin@atlas.example']);
    expect(mailed[0].text).to.include(receiver.url);

    // Re-sent after the receiver recovered and the seller turned it back on: the same event id.
    receiver.answer.mode = 200;
    await owner.patch(`/v1/webhooks/${id}`, { enabled: true });
    const resent = schemas.expectAnswer('sellerResendWebhookDelivery', await owner.post(`/v1/webhooks/${id}/deliveries/${first.id}/resend`));
    expect(resent.status).to.equal('pending');
    const before = receiver.received.length;
    await deliver();
    const sent = receiver.received.slice(before).map((r) => r.headers['service-event-id']);
    expect(sent).to.include(first.event_id);
    listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body;
    expect(listed.data.find((d: any) => d.id === first.id).status).to.equal('succeeded');
  });

  it('signs with the old and the new secret for 24 hours after a roll', async () => {
    const { id, secret } = await endpoint();
    const rolled = (await owner.post(`/v1/webhooks/${id}/roll-secret`)).body;
    await owner.post(`/v1/webhooks/${id}/test`);
    await deliver();
    const got = receiver.received[0];
    expect(String(got.headers['service-signature']).split(' ')).to.have.length(2);
    expect(verifyStandardWebhook(secret, got.headers, got.body, nowSeconds())).to.equal(true);
    expect(verifyStandardWebhook(rolled.secret, got.headers, got.body, nowSeconds())).to.equal(true);
    expect(verifiedByPackage(secret, got.headers, got.body)).to.equal(true);
    expect(verifiedByPackage(rolled.secret, got.headers, got.body)).to.equal(true);
    server.clock.tick(24 * 60 * MINUTE);
    await owner.post(`/v1/webhooks/${id}/test`);
    await deliver();
    const later = receiver.received[1];
    expect(String(later.headers['service-signature']).split(' ')).to.have.length(1);
    expect(verifyStandardWebhook(secret, later.headers, later.body, nowSeconds())).to.equal(false);
    expect(verifyStandardWebhook(rolled.secret, later.headers, later.body, nowSeconds())).to.equal(true);
  });

  /** The body sent is valid against the OpenAPI document's `webhooks` entry of its type. */
  async function expectPublishedBody(body: string): Promise<void> {
    const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const type = JSON.parse(body).type;
    const validate = ajv.compile({ $ref: `openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema` });
    expect(validate(JSON.parse(body)), JSON.stringify(validate.errors)).to.equal(true);
  }

  it('sends every move of a booking the seller makes, and the call-off of its start, each as the published schema says', async () => {
    const { secret } = await endpoint(['bookings.*']);
    const request = await waitingOption();
    const book = async () => {
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: request.optionId, start: request.start, units: [{ unit_id: request.unitId, qty: 1 }], attribution: { utm_source: 'mail' } },
      });
      expect(hold.status, hold.text).to.equal(201);
      const done = await server.request('POST', '/v1/public/checkout', {
        body: { ref: hold.body.ref, lead: { name: 'Ana Lima', email: 'ana@example.com', phone: '+351912345678' }, payment_method: 'pay_on_arrival' },
      });
      expect(done.body.status, done.text).to.equal('pending');
      return done.body.ref as string;
    };
    const rejected = await book();
    expect((await owner.post(`/v1/bookings/${rejected}/reject`, { reason: 'The guide is ill that day' })).status).to.equal(200);
    const confirmed = await book();
    expect((await owner.post(`/v1/bookings/${confirmed}/confirm`)).status).to.equal(200);
    const calledOff = await owner.post(`/v1/options/${request.optionId}/departures/${request.start}/call-off`, { reason: 'weather', note: 'Storm warning' });
    expect(calledOff.status, calledOff.text).to.equal(201);

    const expected = ['booking.requested', 'booking.rejected', 'booking.confirmed', 'booking.cancelled', 'departure.cancelled'];
    const types = () => receiver.received.map((r) => JSON.parse(r.body).type as string);
    for (let i = 0; i < 100 && !expected.every((t) => types().includes(t)); i += 1) {
      await deliver();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(types()).to.include.members(expected);
    for (const got of receiver.received) {
      expect(verifiedByPackage(secret, got.headers, got.body), got.body).to.equal(true);
      await expectPublishedBody(got.body);
    }
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(bodies.find((b) => b.type === 'booking.rejected').data).to.include({ booking_ref: rejected, reason: 'The guide is ill that day' });
    expect(bodies.find((b) => b.type === 'booking.confirmed' && b.data.booking_ref === confirmed).data.attribution).to.deep.equal({ utm_source: 'mail' });
    const call = bodies.find((b) => b.type === 'departure.cancelled').data;
    expect(call).to.include({ call_id: calledOff.body.call_id, reason: 'weather', note: 'Storm warning', offered_start: null });
    expect(call.bookings).to.deep.equal([{ booking_ref: confirmed, outcome: 'cancelled', start: null }]);
  });

  /** An option of the direct site that waits for the seller's answer, with one adult and nothing more asked at checkout. */
  async function waitingOption(): Promise<{ optionId: string; unitId: string; start: string }> {
    const list = await server.request('GET', '/v1/public/products?limit=100');
    for (const card of list.body.data) {
      const trip = await server.request('GET', `/v1/public/products/${card.id}`);
      for (const option of trip.body.options) {
        const adult = option.units.find((u: { type: string }) => u.type === 'adult');
        const simple = option.room_types.length === 0 && option.traveller_details.fields.length === 0 && !option.pickup && (option.min_units ?? 1) <= 1;
        if (option.confirmation === 'manual' && option.capacity_mode === 'limited' && !option.ask_for_price && adult && simple) {
          return { optionId: option.id, unitId: adult.id, start: await openStart(server, option.id, '2026-12', '10') };
        }
      }
    }
    throw new Error('the direct site has no option that waits for the seller');
  }

  it('publishes every event type in the OpenAPI webhooks section, signature headers included', async () => {
    const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
    expect(Object.keys(doc.webhooks)).to.include.members([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = doc.webhooks[type].post;
      expect(
        post.parameters.map((p: any) => p.name),
        type,
      ).to.deep.equal(['Service-Event-Id', 'Service-Timestamp', 'Service-Signature']);
      expect(post.requestBody.content['application/json'].schema.required).to.deep.equal(['id', 'type', 'created_at', 'data']);
    }
    for (const type of ['booking.requested', 'booking.confirmed']) {
      expect(doc.webhooks[type].post.requestBody.content['application/json'].schema.properties.data.required, type).to.include('attribution');
    }
    const { id } = await endpoint();
    await owner.post(`/v1/webhooks/${id}/test`);
    await deliver();
    await expectPublishedBody(receiver.received[0].body);
  });

  /** The endpoint's deliveries once the reactor has scheduled `count` of them (it runs after the append). */
  async function deliveriesOf(id: string, count: number): Promise<any[]> {
    let listed: any[] = [];
    for (let i = 0; i < 80 && listed.length < count; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body.data;
    }
    return listed;
  }

  it('sends booking.confirmed with its attribution, then booking.cancelled, to an endpoint subscribed to bookings.*', async () => {
    const { id, secret } = await endpoint(['bookings.*']);
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const selection = { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] };
    const hold = await server.request('POST', '/v1/public/holds', { body: { ...selection, attribution: { utm_source: 'newsletter' } } });
    expect(hold.status, hold.text).to.equal(201);
    const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.body.status, checkout.text).to.equal('confirmed');
    const token = encodeURIComponent(checkout.body.booking_token);
    const cancel = await server.request('POST', `/v1/public/bookings/${hold.body.ref}/cancel?token=${token}`, { body: { reason: 'plans changed' } });
    expect(cancel.status, cancel.text).to.equal(200);
    const listed = await deliveriesOf(id, 2);
    expect(listed.map((d: any) => d.type).reverse()).to.deep.equal(['booking.confirmed', 'booking.cancelled']);
    await deliver();
    const confirmed = JSON.parse(receiver.received[0].body);
    expect(confirmed.type).to.equal('booking.confirmed');
    expect(confirmed.data).to.include({ booking_ref: hold.body.ref, product_id: trip.productId, option_id: trip.optionId, start, places: 2 });
    expect(confirmed.data.attribution).to.deep.include({ utm_source: 'newsletter' });
    expect(verifyStandardWebhook(secret, receiver.received[0].headers, receiver.received[0].body, receiver.received[0].at)).to.equal(true);
    await expectPublishedBody(receiver.received[0].body);
    const cancelled = JSON.parse(receiver.received[1].body);
    expect(cancelled).to.include({ type: 'booking.cancelled' });
    expect(cancelled.data).to.include({ booking_ref: hold.body.ref, cancelled_by: 'traveller', reason: 'plans changed' });
    await expectPublishedBody(receiver.received[1].body);
  });

  it("delivers the seller's trip events to endpoints subscribed to them", async () => {
    const { id } = await endpoint(['trips.*']);
    const other = await endpoint(['bookings.*']);
    const products = (await owner.get('/v1/products?limit=100')).body.data;
    const published = products.find((p: any) => p.status === 'published' || p.published === true) ?? products[0];
    const answer = await owner.post(`/v1/products/${published.id}/unpublish`);
    expect(answer.status, answer.text).to.equal(200);
    let listed: any[] = [];
    for (let i = 0; i < 40 && listed.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body.data;
    }
    expect(listed.map((d: any) => d.type)).to.deep.equal(['trip.unpublished']);
    await deliver();
    const body = JSON.parse(receiver.received[0].body);
    expect(body).to.include({ type: 'trip.unpublished' });
    expect(body.data).to.deep.equal({ product_id: published.id });
    await expectPublishedBody(receiver.received[0].body);
    expect((await owner.get(`/v1/webhooks/${other.id}/deliveries`)).body.data).to.deep.equal([]);
  });
});
