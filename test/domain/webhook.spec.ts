import { expect } from 'chai';
import { ROLL_OVERLAP_MS, WebhookEvent, signingSecrets, subscribes, webhookEndpointDecider } from '../../domain/webhook';
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

  it('subscriptions name types, <group>.* or *', () => {
    expect(subscribes(['bookings.*'], 'booking.confirmed')).to.equal(true);
    expect(subscribes(['bookings.*'], 'departure.cancelled')).to.equal(true);
    expect(subscribes(['bookings.*'], 'trip.published')).to.equal(false);
    expect(subscribes(['trip.updated'], 'trip.updated')).to.equal(true);
    expect(subscribes(['*'], 'page.published')).to.equal(true);
  });
});
