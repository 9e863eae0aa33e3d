import { expect } from 'chai';
import { webhookEndpointDecider, webhookStream } from '../../../domain/webhook';
import { WEBHOOK_ENDPOINTS } from '../../../projections/webhooks/doc';
import { OWNER_KEY, READONLY_KEY, TestServer, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

/** Issue 10: webhook endpoints through the seller interface (webhooks:manage). */
describe('HTTP: webhook endpoints (webhooks:manage)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  const as = (secret: string) => ({
    get: (url: string) => server.request('GET', url, { key: null, secret }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
    patch: (url: string, body: unknown) => server.request('PATCH', url, { key: null, secret, body }),
    delete: (url: string) => server.request('DELETE', url, { key: null, secret }),
  });
  const owner = () => as(OWNER_KEY);

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000, webhookAllowPrivateUrls: true });
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  it('registers an endpoint and shows its whsec_ secret once', async () => {
    const made = schemas.expectAnswer(
      'sellerCreateWebhook',
      await owner().post('/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['bookings.*', 'trip.published'], description: ' Our CRM ' }),
    );
    expect(made).to.include({ url: 'http://127.0.0.1:9/hooks', description: 'Our CRM', enabled: true });
    expect(made.events).to.deep.equal(['bookings.*', 'trip.published']);
    expect(made.secret).to.match(/^whsec_/);
    expect(Buffer.from(made.secret.slice(6), 'base64').length).to.be.at.least(24);

    const listed = schemas.expectAnswer('sellerListWebhooks', await owner().get('/v1/webhooks'));
    expect(listed.data.map((e: any) => e.id)).to.include(made.id);
    const one = schemas.expectAnswer('sellerGetWebhook', await owner().get(`/v1/webhooks/${made.id}`));
    expect(one).to.not.have.property('secret');

    // Neither the log nor the read model keeps the secret in plain text.
    const raw = made.secret.slice(6);
    const { state } = await server.engine.platform.commands.load(webhookStream(made.id), webhookEndpointDecider);
    expect(JSON.stringify(state)).to.not.include(raw);
    const doc = await server.engine.platform.docs.collection(WEBHOOK_ENDPOINTS).findOne({ _id: made.id });
    expect(JSON.stringify(doc)).to.not.include(raw);
  });

  it('changes url, events and enabled; deletes', async () => {
    const made = (await owner().post('/v1/webhooks', { url: 'http://127.0.0.1:9/a', events: ['*'] })).body;
    const changed = schemas.expectAnswer(
      'sellerChangeWebhook',
      await owner().patch(`/v1/webhooks/${made.id}`, { url: 'http://localhost:9/b', events: ['trips.*'], enabled: false }),
    );
    expect(changed).to.include({ url: 'http://localhost:9/b', enabled: false });
    expect(changed.events).to.deep.equal(['trips.*']);
    schemas.expectAnswer('sellerDeleteWebhook', await owner().delete(`/v1/webhooks/${made.id}`));
    schemas.expectProblem(await owner().get(`/v1/webhooks/${made.id}`), 404, 'NotFound');
    const listed = (await owner().get('/v1/webhooks')).body;
    expect(listed.data.map((e: any) => e.id)).to.not.include(made.id);
  });

  it('rolls the secret: a new one, shown once', async () => {
    const made = (await owner().post('/v1/webhooks', { url: 'http://127.0.0.1:9/a', events: ['bookings.*'] })).body;
    const rolled = schemas.expectAnswer('sellerRollWebhookSecret', await owner().post(`/v1/webhooks/${made.id}/roll-secret`));
    expect(rolled.secret)
      .to.match(/^whsec_/)
      .and.not.equal(made.secret);
  });

  it('refuses unknown event types, keys without webhooks:manage and other sellers', async () => {
    const bad = schemas.expectProblem(await owner().post('/v1/webhooks', { url: 'http://127.0.0.1:9/a', events: ['bookings.done'] }), 422, 'InvalidInput');
    expect(bad.problems[0].field).to.match(/^events/);
    schemas.expectProblem(await as(READONLY_KEY).get('/v1/webhooks'), 403, 'NotPermitted');
    const made = (await owner().post('/v1/webhooks', { url: 'http://127.0.0.1:9/a', events: ['*'] })).body;
    const other = as('tp_sk_demo_market');
    expect((await other.get(`/v1/webhooks/${made.id}`)).status).to.be.oneOf([403, 404]);
  });
});

describe('HTTP: webhook addresses without WEBHOOK_ALLOW_PRIVATE_URLS', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  it('refuses http:// and loopback or private addresses', async () => {
    for (const url of ['http://hooks.example.com/in', 'https://127.0.0.1/in', 'https://[::1]/in', 'https://10.0.0.8/in', 'https://localhost/in']) {
      const answer = await server.request('POST', '/v1/webhooks', { key: null, secret: OWNER_KEY, body: { url, events: ['*'] } });
      expect(answer.status, url).to.equal(422);
      expect(answer.body.problems[0]).to.include({ reason: 'url_not_allowed', field: 'url' });
    }
  });
});
