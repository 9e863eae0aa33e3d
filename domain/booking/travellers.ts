import { isRealDate } from '../calendar/schedule';
import { InputProblem, Refusal, refuse } from '../shared/refusal';

const DATE_FIELD = /(^|_)(date|birth|expiry|expires)(_|$)/;

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
    const traveller = given[i] ?? {};
    const absent: string[] = [];
    for (const field of fields) {
      const value = traveller[field];
      const path = `traveller_details[${i}].${field}`;
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        absent.push(field);
      } else if (typeof value !== 'string') {
        problems.push({ reason: 'invalid_value', field: path, detail: `${path} must be text` });
      } else if (DATE_FIELD.test(field)) {
        if (!isRealDate(value)) problems.push({ reason: 'invalid_date', field: path, detail: `${path} must be a real date YYYY-MM-DD` });
        else if (field.includes('birth') && value >= today) problems.push({ reason: 'date_not_past', field: path, detail: `${path} must be in the past` });
        else if (/expir/.test(field) && value <= lastDay)
          problems.push({ reason: 'expires_before_trip', field: path, detail: `${path} must be after the trip ends` });
      }
    }
    if (absent.length > 0) missing.push(absent.length === fields.length ? { traveller: i + 1 } : { traveller: i + 1, fields: absent });
  }
  if (missing.length > 0) return refuse('TravellerDetailsRequired', 'details are needed for every traveller, lead first', { missing });
  if (problems.length > 0) return refuse('TravellerDetailsInvalid', problems.map((p) => p.detail).join('; '), { problems });
  return null;
}
