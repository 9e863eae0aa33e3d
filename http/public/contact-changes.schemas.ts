/** Bodies and answers of fixing the lead's contact (4.5). */
import { LEAD_PHONE_PATTERN } from '../../domain/contact-change';
import { described, id, object, timestamp } from '../kernel/answer-schema';
import { Schema, enumOf, obj, str } from '../kernel/schema';

/** The contact_token, in the body for clients that keep secrets out of addresses. */
const token = str({
  minLength: 1,
  maxLength: 2000,
  description: 'The contact_token from the checkout answer (instead of, or as well as, the query parameter)',
});

export const contactChangeBody = obj({
  email: str({ format: 'email', maxLength: 320, 'x-expected': 'an email address, e.g. ana@example.com', description: "The lead's new email" }),
  phone: str({
    pattern: LEAD_PHONE_PATTERN,
    'x-expected': 'a phone number with its country code, e.g. +351 912 345 678',
    description: "The lead's new phone, with its country code (the same check as checkout's lead.phone)",
  }),
  token,
});

export const contactChangeConfirmBody = obj({ code: str({ pattern: '^[0-9]{6}$', 'x-expected': 'the six digits of the emailed code, e.g. 042917' }), token }, [
  'code',
]);

const field = described(enumOf('email', 'phone'), "What the change fixes: the lead's email or phone");

const ContactChangeAsked = object(
  {
    id,
    field,
    expires_at: described(timestamp, 'When the emailed code stops working'),
    sent_to: described(str(), "Where the code was emailed, masked (e.g. a***@e***.com): the new address for an email, the booking's email for a phone"),
  },
  {},
  { description: 'A contact change asked for: a six-digit code is on its way by email' },
);

const ContactChangeApplied = object(
  { id, field, status: { const: 'applied' } },
  {},
  { description: "The change is applied: the lead's email or phone is the new one" },
);

export const contactChangesSchemas: Record<string, Schema> = { ContactChangeAsked, ContactChangeApplied };
