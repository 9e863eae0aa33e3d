import { Booking, bookingDecider, bookingStream, BookingPlacedData, Lead, refundPreview, RefundPreview, requestLapsesAt } from '../domain/booking';
import { capacityOf, checkStart } from '../domain/calendar/schedule';
import type { OptionDefinition, PaymentMethodDefinition, PaymentMethodKind } from '../domain/catalog/definitions';
import { Money, Rounding, convertThroughUsd, money, roundingFor } from '../domain/money';
import { methodsOpen, payBefore, paymentIsDue, paymentWindowClosed } from '../domain/payment/methods';
import { departureDecider, departureStream, placesRefusal } from '../domain/departure';
import { HoldPlacedData, holdDecider, holdStatusAt, holdStream, normaliseEmail, type Attribution } from '../domain/hold';
import { idempotencyDecider, idempotencyStream } from '../domain/idempotency';
import { Payment, paidAmount, paymentDecider, paymentStream } from '../domain/payment';
import { Quote, Selection, priceQuote, seatsOf } from '../domain/pricing/quote';
import { Refusal, isRefusal, notFound, refuse } from '../domain/refusal';
import { CatalogReads, ProductDoc } from './catalog-reads';
import { CommandHandler } from './command-handler';
import type { StorefrontContext } from './context';
import { DepartureReads } from './departures';
import type { Clock } from './ports/clock';
import type { DocumentStore } from './ports/document-store';
import type { EventMetadata } from './ports/event-store';
import type { Fx } from './ports/fx';
import type { Mail, Mailer } from './ports/mailer';
import { BookingDoc, BookingView, bookingDocOf, bookingView } from './views/booking';
import { newBookingRef, newToken, secretHash } from './secrets';
import { DateTime } from 'luxon';
import { fingerprint } from './canonical';
import { bookingCancelledMail, bookingMadeMail } from './mail/messages';
import { checkTravellerDetails } from '../domain/booking/travellers';

export interface SelectionBody {
  option_id: string;
  start: string;
  units: { unit_id: string; qty: number; ages?: number[] }[];
  extras?: { extra_id: string; qty: number }[];
  rooms?: { room_type_id: string; qty: number; beds?: string }[];
  pickup?: { place_id?: string; lat?: number; lng?: number } | null;
  currency?: string;
  attribution?: Attribution;
}

export interface CheckoutBody {
  ref?: string;
  lead: Lead;
  payment_method?: PaymentMethodKind;
  special_requests?: string;
  locale?: string;
  warn_if_booked?: boolean;
  attribution?: Attribution;
  traveller_details?: Record<string, unknown>[];
}

export type CheckoutView = BookingView & { booking_token: string | null; contact_token: string | null };

export interface HoldView {
  ref: string;
  status: 'on_hold' | 'expired' | 'checked_out';
  hold_expires_at: string;
  start: string;
  quote: Quote;
}

export interface BookingSettings {
  holdMinutes: number;
  multiDayHoldMinutes: number;
  /** How long a request that waits for the seller stays open. */
  pendingHours: number;
  /** Told when an email could not be sent; the booking stands either way. */
  onMailError?: (error: unknown) => void;
}

/** Read-your-writes: the answer waits until the projections include these positions. */
export type AwaitProjections = (position: number) => Promise<unknown>;

interface Priced {
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  quote: Quote;
  selection: Selection;
  places: number;
}

function selectionOf(body: SelectionBody): Selection {
  return { units: body.units, extras: body.extras ?? [], rooms: body.rooms ?? [], pickup: body.pickup ?? null };
}

/** Drops empty attribution values (spec 4.4); null when nothing is left. */
function cleanAttribution(attribution: Attribution | undefined): Attribution | null {
  if (!attribution) return null;
  const kept = Object.entries(attribution).filter(([, v]) => typeof v === 'string' && v.trim() !== '');
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/** How long after its hold ran out a checkout that stopped half-way may still be retried before its places return. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/** The checkout answer from the booking's and payment's states, tokens shown once. */
function checkoutView(booking: Booking, payment: Payment, tokens: { bookingToken: string; contactToken: string } | null): CheckoutView | Refusal {
  const doc = bookingDocOf(booking, payment);
  if (!doc) return notFound('booking');
  return { ...bookingView(doc), booking_token: tokens?.bookingToken ?? null, contact_token: tokens?.contactToken ?? null };
}

/** Quotes, holds, checkout and cancellation: the booking path of parts 3 and 4. */
export class BookingService {
  private readonly catalog: CatalogReads;
  private readonly departures: DepartureReads;

  constructor(
    private readonly commands: CommandHandler,
    private readonly docs: DocumentStore,
    private readonly clock: Clock,
    private readonly fx: Fx,
    private readonly mailer: Mailer,
    private readonly settings: BookingSettings,
    private readonly awaitProjections: AwaitProjections,
  ) {
    this.catalog = new CatalogReads(docs);
    this.departures = new DepartureReads(docs);
  }

  private metadata(ctx: StorefrontContext, now: Date, idempotencyKey?: string): EventMetadata {
    const metadata: EventMetadata = { correlationId: ctx.correlationId, causationId: ctx.correlationId, storefrontId: ctx.storefront._id, at: now.toISOString() };
    if (idempotencyKey) metadata.commandId = secretHash(`${ctx.storefront._id}:${idempotencyKey}`);
    return metadata;
  }

  /** Prices a selection at a start, with every refusal a quote can give. */
  private async price(ctx: StorefrontContext, body: SelectionBody, now: Date, purpose: 'quote' | 'hold' | 'request'): Promise<Priced | Refusal> {
    const found = await this.catalog.visibleOption(ctx.storefront, body.option_id);
    if (!found) return notFound('option');
    const { product, option } = found;
    const currency = body.currency ?? ctx.storefront.display_currency;
    if (!ctx.storefront.currencies.includes(currency)) return refuse('CurrencyNotEnabled', `${currency} is not offered here`, { currency });
    const fx = this.fx.rate(currency);
    if (!fx) return refuse('CurrencyNotEnabled', `${currency} is not offered here`, { currency });
    const startRefusal = checkStart(option, body.start, product.definition.timezone, now);
    if (startRefusal) return startRefusal;
    if (purpose !== 'request') {
      const seller = await this.catalog.seller(product.seller_id);
      const closed = paymentWindowClosed(seller?.payment_methods ?? [], body.start, product.definition.timezone, now);
      if (closed) return closed;
    }
    if (option.capacity_mode === 'on_request' && purpose !== 'request') {
      return refuse('OnRequest', 'this option is booked on request: check out the selection without a hold');
    }
    const selection = selectionOf(body);
    const remaining = await this.departures.remaining(option, body.start, now);
    const quote = priceQuote({
      product: product.definition,
      option,
      selection,
      fx,
      rounding: roundingFor(ctx.storefront.rounding, currency),
      remaining,
      pendingExpiresAt: requestLapsesAt(now, this.settings.pendingHours, body.start, product.definition.timezone),
    });
    if (isRefusal(quote)) return quote;
    const places = seatsOf(option, selection);
    const full = remaining === null ? null : placesRefusal(remaining, places);
    if (full) return full;
    return { product, option, quote, selection, places };
  }

  /** Ways to pay for a start: only those whose time to pay ends before it (spec 4.3). */
  async paymentMethods(ctx: StorefrontContext, optionId: string, start: string): Promise<{ kind: string; deadline_hours: number | null; currencies: string[] }[] | Refusal> {
    const found = await this.catalog.visibleOption(ctx.storefront, optionId);
    if (!found) return notFound('option');
    const timezone = found.product.definition.timezone;
    const now = this.clock.now();
    const refusal = checkStart(found.option, start, timezone, now);
    if (refusal?.code === 'InvalidInput') return refusal;
    const seller = await this.catalog.seller(found.product.seller_id);
    return methodsOpen(seller?.payment_methods ?? [], start, timezone, now)
      .map((m) => ({ kind: m.kind, deadline_hours: m.deadline_hours, currencies: m.currencies }));
  }

  async quote(ctx: StorefrontContext, body: SelectionBody): Promise<Quote | Refusal> {
    const priced = await this.price(ctx, body, this.clock.now(), 'quote');
    return isRefusal(priced) ? priced : priced.quote;
  }

  /**
   * What an Idempotency-Key already stands for: nothing (null), the ref of the same request made
   * before, or a 409 for a different request. Read before validating, so a repeat is answered as
   * it was first; a key is only claimed once a request passed validation (a refused request keeps
   * nothing and may be sent again, corrected, under the same key).
   */
  private async earlierClaim(ctx: StorefrontContext, key: string | undefined, kind: 'hold' | 'checkout', requestHash: string): Promise<{ ref: string } | null | Refusal> {
    if (!key) return null;
    const { state } = await this.commands.load(idempotencyStream(ctx.storefront._id, secretHash(key)), idempotencyDecider);
    if (!state.claimed) return null;
    const decided = idempotencyDecider.decide({ type: 'ClaimKey', kind, requestHash, ref: state.claimed.ref }, state);
    return isRefusal(decided) ? decided : { ref: state.claimed.ref };
  }

  /** Claims an Idempotency-Key for a request that passed validation; a repeat means another request won the race to it. */
  private async claim(ctx: StorefrontContext, key: string | undefined, kind: 'hold' | 'checkout', requestHash: string, ref: string, now: Date): Promise<{ ref: string; repeat: boolean } | Refusal> {
    if (!key) return { ref, repeat: false };
    const result = await this.commands.handle(
      idempotencyStream(ctx.storefront._id, secretHash(key)),
      idempotencyDecider,
      { type: 'ClaimKey', kind, requestHash, ref },
      this.metadata(ctx, now),
    );
    if (isRefusal(result)) return result;
    return { ref: result.state.claimed?.ref ?? ref, repeat: result.events.length === 0 };
  }

  async placeHold(ctx: StorefrontContext, body: SelectionBody, idempotencyKey: string | undefined): Promise<HoldView | Refusal> {
    const now = this.clock.now();
    const { attribution, ...request } = body;
    const requestHash = fingerprint(request);
    const earlier = await this.earlierClaim(ctx, idempotencyKey, 'hold', requestHash);
    if (isRefusal(earlier)) return earlier;
    if (earlier) {
      const existing = await this.holdView(ctx, earlier.ref);
      if (existing) return existing;
    }
    const priced = await this.price(ctx, body, now, 'hold');
    if (isRefusal(priced)) return priced;
    // A key claimed before whose hold never got placed (a crash between the two) is carried on under its ref.
    let ref = earlier?.ref;
    if (!ref) {
      const claimed = await this.claim(ctx, idempotencyKey, 'hold', requestHash, newBookingRef(), now);
      if (isRefusal(claimed)) return claimed;
      if (claimed.repeat) {
        const existing = await this.holdView(ctx, claimed.ref);
        if (existing) return existing;
      }
      ref = claimed.ref;
    }
    const { product, option, quote, selection, places } = priced;
    const minutes = product.definition.template === 'multi_day' ? this.settings.multiDayHoldMinutes : this.settings.holdMinutes;
    const expiresAt = new Date(now.getTime() + minutes * 60_000).toISOString();
    const metadata = this.metadata(ctx, now, idempotencyKey);

    const held = await this.commands.handle(
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
    const placed = await this.commands.handle(holdStream(ref), holdDecider, { type: 'PlaceHold', hold }, metadata);
    if (isRefusal(placed)) return placed;
    await this.awaitProjections(Math.max(held.position, placed.position));
    return { ref, status: 'on_hold', hold_expires_at: expiresAt, start: body.start, quote };
  }

  async holdView(ctx: StorefrontContext, ref: string): Promise<HoldView | null> {
    const { state } = await this.commands.load(holdStream(ref), holdDecider);
    if (state.status === 'none' || state.placed.storefrontId !== ctx.storefront._id) return null;
    return {
      ref,
      status: holdStatusAt(state, this.clock.now()),
      hold_expires_at: state.placed.expiresAt,
      start: state.placed.start,
      quote: state.placed.quote,
    };
  }

  /** Payment method, repeat-booking warning and traveller details: what checkout asks of the lead. */
  private async checkCheckout(body: CheckoutBody, sellerId: string, option: OptionDefinition, timezone: string, start: string, pax: number, now: Date): Promise<{ method: PaymentMethodDefinition | null } | Refusal> {
    const seller = await this.catalog.seller(sellerId);
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
      const count = await this.docs.collection('bookings').countDocuments({
        lead_email: normaliseEmail(body.lead.email), option_id: option.id, start, status: { $in: ['pending', 'confirmed'] },
      });
      if (count > 0) return refuse('AlreadyBooked', 'this email already has a booking for this start', { bookings: count });
    }
    const today = DateTime.fromJSDate(now, { zone: timezone }).toISODate() as string;
    const details = checkTravellerDetails(option.traveller_details.fields, body.traveller_details ?? [], pax, start, today);
    if (details) return details;
    return { method: method ?? null };
  }

  /**
   * What to bring when paying on arrival: the booking's amount, or, when the method does not
   * take that currency, the same in the first currency it takes, converted through USD at the
   * booking's rate and today's rate (spec 2.8).
   */
  private onArrival(quote: Quote, method: PaymentMethodDefinition, rounding: Rounding | undefined): Money {
    const due = quote.totals.due_now;
    if (method.currencies.length === 0 || method.currencies.includes(due.currency)) return due;
    const target = method.currencies[0];
    const rate = this.fx.rate(target);
    if (!rate) return due;
    return money(convertThroughUsd(due.amount, due.currency, quote.fx.rate, target, rate.rate, rounding), target);
  }

  /** Places the booking and its payment once; a repeat answers the same booking without tokens. */
  private async placeBooking(
    ctx: StorefrontContext,
    body: CheckoutBody,
    sold: { ref: string; product: Readonly<ProductDoc>; option: OptionDefinition; start: string; quote: Quote; places: number; attribution: Attribution | null; method: PaymentMethodDefinition | null },
    now: Date,
    positions: number[],
    idempotencyKey: string | undefined,
  ): Promise<CheckoutView | Refusal> {
    const { ref, product, option, quote } = sold;
    const metadata = this.metadata(ctx, now, idempotencyKey);
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
      trip: { title: content.title, option: option.name, product_id: product._id },
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
    const result = await this.commands.handle(
      bookingStream(ref),
      bookingDecider,
      {
        type: 'PlaceBooking', booking, confirmation: paymentIsDue(sold.method) ? 'manual' : quote.confirmation, now,
        // Counted from the checkout that makes the request, not from the hold before it.
        pendingExpiresAt: dueAt(sold.method) ?? requestLapsesAt(now, this.settings.pendingHours, sold.start, product.definition.timezone),
      },
      metadata,
    );
    if (isRefusal(result)) return result;
    const first = result.events.length > 0;
    // The payment follows the way to pay the booking was made with, even when a repeat of the checkout names another.
    const method = await this.recordedMethod(result.state, sold.method, product.seller_id);
    const payment = await this.commands.handle(
      paymentStream(ref),
      paymentDecider,
      {
        type: 'ArrangePayment', ref, method: method?.kind ?? null, due_now: quote.totals.due_now, due_at: dueAt(method),
        on_arrival: method?.kind === 'pay_on_arrival' ? this.onArrival(quote, method, ctx.storefront.rounding[method.currencies[0]]) : null,
      },
      metadata,
    );
    if (isRefusal(payment)) return payment;
    await this.awaitProjections(Math.max(result.position, payment.position, ...positions));
    const view = checkoutView(result.state, payment.state, first ? { bookingToken, contactToken } : null);
    if (first && !isRefusal(view)) {
      const title = product.definition.content[booking.locale ?? '']?.title ?? booking.trip.title;
      await this.sendQuietly(bookingMadeMail(booking.lead.email, booking.locale, { ref, trip: title, start: booking.start, pax: booking.pax, status: view.status }));
    }
    return view;
  }

  private async recordedMethod(booking: Booking, given: PaymentMethodDefinition | null, sellerId: string): Promise<PaymentMethodDefinition | null> {
    const recorded = booking.status === 'none' ? null : booking.placed.paymentMethod ?? null;
    if (recorded === (given?.kind ?? null)) return given;
    const seller = await this.catalog.seller(sellerId);
    return seller?.payment_methods.find((m) => m.kind === recorded) ?? null;
  }

  /** A mail that cannot go out is reported; what was booked or cancelled stands and is answered. */
  private async sendQuietly(mail: Mail): Promise<void> {
    try {
      await this.mailer.send(mail);
    } catch (error) {
      this.settings.onMailError?.(error);
    }
  }

  /** The answer to a repeated checkout, from the booking's own streams. */
  private async repeatedCheckout(ref: string): Promise<CheckoutView | Refusal> {
    const { state: booking } = await this.commands.load(bookingStream(ref), bookingDecider);
    const { state: payment } = await this.commands.load(paymentStream(ref), paymentDecider);
    return checkoutView(booking, payment, null);
  }

  async checkout(ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined): Promise<CheckoutView | Refusal> {
    const now = this.clock.now();
    const { attribution, ...request } = body;
    const requestHash = fingerprint({ ...request, lead: { ...body.lead, email: normaliseEmail(body.lead.email) } });
    if (!body.ref) return this.checkoutRequest(ctx, body, idempotencyKey, requestHash, now);
    const earlier = await this.earlierClaim(ctx, idempotencyKey, 'checkout', requestHash);
    if (isRefusal(earlier)) return earlier;
    const ref = body.ref;

    const { state: hold } = await this.commands.load(holdStream(ref), holdDecider);
    if (hold.status === 'none' || hold.placed.storefrontId !== ctx.storefront._id) return notFound('hold');
    const placed = hold.placed;
    const product = await this.catalog.product(placed.productId);
    const option = product?.definition.options.find((o) => o.id === placed.optionId);
    if (!product || !option) return notFound('option');
    // A repeated checkout answers the booking it made, whatever has changed since (deadlines, other bookings).
    const checked = hold.status === 'checked_out'
      ? { method: null }
      : await this.checkCheckout(body, placed.sellerId, option, product.definition.timezone, placed.start, placed.quote.pax, now);
    if (isRefusal(checked)) return checked;
    const method = checked.method;
    if (!earlier) {
      const claimed = await this.claim(ctx, idempotencyKey, 'checkout', requestHash, ref, now);
      if (isRefusal(claimed)) return claimed;
    }

    const metadata = this.metadata(ctx, now, idempotencyKey);
    const checkedOut = await this.commands.handle(holdStream(ref), holdDecider, { type: 'CheckOutHold', leadEmail: body.lead.email, now }, metadata);
    if (isRefusal(checkedOut)) return checkedOut;
    const booked = await this.commands.handle(departureStream(placed.optionId, placed.start), departureDecider, { type: 'BookPlaces', ref, now }, metadata);
    if (isRefusal(booked)) return booked;
    return this.placeBooking(ctx, body, { ref, product, option, start: placed.start, quote: placed.quote, places: placed.places, attribution: placed.attribution, method }, now, [checkedOut.position, booked.position], idempotencyKey);
  }

  /** An on_request option is checked out from the selection itself: a request the seller answers (pending). */
  private async checkoutRequest(ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined, requestHash: string, now: Date): Promise<CheckoutView | Refusal> {
    const selection = body as CheckoutBody & Partial<SelectionBody>;
    if (!selection.option_id || !selection.start || !selection.units) {
      return refuse('HoldRequired', 'check out a hold (POST /v1/public/holds), or the selection of an on_request option');
    }
    const found = await this.catalog.visibleOption(ctx.storefront, selection.option_id);
    if (!found) return notFound('option');
    if (found.option.capacity_mode !== 'on_request') return refuse('HoldRequired', 'this option holds places: place a hold with POST /v1/public/holds first');
    const earlier = await this.earlierClaim(ctx, idempotencyKey, 'checkout', requestHash);
    if (isRefusal(earlier)) return earlier;
    if (earlier) {
      const repeated = await this.repeatedCheckout(earlier.ref);
      if (!isRefusal(repeated)) return repeated;
    }
    const priced = await this.price(ctx, selection as SelectionBody, now, 'request');
    if (isRefusal(priced)) return priced;
    const checked = await this.checkCheckout(body, priced.product.seller_id, priced.option, priced.product.definition.timezone, selection.start, priced.quote.pax, now);
    if (isRefusal(checked)) return checked;
    const claimed = earlier ? { ref: earlier.ref, repeat: true } : await this.claim(ctx, idempotencyKey, 'checkout', requestHash, newBookingRef(), now);
    if (isRefusal(claimed)) return claimed;
    if (claimed.repeat) {
      const repeated = await this.repeatedCheckout(claimed.ref);
      if (!isRefusal(repeated)) return repeated;
    }
    return this.placeBooking(ctx, body, { ref: claimed.ref, product: priced.product, option: priced.option, start: selection.start, quote: priced.quote, places: priced.places, attribution: null, method: checked.method }, now, [], idempotencyKey);
  }

  async bookingDoc(ctx: StorefrontContext, ref: string): Promise<Readonly<BookingDoc> | null> {
    const doc = await this.docs.collection<BookingDoc>('bookings').findOne({ _id: ref });
    return doc && doc.storefront_id === ctx.storefront._id && doc.status !== 'placed' ? doc : null;
  }

  async refundPreview(booking: Readonly<BookingDoc>): Promise<RefundPreview | Refusal> {
    const { state } = await this.commands.load(bookingStream(booking._id), bookingDecider);
    if (state.status === 'none') return notFound('booking');
    const { state: payment } = await this.commands.load(paymentStream(booking._id), paymentDecider);
    return refundPreview(state.placed, paidAmount(payment), this.clock.now());
  }

  async cancel(ctx: StorefrontContext, booking: Readonly<BookingDoc>, reason: string | null): Promise<{ ref: string; status: 'cancelled'; cancellation: NonNullable<BookingView['cancellation']> } | Refusal> {
    const now = this.clock.now();
    const metadata = this.metadata(ctx, now);
    const ref = booking._id;
    const { state: payment } = await this.commands.load(paymentStream(ref), paymentDecider);
    const cancelled = await this.commands.handle(bookingStream(ref), bookingDecider, { type: 'CancelBooking', by: 'traveller', paid: paidAmount(payment), reason, now }, metadata);
    if (isRefusal(cancelled)) {
      // Cancelling again is a 409, but it also finishes what a cancellation cut short (places, refund).
      const { state } = await this.commands.load(bookingStream(ref), bookingDecider);
      if (state.status === 'cancelled' && state.cancellation) await this.afterCancellation(booking, state.cancellation.refund, now, metadata);
      return cancelled;
    }
    const event = cancelled.events.find((e) => e.type === 'BookingCancelled');
    if (!event || event.type !== 'BookingCancelled' || cancelled.state.status === 'none') return notFound('booking');
    const followed = await this.afterCancellation(booking, event.data.refund, now, metadata);
    if (isRefusal(followed)) return followed;
    await this.awaitProjections(Math.max(cancelled.position, followed));
    const placed = cancelled.state.placed;
    const product = await this.catalog.product(placed.productId);
    const title = product?.definition.content[placed.locale ?? '']?.title ?? placed.trip.title;
    await this.sendQuietly(bookingCancelledMail(placed.lead.email, placed.locale, { ref, trip: title, start: placed.start, refund: event.data.refund }));
    const { by, refund_pct, refund } = event.data;
    return { ref, status: 'cancelled', cancellation: { by, refund_pct, refund } };
  }

  /** Places back on sale, the refund paid, nothing more owed: all safe to repeat. Answers the last log position written. */
  private async afterCancellation(booking: Readonly<BookingDoc>, refund: Money, now: Date, metadata: EventMetadata): Promise<number | Refusal> {
    const ref = booking._id;
    const released = await this.commands.handle(departureStream(booking.option_id, booking.start), departureDecider, { type: 'ReleasePlaces', ref, why: 'cancelled', now }, metadata);
    if (isRefusal(released)) return released;
    const refunded = await this.commands.handle(paymentStream(ref), paymentDecider, { type: 'RefundPayment', ref, refund, now }, metadata);
    if (isRefusal(refunded)) return refunded;
    const closed = await this.commands.handle(paymentStream(ref), paymentDecider, { type: 'CancelUnpaid', ref, now }, metadata);
    if (isRefusal(closed)) return closed;
    return Math.max(released.position, refunded.position, closed.position);
  }

  /**
   * Gives places back to their departures: those of holds whose time is up (the calendar already
   * ignores them), and those of checkouts that booked places but stopped before placing their
   * booking and were not retried within the hour after the hold ran out.
   */
  async expireHolds(onError: (ref: string, error: unknown) => void = () => undefined): Promise<number> {
    const now = this.clock.now();
    const holds = this.docs.collection('holds');
    const due = await holds.find({ status: 'on_hold', hold_expires_at: { $lte: now.toISOString() } });
    const stalled = await holds.find({ status: 'checked_out', hold_expires_at: { $lte: new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString() } });
    for (const hold of [...due, ...stalled]) {
      // One hold that cannot be settled now is tried again next time; the others go on.
      try {
        const metadata: EventMetadata = { correlationId: `expiry-${hold._id}`, causationId: `expiry-${hold._id}`, storefrontId: hold.storefront_id, at: now.toISOString() };
        // The booking stream decides an abandonment: a checkout retried at the same moment either places its booking first or is refused.
        const settled = hold.status === 'on_hold'
          ? await this.commands.handle(holdStream(hold._id), holdDecider, { type: 'ExpireHold', now }, metadata)
          : await this.commands.handle(bookingStream(hold._id), bookingDecider, { type: 'AbandonCheckout', ref: hold._id, now }, metadata);
        if (!isRefusal(settled) && settled.events.length > 0) {
          const why = hold.status === 'on_hold' ? 'expired' : 'abandoned';
          await this.commands.handle(departureStream(hold.option_id, hold.start), departureDecider, { type: 'ReleasePlaces', ref: hold._id, why, now }, metadata);
        }
      } catch (error) {
        onError(hold._id, error);
      }
    }
    return due.length + stalled.length;
  }

}
