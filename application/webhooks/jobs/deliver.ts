import {
  FAILING_ENDPOINT_OFF_AFTER_MS,
  signingSecrets,
  webhookDeliveryDecider,
  webhookDeliveryStream,
  webhookEndpointDecider,
  webhookStream,
} from '../../../domain/webhook';
import { WebhookDeliveryReads, type WebhookDeliveryDoc } from '../../../projections/webhooks/deliveries-queries';
import { WebhookReads, type WebhookEndpointDoc } from '../../../projections/webhooks/queries';
import type { Platform } from '../../platform/platform';
import type { Job } from '../../platform/processing/job';
import { openSecret } from '../sealing';
import { sendWebhook } from '../sender';
import { signatureHeaders, webhookBody } from '../signing';

const BATCH = 50;

type DeliverPlatform = Pick<Platform, 'commands' | 'docs' | 'clock' | 'settings' | 'awaitProjections'>;

/** Turns off an endpoint that has had no successful delivery for 3 days; its managers are emailed by a reactor. */
async function turnOffWhenFailing(platform: DeliverPlatform, endpoint: Readonly<WebhookEndpointDoc>, now: Date): Promise<void> {
  const since = await new WebhookDeliveryReads(platform.docs).failingSince(endpoint._id);
  if (since === null || now.getTime() - Date.parse(since) < FAILING_ENDPOINT_OFF_AFTER_MS) return;
  const done = await platform.commands.handle(
    webhookStream(endpoint._id),
    webhookEndpointDecider,
    { type: 'TurnOffFailingEndpoint', failingSince: since, now },
    { at: now.toISOString() },
  );
  if (!('refused' in done)) await platform.awaitProjections(done.position);
}

/** Sends one delivery now and records the attempt; answers whether it succeeded. */
export async function attemptDelivery(
  platform: DeliverPlatform,
  delivery: Readonly<WebhookDeliveryDoc>,
  endpoint: Readonly<WebhookEndpointDoc>,
): Promise<boolean> {
  const now = platform.clock.now();
  const secrets = signingSecrets(endpoint.secrets, now)
    .map((s) => openSecret(platform.settings.webhookSecretKey, s.sealed))
    .filter((s): s is string => s !== null);
  const body = webhookBody(delivery.event_id, delivery.type, delivery.created_at, delivery.data);
  const headers = signatureHeaders(delivery.event_id, Math.floor(now.getTime() / 1000), body, secrets);
  const outcome =
    secrets.length === 0
      ? { status: null, error: 'no usable signing secret (WEBHOOK_SECRET_KEY changed?): roll the secret' }
      : await sendWebhook(endpoint.url, headers, body, platform.settings.webhookTimeoutMs, platform.settings.webhookAllowPrivateUrls);
  // Numbered from the delivery's own stream, not the read model, which may lag behind it.
  const { state } = await platform.commands.load(webhookDeliveryStream(delivery._id), webhookDeliveryDecider);
  const attempt = (state.status === 'scheduled' ? state.attempts : 0) + 1;
  const done = await platform.commands.handle(
    webhookDeliveryStream(delivery._id),
    webhookDeliveryDecider,
    { type: 'RecordAttempt', attempt, status: outcome.status, error: outcome.error, now: platform.clock.now() },
    { at: now.toISOString() },
  );
  if ('refused' in done) return false;
  await platform.awaitProjections(done.position);
  const succeeded = done.state.status === 'scheduled' && done.state.succeeded;
  if (!succeeded) await turnOffWhenFailing(platform, endpoint, platform.clock.now());
  return succeeded;
}

/**
 * Sends the deliveries due, oldest first. An endpoint whose delivery failed in this run gets no
 * later one in the same run, so each endpoint receives its events in order where it can.
 */
export async function deliverDue(platform: DeliverPlatform, signal?: AbortSignal): Promise<number> {
  const deliveries = new WebhookDeliveryReads(platform.docs);
  const endpoints = new WebhookReads(platform.docs);
  const stalled = new Set<string>();
  let sent = 0;
  // Only endpoints that are on: deliveries waiting for one turned off must not crowd out the others.
  for (const delivery of await deliveries.due(await endpoints.enabledIds(), platform.clock.now(), BATCH)) {
    if (signal?.aborted) break;
    if (stalled.has(delivery.endpoint_id)) continue;
    const endpoint = await endpoints.endpoint(delivery.seller_id, delivery.endpoint_id);
    if (!endpoint || !endpoint.enabled) continue;
    sent += 1;
    if (!(await attemptDelivery(platform, delivery, endpoint))) stalled.add(delivery.endpoint_id);
  }
  return sent;
}

export const deliverWebhooksJob: Job = {
  name: 'deliver-webhooks',
  schedule: '*/5 * * * * *',
  run: async (platform, signal) => {
    await deliverDue(platform, signal);
  },
};
