import type { Event } from '../shared/decider';
import type { Money } from '../shared/money';
import type { CancellationPolicy, PaymentMethodKind, TravellerDetailsRule } from '../catalog/definitions';
import type { Quote } from '../pricing/quote';
import type { Attribution } from '../hold/events';

export interface Lead {
  name: string;
  email: string;
  phone: string;
}

/** The trip as sold: its title and option name in the checkout's language. */
export interface TripSold {
  title: string;
  option: string;
  productId: string;
}

/**
 * `quote` is the spec's Quote and `policy` the seller's cancellation policy, each embedded whole
 * in the spec's own (snake_case) shape; `travellers` are the checkout's traveller details as sent.
 */
export interface BookingPlacedData {
  ref: string;
  storefrontId: string;
  sellerId: string;
  productId: string;
  optionId: string;
  start: string;
  timezone: string;
  pax: number;
  places: number;
  trip: TripSold;
  quote: Quote;
  policy: CancellationPolicy;
  lead: Lead;
  /** SHA-256 of the tokens handed out at checkout, which they are checked against; the tokens are never stored in plain text. */
  bookingTokenHash: string;
  contactTokenHash: string;
  /**
   * Both tokens sealed (AES-256-GCM under the server's token sealing key, for this ref): the
   * checkout answers them again to a repeat under the same Idempotency-Key, and the traveller's
   * mails link to the manage page with the booking token. Absent on bookings placed before.
   */
  sealedTokens?: string;
  locale: string | null;
  specialRequests: string | null;
  /** The flight, ship or room the pickup asked for, as given at checkout; absent where none was asked or given. */
  pickupDetails?: { flight?: string; ship?: string; room?: string };
  attribution: Attribution | null;
  /** Details of each traveller, lead first, when the option collects them at checkout; identity numbers only in `sealedTravellers`. */
  travellers: Record<string, unknown>[];
  /**
   * The travellers' identity numbers (passport and the like), sealed (AES-256-GCM under the server's
   * sealing key, for this ref) as a list in the travellers' order. Absent when there were none, and
   * on bookings placed before, which keep them in `travellers`.
   */
  sealedTravellers?: string;
  /** The option's traveller_details rule as sold; absent on bookings placed before it was kept (those collected theirs at checkout). */
  detailsRule?: TravellerDetailsRule;
  /** The way to pay chosen at checkout; null where the site has none set up. */
  paymentMethod: PaymentMethodKind | null;
  placedAt: string;
}

export type CancelledBy = 'traveller' | 'seller';

export type BookingPlaced = Event<'BookingPlaced', BookingPlacedData>;
/** `by`: absent when the checkout confirmed it; the seller's decision; or the payment that completed it. */
export type BookingConfirmed = Event<'BookingConfirmed', { ref: string; at: string; by?: 'seller' | 'payment' }>;
export type BookingPending = Event<'BookingPending', { ref: string; expiresAt: string | null; at: string }>;
/** `refundInstead`: the traveller took the refund offered for a booking moved by the seller (cancelled by the seller). */
export type BookingCancelled = Event<
  'BookingCancelled',
  { ref: string; by: CancelledBy; refundPct: number; refund: Money; reason: string | null; at: string; refundInstead?: boolean }
>;
/** The seller declined a booking that waited for their answer; its places return to sale. */
/** `code` seller_unavailable: declined by the platform because the seller left the marketplace the request was made on. */
export type BookingRejected = Event<'BookingRejected', { ref: string; reason: string; at: string; code?: 'seller_unavailable' }>;
/** The seller accepted a request paid by transfer or link: the traveller is asked to pay by `dueAt`, when the request now lapses. */
export type BookingAccepted = Event<'BookingAccepted', { ref: string; dueAt: string; at: string }>;
/** A pending booking whose `pending_expires_at` passed with no answer or no money; its places return to sale. */
export type BookingLapsed = Event<'BookingLapsed', { ref: string; at: string }>;
/**
 * The seller called off the booking's start and moved it to `to` (places taken there); refund-instead is offered until `to`.
 * `pendingExpiresAt`: a pending booking's new time to be answered or paid, from the new start; absent when it did not change.
 */
export type BookingMoved = Event<
  'BookingMoved',
  { ref: string; callId: string; from: string; to: string; reason: string; note: string | null; at: string; pendingExpiresAt?: string }
>;
/** Staff messaged every traveller of the booking's start; one event per booking. */
export type BookingMessaged = Event<'BookingMessaged', { ref: string; messageId: string; message: string; at: string }>;
/** A checkout that stopped after its places were booked and never placed the booking: none will be placed under this ref. */
export type CheckoutAbandoned = Event<'CheckoutAbandoned', { ref: string; at: string }>;

export type BookingEvent =
  | BookingPlaced
  | BookingConfirmed
  | BookingPending
  | BookingCancelled
  | CheckoutAbandoned
  | BookingRejected
  | BookingAccepted
  | BookingLapsed
  | BookingMoved
  | BookingMessaged;

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled' | 'rejected' | 'lapsed';

/** Where the seller moved a booking when calling off its start. */
export interface BookingMove {
  callId: string;
  from: string;
  to: string;
  reason: string;
  note: string | null;
  at: string;
}

export interface Cancellation {
  by: CancelledBy;
  refundPct: number;
  refund: Money;
  /** The traveller took the refund offered instead of a moved start: taking it again answers this cancellation. */
  refundInstead?: true;
}

export type Booking =
  | { status: 'none'; abandoned: boolean }
  | {
      status: BookingStatus | 'placed';
      placed: BookingPlacedData;
      /** The start the booking is for now: the one it was placed for, or the one the seller moved it to. */
      start: string;
      pendingExpiresAt: string | null;
      cancellation: Cancellation | null;
      rejectionReason: string | null;
      /** Why the platform, not the seller, declined it (seller_unavailable); null otherwise. */
      rejectCode: 'seller_unavailable' | null;
      /** The seller accepted a request that waits for its money. */
      accepted: boolean;
      move: BookingMove | null;
    };

export const initialBooking = (): Booking => ({ status: 'none', abandoned: false });

export function evolveBooking(state: Booking, event: BookingEvent): Booking {
  if (event.type === 'BookingPlaced') {
    return {
      status: 'placed',
      placed: event.data,
      start: event.data.start,
      pendingExpiresAt: null,
      cancellation: null,
      rejectionReason: null,
      rejectCode: null,
      accepted: false,
      move: null,
    };
  }
  if (event.type === 'CheckoutAbandoned') return state.status === 'none' ? { status: 'none', abandoned: true } : state;
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'BookingConfirmed':
      return { ...state, status: 'confirmed', pendingExpiresAt: null };
    case 'BookingPending':
      return { ...state, status: 'pending', pendingExpiresAt: event.data.expiresAt };
    case 'BookingCancelled':
      return {
        ...state,
        status: 'cancelled',
        pendingExpiresAt: null,
        cancellation: {
          by: event.data.by,
          refundPct: event.data.refundPct,
          refund: event.data.refund,
          ...(event.data.refundInstead ? { refundInstead: true as const } : {}),
        },
      };
    case 'BookingRejected':
      return { ...state, status: 'rejected', pendingExpiresAt: null, rejectionReason: event.data.reason, rejectCode: event.data.code ?? null };
    case 'BookingAccepted':
      return { ...state, accepted: true, pendingExpiresAt: event.data.dueAt };
    case 'BookingLapsed':
      return { ...state, status: 'lapsed', pendingExpiresAt: null };
    case 'BookingMoved': {
      const { callId, from, to, reason, note, at, pendingExpiresAt } = event.data;
      return { ...state, start: to, move: { callId, from, to, reason, note, at }, pendingExpiresAt: pendingExpiresAt ?? state.pendingExpiresAt };
    }
    case 'BookingMessaged':
      return state;
  }
}
