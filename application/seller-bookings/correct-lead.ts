import { requestMetadata } from '../platform/ports/event-store';
import { bookingDecider, bookingStream } from '../../domain/booking';
import { contactChangeDecider, contactStream } from '../../domain/contact-change';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { Platform } from '../platform/platform';
import type { DecisionDeps, SellerCall } from './decisions';
import { type SellerBookingDetail, sellerBooking } from './view';

export interface LeadCorrection {
  email?: string;
  phone?: string;
}

/**
 * Spec 4.5: once the traveller's own window to fix the email has passed, the seller corrects the
 * lead's email or phone. The correction is a contact change of the booking (by seller), so the
 * new email opens the booking and the mails go to it from now on, and its history tells it.
 */
export async function correctLead(
  deps: DecisionDeps & Pick<Platform, 'ids'>,
  caller: SellerCall,
  ref: string,
  correction: LeadCorrection,
): Promise<SellerBookingDetail | Refusal> {
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none' || state.placed.sellerId !== caller.sellerId) return notFound('booking');
  const at = deps.clock.now();
  const now = at.toISOString();
  const metadata = requestMetadata(caller.correlationId, at);
  let position = -1;
  for (const field of ['email', 'phone'] as const) {
    const value = correction[field]?.trim();
    if (!value) continue;
    const command = { type: 'CorrectContact' as const, ref, changeId: deps.ids.uuid(), field, value, current: state.placed.lead[field], now };
    const done = await deps.commands.handle(contactStream(ref), contactChangeDecider, command, metadata);
    if (isRefusal(done)) return done;
    position = Math.max(position, done.position);
  }
  if (position >= 0) await deps.awaitProjections(position);
  return sellerBooking(deps, caller.sellerId, ref);
}
