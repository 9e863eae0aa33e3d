import type { Event } from '../shared/decider';

/** What a traveller may fix of the lead's contact (spec 4.5). */
export type ContactField = 'email' | 'phone';

/**
 * A fix of the lead's email or phone was asked for with the booking's contact_token. The six-digit
 * code is kept twice, never in plain text: `codeHash` (HMAC under a server secret, with the change
 * id) is what a confirmation is checked against; `sealedCode` (AES-GCM under the same secret) is
 * what the mail reactor opens to send it, so the code leaves only in that mail.
 */
export type ContactChangeRequested = Event<
  'ContactChangeRequested',
  {
    ref: string;
    changeId: string;
    field: ContactField;
    /** The new email (as typed, trimmed) or phone. */
    value: string;
    /** Where the code is mailed: the new address for an email, the booking's email at the time for a phone. */
    sendTo: string;
    /** The booking's language, for the code's mail. */
    locale: string | null;
    codeHash: string;
    sealedCode: string;
    expiresAt: string;
    at: string;
  }
>;

/** A wrong code was presented for a change; after CONTACT_CODE_ATTEMPTS of them the change is locked. */
export type ContactChangeCodeRefused = Event<'ContactChangeCodeRefused', { ref: string; changeId: string; at: string }>;

/** The right code was presented: the lead's email or phone is now `value`. */
/** `by` seller: the seller corrected it (after the traveller's own window); absent: the traveller, with the code. */
export type ContactChanged = Event<'ContactChanged', { ref: string; changeId: string; field: ContactField; value: string; at: string; by?: 'seller' }>;

export type ContactChangeEvent = ContactChangeRequested | ContactChangeCodeRefused | ContactChanged;

/** One asked-for change as its confirmations see it. */
export interface ContactChange {
  changeId: string;
  field: ContactField;
  value: string;
  codeHash: string;
  expiresAt: string;
  wrongCodes: number;
  applied: boolean;
}

/** The contact changes of one booking, and the lead's email and phone they set (null: as placed). */
export interface BookingContact {
  /** The latest requests, oldest first: all the hourly limit needs. */
  requestedAt: string[];
  changes: Record<string, ContactChange>;
  email: string | null;
  phone: string | null;
}

/** Spec part 8: contact changes one booking may ask for in an hour. */
export const CONTACT_CHANGES_PER_HOUR = 5;

export const initialBookingContact = (): BookingContact => ({ requestedAt: [], changes: {}, email: null, phone: null });

export function evolveBookingContact(state: BookingContact, event: ContactChangeEvent): BookingContact {
  switch (event.type) {
    case 'ContactChangeRequested': {
      const { changeId, field, value, codeHash, expiresAt, at } = event.data;
      return {
        ...state,
        requestedAt: [...state.requestedAt, at].slice(-CONTACT_CHANGES_PER_HOUR),
        changes: { ...state.changes, [changeId]: { changeId, field, value, codeHash, expiresAt, wrongCodes: 0, applied: false } },
      };
    }
    case 'ContactChangeCodeRefused': {
      const change = state.changes[event.data.changeId];
      if (!change) return state;
      return { ...state, changes: { ...state.changes, [change.changeId]: { ...change, wrongCodes: change.wrongCodes + 1 } } };
    }
    case 'ContactChanged': {
      const change = state.changes[event.data.changeId];
      const changes = change ? { ...state.changes, [change.changeId]: { ...change, applied: true } } : state.changes;
      return { ...state, changes, [event.data.field]: event.data.value };
    }
  }
}
