import { Decider } from '../shared/decider';
import { WebhookCommand, decideWebhookEndpoint } from './decide';
import { WebhookEndpoint, WebhookEvent, evolveWebhookEndpoint, initialWebhookEndpoint } from './events';

export * from './events';
export * from './decide';
export * from './event-types';
export * from './delivery';

export const webhookEndpointDecider: Decider<WebhookCommand, WebhookEvent, WebhookEndpoint> = {
  initialState: initialWebhookEndpoint,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhookEndpoint,
};

/** One webhook endpoint of a seller: its address, subscriptions and sealed signing secrets. */
export const webhookStream = (endpointId: string): string => `webhook-${endpointId}`;
