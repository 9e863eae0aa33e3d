import { ref, str } from '../kernel/schema';
import { anyRef } from './booking';
import { publicOperation } from './operation';

// Generous bounds: a token or email of any plausible size that is wrong answers 404 like a missing booking.
const proofs = { token: str({ minLength: 1, maxLength: 2000 }), email: str({ minLength: 1, maxLength: 2000 }) };
const withLink = { ...proofs, traveller_token: str({ minLength: 1, maxLength: 2000 }) };
const position = { ref: anyRef, position: { ...str({ pattern: '^[0-9]{1,3}$' }), 'x-expected': 'a traveller position 1 to pax (1 is the lead)' } };

const ACCESS =
  "Access: the booking's `token` or the owner's session cookie opens every traveller to read and change; the lead's `email` (any case) reads only " +
  '(a change with email alone is 401 Unauthenticated); `traveller_token`, from a link POST .../travellers/{position}/link made, opens only the traveller it was made for, ' +
  'until the start, to read and fill in. A wrong token, email or traveller_token, or one for another traveller, answers the same 404 NotFound (entity booking) ' +
  'as a ref that does not exist. A traveller_token opens nothing else of the booking.';

export const getTravellers = publicOperation({
  id: 'getTravellers',
  method: 'get',
  path: '/v1/public/bookings/{ref}/travellers',
  summary: "A booking's traveller details: the form and what was given",
  params: { ref: anyRef },
  query: withLink,
  description:
    "The form the trip asks every traveller to fill in (form.fields: name, label, kind text/date/country, required, sensitive; form.collect and form.due_at), where the booking's " +
    'details stand (details, as in the booking view) and, for positions 1 to pax (1 is the lead), what was given so far: identity numbers such as passport_number ' +
    `masked to their last three characters (•••••123); dates of birth shown. Details given at checkout show given_by checkout. ${ACCESS} ` +
    'With a traveller_token the answer carries only that traveller, and details is null.',
  success: { status: 200, description: '{ref, form, details, travellers}' },
  response: ref('Travellers'),
  handle: async ({ caller, params, query }, app) => app.travellerDetails.travellers(caller, params.ref, query),
});

export const putTraveller = publicOperation({
  id: 'putTraveller',
  method: 'put',
  path: '/v1/public/bookings/{ref}/travellers/{position}',
  summary: "Save one traveller's details",
  params: position,
  query: withLink,
  // Values are checked against the form (text, dates, ages, passport numbers) where a problem can name the field and say what the form asks.
  body: { type: 'object', maxProperties: 50 },
  bodyRequired: true,
  bodyDescription:
    "The traveller's details by field name, flat at the top level of the body, as the form's fields name them (e.g. {full_name, date_of_birth, passport_number}), " +
    'each text of up to 500 characters; a field the form does not ask for (or a wrapper such as {details: {...}}) is 422 InvalidInput unknown_field',
  description:
    'Saves one traveller (position 1 is the lead) with the checks of checkout: every field the form asks for (422 TravellerDetailsRequired, missing [{traveller: position, fields}]); ' +
    "only the fields the form asks for (422 InvalidInput, reason unknown_field, naming travellers[position].field and listing the form's fields); " +
    'text values of up to 500 characters, real dates YYYY-MM-DD, a birth date in the past whose age on the day of the trip one of the booked units admits (its min_age to max_age: reason age_outside_units), ' +
    'a passport number of 6 to 12 letters and digits (invalid_passport_number) and a passport expiring after the trip ends (422 TravellerDetailsInvalid, problems naming travellers[position].field). ' +
    'Saving again replaces them; the same details again change nothing. Answers the traveller as GET lists it, sensitive fields masked. ' +
    'A position outside 1 to pax is 404 NotFound (entity traveller); a cancelled, rejected or lapsed booking is 409 Conflict booking_not_active; a trip that asks for no details ' +
    `409 Conflict details_not_needed. The booking token, the owner's session, or the traveller_token made for this position. ${ACCESS}`,
  success: { status: 200, description: 'the traveller, masked' },
  response: ref('TravellerEntry'),
  handle: async ({ caller, params, query, body }, app) =>
    app.travellerDetails.save(caller, params.ref, Number(params.position), query, body as Record<string, unknown>),
});

export const makeTravellerLink = publicOperation({
  id: 'makeTravellerLink',
  method: 'post',
  path: '/v1/public/bookings/{ref}/travellers/{position}/link',
  summary: 'A link for one traveller to fill in their own details',
  params: position,
  query: withLink,
  description:
    "Makes a link for the lead to forward: url is the storefront's manage page (its manage_url, /manage by default) with ?ref=...&traveller_token=...; the token " +
    '(shown once, only its digest kept) opens GET and PUT of this traveller only, until the start (expires_at). A new link for the same traveller replaces the old one. ' +
    "Needs the booking token or the owner's session (the lead's email alone: 401 Unauthenticated; a traveller_token opens nothing here: 404 NotFound entity booking). " +
    'A position outside 1 to pax is 404 NotFound (entity traveller); a cancelled, rejected or lapsed booking 409 Conflict booking_not_active; after the start 409 Conflict trip_started.',
  success: { status: 201, description: '{position, url, token, expires_at}' },
  response: ref('TravellerLink'),
  handle: async ({ caller, params, query }, app) => app.travellerDetails.issueLink(caller, params.ref, Number(params.position), query),
});

export const travellersOperations = [getTravellers, putTraveller, makeTravellerLink];
