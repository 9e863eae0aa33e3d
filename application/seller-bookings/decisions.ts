import { requestMetadata } from '../platform/ports/event-store';
import { type BookingCommand, bookingDecider, bookingStream } from '../../domain/booking';
import { startInstant } from '../../domain/calendar/schedule';
import { payBefore } from '../../domain/payment/methods';
import { paymentDecider, paymentStream } from '../../domain/payment';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { CatalogReads } from '../../projections/catalog/queries';
import { cancellationFollowUpsReactor } from '../manage-booking';
import type { Platform } from '../platform/platform';
import { paymentRequestReactor } from './reactors/payment-request';
import { type SellerBookingDetail, type ViewDeps, sellerBooking } from './view';

/** Who decides: the key's seller, and the request's id (the events' correlation). */
export interface SellerCall {
  sellerId: string;
  correlationId: string;
}

export type DecisionDeps = ViewDeps & Pick<Platform, 'awaitProjections' | 'awaitReactor'>;

type Placed = { sellerId: string; paymentMethod: string | null; optionStart: string; timezone: string };

/** The seller's booking as the decision needs it, or NotFound for another seller's (or no) booking. */
async function ownBooking(deps: DecisionDeps, caller: SellerCall, ref: string): Promise<Placed | Refusal> {
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none' || state.placed.sellerId !== caller.sellerId) return notFound('booking');
  return { sellerId: state.placed.sellerId, paymentMethod: state.placed.paymentMethod, optionStart: state.start, timezone: state.placed.timezone };
}

/**
 * Decides one command on the seller's booking, waits (bounded) for the reactor whose work the answer
 * shows (places back, payment asked for) and for the read model, then answers the seller's view.
 */
async function decide(
  deps: DecisionDeps,
  caller: SellerCall,
  ref: string,
  command: BookingCommand,
  followedBy: string | null,
): Promise<SellerBookingDetail | Refusal> {
  const now = deps.clock.now();
  const metadata = requestMetadata(caller.correlationId, now);
  const done = await deps.commands.handle(bookingStream(ref), bookingDecider, command, metadata);
  if (isRefusal(done)) return done;
  if (followedBy && done.events.length > 0) await deps.awaitReactor(followedBy, done.position);
  await deps.awaitProjections(done.position);
  return sellerBooking(deps, caller.sellerId, ref);
}

/**
 * The seller confirms a pending booking. One paid by transfer or link is confirmed only once all
 * that is due came in (a request not paid yet is accepted instead: 409 payment_outstanding).
 */
export async function confirm(deps: DecisionDeps, caller: SellerCall, ref: string): Promise<SellerBookingDetail | Refusal> {
  const own = await ownBooking(deps, caller, ref);
  if (isRefusal(own)) return own;
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  const paidInFull = payment.status === 'paid';
  return decide(deps, caller, ref, { type: 'ConfirmBooking', by: 'seller', paidInFull, now: deps.clock.now() }, null);
}

/** The seller declines a pending booking: its places return to sale and anything paid goes back (reactors), the traveller is emailed. */
export async function reject(deps: DecisionDeps, caller: SellerCall, ref: string, reason: string): Promise<SellerBookingDetail | Refusal> {
  const own = await ownBooking(deps, caller, ref);
  if (isRefusal(own)) return own;
  return decide(deps, caller, ref, { type: 'RejectBooking', reason, now: deps.clock.now() }, cancellationFollowUpsReactor.name);
}

/**
 * The seller accepts a request paid by transfer or link: the money is due by the method's deadline
 * before the start (the start itself for a method with none), and the request now lapses then.
 */
export async function accept(deps: DecisionDeps, caller: SellerCall, ref: string): Promise<SellerBookingDetail | Refusal> {
  const own = await ownBooking(deps, caller, ref);
  if (isRefusal(own)) return own;
  const seller = await new CatalogReads(deps.docs).seller(own.sellerId);
  const method = seller?.payment_methods.find((m) => m.kind === own.paymentMethod) ?? null;
  const before = method ? payBefore(method, own.optionStart, own.timezone) : null;
  const dueAt = (before ?? startInstant(own.optionStart, own.timezone).toJSDate()).toISOString();
  return decide(deps, caller, ref, { type: 'AcceptBooking', dueAt, now: deps.clock.now() }, paymentRequestReactor.name);
}
