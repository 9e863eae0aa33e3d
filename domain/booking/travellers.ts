import { isRealDate } from '../calendar/schedule';
import type { TravellerDetailsRule, UnitDefinition } from '../catalog/definitions';
import type { QuoteLine } from '../pricing/quote';
import { InputProblem, Refusal, invalidInput, refuse } from '../shared/refusal';

const DATE_FIELD = /(^|_)(date|birth|expiry|expires)(_|$)/;
/** A passport number: letters and digits only, 6 to 12 of them (ICAO numbers are up to 9; a few countries' longer). */
const PASSPORT_FIELD = /passport(?!.*(date|expir|issue|country))/;
const PASSPORT_NUMBER = /^[A-Za-z0-9]{6,12}$/;
/** The longest value a traveller field keeps. */
const MAX_VALUE = 500;

/** The ages one booked place admits (its unit's min_age and max_age; null: no bound). */
export interface AgeBand {
  unitId: string;
  minAge: number | null;
  maxAge: number | null;
}

/** What birth dates are checked against: the start's day, and the ages of the units booked (each traveller must fit one). */
export interface AgeCheck {
  on: string;
  bands: AgeBand[];
}

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
 * One traveller's details against the fields an option asks for: each must be non-empty text of at
 * most 500 characters; dates must be real, a birth date past and, with `ages`, of an age on the
 * start's day that one of the booked units admits; a document's expiry after the trip's last day;
 * a passport number 6 to 12 letters and digits. `path` names a field where the caller's body has it
 * (e.g. `traveller_details[0].full_name`).
 */
export function checkTraveller(
  fields: string[],
  traveller: Record<string, unknown>,
  path: (field: string) => string,
  lastDay: string,
  today: string,
  ages: AgeCheck | null = null,
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
    } else if (value.length > MAX_VALUE) {
      problems.push({ reason: 'too_long', field: at, detail: `${at} must be at most ${MAX_VALUE} characters` });
    } else if (isDateField(field)) {
      if (!isRealDate(value)) problems.push({ reason: 'invalid_date', field: at, detail: `${at} must be a real date YYYY-MM-DD` });
      else if (field.includes('birth') && value >= today) problems.push({ reason: 'date_not_past', field: at, detail: `${at} must be in the past` });
      else if (field.includes('birth') && ages) problems.push(...ageProblems(value, ages, at));
      else if (/expir/.test(field) && value <= lastDay)
        problems.push({ reason: 'expires_before_trip', field: at, detail: `${at} must be after the trip ends` });
    } else if (PASSPORT_FIELD.test(field) && !PASSPORT_NUMBER.test(value.trim())) {
      problems.push({ reason: 'invalid_passport_number', field: at, detail: `${at} must be 6 to 12 letters and digits, without spaces or dashes` });
    }
  }
  return { absent, problems };
}

/** The ages a booking's travellers are checked against: each unit it booked (its quote's unit lines), on the start's day. */
export function ageCheckOf(units: readonly UnitDefinition[], lines: readonly Pick<QuoteLine, 'kind' | 'ref' | 'qty'>[], start: string): AgeCheck {
  const booked = new Set(lines.filter((line) => line.kind === 'unit' && line.qty > 0).map((line) => line.ref));
  const bands = units.filter((unit) => booked.has(unit.id)).map((unit) => ({ unitId: unit.id, minAge: unit.min_age, maxAge: unit.max_age }));
  return { on: start.slice(0, 10), bands };
}

/** Whole years from a birth date to a day (both YYYY-MM-DD). */
export function ageOn(birth: string, day: string): number {
  return Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0);
}

/** A birth date whose age on the start's day no booked unit admits (AgeRestriction's rule, for a named traveller). */
function ageProblems(birth: string, ages: AgeCheck, at: string): InputProblem[] {
  if (ages.bands.length === 0) return [];
  const age = ageOn(birth, ages.on);
  const fits = ages.bands.some((b) => (b.minAge === null || age >= b.minAge) && (b.maxAge === null || age <= b.maxAge));
  if (fits) return [];
  const admitted = [...new Set(ages.bands.map(bandText))].join(' or ');
  return [
    {
      reason: 'age_outside_units',
      field: at,
      detail: `${at}: this traveller is ${age} on the day of the trip, and the places booked are for ages ${admitted}`,
      details: { age, units: ages.bands.map((b) => ({ unit_id: b.unitId, min_age: b.minAge, max_age: b.maxAge })) },
    },
  ];
}

const bandText = (b: AgeBand): string =>
  b.minAge !== null && b.maxAge !== null ? `${b.minAge} to ${b.maxAge}` : b.minAge !== null ? `${b.minAge} and over` : `up to ${b.maxAge}`;

/**
 * Fields the form does not ask for (InvalidInput unknown_field): the details are the form's fields by
 * name, flat; a misspelt or wrapped one ({details: {...}}) would otherwise be dropped unnoticed.
 */
export function unknownFields(fields: string[], traveller: Record<string, unknown>, path: (field: string) => string): InputProblem[] {
  return Object.keys(traveller)
    .filter((field) => !fields.includes(field))
    .map((field) => ({
      reason: 'unknown_field',
      field: path(field),
      detail: `${path(field)} is not asked for: a traveller's details are the form's fields by name, at the top level (${fields.join(', ')})`,
    }));
}

/** A field holding a date (YYYY-MM-DD): its name says date, birth or expiry. */
export function isDateField(field: string): boolean {
  return DATE_FIELD.test(field);
}

/**
 * Checks the traveller details a checkout gives (spec 4.4, part 7): every traveller, lead first,
 * with every field the option asks for. Fields it does not ask for are InvalidInput (unknown_field);
 * missing ones TravellerDetailsRequired; values of the wrong kind, impossible dates (a passport must
 * outlast the trip's last day), ages no booked unit admits, implausible passport numbers or more
 * travellers than booked are TravellerDetailsInvalid.
 */
export function checkTravellerDetails(
  fields: string[],
  given: Record<string, unknown>[],
  pax: number,
  lastDay: string,
  today: string,
  ages: AgeCheck | null = null,
): Refusal | null {
  if (fields.length === 0) return null;
  const unknown = given.flatMap((traveller, i) => unknownFields(fields, traveller, (field) => `traveller_details[${i}].${field}`));
  if (unknown.length > 0) return invalidInput(unknown);
  const problems: InputProblem[] = [];
  if (given.length > pax) {
    problems.push({ reason: 'count_mismatch', field: 'traveller_details', detail: `details for ${given.length} travellers, but ${pax} are booked` });
  }
  const missing: { traveller: number; fields?: string[] }[] = [];
  for (let i = 0; i < pax; i++) {
    const checked = checkTraveller(fields, given[i] ?? {}, (field) => `traveller_details[${i}].${field}`, lastDay, today, ages);
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
