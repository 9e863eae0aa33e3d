import { type Refusal, notFound, refuse } from '../shared/refusal';

/** What a traveller may do with a booking (spec 4.5): read it, or act on it (cancel, send a receipt, take the refund instead). */
export type BookingAction = 'read' | 'cancel' | 'send_receipt' | 'refund_instead';

/** What the lead's email alone cannot do, as the 401 says it. */
const NOT_WITH_EMAIL: Record<Exclude<BookingAction, 'read'>, string> = {
  cancel: 'cannot cancel it',
  send_receipt: 'cannot send a receipt for it',
  refund_instead: 'cannot see or take the refund offered instead',
};

/**
 * The proofs a request brought, each already checked against the booking: undefined when not
 * presented, true when it matches, false when it does not. (Checking them in constant time is
 * the caller's job; this decides what they allow.)
 */
export interface AccessProofs {
  token: boolean | undefined;
  email: boolean | undefined;
  /** The traveller's session, when its email is the lead's. */
  session?: boolean | undefined;
}

/**
 * Spec 4.5: the booking token or the owner's session opens everything; the lead's email reads but
 * cannot act (401 when it is the only proof). A wrong proof answers exactly like a missing booking.
 */
export function bookingAccess(action: BookingAction, proofs: AccessProofs): Refusal | null {
  if (proofs.token === true || proofs.session === true) return null;
  if (proofs.email === true) {
    if (action === 'read') return null;
    if (proofs.token === undefined) return refuse('Unauthenticated', `the lead's email opens a booking but ${NOT_WITH_EMAIL[action]}: send the booking token`);
  }
  return notFound('booking');
}
