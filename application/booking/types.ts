import type { Lead } from '../../domain/booking';
import type { PaymentMethodKind } from '../../domain/catalog/definitions';
import type { Attribution } from '../../domain/hold';
import type { Quote } from '../../domain/pricing/quote';
import type { BookingView } from './view';

export type { SelectionBody } from '../availability';

export interface CheckoutBody {
  ref?: string;
  lead: Lead;
  payment_method?: PaymentMethodKind;
  special_requests?: string;
  locale?: string;
  warn_if_booked?: boolean;
  attribution?: Attribution;
  traveller_details?: Record<string, unknown>[];
  /** What the pickup asks for (flight, ship, room), when it does. */
  pickup_details?: Record<string, unknown>;
}

export type CheckoutView = BookingView & { booking_token: string | null; contact_token: string | null };

/** A hold as it is placed: the answer of POST /v1/public/holds. */
export interface PlacedHoldView {
  ref: string;
  status: 'on_hold';
  hold_expires_at: string;
  start: string;
  quote: Quote;
}

/** GET /v1/public/holds/{ref}: what a hold shows depends on how it stands and on the proof given (holds.ts). */
export type HoldView =
  | PlacedHoldView
  | { ref: string; status: 'expired'; hold_expires_at: string }
  | { ref: string; status: 'checked_out' }
  | (Omit<PlacedHoldView, 'status'> & { status: 'checked_out'; booking: string });
