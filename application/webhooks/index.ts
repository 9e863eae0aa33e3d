import { WebhookReads } from '../../projections/webhooks/queries';
import { webhooksProjector } from '../../projections/webhooks/projector';
import { defineFeature } from '../platform/feature';
import * as endpoints from './endpoints';
import type { EndpointBody, EndpointChange, WebhookCaller } from './types';

export type { EndpointBody, EndpointChange, EndpointView, EndpointWithSecret } from './types';

/** Webhooks (issue 10): a seller's endpoints, their signing secrets, and the events delivered to them. */
export const webhooksFeature = defineFeature({
  name: 'webhooks',
  projectors: [webhooksProjector],
  create(platform) {
    const deps: endpoints.WebhookPlatform = { ...platform, webhooks: new WebhookReads(platform.docs) };
    return {
      register: (caller: WebhookCaller, body: EndpointBody) => endpoints.registerEndpoint(deps, caller, body),
      list: (caller: WebhookCaller) => endpoints.listEndpoints(deps, caller),
      get: (caller: WebhookCaller, id: string) => endpoints.getEndpoint(deps, caller, id),
      change: (caller: WebhookCaller, id: string, change: EndpointChange) => endpoints.changeEndpoint(deps, caller, id, change),
      rollSecret: (caller: WebhookCaller, id: string) => endpoints.rollSecret(deps, caller, id),
      delete: (caller: WebhookCaller, id: string) => endpoints.deleteEndpoint(deps, caller, id),
    };
  },
});
