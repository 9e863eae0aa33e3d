import { DateTime } from 'luxon';
import { isDateField } from '../booking/travellers';
import type { TravellerDetailsRule } from '../catalog/definitions';

/** How a form shows a field: free text, a date (YYYY-MM-DD) or a country. */
export type FieldKind = 'text' | 'date' | 'country';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Every field a trip asks for is needed from every traveller. */
  required: boolean;
  /** Shown masked once given: only its last three characters. */
  sensitive: boolean;
}

const COUNTRY_FIELD = /(^|_)(country|nationality|citizenship)(_|$)/;
/** Identity document numbers: whoever holds a booking's link or token sees only their last characters. */
const SENSITIVE_FIELD = /(passport|document|id_card|id_number|national_id|identity|licen[cs]e|tax_id|social_security)/;
const MASK = '•••••';

/** The form a trip's rule asks each traveller to fill in, in the rule's order. */
export function formFields(rule: TravellerDetailsRule): FormField[] {
  return rule.fields.map((name) => ({
    name,
    label: labelOf(name),
    kind: isDateField(name) ? 'date' : COUNTRY_FIELD.test(name) ? 'country' : 'text',
    required: true,
    sensitive: SENSITIVE_FIELD.test(name),
  }));
}

/** date_of_birth -> Date of birth. */
const labelOf = (name: string): string => {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Whether a field holds an identity document number: masked when shown, and sealed at rest. */
export const isSensitiveField = (name: string): boolean => SENSITIVE_FIELD.test(name);

/** A traveller's details as answered: identity numbers shown by their last three characters (•••••123), the rest as given. */
export function maskedDetails(details: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([name, value]) => [name, SENSITIVE_FIELD.test(name) ? masked(value) : value]));
}

const masked = (value: string): string => (value.length > 3 ? `${MASK}${value.slice(-3)}` : MASK);

/** `details` of the booking view (spec 2.8). */
export interface DetailsSummary {
  /** not_needed: the trip asks for none; needed: some travellers' details are still to come before due_at; complete; overdue: due_at passed first. */
  status: 'not_needed' | 'needed' | 'complete' | 'overdue';
  due_at: string | null;
  needed: boolean;
  complete: boolean;
  overdue: boolean;
}

export interface DetailsFacts {
  /** The rule the booking was sold with; null on bookings placed before it was kept. */
  rule: TravellerDetailsRule | null;
  /** Those older bookings: whether details were given at checkout. */
  givenAtCheckout: boolean;
  start: string;
  timezone: string;
  pax: number;
  /** How many travellers' details were given after booking (each complete when saved). */
  given: number;
  /** The booking still goes ahead (pending or confirmed): only then can details be late. */
  live: boolean;
}

/**
 * Where a booking's traveller details stand. Details collected at checkout were all given then.
 * Details collected after booking are due `due_hours_before` the start (by the start when null),
 * and overdue once that passes without every traveller's.
 */
export function detailsSummary(facts: DetailsFacts, now: Date): DetailsSummary {
  const rule = facts.rule;
  // A booking cancelled, rejected or lapsed needs no details any more, nor does it fall due.
  const needed = facts.live && (rule === null ? facts.givenAtCheckout : rule.fields.length > 0);
  if (!needed) return { status: 'not_needed', due_at: null, needed: false, complete: true, overdue: false };
  if (rule === null || rule.collect === 'checkout') return { status: 'complete', due_at: null, needed: true, complete: true, overdue: false };
  const dueAt = detailsDueAt(rule, facts.start, facts.timezone);
  const complete = facts.given >= facts.pax;
  const overdue = !complete && facts.live && now.getTime() >= Date.parse(dueAt);
  return { status: complete ? 'complete' : overdue ? 'overdue' : 'needed', due_at: dueAt, needed: true, complete, overdue };
}

/** The start (local, in the trip's zone) less the rule's due_hours_before, as a UTC timestamp. */
export function detailsDueAt(rule: TravellerDetailsRule, start: string, timezone: string): string {
  return DateTime.fromISO(start, { zone: timezone })
    .minus({ hours: rule.due_hours_before ?? 0 })
    .toUTC()
    .toJSDate()
    .toISOString();
}

/** When a booking's start is, as a UTC timestamp: links to fill in details stop working then. */
export function startInstant(start: string, timezone: string): string {
  return DateTime.fromISO(start, { zone: timezone }).toUTC().toJSDate().toISOString();
}
