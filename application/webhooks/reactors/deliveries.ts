import { bookingDecider, bookingStream, type BookingEvent } from '../../../domain/booking';
import type { CallOffSettled } from '../../../domain/departure';
import type { EnquiryEvent } from '../../../domain/enquiry';
import type { PaymentEvent } from '../../../domain/payment';
import { productDecider, productStream, type ProductEvent } from '../../../domain/product';
import type { SiteContentEvent } from '../../../domain/site-content';
import { CatalogReads } from '../../../projections/catalog/queries';
import type { RecordedEvent } from '../../platform/ports/event-store';
import type { Platform } from '../../platform/platform';
import { defineReactor } from '../../platform/processing/reactor';
import { scheduleDeliveries } from '../schedule';

type Source = BookingEvent | PaymentEvent | CallOffSettled | EnquiryEvent | ProductEvent | SiteContentEvent;
/** What the webhook event takes from the log's record: its id, position and time. */
type Logged = Pick<RecordedEvent, 'id' | 'position' | 'recordedAt'>;

/** The webhook event id of a log event: the same for every endpoint and every attempt. */
const eventIdOf = (event: Logged): string => `evt_${event.id}`;

async function emit(platform: Platform, event: Logged, sellerId: string | null, type: string, data: Record<string, unknown>): Promise<void> {
  if (!sellerId) return;
  // Endpoints registered just before this event must be in the read model before it is matched.
  await platform.awaitProjections(event.position);
  await scheduleDeliveries(platform, { sellerId, eventId: eventIdOf(event), type, createdAt: event.recordedAt, data });
}

async function booking(platform: Platform, event: Logged, ref: string, type: string, extra: Record<string, unknown> = {}, withAttribution = false) {
  const { state } = await platform.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return;
  const placed = state.placed;
  const data = {
    booking_ref: ref,
    storefront_id: placed.storefrontId,
    product_id: placed.productId,
    option_id: placed.optionId,
    start: state.start,
    timezone: placed.timezone,
    places: placed.places,
    ...(withAttribution ? { attribution: placed.attribution ?? null } : {}),
    ...extra,
  };
  await emit(platform, event, placed.sellerId, type, data);
}

async function trip(platform: Platform, event: Logged, productId: string, type: string) {
  const { state } = await platform.commands.load(productStream(productId), productDecider);
  await emit(platform, event, state.sellerId, type, { product_id: productId });
}

/**
 * Turns the seller's events in the log into webhook deliveries, one per subscribed endpoint. Only
 * events the log records today are mapped; the other declared types follow their events.
 */
export const webhookDeliveriesReactor = defineReactor<Source>('webhook-deliveries', {
  BookingPending: (e, p) => booking(p, e, e.data.ref, 'booking.requested', { expires_at: e.data.expiresAt }, true),
  BookingConfirmed: (e, p) => booking(p, e, e.data.ref, 'booking.confirmed', {}, true),
  BookingCancelled: (e, p) =>
    booking(p, e, e.data.ref, 'booking.cancelled', {
      cancelled_by: e.data.by,
      reason: e.data.reason,
      refund_pct: e.data.refundPct,
      refund: e.data.refund,
      refund_instead: e.data.refundInstead ?? false,
    }),
  BookingRejected: (e, p) => booking(p, e, e.data.ref, 'booking.rejected', { reason: e.data.reason }),
  BookingLapsed: (e, p) => booking(p, e, e.data.ref, 'booking.lapsed'),
  BookingMoved: (e, p) =>
    booking(p, e, e.data.ref, 'booking.moved', { call_id: e.data.callId, from: e.data.from, to: e.data.to, reason: e.data.reason, note: e.data.note }),
  BookingMessaged: (e, p) => booking(p, e, e.data.ref, 'booking.messaged', { message_id: e.data.messageId, message: e.data.message }),
  PaymentLinkSent: (e, p) => booking(p, e, e.data.ref, 'payment.link_sent', { url: e.data.url }),
  PaymentProofSubmitted: (e, p) =>
    booking(p, e, e.data.ref, 'payment.proof_submitted', { receipt_id: e.data.receiptId, content_type: e.data.contentType, size: e.data.size }),
  PaymentReceived: (e, p) =>
    booking(p, e, e.data.ref, 'payment.received', {
      payment_id: e.data.paymentId,
      amount: e.data.amount,
      paid: e.data.paid,
      payment_status: e.data.status,
      reference: e.data.reference,
    }),
  CallOffSettled: (e, p) =>
    emit(p, e, e.data.sellerId, 'departure.cancelled', {
      call_id: e.data.callId,
      option_id: e.data.optionId,
      start: e.data.start,
      reason: e.data.reason,
      note: e.data.note,
      offered_start: e.data.offeredStart,
      bookings: e.data.outcomes.map((o) => ({ booking_ref: o.ref, outcome: o.outcome, start: o.to ?? null })),
    }),
  EnquiryReceived: (e, p) =>
    emit(p, e, e.data.sellerId, 'enquiry.received', {
      enquiry_id: e.data.enquiryId,
      reference: e.data.reference,
      kind: e.data.kind,
      storefront_id: e.data.storefrontId,
      product_id: e.data.productId,
    }),
  ProductPublished: (e, p) => trip(p, e, e.data.productId, 'trip.published'),
  ProductUpdated: (e, p) => trip(p, e, e.data.productId, 'trip.updated'),
  ProductUnpublished: (e, p) => trip(p, e, e.data.productId, 'trip.unpublished'),
  PagePublished: async (e, p) => {
    const site = await new CatalogReads(p.docs).storefront(e.data.storefrontId);
    const sellerId = site ? ((site.kind === 'direct' ? site.seller_id : site.operator_seller_id) ?? null) : null;
    await emit(p, e, sellerId, 'page.published', { storefront_id: e.data.storefrontId, page_id: e.data.pageId });
  },
});
