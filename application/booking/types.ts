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
}

export type CheckoutView = BookingView & { booking_token: string | null; contact_token: string | null };

export interface HoldView {
  ref: string;
  status: 'on_hold' | 'expired' | 'checked_out';
  hold_expires_at: string;
  start: string;
  quote: Quote;
}
