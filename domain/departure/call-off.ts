import { Refusal, conflict, refuse } from '../shared/refusal';
import { CallOff, CallOffOutcome, CallOffReason, Departure, DepartureEvent, bookedRefs } from './events';

/**
 * The seller calls the start off. `refs` are the bookings the read model knows at this start
 * (requests of on_request options take no places, so only the read model knows them); the
 * departure adds every ref whose places are booked here, so none is missed by a lagging read model.
 */
export type CallOffDeparture = {
  type: 'CallOffDeparture';
  callId: string;
  sellerId: string;
  optionId: string;
  start: string;
  reason: CallOffReason;
  note: string | null;
  offeredStart: string | null;
  refs: string[];
  now: Date;
};
/** Every booking of the call has its outcome. Repeating it (a reactor run again) changes nothing. */
export type SettleCallOff = { type: 'SettleCallOff'; callId: string; optionId: string; start: string; outcomes: CallOffOutcome[]; now: Date };
/** Staff write to the travellers of this start; `refs` are its pending and confirmed bookings. */
export type MessageDeparture = { type: 'MessageDeparture'; messageId: string; subject: string | null; message: string; refs: string[]; now: Date };

export type CallOffCommand = CallOffDeparture | SettleCallOff | MessageDeparture;

/** A start called off takes no holds and no bookings: it does not run (SlotClosed). */
export function calledOffRefusal(callOff: CallOff): Refusal {
  return refuse('SlotClosed', `the seller called off this start (${callOff.reason}): it does not run`);
}

/** A start is called off once; calling it off again is refused, naming the call that stands. */
export function alreadyCalledOff(callOff: CallOff, start: string): Refusal {
  return conflict('departure_called_off', 'this start is called off already', { call_id: callOff.callId, start, reason: callOff.reason });
}

function callOffDeparture(command: CallOffDeparture, state: Departure): DepartureEvent[] | Refusal {
  if (state.calledOff) {
    // The same call again (a repeated request, a retry) is done already.
    return state.calledOff.callId === command.callId ? [] : alreadyCalledOff(state.calledOff, command.start);
  }
  const refs = [...new Set([...command.refs, ...bookedRefs(state)])].sort();
  const { callId, sellerId, optionId, start, reason, note, offeredStart } = command;
  return [{ type: 'DepartureCalledOff', data: { callId, sellerId, optionId, start, reason, note, offeredStart, refs, at: command.now.toISOString() } }];
}

function settleCallOff(command: SettleCallOff, state: Departure): DepartureEvent[] | Refusal {
  const callOff = state.calledOff;
  if (!callOff || callOff.callId !== command.callId) return conflict('call_off_unknown', 'this start has no such call-off', { call_id: command.callId });
  if (callOff.outcomes) return [];
  const { callId, sellerId, reason, note, offeredStart } = callOff;
  const { optionId, start } = command;
  return [
    {
      type: 'CallOffSettled',
      data: { callId, sellerId, optionId, start, reason, note, offeredStart, outcomes: command.outcomes, at: command.now.toISOString() },
    },
  ];
}

function messageDeparture(command: MessageDeparture): DepartureEvent[] {
  const { messageId, subject, message } = command;
  const refs = [...new Set(command.refs)].sort();
  return [{ type: 'DepartureMessaged', data: { messageId, subject, message, refs, at: command.now.toISOString() } }];
}

/** Call-offs and messages of one start. */
export function decideCallOff(command: CallOffCommand, state: Departure): DepartureEvent[] | Refusal {
  switch (command.type) {
    case 'CallOffDeparture':
      return callOffDeparture(command, state);
    case 'SettleCallOff':
      return settleCallOff(command, state);
    case 'MessageDeparture':
      return messageDeparture(command);
  }
}
