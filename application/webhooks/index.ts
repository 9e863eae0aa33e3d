import { webhookDeliveriesProjector } from '../../projections/webhooks/deliveries-projector';
import { WebhookDeliveryReads } from '../../projections/webhooks/deliveries-queries';
import { WebhookReads } from '../../projections/webhooks/queries';
import { webhooksProjector } from '../../projections/webhooks/projector';
import { defineFeature } from '../platform/feature';
import * as deliveries from './deliveries';
import * as endpoints from './endpoints';
import { deliverWebhooksJob } from './jobs/deliver';
import { webhookDeliveriesReactor } from './reactors/deliveries';
import { webhookTurnedOffMailReactor } from './reactors/turned-off-mail';
import type { EndpointBody, EndpointChange, WebhookCaller } from './types';

export { deliverDue } from './jobs/deliver';
export type { DeliveryView } from './deliveries';
export type { EndpointBody, EndpointChange, EndpointView, EndpointWithSecret } from './types';

/** Webhooks (issue 10): a seller's endpoints, their signing secrets, and the events delivered to them. */
export const webhooksFeature = defineFeature({
  name: 'webhooks',
  projectors: [webhooksProjector, webhookDeliveriesProjector],
  reactors: [webhookDeliveriesReactor, webhookTurnedOffMailReactor],
  jobs: [deliverWebhooksJob],
  create(platform) {
    const deps: deliveries.DeliveryPlatform = { ...platform, webhooks: new WebhookReads(platform.docs), deliveries: new WebhookDeliveryReads(platform.docs) };
    return {
      register: (caller: WebhookCaller, body: EndpointBody) => endpoints.registerEndpoint(deps, caller, body),
      list: (caller: WebhookCaller) => endpoints.listEndpoints(deps, caller),
      get: (caller: WebhookCaller, id: string) => endpoints.getEndpoint(deps, caller, id),
      change: (caller: WebhookCaller, id: string, change: EndpointChange) => endpoints.changeEndpoint(deps, caller, id, change),
      rollSecret: (caller: WebhookCaller, id: string) => endpoints.rollSecret(deps, caller, id),
      delete: (caller: WebhookCaller, id: string) => endpoints.deleteEndpoint(deps, caller, id),
      test: (caller: WebhookCaller, id: string) => deliveries.sendTestEvent(deps, caller, id),
      deliveries: (caller: WebhookCaller, id: string, limit: number) => deliveries.listDeliveries(deps, caller, id, limit),
      resend: (caller: WebhookCaller, id: string, deliveryId: string) => deliveries.resendDelivery(deps, caller, id, deliveryId),
    };
  },
});
