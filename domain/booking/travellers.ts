import { isRealDate } from '../calendar/schedule';
import type { TravellerDetailsRule } from '../catalog/definitions';
import { InputProblem, Refusal, refuse } from '../shared/refusal';

const DATE_FIELD = /(^|_)(date|birth|expiry|expires)(_|$)/;

/** The fields a checkout asks for: none when the option collects its traveller details after booking. */
export function checkoutFields(rule: TravellerDetailsRule): string[] {
  return rule.collect === 'checkout' ? rule.fields : [];
}

/** What one traveller's details lack (field names) and what is wrong in them, each problem naming its field by `path`. */
export interface TravellerCheck {
  absent: string[];
  problems: InputProblem[];
}

/**
 * One traveller's details against the fields an option asks for: each must be non-empty text;
 * dates must be real, a birth date past and a document's expiry after the trip's last day.
 * `path` names a field where the caller's body has it (e.g. `traveller_details[0].full_name`).
 */
export function checkTraveller(
  fields: string[],
  traveller: Record<string, unknown>,
  path: (field: string) => string,
  lastDay: string,
  today: string,
): TravellerCheck {
  const absent: string[] = [];
  const problems: InputProblem[] = [];
  for (const field of fields) {
    const value = traveller[field];
    const at = path(field);
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      absent.push(field);
    } else if (typeof value !== 'string') {
      problems.push({ reason: 'invalid_value', field: at, detail: `${at} must be text` });
    } else if (isDateField(field)) {
      if (!isRealDate(value)) problems.push({ reason: 'invalid_date', field: at, detail: `${at} must be a real date YYYY-MM-DD` });
      else if (field.includes('birth') && value >= today) problems.push({ reason: 'date_not_past', field: at, detail: `${at} must be in the past` });
      else if (/expir/.test(field) && value <= lastDay)
        problems.push({ reason: 'expires_before_trip', field: at, detail: `${at} must be after the trip ends` });
    }
  }
  return { absent, problems };
}

/** A field holding a date (YYYY-MM-DD): its name says date, birth or expiry. */
export function isDateField(field: string): boolean {
  return DATE_FIELD.test(field);
}

/**
 * Checks the traveller details a checkout gives (spec 4.4, part 7): every traveller, lead first,
 * with every field the option asks for. Missing ones are TravellerDetailsRequired; values of the
 * wrong kind, impossible dates (a passport must outlast the trip's last day) or more travellers
 * than booked are TravellerDetailsInvalid.
 */
export function checkTravellerDetails(fields: string[], given: Record<string, unknown>[], pax: number, lastDay: string, today: string): Refusal | null {
  if (fields.length === 0) return null;
  const problems: InputProblem[] = [];
  if (given.length > pax) {
    problems.push({ reason: 'count_mismatch', field: 'traveller_details', detail: `details for ${given.length} travellers, but ${pax} are booked` });
  }
  const missing: { traveller: number; fields?: string[] }[] = [];
  for (let i = 0; i < pax; i++) {
    const checked = checkTraveller(fields, given[i] ?? {}, (field) => `traveller_details[${i}].${field}`, lastDay, today);
    problems.push(...checked.problems);
    if (checked.absent.length > 0) missing.push(missingEntry(i + 1, fields, checked.absent));
  }
  if (missing.length > 0) return refuse('TravellerDetailsRequired', 'details are needed for every traveller, lead first', { missing });
  if (problems.length > 0) return refuse('TravellerDetailsInvalid', problems.map((p) => p.detail).join('; '), { problems });
  return null;
}

/** A TravellerDetailsRequired entry: the traveller (1 = lead) and, when only some are missing, which fields. */
export function missingEntry(traveller: number, fields: string[], absent: string[]): { traveller: number; fields?: string[] } {
  return absent.length === fields.length ? { traveller } : { traveller, fields: absent };
}
