import { bookingDecider, bookingStream } from '../../domain/booking';
import { type CallOffReason, departureDecider, departureStream } from '../../domain/departure';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { Platform } from '../platform/platform';
import type { EventMetadata } from '../platform/ports/event-store';
import type { SellerCaller } from '../seller';
import { callOffReactor } from './reactors/call-off';
import { checkOfferedStart, checkSellersStart, sellersOption, standingRefs } from './starts';

export interface CallOffBody {
  reason: CallOffReason;
  note?: string | null;
  offered_start?: string | null;
}

/** moved: to the offered start; cancelled: by the seller, refunded; in_progress: not done yet when the answer was given. */
export type BookingOutcome = 'moved' | 'cancelled' | 'in_progress';

export interface CallOffAnswer {
  call_id: string;
  start: string;
  offered_start: string | null;
  reason: CallOffReason;
  note: string | null;
  bookings: { ref: string; outcome: BookingOutcome; start: string }[];
}

export type CallOffDeps = Pick<Platform, 'commands' | 'docs' | 'clock' | 'ids' | 'awaitReactor' | 'awaitProjections'>;

export const sellerMetadata = (caller: SellerCaller, now: Date): EventMetadata => ({
  correlationId: caller.correlationId,
  causationId: caller.correlationId,
  at: now.toISOString(),
});

/**
 * The seller calls off a start. The call is recorded on the departure (one call id; the start
 * takes no more holds), and the call-off reactor moves or cancels each booking after the append,
 * so a crash cannot leave a booking half done. The answer waits, bounded, for that reactor.
 */
export async function callOff(deps: CallOffDeps, caller: SellerCaller, optionId: string, start: string, body: CallOffBody): Promise<CallOffAnswer | Refusal> {
  const now = deps.clock.now();
  const found = await sellersOption(deps.docs, caller.sellerId, optionId);
  if (isRefusal(found)) return found;
  const { option, timezone } = found;
  const refs = await standingRefs(deps.docs, optionId, start);
  const badStart = checkSellersStart(option, start, timezone, now);
  // A start taken off the schedule after it was booked can still be called off.
  if (badStart && !(badStart.code === 'NotFound' && refs.length > 0)) return badStart;
  const offeredStart = body.offered_start ?? null;
  if (offeredStart !== null) {
    const badOffer = checkOfferedStart(option, start, offeredStart, timezone, now);
    if (badOffer) return badOffer;
  }
  const called = await deps.commands.handle(
    departureStream(optionId, start),
    departureDecider,
    {
      type: 'CallOffDeparture',
      callId: deps.ids.uuid(),
      sellerId: caller.sellerId,
      optionId,
      start,
      reason: body.reason,
      note: body.note ?? null,
      offeredStart,
      refs,
      now,
    },
    sellerMetadata(caller, now),
  );
  if (isRefusal(called)) return called;
  await deps.awaitReactor(callOffReactor.name, called.position);
  return callOffAnswer(deps, optionId, start);
}

/** The call as it stands: each booking's outcome once settled, else as far as its booking has got. */
async function callOffAnswer(deps: Pick<Platform, 'commands'>, optionId: string, start: string): Promise<CallOffAnswer | Refusal> {
  const { state } = await deps.commands.load(departureStream(optionId, start), departureDecider);
  const call = state.calledOff;
  if (!call) return notFound('call_off');
  let bookings: CallOffAnswer['bookings'];
  if (call.outcomes) {
    bookings = call.outcomes.map((o) => ({ ref: o.ref, outcome: o.outcome, start: o.to ?? start }));
  } else {
    bookings = await Promise.all(call.refs.map(async (ref) => ({ ref, ...(await outcomeSoFar(deps, ref, call.callId, start)) })));
  }
  return { call_id: call.callId, start, offered_start: call.offeredStart, reason: call.reason, note: call.note, bookings };
}

async function outcomeSoFar(deps: Pick<Platform, 'commands'>, ref: string, callId: string, start: string): Promise<{ outcome: BookingOutcome; start: string }> {
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return { outcome: 'in_progress', start };
  if (state.move?.callId === callId) return { outcome: 'moved', start: state.move.to };
  if (state.status === 'cancelled') return { outcome: 'cancelled', start: state.start };
  return { outcome: 'in_progress', start: state.start };
}
