import { bookingStream } from '../../domain/booking';
import { contactStream } from '../../domain/contact-change';
import { holdStream } from '../../domain/hold';
import { paymentStream } from '../../domain/payment';
import { travellerDetailsStream } from '../../domain/traveller-details';
import type { Money } from '../../domain/shared/money';
import type { Platform } from '../platform/platform';
import type { RecordedEvent } from '../platform/ports/event-store';

/**
 * One entry of a booking's history as the seller reads it: a public event name (`booking.confirmed`)
 * and when it happened, with the few fields that say what happened. Internal ids, token digests
 * and codes are never shown. Which fields each type carries is in the OpenAPI document.
 */
export interface HistoryEntry {
  type: string;
  at: string;
  by?: string;
  reason?: string | null;
  note?: string | null;
  message?: string;
  method?: string | null;
  status?: string;
  amount?: Money;
  total?: Money;
  due_at?: string | null;
  expires_at?: string | null;
  from?: string;
  to?: string;
  field?: string;
  position?: number;
  receipt_id?: string;
  content_type?: string;
  size?: number;
  reference?: string | null;
}

type Data = Record<string, unknown>;
type Shown = Omit<HistoryEntry, 'at'> & { at?: string };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const cash = (value: unknown): Money | undefined => (value && typeof value === 'object' ? (value as Money) : undefined);

/** The public form of each event a booking's streams hold; a type not named here is shown by its stream and snake_case name. */
const SHOWN: Record<string, (d: Data) => Shown> = {
  HoldPlaced: (d) => ({ type: 'hold.placed', at: text(d.placedAt) ?? undefined, expires_at: text(d.expiresAt) }),
  HoldCheckedOut: () => ({ type: 'hold.checked_out' }),
  HoldExpired: () => ({ type: 'hold.expired' }),
  BookingPlaced: (d) => ({ type: 'booking.placed', at: text(d.placedAt) ?? undefined, method: text(d.paymentMethod) }),
  BookingConfirmed: (d) => ({ type: 'booking.confirmed', by: text(d.by) ?? 'checkout' }),
  BookingPending: (d) => ({ type: 'booking.requested', expires_at: text(d.expiresAt) }),
  BookingCancelled: (d) => ({ type: 'booking.cancelled', by: text(d.by) ?? 'traveller', reason: text(d.reason), amount: cash(d.refund) }),
  BookingRejected: (d) => ({ type: 'booking.rejected', by: d.code === 'seller_unavailable' ? 'platform' : 'seller', reason: text(d.reason) }),
  BookingAccepted: (d) => ({ type: 'booking.accepted', due_at: text(d.dueAt) }),
  BookingLapsed: () => ({ type: 'booking.lapsed' }),
  BookingMoved: (d) => ({
    type: 'booking.moved',
    from: text(d.from) ?? '',
    to: text(d.to) ?? '',
    reason: text(d.reason),
    note: text(d.note),
    expires_at: text(d.pendingExpiresAt) ?? undefined,
  }),
  BookingMessaged: (d) => ({ type: 'booking.messaged', message: text(d.message) ?? '' }),
  PaymentArranged: (d) => ({ type: 'payment.arranged', method: text(d.method), status: text(d.status) ?? '', amount: cash(d.due), due_at: text(d.dueAt) }),
  PaymentRequested: (d) => ({ type: 'payment.requested', due_at: text(d.dueAt) }),
  PaymentDueMoved: (d) => ({ type: 'payment.due_moved', due_at: text(d.dueAt) }),
  PaymentLinkSent: () => ({ type: 'payment.link_sent' }),
  PaymentProofSubmitted: (d) => ({
    type: 'payment.proof_submitted',
    receipt_id: text(d.receiptId) ?? '',
    content_type: text(d.contentType) ?? '',
    size: Number(d.size),
  }),
  PaymentReceived: (d) => ({
    type: 'payment.received',
    amount: cash(d.amount),
    total: cash(d.paid),
    status: text(d.status) ?? '',
    reference: text(d.reference),
    at: text(d.at) ?? undefined,
  }),
  PaymentRefunded: (d) => ({ type: 'payment.refunded', amount: cash(d.refund), total: cash(d.refunded), status: text(d.status) ?? '' }),
  PaymentCancelled: () => ({ type: 'payment.cancelled' }),
  ContactChangeRequested: (d) => ({ type: 'contact.change_requested', field: text(d.field) ?? '' }),
  ContactChangeCodeRefused: () => ({ type: 'contact.code_refused' }),
  ContactChanged: (d) => ({ type: 'contact.changed', field: text(d.field) ?? '' }),
  TravellerDetailsSaved: (d) => ({ type: 'travellers.saved', position: Number(d.position) }),
  TravellerLinkIssued: (d) => ({ type: 'travellers.link_issued', position: Number(d.position) }),
};

/** The streams that tell a booking's story, by the prefix of their name (`booking-{ref}` ...). */
const STREAMS: ((ref: string) => string)[] = [holdStream, bookingStream, paymentStream, contactStream, travellerDetailsStream];

const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** When the event happened: what it says itself, else when its command was decided, else when it was recorded. */
function when(event: RecordedEvent): string {
  return text(event.data.at) ?? text(event.metadata.at) ?? event.recordedAt;
}

function entry(event: RecordedEvent): HistoryEntry {
  const show = SHOWN[event.type];
  const prefix = event.streamId.slice(0, event.streamId.indexOf('-'));
  const shown: Shown = show ? show(event.data) : { type: `${prefix}.${snake(event.type)}` };
  const fields = Object.fromEntries(Object.entries(shown).filter(([, value]) => value !== undefined));
  return { ...fields, type: shown.type, at: shown.at ?? when(event) };
}

/** Every event of the booking's streams, in the order the log recorded them. */
export async function bookingEvents(deps: Pick<Platform, 'events'>, ref: string): Promise<RecordedEvent[]> {
  const streams = await Promise.all(STREAMS.map((stream) => deps.events.readStream(stream(ref))));
  return streams.flat().sort((a, b) => a.position - b.position);
}

/** The booking's history, oldest first. */
export const historyOf = (events: readonly RecordedEvent[]): HistoryEntry[] => events.map(entry);
