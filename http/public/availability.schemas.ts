/** Answers of availability and price (4.3): calendar days (2.5), quotes (2.6), payment methods. */
import { object, orNull, described, id, text, nInt, nStr, timestamp, nTimestamp, currencyCode, money, nMoney } from '../kernel/answer-schema';
import type { SelectionBody } from '../../application/availability';
import { currency, date, localStartParam } from '../kernel/params';
import { Schema, arr, bool, describes, enumOf, int, nullable, num, obj, ref, str } from '../kernel/schema';

// ---------------------------------------------------------------- calendar (2.5)

const startStatus = described(
  enumOf('open', 'sold_out', 'closed', 'past_cutoff'),
  'open = bookable, sold_out, closed = does not run, called off, or no way to pay the seller offers can be paid before it any more (quotes refuse PaymentWindowClosed), past_cutoff = too late',
);

const CalendarDay = object(
  {
    date,
    status: startStatus,
    starts: arr(
      object({
        time: described(orNull(str({ pattern: '^\\d{2}:\\d{2}$' })), 'HH:MM local; null = open all day'),
        status: startStatus,
        remaining: described(orNull(int(0)), 'null when places are not counted'),
      }),
    ),
  },
  {},
  { description: 'A day of an option calendar (spec 2.5); no prices' },
);

const CalendarDays = arr(ref('CalendarDay'), { description: 'Every day of the month, in order' });

// ---------------------------------------------------------------- quote, hold (2.6, 2.7)

const QuoteLine = object({
  kind: enumOf('unit', 'extra', 'room', 'pickup'),
  ref: described(text, "Id of the unit, extra, room type or pickup area (an area's name only for areas written before areas had ids)"),
  label: text,
  qty: int(0),
  unit_price: money,
  original_unit_price: described(nMoney, "A special's price before discount, or null"),
  total: money,
  pay_at: enumOf('upfront', 'local'),
  included: bool,
  vehicle: nStr,
});

const Quote = object(
  {
    option_id: id,
    lines: arr(ref('QuoteLine')),
    totals: object({
      due_now: described(money, 'Paid when booking'),
      pay_locally: described(arr(money), 'Paid on the day, each in its own currency'),
      grand_total: described(
        money,
        "In the quote's currency: due_now plus each local line's total, as it is when paid in the quote's currency, else converted into it " +
          "through US dollars at the rates of the day (fx and the local currency's) and rounded once per line, so the lines add up to it",
      ),
    }),
    confirmation: enumOf('instant', 'manual'),
    pending_expires_at: nTimestamp,
    remaining: described(orNull(int(0)), 'Places left before this booking, when counted'),
    pax: int(0),
    pairing: described(bool, 'A solo traveller in a shared room will be paired later'),
    vehicles: described(
      arr(
        object(
          { name: text, count: described(int(0), "Vehicles the group needs: travellers who take a seat shared out over each vehicle's seats, rounded up") },
          {
            seats: described(
              nInt,
              'Seats of each vehicle; null when the option does not count them (one vehicle a booking). Absent in quotes made before seats were counted',
            ),
          },
        ),
      ),
      'The vehicles of a private option the group rides in; empty when the option names none',
    ),
    fx: object({
      base: currencyCode,
      quote: currencyCode,
      rate: str({ pattern: '^\\d+(\\.\\d+)?$', description: 'Units of `quote` per unit of `base`, as a decimal string' }),
      rate_id: text,
      as_of: timestamp,
    }),
    policy: { allOf: [ref('Policy'), { required: ['preset'] }] },
    pickup: orNull(
      object(
        { area: described(text, "The pickup area's name"), price: money },
        { id: described(nStr, "The pickup area's id (null for areas written before areas had ids); absent in quotes made before") },
      ),
    ),
  },
  {},
  { description: 'A quote (spec 2.6): lines add up exactly to totals after rounding' },
);

const PaymentMethods = arr(
  object({
    kind: described(text, 'Observed pay_on_arrival, payment_link'),
    deadline_hours: described(nInt, 'Must be paid this many hours before the start; null when paid on the day'),
    currencies: described(arr(currencyCode), 'May be empty'),
  }),
  { description: 'Only methods whose time to pay ends in time for the start; bank details are never here' },
);

// ---------------------------------------------------------------- requests

const attributionField = (max: number) => str({ maxLength: max });
export const attribution = obj({
  utm_source: attributionField(200),
  utm_medium: attributionField(200),
  utm_campaign: attributionField(200),
  utm_term: attributionField(200),
  utm_content: attributionField(200),
  referrer: attributionField(500),
  gclid: attributionField(500),
  gbraid: attributionField(500),
  wbraid: attributionField(500),
  fbclid: attributionField(500),
  msclkid: attributionField(500),
  ttclid: attributionField(500),
});

/** The selection a quote prices and a hold keeps (spec 4.3); a hold adds attribution. */
export const selectionFields = {
  option_id: str({ minLength: 1, maxLength: 100 }),
  start: localStartParam,
  units: arr(obj({ unit_id: str({ minLength: 1, maxLength: 100 }), qty: int(0, 50), ages: arr(int(0, 120), { maxItems: 50 }) }, ['unit_id', 'qty']), {
    minItems: 1,
    maxItems: 20,
  }),
  extras: arr(obj({ extra_id: str({ minLength: 1, maxLength: 100 }), qty: int(0, 100) }, ['extra_id', 'qty']), { maxItems: 50 }),
  rooms: arr(obj({ room_type_id: str({ minLength: 1, maxLength: 100 }), qty: int(1, 50), beds: str({ maxLength: 50 }) }, ['room_type_id', 'qty']), {
    maxItems: 50,
  }),
  pickup: nullable(obj({ place_id: str({ maxLength: 200 }), lat: num(-90, 90), lng: num(-180, 180) })),
  currency,
};

export const quoteBody = describes<SelectionBody>()(obj(selectionFields, ['option_id', 'start', 'units']));
export const holdBody = describes<SelectionBody>()(obj({ ...selectionFields, attribution }, ['option_id', 'start', 'units']));

export const availabilitySchemas: Record<string, Schema> = { CalendarDay, CalendarDays, QuoteLine, Quote, PaymentMethods };
