import { CONTACT_CHANGES_PER_HOUR, CONTACT_CODE_ATTEMPTS, CONTACT_CODE_MINUTES } from '../../domain/contact-change';
import { ref, str } from '../kernel/schema';
import { anyRef } from './booking';
import { contactChangeBody, contactChangeConfirmBody } from './contact-changes.schemas';
import { publicOperation } from './operation';

const access = { token: str({ minLength: 1, maxLength: 2000 }) };

const ACCESS =
  'Access: the contact_token from the checkout answer as `token`, in the query or in the body (when both are sent, both must be it). ' +
  "Neither the booking_token, the lead's email nor a session opens it. No token, or a wrong one, answers the same 404 NotFound (entity booking) as a ref that does not exist.";

export const requestContactChange = publicOperation({
  id: 'requestContactChange',
  method: 'post',
  path: '/v1/public/bookings/{ref}/contact-changes',
  summary: "Fix the lead's email or phone (contact token)",
  description:
    "Asks to fix the lead's email or phone of a confirmed or pending booking. A six-digit code is emailed in the booking's language: to the new address for an email, " +
    `to the booking's email for a phone; it works ${CONTACT_CODE_MINUTES} minutes and applies the change through POST .../contact-changes/{id}/confirm. ` +
    'The email can be fixed this way for a while after booking (30 minutes unless the service sets CONTACT_EMAIL_CHANGE_MINUTES); after that 422 ContactEmailFixClosed ' +
    'with closed_at: the seller corrects it. The phone can be fixed as long as the booking is confirmed or pending; a cancelled, rejected or lapsed booking answers 409 Conflict, ' +
    `reason booking_not_open, details {ref, booking_status}. At most ${CONTACT_CHANGES_PER_HOUR} changes an hour per booking; beyond, 429 RateLimited with retry_after_seconds and Retry-After. ` +
    `Not safe to repeat: each POST is a new change and a new code. ${ACCESS}`,
  params: { ref: anyRef },
  query: access,
  body: contactChangeBody,
  bodyRequired: true,
  bodyDescription:
    "Exactly one of `email` (the new address; the same check as checkout's lead.email) or `phone` (with its country code, as checkout's lead.phone); " +
    'neither, or both, is 422 InvalidInput (reason required, or one_change_at_a_time). Optional `token`: the contact_token.',
  success: { status: 202, description: '{id, field, expires_at, sent_to}' },
  response: ref('ContactChangeAsked'),
  handle: async ({ caller, params, query, body }, app) =>
    app.contactChanges.request(caller, params.ref, [query.token, body.token], { email: body.email, phone: body.phone }),
});

export const confirmContactChange = publicOperation({
  id: 'confirmContactChange',
  method: 'post',
  path: '/v1/public/bookings/{ref}/contact-changes/{id}/confirm',
  summary: 'Apply a contact change with its emailed code',
  description:
    "The emailed code applies the change: from then on the booking's mails go to the new email or name the new phone, and the new email opens the booking " +
    '(as `email`, or through a session of that address) while the old one no longer does. Sending the same code again changes nothing and answers the same result; ' +
    'a different code for an applied change answers 409 Conflict, reason contact_change_applied. ' +
    `A wrong code answers 422 ContactCodeWrong with attempts_left; after ${CONTACT_CODE_ATTEMPTS} wrong codes the change is locked: 422 ContactChangeLocked, whatever code is sent. ` +
    `A code older than ${CONTACT_CODE_MINUTES} minutes answers 422 ContactCodeExpired with expired_at. An unknown change id answers 404 NotFound (entity contact_change). ` +
    `Codes are compared in constant time. ${ACCESS}`,
  params: { ref: anyRef, id: str({ minLength: 1, maxLength: 200 }) },
  paramDescriptions: { id: 'The id from the answer to POST .../contact-changes' },
  query: access,
  body: contactChangeConfirmBody,
  bodyRequired: true,
  bodyDescription: '`code`: the six digits from the email; optional `token`: the contact_token.',
  success: { status: 200, description: '{id, field, status: applied}' },
  response: ref('ContactChangeApplied'),
  handle: async ({ caller, params, query, body }, app) => app.contactChanges.confirm(caller, params.ref, [query.token, body.token], params.id, body.code),
});

export const contactChangesOperations = [requestContactChange, confirmContactChange];
