/** Answers of the seller's bookings. */
import { object, page, timestamp } from '../kernel/answer-schema';
import { Schema, ref } from '../kernel/schema';

const SellerBooking = { allOf: [ref('BookingView'), object({ placed_at: timestamp })] };

export const sellerBookingSchemas: Record<string, Schema> = { SellerBooking, SellerBookingList: page(ref('SellerBooking')) };
