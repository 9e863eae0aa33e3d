import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import { secretHash } from '../platform/secrets';

export function metadataFor(ctx: StorefrontContext, now: Date, idempotencyKey?: string): EventMetadata {
  const metadata: EventMetadata = { correlationId: ctx.correlationId, causationId: ctx.correlationId, storefrontId: ctx.storefront._id, at: now.toISOString() };
  if (idempotencyKey) metadata.commandId = secretHash(`${ctx.storefront._id}:${idempotencyKey}`);
  return metadata;
}
