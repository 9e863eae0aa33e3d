import type { Money } from '../shared/money';
import type { CancellationPolicy, PaymentMethodKind } from '../catalog/definitions';
import type { Quote } from '../pricing/quote';
import type { Attribution } from '../hold/events';

export interface Lead {
  name: string;
  email: string;
  phone: string;
}

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
  trip: { title: string; option: string; product_id: string };
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

export type BookingEvent =
  | { type: 'BookingPlaced'; data: BookingPlacedData }
  | { type: 'BookingConfirmed'; data: { ref: string; at: string } }
  | { type: 'BookingPending'; data: { ref: string; expiresAt: string | null; at: string } }
  | { type: 'BookingCancelled'; data: { ref: string; by: 'traveller' | 'seller'; refund_pct: number; refund: Money; reason: string | null; at: string } }
  /** A checkout that stopped after its places were booked and never placed the booking: none will be placed under this ref. */
  | { type: 'CheckoutAbandoned'; data: { ref: string; at: string } };

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled';

export type Booking =
  | { status: 'none'; abandoned: boolean }
  | {
      status: BookingStatus | 'placed';
      placed: BookingPlacedData;
      pendingExpiresAt: string | null;
      cancellation: { by: 'traveller' | 'seller'; refund_pct: number; refund: Money } | null;
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
        cancellation: { by: event.data.by, refund_pct: event.data.refund_pct, refund: event.data.refund },
      };
  }
}
