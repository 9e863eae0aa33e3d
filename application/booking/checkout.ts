import { DateTime } from 'luxon';
import { Booking, bookingDecider, bookingStream, BookingPlacedData, requestLapsesAt } from '../../domain/booking';
import { checkTravellerDetails } from '../../domain/booking/travellers';
import type { OptionDefinition, PaymentMethodDefinition, ProductDefinition } from '../../domain/catalog/definitions';
import { departureDecider, departureStream } from '../../domain/departure';
import { holdDecider, holdStream, normaliseEmail, type Attribution } from '../../domain/hold';
import { Money, Rounding, convertThroughUsd, money, roundingFor } from '../../domain/shared/money';
import { Payment, paymentDecider, paymentStream } from '../../domain/payment';
import { methodsOpen, payBefore, paymentIsDue } from '../../domain/payment/methods';
import type { Quote } from '../../domain/pricing/quote';
import { Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import { fingerprint } from '../platform/canonical';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext } from '../platform/context';
import { bookingMadeMail } from './messages';
import { newBookingRef, newToken, secretHash } from '../platform/secrets';
import { bookingDocOf, bookingView } from './view';
import { claim, earlierClaim } from './idempotency';
import { sendQuietly } from './mail';
import { metadataFor } from './metadata';
import { price } from '../availability/pricing';
import { cleanAttribution } from './request';
import type { BookingDeps, CheckoutBody, CheckoutView, SelectionBody } from './types';

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

export async function checkout(deps: BookingDeps, ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined): Promise<CheckoutView | Refusal> {
  const now = deps.clock.now();
  const { attribution, ...request } = body;
  const requestHash = fingerprint({ ...request, lead: { ...body.lead, email: normaliseEmail(body.lead.email) } });
  if (!body.ref) return checkoutRequest(deps, ctx, body, idempotencyKey, requestHash, now);
  const earlier = await earlierClaim(deps, ctx, idempotencyKey, 'checkout', requestHash);
  if (isRefusal(earlier)) return earlier;
  const ref = body.ref;

  const { state: hold } = await deps.commands.load(holdStream(ref), holdDecider);
  if (hold.status === 'none' || hold.placed.storefrontId !== ctx.storefront._id) return notFound('hold');
  const placed = hold.placed;
  const product = await deps.catalog.product(placed.productId);
  const option = product?.definition.options.find((o) => o.id === placed.optionId);
  if (!product || !option) return notFound('option');
  const checked = await checkCheckout(deps, body, placed.sellerId, option, product.definition, placed.start, placed.quote.pax, now);
  if (isRefusal(checked)) {
    // A repeated checkout answers the booking it made, whatever has changed since (deadlines, other bookings);
    // until that booking exists, every check applies, also to a second request for a hold already checked out.
    const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
    if (booking.status === 'none') return checked;
  }
  const method = isRefusal(checked) ? null : checked.method;
  if (!earlier) {
    const claimed = await claim(deps, ctx, idempotencyKey, 'checkout', requestHash, ref, now);
    if (isRefusal(claimed)) return claimed;
  }

  const metadata = metadataFor(ctx, now, idempotencyKey);
  const checkedOut = await deps.commands.handle(holdStream(ref), holdDecider, { type: 'CheckOutHold', leadEmail: body.lead.email, now }, metadata);
  if (isRefusal(checkedOut)) return checkedOut;
  const booked = await deps.commands.handle(departureStream(placed.optionId, placed.start), departureDecider, { type: 'BookPlaces', ref, now }, metadata);
  if (isRefusal(booked)) return booked;
  return placeBooking(deps, ctx, body, { ref, product, option, start: placed.start, quote: placed.quote, places: placed.places, attribution: placed.attribution, method }, now, [checkedOut.position, booked.position], idempotencyKey);
}

/** An on_request option is checked out from the selection itself: a request the seller answers (pending). */
async function checkoutRequest(deps: BookingDeps, ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined, requestHash: string, now: Date): Promise<CheckoutView | Refusal> {
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
    const repeated = await repeatedCheckout(deps, earlier.ref);
    if (!isRefusal(repeated)) return repeated;
  }
  const priced = await price(deps, ctx, selection as SelectionBody, now, 'request');
  if (isRefusal(priced)) return priced;
  const checked = await checkCheckout(deps, body, priced.product.seller_id, priced.option, priced.product.definition, selection.start, priced.quote.pax, now);
  if (isRefusal(checked)) return checked;
  const claimed = earlier ? { ref: earlier.ref, repeat: true } : await claim(deps, ctx, idempotencyKey, 'checkout', requestHash, newBookingRef(), now);
  if (isRefusal(claimed)) return claimed;
  if (claimed.repeat) {
    const repeated = await repeatedCheckout(deps, claimed.ref);
    if (!isRefusal(repeated)) return repeated;
  }
  return placeBooking(deps, ctx, body, { ref: claimed.ref, product: priced.product, option: priced.option, start: selection.start, quote: priced.quote, places: priced.places, attribution: null, method: checked.method }, now, [], idempotencyKey);
}

/** Payment method, repeat-booking warning and traveller details: what checkout asks of the lead. */
async function checkCheckout(deps: BookingDeps, body: CheckoutBody, sellerId: string, option: OptionDefinition, trip: ProductDefinition, start: string, pax: number, now: Date): Promise<{ method: PaymentMethodDefinition | null } | Refusal> {
  const timezone = trip.timezone;
  const seller = await deps.catalog.seller(sellerId);
  const methods = seller?.payment_methods ?? [];
  const open = methodsOpen(methods, start, timezone, now);
  if (methods.length > 0 && !body.payment_method) {
    return refuse('PaymentMethodRequired', 'choose a payment method', { offered: open.map((m) => m.kind) });
  }
  const method = body.payment_method ? open.find((m) => m.kind === body.payment_method) : undefined;
  if (body.payment_method && !method) {
    return refuse('PaymentMethodNotOffered', `${body.payment_method} is not offered for this start`, { method: body.payment_method });
  }
  if (body.warn_if_booked) {
    const count = await deps.docs.collection('bookings').countDocuments({
      lead_email: normaliseEmail(body.lead.email), option_id: option.id, start, status: { $in: ['pending', 'confirmed'] },
    });
    if (count > 0) return refuse('AlreadyBooked', 'this email already has a booking for this start', { bookings: count });
  }
  const today = DateTime.fromJSDate(now, { zone: timezone }).toISODate() as string;
  // A multi-day trip ends duration_days after it starts (the start day counting as the first).
  const lastDay = DateTime.fromISO(start.slice(0, 10), { zone: 'UTC' }).plus({ days: Math.max(0, (trip.duration_days ?? 1) - 1) }).toISODate() as string;
  const details = checkTravellerDetails(option.traveller_details.fields, body.traveller_details ?? [], pax, lastDay, today);
  if (details) return details;
  return { method: method ?? null };
}

/** Places the booking and its payment once; a repeat answers the same booking without tokens. */
async function placeBooking(
  deps: BookingDeps,
  ctx: StorefrontContext,
  body: CheckoutBody,
  sold: Sold,
  now: Date,
  positions: number[],
  idempotencyKey: string | undefined,
): Promise<CheckoutView | Refusal> {
  const { ref, product, option, quote } = sold;
  const metadata = metadataFor(ctx, now, idempotencyKey);
  const bookingToken = newToken('bt_');
  const contactToken = newToken('ct_');
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
    bookingTokenHash: secretHash(bookingToken),
    contactTokenHash: secretHash(contactToken),
    locale: body.locale ?? null,
    specialRequests: body.special_requests ?? null,
    attribution: cleanAttribution(body.attribution) ?? sold.attribution,
    travellers: option.traveller_details.fields.length > 0 ? (body.traveller_details ?? []).slice(0, quote.pax) : [],
    paymentMethod: sold.method?.kind ?? null,
    placedAt: now.toISOString(),
  };
  const dueAt = (method: PaymentMethodDefinition | null) =>
    paymentIsDue(method) && quote.confirmation === 'instant' && method ? payBefore(method, sold.start, product.definition.timezone)?.toISOString() ?? null : null;
  // Money still to come (a payment link, a transfer) keeps the booking pending until it is paid by its deadline;
  // a request the seller must answer first has no deadline until the seller accepts (spec part 3).
  const result = await deps.commands.handle(
    bookingStream(ref),
    bookingDecider,
    {
      type: 'PlaceBooking', booking, confirmation: paymentIsDue(sold.method) ? 'manual' : quote.confirmation, now,
      // Counted from the checkout that makes the request, not from the hold before it.
      pendingExpiresAt: dueAt(sold.method) ?? requestLapsesAt(now, deps.settings.pendingHours, sold.start, product.definition.timezone),
    },
    metadata,
  );
  if (isRefusal(result)) return result;
  const first = result.events.length > 0;
  // The payment follows the way to pay the booking was made with, even when a repeat of the checkout names another.
  const method = await recordedMethod(deps, result.state, sold.method, product.seller_id);
  const payment = await deps.commands.handle(
    paymentStream(ref),
    paymentDecider,
    {
      type: 'ArrangePayment', ref, method: method?.kind ?? null, dueNow: quote.totals.due_now, dueAt: dueAt(method),
      onArrival: method?.kind === 'pay_on_arrival' ? onArrival(deps, quote, method, roundingFor(ctx.storefront.rounding, method.currencies[0])) : null,
    },
    metadata,
  );
  if (isRefusal(payment)) return payment;
  await deps.awaitProjections(Math.max(result.position, payment.position, ...positions));
  const view = checkoutView(result.state, payment.state, first ? { bookingToken, contactToken } : null);
  if (first && !isRefusal(view)) {
    const title = product.definition.content[booking.locale ?? '']?.title ?? booking.trip.title;
    await sendQuietly(deps, bookingMadeMail(booking.lead.email, booking.locale, { ref, trip: title, start: booking.start, pax: booking.pax, status: view.status }));
  }
  return view;
}

/**
 * What to bring when paying on arrival: the booking's amount, or, when the method does not
 * take that currency, the same in the first currency it takes, converted through USD at the
 * booking's rate and today's rate (spec 2.8).
 */
function onArrival(deps: BookingDeps, quote: Quote, method: PaymentMethodDefinition, rounding: Rounding): Money {
  const due = quote.totals.due_now;
  if (method.currencies.length === 0 || method.currencies.includes(due.currency)) return due;
  const target = method.currencies[0];
  const rate = deps.fx.rate(target);
  if (!rate) return due;
  return money(convertThroughUsd(due.amount, due.currency, quote.fx.rate, target, rate.rate, rounding), target);
}

async function recordedMethod(deps: BookingDeps, booking: Booking, given: PaymentMethodDefinition | null, sellerId: string): Promise<PaymentMethodDefinition | null> {
  const recorded = booking.status === 'none' ? null : booking.placed.paymentMethod ?? null;
  if (recorded === (given?.kind ?? null)) return given;
  const seller = await deps.catalog.seller(sellerId);
  return seller?.payment_methods.find((m) => m.kind === recorded) ?? null;
}

/** The answer to a repeated checkout, from the booking's own streams. */
async function repeatedCheckout(deps: BookingDeps, ref: string): Promise<CheckoutView | Refusal> {
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  return checkoutView(booking, payment, null);
}

/** The checkout answer from the booking's and payment's states, tokens shown once. */
function checkoutView(booking: Booking, payment: Payment, tokens: { bookingToken: string; contactToken: string } | null): CheckoutView | Refusal {
  const doc = bookingDocOf(booking, payment);
  if (!doc) return notFound('booking');
  return { ...bookingView(doc), booking_token: tokens?.bookingToken ?? null, contact_token: tokens?.contactToken ?? null };
}
