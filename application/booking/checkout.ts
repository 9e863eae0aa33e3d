import { DateTime } from 'luxon';
import { bookingDecider, bookingStream, BookingPlacedData } from '../../domain/booking';
import { COUNTED_AS_BOOKED, alreadyBooked, bookingOutcome } from '../../domain/booking/rules';
import { ageCheckOf, checkTravellerDetails, checkoutFields } from '../../domain/booking/travellers';
import type { OptionDefinition, PaymentMethodDefinition, ProductDefinition } from '../../domain/catalog/definitions';
import { departureDecider, departureStream } from '../../domain/departure';
import { holdDecider, holdStream, normaliseEmail, type Attribution } from '../../domain/hold';
import { paymentDecider, paymentStream } from '../../domain/payment';
import { amountOnArrival, chooseMethod, paymentDueAt } from '../../domain/payment/rules';
import type { Quote } from '../../domain/pricing/quote';
import { Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import { checkoutView, recordedMethod, refusedCheckout, repeatedCheckout } from './checkout-answer';
import { fingerprint } from '../platform/canonical';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext } from '../platform/context';
import { secretHash } from '../platform/secrets';
import { claim, earlierClaim, tokensAnsweredAgain } from './idempotency';
import { type BookingTokens, sealTokens } from './sealed-tokens';
import { sealCheckoutTravellers } from './sealed-travellers';
import { metadataFor } from './metadata';
import { type PricingDeps, type Priced, price } from '../availability';
import { cleanAttribution } from './request';
import type { SellingPlatform } from '../availability';
import type { CheckoutBody, CheckoutView, SelectionBody } from './types';
import { BOOKINGS } from '../../projections/bookings/doc';
import { capacityOf, checkStart } from '../../domain/calendar/schedule';
import { enquiryDecider, enquiryStream, offerRefusal } from '../../domain/enquiry';
import { holdExpiresAt } from '../../domain/hold/rules';
import { checkPickupDetails } from '../../domain/pickup';
import { type OfferCheckout, offerCheckoutProblems, offerToBook } from '../enquiries';
import { bookPlaces, countedVehicles, holdPlaces } from '../vehicles';

export type CheckoutDeps = PricingDeps & Pick<SellingPlatform, 'commands' | 'docs' | 'clock' | 'ids' | 'awaitProjections'>;

/** What a checkout sells: a held selection, or a priced request of an on_request option. */
interface Sold {
  ref: string;
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  start: string;
  quote: Quote;
  places: number;
  attribution: Attribution | null;
  method: PaymentMethodDefinition | null;
}

export async function checkout(
  deps: CheckoutDeps,
  ctx: StorefrontContext,
  body: CheckoutBody,
  idempotencyKey: string | undefined,
): Promise<CheckoutView | Refusal> {
  const now = deps.clock.now();
  const { attribution, ...request } = body;
  const requestHash = fingerprint({ ...request, lead: { ...body.lead, email: normaliseEmail(body.lead.email) } });
  const offered = body as CheckoutBody & OfferCheckout;
  const unfit = offerCheckoutProblems(offered);
  if (unfit) return unfit;
  if (offered.offer_id) return checkoutOffer(deps, ctx, { ...offered, offer_id: offered.offer_id }, idempotencyKey, requestHash, now);
  if (!body.ref) return checkoutRequest(deps, ctx, body, idempotencyKey, requestHash, now);
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'checkout', requestHash);
  if (isRefusal(earlier)) return earlier;
  const ref = body.ref;

  const { state: hold, revision } = await deps.commands.load(holdStream(ref), holdDecider);
  if (hold.status === 'none' || hold.placed.storefrontId !== ctx.storefront._id) return notFound('hold');
  // The same checkout again answers the booking it made, whatever became of it since (rejected, withdrawn, its start
  // called off): its hold and start are no longer for sale, so no check that comes after applies to it.
  const { state: made } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (made.status !== 'none' && normaliseEmail(made.placed.lead.email) === normaliseEmail(body.lead.email)) {
    return repeatedCheckout(deps, ctx, ref, idempotencyKey, now);
  }
  const placed = hold.placed;
  const product = await deps.catalog.product(placed.productId);
  const option = product?.definition.options.find((o) => o.id === placed.optionId);
  if (!product || !option) return notFound('option');
  const checked = await checkCheckout(deps, body, placed.sellerId, option, product.definition, placed.start, placed.quote, now);
  // Until its booking exists every check applies, also to a second request for a hold already checked out.
  if (isRefusal(checked) && made.status === 'none') return checked;
  const method = isRefusal(checked) ? null : checked.method;
  if (!earlier) {
    const claimed = await claim(deps, ctx, idempotencyKey, 'checkout', requestHash, ref, now);
    if (isRefusal(claimed)) return claimed;
  }

  const metadata = metadataFor(ctx, now, idempotencyKey);
  // A hold checked out again after a refused checkout is a new attempt, under the same key too.
  const attempt = { ...metadata, ...(metadata.commandId ? { commandId: `${metadata.commandId}:${revision}` } : {}) };
  const checkedOut = await deps.commands.handle(holdStream(ref), holdDecider, { type: 'CheckOutHold', leadEmail: body.lead.email, now }, attempt);
  if (isRefusal(checkedOut)) return checkedOut;
  const booked = await bookPlaces(deps, option, placed.start, { type: 'BookPlaces', ref, now }, metadata);
  if (isRefusal(booked)) return refusedCheckout(deps, ref, booked, metadata, now);
  return placeBooking(
    deps,
    ctx,
    body,
    { ref, product, option, start: placed.start, quote: placed.quote, places: placed.places, attribution: placed.attribution, method },
    now,
    [checkedOut.position, booked.position],
    idempotencyKey,
  );
}

/** An on_request option is checked out from the selection itself: a request the seller answers (pending). */
async function checkoutRequest(
  deps: CheckoutDeps,
  ctx: StorefrontContext,
  body: CheckoutBody,
  idempotencyKey: string | undefined,
  requestHash: string,
  now: Date,
): Promise<CheckoutView | Refusal> {
  const selection = body as CheckoutBody & Partial<SelectionBody>;
  if (!selection.option_id || !selection.start || !selection.units) {
    return refuse('HoldRequired', 'check out a hold (POST /v1/public/holds), or the selection of an on_request option');
  }
  const found = await deps.catalog.visibleOption(ctx.storefront, selection.option_id);
  if (!found) return notFound('option');
  if (found.option.capacity_mode !== 'on_request') return refuse('HoldRequired', 'this option holds places: place a hold with POST /v1/public/holds first');
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'checkout', requestHash);
  if (isRefusal(earlier)) return earlier;
  if (earlier) {
    const repeated = await repeatedCheckout(deps, ctx, earlier.ref, idempotencyKey, now);
    if (!isRefusal(repeated)) return repeated;
  }
  const priced = await price(deps, ctx, selection as SelectionBody, now, 'request');
  if (isRefusal(priced)) return priced;
  const checked = await checkCheckout(deps, body, priced.product.seller_id, priced.option, priced.product.definition, selection.start, priced.quote, now);
  if (isRefusal(checked)) return checked;
  const claimed = earlier ? { ref: earlier.ref, repeat: true } : await claim(deps, ctx, idempotencyKey, 'checkout', requestHash, deps.ids.bookingRef(), now);
  if (isRefusal(claimed)) return claimed;
  if (claimed.repeat) {
    const repeated = await repeatedCheckout(deps, ctx, claimed.ref, idempotencyKey, now);
    if (!isRefusal(repeated)) return repeated;
  }
  const taken = await takeRequestPlaces(deps, ctx, claimed.ref, priced, selection.start, now, idempotencyKey);
  if (isRefusal(taken)) return taken;
  return placeBooking(
    deps,
    ctx,
    body,
    {
      ref: claimed.ref,
      product: priced.product,
      option: priced.option,
      start: selection.start,
      quote: priced.quote,
      places: priced.places,
      attribution: null,
      method: checked.method,
    },
    now,
    taken,
    idempotencyKey,
  );
}

/**
 * A request of an option with a capacity (or for extras with a stock) takes its places like a booking:
 * held and booked at once, so they stay taken while it waits for the seller; the cancellation
 * follow-ups give them back when it is rejected or lapses. Answers the positions to wait for.
 */
async function takeRequestPlaces(
  deps: CheckoutDeps,
  ctx: StorefrontContext,
  ref: string,
  priced: Priced,
  start: string,
  now: Date,
  idempotencyKey: string | undefined,
): Promise<number[] | Refusal> {
  const { product, option, places, extras, extraStock } = priced;
  const capacity = capacityOf(option);
  if (capacity === null && Object.keys(extras).length === 0 && !countedVehicles(option)) return [];
  const metadata = metadataFor(ctx, now, idempotencyKey);
  const expiresAt = holdExpiresAt(now, product.definition.template, deps.settings);
  const hold = { type: 'HoldPlaces' as const, ref, optionId: option.id, start, places, capacity, expiresAt, now, extras, extraStock };
  const held = await holdPlaces(deps, option, hold, metadata, { book: true });
  if (isRefusal(held)) return held;
  const booked = await bookPlaces(deps, option, start, { type: 'BookPlaces', ref, now }, metadata);
  return isRefusal(booked) ? booked : [held.position, booked.position];
}

/**
 * An offer is booked at the price the seller offered while it is open: its places are held and
 * booked at once, as a hold's would be, and the offer is booked once (a repeat under the same
 * Idempotency-Key answers the same booking). A wrong token answers as a missing offer.
 */
async function checkoutOffer(
  deps: CheckoutDeps,
  ctx: StorefrontContext,
  body: CheckoutBody & OfferCheckout & { offer_id: string },
  idempotencyKey: string | undefined,
  requestHash: string,
  now: Date,
): Promise<CheckoutView | Refusal> {
  const found = await offerToBook(deps, ctx, body.offer_id, body.offer_token ?? '', now);
  if (isRefusal(found)) return found;
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'checkout', requestHash);
  if (isRefusal(earlier)) return earlier;
  if (earlier) {
    const repeated = await repeatedCheckout(deps, ctx, earlier.ref, idempotencyKey, now);
    if (!isRefusal(repeated)) return repeated;
  }
  const { offer } = found;
  if (found.state !== 'open' && !(earlier && found.bookedRef === earlier.ref)) return offerRefusal(offer.offerId, found.state);
  const visible = await deps.catalog.visibleOption(ctx.storefront, offer.optionId);
  if (!visible) return notFound('option');
  const { product, option } = visible;
  const closed = checkStart(option, offer.start, offer.timezone, now);
  if (closed) return closed;
  const checked = await checkCheckout(deps, body, product.seller_id, option, product.definition, offer.start, offer.quote, now);
  if (isRefusal(checked)) return checked;
  const claimed = earlier ? { ref: earlier.ref } : await claim(deps, ctx, idempotencyKey, 'checkout', requestHash, deps.ids.bookingRef(), now);
  if (isRefusal(claimed)) return claimed;
  const { ref } = claimed;
  const metadata = metadataFor(ctx, now, idempotencyKey);
  const departure = departureStream(offer.optionId, offer.start);
  const held = await holdPlaces(
    deps,
    option,
    {
      type: 'HoldPlaces',
      ref,
      optionId: offer.optionId,
      start: offer.start,
      places: offer.places,
      capacity: capacityOf(option),
      expiresAt: holdExpiresAt(now, product.definition.template, deps.settings),
      now,
    },
    metadata,
    { book: true },
  );
  if (isRefusal(held)) return held;
  const booked = await deps.commands.handle(enquiryStream(found.reference), enquiryDecider, { type: 'BookOffer', offerId: offer.offerId, ref, now }, metadata);
  if (isRefusal(booked)) {
    await deps.commands.handle(departure, departureDecider, { type: 'ReleasePlaces', ref, why: 'abandoned', now }, metadata);
    return booked;
  }
  const placed = await bookPlaces(deps, option, offer.start, { type: 'BookPlaces', ref, now }, metadata);
  if (isRefusal(placed)) return placed;
  const sold: Sold = { ref, product, option, start: offer.start, quote: offer.quote, places: offer.places, attribution: null, method: checked.method };
  return placeBooking(deps, ctx, body, sold, now, [held.position, booked.position, placed.position], idempotencyKey);
}

/** Payment method, repeat-booking warning, traveller and pickup details: what checkout asks of the lead. */
async function checkCheckout(
  deps: CheckoutDeps,
  body: CheckoutBody,
  sellerId: string,
  option: OptionDefinition,
  trip: ProductDefinition,
  start: string,
  quote: Pick<Quote, 'pax' | 'pickup' | 'totals' | 'lines'>,
  now: Date,
): Promise<{ method: PaymentMethodDefinition | null } | Refusal> {
  const timezone = trip.timezone;
  const seller = await deps.catalog.seller(sellerId);
  const chosen = chooseMethod(seller?.payment_methods ?? [], body.payment_method, start, timezone, now, quote.totals.due_now.currency);
  if (isRefusal(chosen)) return chosen;
  const bookings = body.warn_if_booked
    ? await deps.docs
        .collection(BOOKINGS)
        .countDocuments({ lead_email: normaliseEmail(body.lead.email), option_id: option.id, start, status: { $in: [...COUNTED_AS_BOOKED] } })
    : 0;
  const booked = alreadyBooked(body.warn_if_booked ?? false, bookings);
  if (booked) return booked;
  const today = DateTime.fromJSDate(now, { zone: timezone }).toISODate() as string;
  // A multi-day trip ends duration_days after it starts (the start day counting as the first).
  const lastDay = DateTime.fromISO(start.slice(0, 10), { zone: 'UTC' })
    .plus({ days: Math.max(0, (trip.duration_days ?? 1) - 1) })
    .toISODate() as string;
  const ages = ageCheckOf(option.units, quote.lines, start);
  const details = checkTravellerDetails(checkoutFields(option.traveller_details), body.traveller_details ?? [], quote.pax, lastDay, today, ages);
  if (details) return details;
  const pickup = checkPickupDetails(option.pickup, quote.pickup, body.pickup_details);
  if (pickup) return pickup;
  return chosen;
}

/** Places the booking and its payment once; a repeat answers the same booking, with its tokens only under the same Idempotency-Key. */
async function placeBooking(
  deps: CheckoutDeps,
  ctx: StorefrontContext,
  body: CheckoutBody,
  sold: Sold,
  now: Date,
  positions: number[],
  idempotencyKey: string | undefined,
): Promise<CheckoutView | Refusal> {
  const { ref, product, option, quote } = sold;
  const metadata = metadataFor(ctx, now, idempotencyKey);
  const tokens: BookingTokens = { bookingToken: deps.ids.token('bt_'), contactToken: deps.ids.token('ct_') };
  const content = product.definition.content[product.definition.default_locale];
  const booking: BookingPlacedData = {
    ref,
    storefrontId: ctx.storefront._id,
    sellerId: product.seller_id,
    productId: product._id,
    optionId: option.id,
    start: sold.start,
    timezone: product.definition.timezone,
    pax: quote.pax,
    places: sold.places,
    trip: { title: content.title, option: option.name, productId: product._id },
    quote,
    policy: option.policy,
    lead: { name: body.lead.name, email: body.lead.email.trim(), phone: body.lead.phone },
    bookingTokenHash: secretHash(tokens.bookingToken),
    contactTokenHash: secretHash(tokens.contactToken),
    sealedTokens: sealTokens(deps.settings.tokenSealingKey, ref, tokens, metadata.commandId ?? null),
    locale: body.locale ?? null,
    specialRequests: body.special_requests ?? null,
    ...pickupDetailsOf(body.pickup_details),
    attribution: cleanAttribution(body.attribution) ?? sold.attribution,
    ...sealCheckoutTravellers(
      deps.settings.tokenSealingKey,
      ref,
      checkoutFields(option.traveller_details).length > 0 ? (body.traveller_details ?? []).slice(0, quote.pax) : [],
    ),
    detailsRule: option.traveller_details,
    paymentMethod: sold.method?.kind ?? null,
    placedAt: now.toISOString(),
  };
  const timezone = product.definition.timezone;
  const outcome = bookingOutcome({
    confirmation: quote.confirmation,
    method: sold.method,
    start: sold.start,
    timezone,
    now,
    pendingHours: deps.settings.pendingHours,
  });
  const result = await deps.commands.handle(bookingStream(ref), bookingDecider, { type: 'PlaceBooking', booking, ...outcome, now }, metadata);
  if (isRefusal(result)) return result;
  const first = result.events.length > 0;
  // The payment follows the way to pay the booking was made with, even when a repeat of the checkout names another.
  const method = await recordedMethod(deps, result.state, sold.method, product.seller_id);
  const payment = await deps.commands.handle(
    paymentStream(ref),
    paymentDecider,
    {
      type: 'ArrangePayment',
      ref,
      method: method?.kind ?? null,
      dueNow: quote.totals.due_now,
      dueAt: paymentDueAt(method, quote.confirmation, sold.start, timezone),
      onArrival: amountOnArrival(method, quote.totals.due_now, quote.fx.rate, (currency) => deps.fx.rate(currency), ctx.storefront.rounding),
      bank: method?.bank ?? null,
    },
    metadata,
  );
  if (isRefusal(payment)) return payment;
  // The traveller's mail goes out after the append, from the booking-mail reactor: the answer does not wait for it.
  await deps.awaitProjections(Math.max(result.position, payment.position, ...positions));
  const answered = first ? tokens : result.state.status === 'none' ? null : tokensAnsweredAgain(deps.settings, ctx, result.state.placed, idempotencyKey, now);
  return checkoutView(result.state, payment.state, answered, now);
}

/** Only the pickup details a pickup may ask for, as text, are kept with the booking. */
function pickupDetailsOf(given: Record<string, unknown> | undefined): { pickupDetails?: { flight?: string; ship?: string; room?: string } } {
  const kept = Object.fromEntries(
    (['flight', 'ship', 'room'] as const).flatMap((k) => {
      const value = given?.[k];
      return typeof value === 'string' && value.trim() !== '' ? [[k, value.trim().slice(0, 200)]] : [];
    }),
  );
  return Object.keys(kept).length > 0 ? { pickupDetails: kept } : {};
}
