import type { StorefrontContext } from '../platform/context';
import { type EventMetadata, requestMetadata } from '../platform/ports/event-store';
import { secretHash } from '../platform/secrets';

export function metadataFor(ctx: StorefrontContext, now: Date, idempotencyKey?: string): EventMetadata {
  const commandId = idempotencyKey ? secretHash(`${ctx.storefront._id}:${idempotencyKey}`) : undefined;
  return requestMetadata(ctx.correlationId, now, { storefrontId: ctx.storefront._id, ...(commandId ? { commandId } : {}) });
}
