/** Answers of a booking's traveller details (4.5). */
import { described, nTimestamp, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { bookingRef } from '../kernel/params';
import { Schema, arr, bool, enumOf, int, ref } from '../kernel/schema';

const TravellerFormField = object(
  {
    name: described(text, "The key of this field in a traveller's details (e.g. full_name, date_of_birth, passport_number)"),
    label: described(text, 'A label in English for a form, from the name (Date of birth)'),
    kind: described(enumOf('text', 'date', 'country'), 'text; date: YYYY-MM-DD (a birth date must be past, an expiry after the trip ends); country'),
    required: described(bool, 'Every field a trip asks for is needed from every traveller'),
    sensitive: described(bool, 'An identity number: once given it is answered masked, only its last three characters shown (•••••123)'),
  },
  {},
  { description: 'One field of the traveller details form' },
);

const TravellerEntry = object(
  {
    position: described(int(1, 50), 'The traveller, 1 to pax; 1 is the lead'),
    lead: bool,
    complete: described(bool, 'Every field the trip asks for is given'),
    details: described(
      { type: 'object', additionalProperties: text },
      'What was given so far by field name ({} when nothing yet); identity numbers (sensitive fields) masked as •••••123, dates of birth shown',
    ),
    given_by: described(
      orNull(enumOf('checkout', 'lead', 'traveller_link')),
      'Who gave them: at checkout, the lead later (booking token or session), or the traveller with their own link; null when nothing yet',
    ),
    given_at: nTimestamp,
    link_expires_at: described(nTimestamp, 'When the link last made for this traveller stops working (the start); null when there is none open'),
  },
  {},
  { description: "One traveller's details as given so far, sensitive fields masked" },
);

const Travellers = object(
  {
    ref: bookingRef,
    form: described(
      object({
        collect: described(enumOf('checkout', 'after_booking'), "When the trip collects the details (the option's traveller_details.collect)"),
        due_at: described(nTimestamp, 'When they are due (details.due_at of the booking view); null when collected at checkout or none are asked'),
        fields: arr(ref('TravellerFormField')),
      }),
      'What the trip asks of every traveller (fields empty when it asks nothing)',
    ),
    details: described(
      orNull(ref('TravellerDetailsStatus')),
      "Where the booking's traveller details stand, as details in the booking view; null when opened with a traveller's link",
    ),
    travellers: described(arr(ref('TravellerEntry')), "Positions 1 to pax, lead first; opened with a traveller's link, only that traveller"),
  },
  {},
  { description: "A booking's traveller details form and what was given so far (spec 4.5)" },
);

const TravellerDetailsStatus = object({
  status: enumOf('not_needed', 'needed', 'complete', 'overdue'),
  due_at: nTimestamp,
  needed: bool,
  complete: bool,
  overdue: bool,
});

const TravellerLink = object(
  {
    position: int(1, 50),
    url: described(text, "The storefront's manage page (its manage_url, /manage by default) with ?ref=...&traveller_token=..., for the lead to forward"),
    token: described(text, "The traveller_token (shown once, only its digest kept): it opens this traveller's details and nothing else"),
    expires_at: described(timestamp, 'The start of the trip: the link stops working then'),
  },
  {},
  { description: 'A link for one traveller to fill in their own details' },
);

export const travellersSchemas: Record<string, Schema> = { TravellerFormField, TravellerEntry, Travellers, TravellerDetailsStatus, TravellerLink };
