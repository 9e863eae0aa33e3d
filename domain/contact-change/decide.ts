import { assertNever } from '../shared/decider';
import { type Refusal, conflict, notFound, refuse } from '../shared/refusal';
import { hourlyLimit } from '../traveller/sign-in-limits';
import type { BookingStatus } from '../booking/events';
import { type BookingContact, CONTACT_CHANGES_PER_HOUR, type ContactChange, type ContactChangeEvent, type ContactField } from './events';

/** How long an emailed code works. */
export const CONTACT_CODE_MINUTES = 15;

/** Wrong codes a change takes; after them it is locked and no code applies it. */
export const CONTACT_CODE_ATTEMPTS = 5;

/** A booking whose lead contact may still be fixed: one that is going ahead or waits for an answer. */
const OPEN: readonly string[] = ['confirmed', 'pending'] satisfies BookingStatus[];

export type RequestContactChange = {
  type: 'RequestContactChange';
  ref: string;
  changeId: string;
  field: ContactField;
  value: string;
  /** The booking as it stands: its status, when it was placed, its lead's email as placed and its language. */
  booking: { status: BookingStatus | 'placed'; placedAt: string; leadEmail: string; locale: string | null };
  /** How long after booking the traveller may fix the email (setting CONTACT_EMAIL_CHANGE_MINUTES); the seller corrects it after. */
  emailFixMinutes: number;
  codeHash: string;
  sealedCode: string;
  now: string;
};

/**
 * `codeMatches`: whether the code presented is the change's, checked by the caller in constant
 * time against the change's `codeHash` (the domain has no crypto); false when there is no such change.
 */
export type ConfirmContactChange = { type: 'ConfirmContactChange'; ref: string; changeId: string; codeMatches: boolean; now: string };

/** The seller corrects the lead's email or phone (spec 4.5: after the traveller's window, the seller does). Setting what is there changes nothing. */
export type CorrectContact = { type: 'CorrectContact'; ref: string; changeId: string; field: ContactField; value: string; current: string; now: string };

export type ContactChangeCommand = RequestContactChange | ConfirmContactChange | CorrectContact;

const minutesAfter = (at: string, minutes: number): string => new Date(Date.parse(at) + minutes * 60_000).toISOString();

/** The lead's email and phone now: the latest applied changes over the contact the booking was placed with. */
export function currentContact<L extends { email: string; phone: string }>(lead: L, contact: BookingContact): L {
  return { ...lead, email: contact.email ?? lead.email, phone: contact.phone ?? lead.phone };
}

/** Spec 4.5: the email within the fix window of booking, the phone any time, while the booking is open; 5 an hour. */
function requestContactChange(command: RequestContactChange, state: BookingContact): ContactChangeEvent[] | Refusal {
  const { ref, changeId, field, value, booking, now } = command;
  if (!OPEN.includes(booking.status)) {
    return conflict('booking_not_open', `booking ${ref} is ${booking.status}: its contact can no longer be changed`, {
      ref,
      booking_status: booking.status,
    });
  }
  const closedAt = minutesAfter(booking.placedAt, command.emailFixMinutes);
  if (field === 'email' && Date.parse(now) >= Date.parse(closedAt)) {
    return refuse(
      'ContactEmailFixClosed',
      `the lead's email can be fixed online for ${command.emailFixMinutes} minutes after booking, until ${closedAt}: ask the seller to correct it`,
      { closed_at: closedAt },
    );
  }
  const limited = hourlyLimit(state.requestedAt, CONTACT_CHANGES_PER_HOUR, now, 'a contact change was asked for this booking');
  if (limited) return limited;
  const sendTo = field === 'email' ? value : (state.email ?? booking.leadEmail);
  const { codeHash, sealedCode } = command;
  const expiresAt = minutesAfter(now, CONTACT_CODE_MINUTES);
  return [{ type: 'ContactChangeRequested', data: { ref, changeId, field, value, sendTo, locale: booking.locale, codeHash, sealedCode, expiresAt, at: now } }];
}

const locked = (change: ContactChange): boolean => change.wrongCodes >= CONTACT_CODE_ATTEMPTS;

/**
 * The right code applies the change once; the same code again changes nothing (the answer is the
 * same). A wrong code is recorded, and counts; once locked, or expired, no code applies it.
 */
function confirmContactChange(command: ConfirmContactChange, state: BookingContact): ContactChangeEvent[] | Refusal {
  const { ref, changeId, codeMatches, now } = command;
  const change = state.changes[changeId];
  if (!change) return notFound('contact_change');
  if (change.applied) {
    return codeMatches ? [] : conflict('contact_change_applied', 'this change is applied already; a wrong code changes nothing', { id: changeId });
  }
  if (locked(change)) return lockedRefusal();
  if (Date.parse(now) >= Date.parse(change.expiresAt)) {
    return refuse('ContactCodeExpired', `the code ran out at ${change.expiresAt}: ask for a new one`, { expired_at: change.expiresAt });
  }
  if (!codeMatches) return [{ type: 'ContactChangeCodeRefused', data: { ref, changeId, at: now } }];
  return [{ type: 'ContactChanged', data: { ref, changeId, field: change.field, value: change.value, at: now } }];
}

const lockedRefusal = (): Refusal =>
  refuse('ContactChangeLocked', `${CONTACT_CODE_ATTEMPTS} wrong codes were sent for this change: no code applies it any more; ask for a new one`);

export interface ContactChangeApplied {
  id: string;
  field: ContactField;
  status: 'applied';
}

/**
 * What a confirmation answers once decided: the change applied, or, when the code was wrong,
 * 422 ContactCodeWrong with the attempts left (none left: the change is locked from now on).
 */
export function confirmationAnswer(state: BookingContact, changeId: string): ContactChangeApplied | Refusal {
  const change = state.changes[changeId];
  if (!change) return notFound('contact_change');
  if (change.applied) return { id: changeId, field: change.field, status: 'applied' };
  const left = Math.max(0, CONTACT_CODE_ATTEMPTS - change.wrongCodes);
  return refuse('ContactCodeWrong', `that is not the code that was sent: ${left} attempts left`, { attempts_left: left });
}

function correctContact(command: CorrectContact, state: BookingContact): ContactChangeEvent[] {
  const now = state[command.field] ?? command.current;
  if (now === command.value) return [];
  const { ref, changeId, field, value } = command;
  return [{ type: 'ContactChanged', data: { ref, changeId, field, value, at: command.now, by: 'seller' } }];
}

export function decideContactChange(command: ContactChangeCommand, state: BookingContact): ContactChangeEvent[] | Refusal {
  switch (command.type) {
    case 'RequestContactChange':
      return requestContactChange(command, state);
    case 'ConfirmContactChange':
      return confirmContactChange(command, state);
    case 'CorrectContact':
      return correctContact(command, state);
    default:
      return assertNever(command);
  }
}
