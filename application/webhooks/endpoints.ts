import { isRefusal, invalidInput, notFound, type Refusal } from '../../domain/shared/refusal';
import { webhookEndpointDecider, webhookStream } from '../../domain/webhook';
import { WebhookReads, type WebhookEndpointDoc } from '../../projections/webhooks/queries';
import type { EventMetadata } from '../platform/ports/event-store';
import type { Platform } from '../platform/platform';
import { urlProblem } from './addresses';
import { newEndpointSecret, sealSecret } from './sealing';
import type { EndpointBody, EndpointChange, EndpointView, EndpointWithSecret, WebhookCaller } from './types';

export type WebhookPlatform = Pick<Platform, 'commands' | 'clock' | 'ids' | 'settings' | 'awaitProjections'> & { webhooks: WebhookReads };

const metadata = (caller: WebhookCaller, now: Date): EventMetadata => ({
  correlationId: caller.correlationId,
  causationId: caller.correlationId,
  at: now.toISOString(),
});

export const endpointView = (doc: Readonly<WebhookEndpointDoc>): EndpointView => ({
  id: doc._id,
  url: doc.url,
  events: [...doc.events],
  description: doc.description,
  enabled: doc.enabled,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

async function checkedUrl(deps: WebhookPlatform, url: string | undefined): Promise<Refusal | null> {
  if (url === undefined) return null;
  const problem = await urlProblem(url, deps.settings.webhookAllowPrivateUrls);
  return problem ? invalidInput([{ reason: 'url_not_allowed', field: 'url', detail: problem }]) : null;
}

async function afterwards(deps: WebhookPlatform, caller: WebhookCaller, id: string, position: number): Promise<EndpointView | Refusal> {
  await deps.awaitProjections(position);
  const doc = await deps.webhooks.endpoint(caller.sellerId, id);
  return doc ? endpointView(doc) : notFound('webhook');
}

export async function registerEndpoint(deps: WebhookPlatform, caller: WebhookCaller, body: EndpointBody): Promise<EndpointWithSecret | Refusal> {
  const bad = await checkedUrl(deps, body.url);
  if (bad) return bad;
  const now = deps.clock.now();
  const endpointId = deps.ids.uuid();
  const secret = newEndpointSecret();
  const done = await deps.commands.handle(
    webhookStream(endpointId),
    webhookEndpointDecider,
    {
      type: 'RegisterEndpoint',
      endpoint: {
        endpointId,
        sellerId: caller.sellerId,
        url: body.url,
        events: body.events,
        description: body.description?.trim() || null,
        secret: sealSecret(deps.settings.webhookSecretKey, secret),
        at: now.toISOString(),
      },
    },
    metadata(caller, now),
  );
  if (isRefusal(done)) return done;
  const view = await afterwards(deps, caller, endpointId, done.position);
  return isRefusal(view) ? view : { ...view, secret };
}

export async function listEndpoints(deps: WebhookPlatform, caller: WebhookCaller): Promise<{ data: EndpointView[] }> {
  return { data: (await deps.webhooks.ofSeller(caller.sellerId)).map(endpointView) };
}

export async function getEndpoint(deps: WebhookPlatform, caller: WebhookCaller, id: string): Promise<EndpointView | Refusal> {
  const doc = await deps.webhooks.endpoint(caller.sellerId, id);
  return doc ? endpointView(doc) : notFound('webhook');
}

export async function changeEndpoint(deps: WebhookPlatform, caller: WebhookCaller, id: string, change: EndpointChange): Promise<EndpointView | Refusal> {
  const bad = await checkedUrl(deps, change.url);
  if (bad) return bad;
  const now = deps.clock.now();
  const { description, ...rest } = change;
  const done = await deps.commands.handle(
    webhookStream(id),
    webhookEndpointDecider,
    {
      type: 'ChangeEndpoint',
      sellerId: caller.sellerId,
      change: { endpointId: id, ...rest, ...(description !== undefined ? { description: description?.trim() || null } : {}), at: now.toISOString() },
    },
    metadata(caller, now),
  );
  return isRefusal(done) ? done : afterwards(deps, caller, id, done.position);
}

export async function rollSecret(deps: WebhookPlatform, caller: WebhookCaller, id: string): Promise<EndpointWithSecret | Refusal> {
  const now = deps.clock.now();
  const secret = newEndpointSecret();
  const done = await deps.commands.handle(
    webhookStream(id),
    webhookEndpointDecider,
    { type: 'RollSecret', sellerId: caller.sellerId, secret: sealSecret(deps.settings.webhookSecretKey, secret), now },
    metadata(caller, now),
  );
  if (isRefusal(done)) return done;
  const view = await afterwards(deps, caller, id, done.position);
  return isRefusal(view) ? view : { ...view, secret };
}

export async function deleteEndpoint(deps: WebhookPlatform, caller: WebhookCaller, id: string): Promise<{ id: string; deleted: true } | Refusal> {
  const now = deps.clock.now();
  const done = await deps.commands.handle(
    webhookStream(id),
    webhookEndpointDecider,
    { type: 'DeleteEndpoint', sellerId: caller.sellerId, now },
    metadata(caller, now),
  );
  if (isRefusal(done)) return done;
  await deps.awaitProjections(done.position);
  return { id, deleted: true };
}
