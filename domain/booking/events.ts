import type { Event } from '../shared/decider';
import type { Money } from '../shared/money';
import type { CancellationPolicy, PaymentMethodKind } from '../catalog/definitions';
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
  /** SHA-256 of the tokens handed out once at checkout; the tokens themselves are never stored. */
  bookingTokenHash: string;
  contactTokenHash: string;
  locale: string | null;
  specialRequests: string | null;
  attribution: Attribution | null;
  /** Details of each traveller, lead first, when the option collects them at checkout. */
  travellers: Record<string, unknown>[];
  /** The way to pay chosen at checkout; null where the site has none set up. */
  paymentMethod: PaymentMethodKind | null;
  placedAt: string;
}

export type CancelledBy = 'traveller' | 'seller';

export type BookingPlaced = Event<'BookingPlaced', BookingPlacedData>;
export type BookingConfirmed = Event<'BookingConfirmed', { ref: string; at: string }>;
export type BookingPending = Event<'BookingPending', { ref: string; expiresAt: string | null; at: string }>;
export type BookingCancelled = Event<'BookingCancelled', { ref: string; by: CancelledBy; refundPct: number; refund: Money; reason: string | null; at: string }>;
/** A checkout that stopped after its places were booked and never placed the booking: none will be placed under this ref. */
export type CheckoutAbandoned = Event<'CheckoutAbandoned', { ref: string; at: string }>;

export type BookingEvent = BookingPlaced | BookingConfirmed | BookingPending | BookingCancelled | CheckoutAbandoned;

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled';

export interface Cancellation {
  by: CancelledBy;
  refundPct: number;
  refund: Money;
}

export type Booking =
  | { status: 'none'; abandoned: boolean }
  | {
      status: BookingStatus | 'placed';
      placed: BookingPlacedData;
      pendingExpiresAt: string | null;
      cancellation: Cancellation | null;
    };

export const initialBooking = (): Booking => ({ status: 'none', abandoned: false });

export function evolveBooking(state: Booking, event: BookingEvent): Booking {
  if (event.type === 'BookingPlaced') {
    return { status: 'placed', placed: event.data, pendingExpiresAt: null, cancellation: null };
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
        cancellation: { by: event.data.by, refundPct: event.data.refundPct, refund: event.data.refund },
      };
  }
}
