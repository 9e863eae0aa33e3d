import { Payload, Upcasters, renameFields } from '../shared/upcast';

/** Booking payloads written before they were camelCase (refund_pct, trip.product_id). */
export const bookingUpcasters: Upcasters = {
  BookingPlaced: (data) => {
    const trip = data.trip as Payload | undefined;
    return trip && 'product_id' in trip ? { ...data, trip: renameFields(trip, { product_id: 'productId' }) } : data;
  },
  BookingCancelled: (data) => renameFields(data, { refund_pct: 'refundPct' }),
};
