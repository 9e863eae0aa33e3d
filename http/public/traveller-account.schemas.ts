/** Answers of the traveller's account (4.6). */
import { described, id, object, page, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, enumOf, ref, str } from '../kernel/schema';

const SignInLinkSent = object({ sent: { const: true } }, {}, { description: 'The same answer whether or not the email has bookings' });

const SignInLinkCheck = object({ usable: described(bool, 'Whether verify would sign in now with this token') });

const SignedIn = object({
  email: described(str(), 'The proven email (lower case), whose bookings on this storefront the session opens'),
  expires_at: described(timestamp, 'When the session ends unless the traveller signs out first'),
  return_path: described({ type: ['string', 'null'] }, 'The path on the site the sign-in link was asked from, or null'),
});

const SignedOut = object({ signed_out: { const: true } });

const TravellerSession = object({
  id,
  method: described(enumOf('link', 'passkey'), 'How the email was proven'),
  opened_at: timestamp,
  expires_at: timestamp,
  current: described(bool, 'The session this request is signed in with'),
});

const TravellerSessionList = object({ data: arr(ref('TravellerSession')) });

const SessionRevoked = object({ revoked: { const: true } });

export const travellerAccountSchemas: Record<string, Schema> = {
  SignInLinkSent,
  SignInLinkCheck,
  SignedIn,
  SignedOut,
  TravellerSession,
  TravellerSessionList,
  SessionRevoked,
  MyBookingList: page(ref('BookingView')),
};
