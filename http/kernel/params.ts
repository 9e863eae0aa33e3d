/**
 * Schemas of values that mean the same wherever they appear. `x-expected` is what a problem
 * says is expected when a value does not fit (never a pattern's source).
 */
import { Schema, int, obj, str } from './schema';

const expecting = (schema: Schema<string>, expected: string): Schema<string> => ({ ...schema, 'x-expected': expected });

export const locale = expecting(str({ pattern: '^[a-z]{2}$' }), 'two lowercase letters, e.g. en');
export const currency = expecting(str({ pattern: '^[A-Z]{3}$' }), 'a three-letter currency code, e.g. EUR');
export const date = expecting(str({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), 'a date YYYY-MM-DD, e.g. 2026-12-10');
export const month = expecting(str({ pattern: '^\\d{4}-\\d{2}$' }), 'a month YYYY-MM, e.g. 2026-12');
export const bookingRef = expecting(str({ pattern: '^TP-[A-Z0-9]{4}-[A-Z0-9]{4}$' }), 'a booking ref TP-XXXX-XXXX');
export const slug = str({ minLength: 1, maxLength: 200 });
/** Ids are UUIDs (spec 2.1), including those a seller gives options, units, rooms and extras. */
export const uuid = expecting(str({ format: 'uuid' }), 'a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e');
export const localStartParam = expecting(
  str({ minLength: 10, maxLength: 16 }),
  "a local start YYYY-MM-DDTHH:MM in the trip's zone, or YYYY-MM-DD for an option open all day",
);
export const money = obj({ amount: int(), currency: str() }, ['amount', 'currency']);
