import { expect } from 'chai';
import {
  RETRY_DELAYS_MS,
  ROLL_OVERLAP_MS,
  WebhookDeliveryEvent,
  WebhookEvent,
  signingSecrets,
  subscribes,
  webhookDeliveryDecider,
  webhookEndpointDecider,
} from '../../domain/webhook';
import { given } from './given-when-then';

const at = '2026-11-22T08:00:00.000Z';
const now = new Date(at);
const registered: WebhookEvent = {
  type: 'WebhookEndpointRegistered',
  data: { endpointId: 'e1', sellerId: 's1', url: 'https://hooks.example.com/in', events: ['bookings.*'], description: null, secret: 'sealed-1', at },
};

describe('webhook endpoint decider', () => {
  it('registers an endpoint subscribed to known types and groups', () => {
    given(webhookEndpointDecider).when({ type: 'RegisterEndpoint', endpoint: registered.data }).then([registered]);
  });

  it('refuses unknown event types and empty subscriptions', () => {
    given(webhookEndpointDecider)
      .when({ type: 'RegisterEndpoint', endpoint: { ...registered.data, events: ['booking.confirmed', 'bookings.done'] } })
      .thenRefused('InvalidInput', {
        problems: [{ reason: 'unknown_event_type', field: 'events[1]', detail: 'no event type or group is called bookings.done' }],
      });
    given(webhookEndpointDecider)
      .when({ type: 'RegisterEndpoint', endpoint: { ...registered.data, events: [] } })
      .thenRefused('InvalidInput');
  });

  it("is another seller's only as a missing webhook", () => {
    given(webhookEndpointDecider, [registered])
      .when({ type: 'ChangeEndpoint', sellerId: 's2', change: { endpointId: 'e1', enabled: false, at } })
      .thenRefused('NotFound', { entity: 'webhook' });
    given(webhookEndpointDecider, [registered]).when({ type: 'DeleteEndpoint', sellerId: 's2', now }).thenRefused('NotFound', { entity: 'webhook' });
  });

  it('rolls a secret: the previous one signs beside it for 24 hours, one rolled away before stops at once', () => {
    const until = new Date(now.getTime() + ROLL_OVERLAP_MS).toISOString();
    const [rolled] = given(webhookEndpointDecider, [registered])
      .when({ type: 'RollSecret', sellerId: 's1', secret: 'sealed-2', now })
      .then([
        {
          type: 'WebhookSecretRolled',
          data: {
            endpointId: 'e1',
            secrets: [
              { sealed: 'sealed-2', expiresAt: null },
              { sealed: 'sealed-1', expiresAt: until },
            ],
            at,
          },
        },
      ]);
    const second = given(webhookEndpointDecider, [registered, rolled]).when({ type: 'RollSecret', sellerId: 's1', secret: 'sealed-3', now }).result;
    expect((second as WebhookEvent[])[0].data).to.deep.include({
      secrets: [
        { sealed: 'sealed-3', expiresAt: null },
        { sealed: 'sealed-2', expiresAt: until },
      ],
    });
    const state = given(webhookEndpointDecider, [registered, rolled]).state;
    const secrets = state.status === 'registered' ? state.secrets : [];
    expect(signingSecrets(secrets, new Date(now.getTime() + ROLL_OVERLAP_MS - 1)).map((s) => s.sealed)).to.deep.equal(['sealed-2', 'sealed-1']);
    expect(signingSecrets(secrets, new Date(now.getTime() + ROLL_OVERLAP_MS)).map((s) => s.sealed)).to.deep.equal(['sealed-2']);
  });

  it('is turned off by the service only when on and failing for 3 days', () => {
    const since = new Date(now.getTime() - 3 * 24 * 3600_000).toISOString();
    given(webhookEndpointDecider, [registered])
      .when({ type: 'TurnOffFailingEndpoint', failingSince: since, now })
      .then([{ type: 'WebhookEndpointTurnedOff', data: { endpointId: 'e1', sellerId: 's1', url: 'https://hooks.example.com/in', failingSince: since, at } }]);
    given(webhookEndpointDecider, [registered])
      .when({ type: 'TurnOffFailingEndpoint', failingSince: new Date(now.getTime() - 1000).toISOString(), now })
      .thenNothing();
    const off: WebhookEvent = { type: 'WebhookEndpointChanged', data: { endpointId: 'e1', enabled: false, at } };
    given(webhookEndpointDecider, [registered, off]).when({ type: 'TurnOffFailingEndpoint', failingSince: since, now }).thenNothing();
  });

  it('subscriptions name types, <group>.* or *', () => {
    expect(subscribes(['bookings.*'], 'booking.confirmed')).to.equal(true);
    expect(subscribes(['bookings.*'], 'departure.cancelled')).to.equal(true);
    expect(subscribes(['bookings.*'], 'trip.published')).to.equal(false);
    expect(subscribes(['trip.updated'], 'trip.updated')).to.equal(true);
    expect(subscribes(['*'], 'page.published')).to.equal(true);
  });
});

describe('webhook delivery decider', () => {
  const scheduled: WebhookDeliveryEvent = {
    type: 'WebhookDeliveryScheduled',
    data: { deliveryId: 'd1', endpointId: 'e1', sellerId: 's1', eventId: 'evt_1', type: 'trip.published', createdAt: at, data: { product_id: 'p1' } },
  };
  const attempted = (attempt: number, status: number | null, nextAttemptAt: string | null): WebhookDeliveryEvent => ({
    type: 'WebhookDeliveryAttempted',
    data: { deliveryId: 'd1', attempt, at, status, error: null, succeeded: status !== null && status < 300, nextAttemptAt },
  });
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('schedules one delivery per endpoint and event: a repeat schedules nothing more', () => {
    given(webhookDeliveryDecider).when({ type: 'ScheduleDelivery', delivery: scheduled.data }).then([scheduled]);
    given(webhookDeliveryDecider, [scheduled]).when({ type: 'ScheduleDelivery', delivery: scheduled.data }).thenNothing();
  });

  it('retries a failure after 1, 5 and 30 minutes, then 2, 6, 12 and 24 hours, then gives up', () => {
    expect(RETRY_DELAYS_MS).to.deep.equal([1, 5, 30, 120, 360, 720, 1440].map((m) => m * 60_000));
    given(webhookDeliveryDecider, [scheduled])
      .when({ type: 'RecordAttempt', attempt: 1, status: 500, error: null, now })
      .then([attempted(1, 500, later(60_000))]);
    const failures = [1, 2, 3, 4, 5, 6, 7].map((n) => attempted(n, 500, later(RETRY_DELAYS_MS[n - 1])));
    given(webhookDeliveryDecider, [scheduled, ...failures])
      .when({ type: 'RecordAttempt', attempt: 8, status: null, error: 'timeout', now })
      .then([
        { type: 'WebhookDeliveryAttempted', data: { deliveryId: 'd1', attempt: 8, at, status: null, error: 'timeout', succeeded: false, nextAttemptAt: null } },
      ]);
  });

  it('counts any 2xx as success, and records an attempt once', () => {
    given(webhookDeliveryDecider, [scheduled])
      .when({ type: 'RecordAttempt', attempt: 1, status: 204, error: null, now })
      .then([attempted(1, 204, null)]);
    given(webhookDeliveryDecider, [scheduled, attempted(1, 500, later(60_000))])
      .when({ type: 'RecordAttempt', attempt: 1, status: 500, error: null, now })
      .thenNothing();
  });

  it("resends only the seller's own delivery", () => {
    given(webhookDeliveryDecider, [scheduled]).when({ type: 'ResendDelivery', sellerId: 's2', now }).thenRefused('NotFound', { entity: 'delivery' });
    given(webhookDeliveryDecider, [scheduled])
      .when({ type: 'ResendDelivery', sellerId: 's1', now })
      .then([{ type: 'WebhookDeliveryResent', data: { deliveryId: 'd1', at } }]);
  });
});
