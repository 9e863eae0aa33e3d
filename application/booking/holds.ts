import { capacityOf } from '../../domain/calendar/schedule';
import { departureDecider, departureStream } from '../../domain/departure';
import { HoldPlacedData, holdDecider, holdStatusAt, holdStream } from '../../domain/hold';
import { holdExpiresAt } from '../../domain/hold/rules';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { fingerprint } from '../platform/canonical';
import type { StorefrontContext } from '../platform/context';
import { claim, earlierClaim } from './idempotency';
import { metadataFor } from './metadata';
import { type PricingDeps, price } from '../availability';
import { cleanAttribution } from './request';
import type { SellingPlatform } from '../availability';
import type { HoldView, SelectionBody } from './types';

export type HoldDeps = PricingDeps & Pick<SellingPlatform, 'commands' | 'clock' | 'ids' | 'awaitProjections'>;

export async function placeHold(deps: HoldDeps, ctx: StorefrontContext, body: SelectionBody, idempotencyKey: string | undefined): Promise<HoldView | Refusal> {
  const now = deps.clock.now();
  const { attribution, ...request } = body;
  const requestHash = fingerprint(request);
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'hold', requestHash);
  if (isRefusal(earlier)) return earlier;
  if (earlier) {
    const existing = await holdView(deps, ctx, earlier.ref);
    if (existing) return existing;
  }
  const priced = await price(deps, ctx, body, now, 'hold');
  if (isRefusal(priced)) return priced;
  // A key claimed before whose hold never got placed (a crash between the two) is carried on under its ref.
  let ref = earlier?.ref;
  if (!ref) {
    const claimed = await claim(deps, ctx, idempotencyKey, 'hold', requestHash, deps.ids.bookingRef(), now);
    if (isRefusal(claimed)) return claimed;
    if (claimed.repeat) {
      const existing = await holdView(deps, ctx, claimed.ref);
      if (existing) return existing;
    }
    ref = claimed.ref;
  }
  const { product, option, quote, selection, places } = priced;
  const expiresAt = holdExpiresAt(now, product.definition.template, deps.settings);
  const metadata = metadataFor(ctx, now, idempotencyKey);

  const held = await deps.commands.handle(
    departureStream(option.id, body.start),
    departureDecider,
    { type: 'HoldPlaces', ref, optionId: option.id, start: body.start, places, capacity: capacityOf(option), expiresAt, now },
    metadata,
  );
  if (isRefusal(held)) return held;
  const hold: HoldPlacedData = {
    ref,
    storefrontId: ctx.storefront._id,
    sellerId: product.seller_id,
    productId: product._id,
    optionId: option.id,
    start: body.start,
    places,
    selection,
    quote,
    expiresAt,
    placedAt: now.toISOString(),
    requestHash,
    attribution: cleanAttribution(attribution),
  };
  const placed = await deps.commands.handle(holdStream(ref), holdDecider, { type: 'PlaceHold', hold }, metadata);
  if (isRefusal(placed)) return placed;
  await deps.awaitProjections(Math.max(held.position, placed.position));
  return { ref, status: 'on_hold', hold_expires_at: expiresAt, start: body.start, quote };
}

export async function holdView(deps: Pick<SellingPlatform, 'commands' | 'clock'>, ctx: StorefrontContext, ref: string): Promise<HoldView | null> {
  const { state } = await deps.commands.load(holdStream(ref), holdDecider);
  if (state.status === 'none' || state.placed.storefrontId !== ctx.storefront._id) return null;
  return {
    ref,
    status: holdStatusAt(state, deps.clock.now()),
    hold_expires_at: state.placed.expiresAt,
    start: state.placed.start,
    quote: state.placed.quote,
  };
}
