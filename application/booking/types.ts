import type { Lead } from '../../domain/booking';
import type { PaymentMethodKind } from '../../domain/catalog/definitions';
import type { Attribution } from '../../domain/hold';
import type { Quote } from '../../domain/pricing/quote';
import type { CatalogReads } from '../../projections/catalog/queries';
import type { CommandHandler } from '../platform/command-handler';
import type { DepartureReads } from '../../projections/departures/queries';
import type { Clock } from '../platform/ports/clock';
import type { DocumentStore } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';
import type { Mailer } from '../platform/ports/mailer';
import type { BookingView } from './view';

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

/** What every step of the booking path works with, built once by the service. */
export interface BookingDeps {
  commands: CommandHandler;
  docs: DocumentStore;
  clock: Clock;
  fx: Fx;
  mailer: Mailer;
  settings: BookingSettings;
  awaitProjections: AwaitProjections;
  catalog: CatalogReads;
  departures: DepartureReads;
}
