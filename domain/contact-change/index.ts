import type { Decider } from '../shared/decider';
import { type ContactChangeCommand, decideContactChange } from './decide';
import { type BookingContact, type ContactChangeEvent, evolveBookingContact, initialBookingContact } from './events';

/** Fixes of a booking's lead email or phone (spec 4.5): asked for with the contact_token, applied with an emailed code. */
export * from './events';
export * from './decide';
export * from './rules';

export const contactChangeDecider: Decider<ContactChangeCommand, ContactChangeEvent, BookingContact> = {
  initialState: initialBookingContact,
  evolve: evolveBookingContact,
  decide: decideContactChange,
};

/** One stream per booking, beside the booking's own: the contact changes and the limits on them. */
export const contactStream = (ref: string): string => `contact-${ref}`;
