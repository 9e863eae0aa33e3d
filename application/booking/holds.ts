import { capacityOf } from '../../domain/calendar/schedule';
import { Hold, HoldPlacedData, holdDecider, holdStatusAt, holdStream } from '../../domain/hold';
import { holdExpiresAt } from '../../domain/hold/rules';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { BOOKINGS, type BookingDoc } from '../../projections/bookings/doc';
import { fingerprint } from '../platform/canonical';
import type { StorefrontContext } from '../platform/context';
import { secretMatches } from '../platform/secrets';
import { claim, earlierClaim } from './idempotency';
import { metadataFor } from './metadata';
import { type PricingDeps, price } from '../availability';
import { cleanAttribution } from './request';
import type { SellingPlatform } from '../availability';
import type { HoldView, PlacedHoldView, SelectionBody } from './types';
import { holdPlaces } from '../vehicles';

export type HoldDeps = PricingDeps & Pick<SellingPlatform, 'commands' | 'clock' | 'ids' | 'awaitProjections'>;

export async function placeHold(
  deps: HoldDeps,
  ctx: StorefrontContext,
  body: SelectionBody,
  idempotencyKey: string | undefined,
): Promise<PlacedHoldView | Refusal> {
  const now = deps.clock.now();
  const { attribution, ...request } = body;
  // Only a request under an Idempotency-Key can come again: without one there is nothing to tell apart.
  const requestHash = idempotencyKey === undefined ? '' : fingerprint(request);
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'hold', requestHash);
  if (isRefusal(earlier)) return earlier;
  if (earlier) {
    const existing = await firstAnswer(deps, ctx, earlier.ref);
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
      const existing = await firstAnswer(deps, ctx, claimed.ref);
      if (existing) return existing;
    }
    ref = claimed.ref;
  }
  const { product, option, quote, selection, places, extras, extraStock, departureRecorded } = priced;
  const expiresAt = holdExpiresAt(now, product.definition.template, deps.settings);
  const metadata = metadataFor(ctx, now, idempotencyKey);

  const held = await holdPlaces(
    deps,
    option,
    { type: 'HoldPlaces', ref, optionId: option.id, start: body.start, places, capacity: capacityOf(option), expiresAt, now, extras, extraStock },
    metadata,
    { expectNew: !departureRecorded },
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
  const placed = await deps.commands.handle(holdStream(ref), holdDecider, { type: 'PlaceHold', hold }, metadata, { expectNew: !earlier });
  if (isRefusal(placed)) return placed;
  await deps.awaitProjections(Math.max(held.position, placed.position));
  return { ref, status: 'on_hold', hold_expires_at: expiresAt, start: body.start, quote };
}

/** The hold of this storefront under `ref`, or null when there is none (another storefront's counts as none). */
async function loadHold(deps: Pick<SellingPlatform, 'commands'>, ctx: StorefrontContext, ref: string): Promise<Exclude<Hold, { status: 'none' }> | null> {
  const { state } = await deps.commands.load(holdStream(ref), holdDecider);
  return state.status === 'none' || state.placed.storefrontId !== ctx.storefront._id ? null : state;
}

const placedView = (placed: HoldPlacedData): PlacedHoldView => ({
  ref: placed.ref,
  status: 'on_hold',
  hold_expires_at: placed.expiresAt,
  start: placed.start,
  quote: placed.quote,
});

/**
 * A repeated hold request (same key, same request) answers the first result (spec part 8): the hold as
 * it was placed, whatever became of it since. The caller sent the same selection, so it learns nothing new.
 */
async function firstAnswer(deps: Pick<SellingPlatform, 'commands'>, ctx: StorefrontContext, ref: string): Promise<PlacedHoldView | null> {
  const hold = await loadHold(deps, ctx, ref);
  return hold && placedView(hold.placed);
}

/** What opens a checked-out hold: the booking token, or the lead's session on this storefront. */
export interface HoldProof {
  token?: string;
}

/**
 * How a hold stands, told to anyone who has its ref only while it is a hold: the ref is the hold
 * page's proof until checkout. An expired hold shows when it ran out and nothing of what it was for;
 * a checked-out one is a booking, shown (with a link to the booking view) only to whoever opens the
 * booking; a wrong token answers like none, so it tells no more than the ref does.
 */
export async function holdView(
  deps: Pick<SellingPlatform, 'commands' | 'clock' | 'docs'>,
  ctx: StorefrontContext,
  ref: string,
  proof: HoldProof = {},
): Promise<HoldView | null> {
  const hold = await loadHold(deps, ctx, ref);
  if (!hold) return null;
  const status = holdStatusAt(hold, deps.clock.now());
  if (status === 'on_hold') return placedView(hold.placed);
  if (status === 'expired') return { ref, status, hold_expires_at: hold.placed.expiresAt };
  if (!(await opensBooking(deps, ctx, ref, proof))) return { ref, status };
  return { ...placedView(hold.placed), status, booking: `/v1/public/bookings/${encodeURIComponent(ref)}` };
}

async function opensBooking(deps: Pick<SellingPlatform, 'docs'>, ctx: StorefrontContext, ref: string, proof: HoldProof): Promise<boolean> {
  if (proof.token === undefined && ctx.traveller === undefined) return false;
  const doc = await deps.docs.collection<BookingDoc>(BOOKINGS).findOne({ _id: ref });
  if (!doc || doc.storefront_id !== ctx.storefront._id || doc.status === 'placed') return false;
  if (proof.token !== undefined && secretMatches(proof.token, doc.booking_token_hash)) return true;
  return ctx.traveller !== undefined && ctx.traveller.email === doc.lead_email;
}
