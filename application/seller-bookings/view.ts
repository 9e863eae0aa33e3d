import { type BookingPlacedData, bookingDecider, bookingStream } from '../../domain/booking';
import type { Attribution } from '../../domain/hold/events';
import type { Money } from '../../domain/shared/money';
import { type Refusal, notFound } from '../../domain/shared/refusal';
import { BOOKINGS, type BookingDoc } from '../../projections/bookings/doc';
import { type BookingView, bookingView, checkoutTravellers } from '../booking';
import { openSaved } from '../traveller-details';
import type { Platform } from '../platform/platform';
import type { RecordedEvent } from '../platform/ports/event-store';
import { type HistoryEntry, bookingEvents, historyOf } from './history';

/**
 * A booking as its seller sees it: the traveller's booking view, plus the lead's contact as it
 * now stands, the travellers' details as given (at checkout, then on the manage page), where the
 * booking came from, the traveller's requests and language, what came in and went back, when it
 * was placed, and the history of its events.
 */
export type SellerBookingDetail = BookingView & {
  placed_at: string;
  lead: { name: string; email: string; phone: string };
  travellers: Record<string, unknown>[];
  attribution: Attribution | null;
  special_requests: string | null;
  pickup_details: { flight?: string; ship?: string; room?: string } | null;
  locale: string | null;
  payment: BookingView['payment'] & { paid: Money; refunded: Money };
  history: HistoryEntry[];
};

export type ViewDeps = Pick<Platform, 'commands' | 'docs' | 'events' | 'clock' | 'settings'>;

/** The lead as the traveller last fixed it (confirmed contact changes). */
function leadNow(placed: BookingPlacedData, events: readonly RecordedEvent[]): SellerBookingDetail['lead'] {
  const lead = { ...placed.lead };
  for (const e of events) {
    if (e.type !== 'ContactChanged') continue;
    if (e.data.field === 'email') lead.email = String(e.data.value);
    if (e.data.field === 'phone') lead.phone = String(e.data.value);
  }
  return lead;
}

/** The checkout's travellers (lead first), each replaced by the details given later for that position; identity numbers opened. */
function travellersNow(sealingKey: string, placed: BookingPlacedData, events: readonly RecordedEvent[]): Record<string, unknown>[] {
  const travellers = checkoutTravellers(sealingKey, placed);
  for (const e of events) {
    if (e.type !== 'TravellerDetailsSaved') continue;
    const position = Number(e.data.position);
    if (!Number.isInteger(position) || position < 1 || position > placed.pax) continue;
    const saved = e.data as { ref: string; position: number; details: Record<string, string>; sealed?: string };
    travellers[position - 1] = openSaved(sealingKey, saved);
  }
  // Positions not given yet stay empty objects, so travellers[i] is always position i + 1.
  return Array.from({ length: travellers.length }, (_, i) => travellers[i] ?? {});
}

/** The seller's booking, or NotFound for a ref that does not exist or is another seller's. */
export async function sellerBooking(deps: ViewDeps, sellerId: string, ref: string): Promise<SellerBookingDetail | Refusal> {
  const doc = await deps.docs.collection<BookingDoc>(BOOKINGS).findOne({ _id: ref });
  if (!doc || doc.seller_id !== sellerId || doc.status === 'placed') return notFound('booking');
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return notFound('booking');
  const events = await bookingEvents(deps, ref);
  const view = bookingView(doc, deps.clock.now());
  const currency = doc.quote.totals.due_now.currency;
  const nothing = { amount: 0, currency };
  const { placed } = state;
  return {
    ...view,
    placed_at: placed.placedAt,
    lead: leadNow(placed, events),
    travellers: travellersNow(deps.settings.tokenSealingKey, placed, events),
    attribution: placed.attribution,
    special_requests: placed.specialRequests,
    pickup_details: placed.pickupDetails ?? null,
    locale: placed.locale,
    payment: { ...view.payment, paid: doc.payment?.paid ?? nothing, refunded: doc.payment?.refunded ?? nothing },
    history: historyOf(events),
  };
}
