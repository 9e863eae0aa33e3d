/**
 * Building blocks of the answer schemas (spec parts 2 and 7), published under components.schemas of
 * the OpenAPI document. Every answer object stays open (additionalProperties: true): new fields may
 * appear and clients ignore fields they do not know (spec part 9).
 */
import { TEMPLATES } from '../../domain/catalog/definitions';
import { Schema, arr, enumOf, int, obj, ref, str } from './schema';

export const object = (required: Record<string, Schema>, optional: Record<string, Schema> = {}, extra: Schema = {}): Schema =>
  obj({ ...required, ...optional }, Object.keys(required), { additionalProperties: true, ...extra });

/** The schema, or null (`type: [..., 'null']`; a `$ref` or a typeless schema becomes an anyOf). */
export function orNull(schema: Schema): Schema {
  const type = schema.type;
  if (typeof type === 'string' && !('$ref' in schema)) {
    const enumValues = schema.enum as unknown[] | undefined;
    return { ...schema, type: [type, 'null'], ...(enumValues ? { enum: [...enumValues, null] } : {}) };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

export const described = (schema: Schema, description: string): Schema => ({ ...schema, description });

/** A copy of a request schema with every closed object opened (for answers that echo a definition). */
export function opened(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(opened);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'additionalProperties' && value === false ? true : opened(value);
  }
  return out;
}

// ---------------------------------------------------------------- conventions (spec 2.1)

export const id = str({ format: 'uuid', description: 'UUID' });
export const text = str();
export const nInt = orNull(int());
export const nStr = orNull(str());
export const count = int(0);
/** ISO 8601 UTC with milliseconds. */
export const timestamp = str({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  description: 'ISO 8601 UTC with milliseconds',
});
export const nTimestamp = orNull(timestamp);
/** YYYY-MM-DDTHH:MM in the trip's own zone, or YYYY-MM-DD for an option open all day. */
export const localStart = str({
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2})?$',
  description: "Local start: YYYY-MM-DDTHH:MM in the trip's own timezone, or YYYY-MM-DD for an option open all day; never converted",
});
export const currencyCode = str({ pattern: '^[A-Z]{3}$' });
export const template = enumOf(...TEMPLATES);
export const money = ref('Money');
export const nMoney = orNull(money);
export const namedSlug = ref('NamedSlug');

const Money = object(
  { amount: described(int(), "In the currency's minor units (2 decimals for USD, 3 for OMR, 0 for JPY); never a float"), currency: currencyCode },
  {},
  { description: 'An exact amount; clients never add, round or convert amounts themselves' },
);

const NamedSlug = object({ slug: text, name: text });

export const Rating = orNull(object({ average: { type: 'number', minimum: 0, maximum: 5 }, count }));

const PolicyTier = object({
  from_days: int(0),
  to_days: described(nInt, 'null = open-ended'),
  refund_pct: int(0, 100),
});

const Policy = object(
  { name: text, tiers: arr(ref('PolicyTier')) },
  { preset: described(text, 'Machine name of the policy (always present in quotes)') },
  { description: 'Cancellation policy; a tier applies by days before the start' },
);

export const page = (item: Schema): Schema => object({ data: arr(item), next_cursor: nStr, total: count });

/** The conventions every surface shares. */
export const commonSchemas: Record<string, Schema> = { Money, NamedSlug, PolicyTier, Policy };
