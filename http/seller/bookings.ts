import { arr, enumOf, ref } from '../kernel/schema';
import { sellerOperation } from './operation';
import { paging } from './products';

export const sellerListBookings = sellerOperation({
  id: 'sellerListBookings',
  method: 'get',
  path: '/v1/bookings',
  permission: 'bookings:read',
  summary: "The seller's bookings",
  description:
    "The key's seller's bookings (holds not checked out are not bookings), newest first, a page at a time: {data, next_cursor, total}; " +
    'each item is the booking view plus placed_at. Needs a secret key with bookings:read (403 NotPermitted otherwise).',
  query: { status: arr(enumOf('on_hold', 'confirmed', 'pending', 'cancelled'), { minItems: 1 }), ...paging },
  multi: ['status'],
  success: { status: 200, description: '{data, next_cursor, total}' },
  response: ref('SellerBookingList'),
  handle: async ({ caller, query }, app) => app.seller.bookings(caller, query),
});

export const sellerBookingOperations = [sellerListBookings];
