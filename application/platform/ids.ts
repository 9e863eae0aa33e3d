import { randomUUID } from 'node:crypto';
import type { Ids } from './ports/ids';
import { newBookingRef, newToken } from './secrets';

/** Ids from node:crypto: what the service uses outside tests. */
export const randomIds: Ids = {
  bookingRef: newBookingRef,
  token: newToken,
  uuid: randomUUID,
};
