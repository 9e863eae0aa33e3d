import { IANAZone } from 'luxon';
import { isKnownCurrency } from '../money';
import type { InputProblem } from '../refusal';
import type { ProductDefinition, StorefrontDefinition } from './definitions';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Rules across fields that a JSON Schema cannot say; the shape itself is checked before. */
export function productProblems(p: ProductDefinition): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field, detail });
  if (!IANAZone.isValidZone(p.timezone)) add('timezone', 'unknown_timezone', 'timezone must be an IANA zone name');
  if (!p.content[p.default_locale]) add('content', 'default_locale_missing', 'content must include the default locale');
  if (p.options.length === 0) add('options', 'no_options', 'a trip needs at least one option');
  if (p.options.filter((o) => o.is_default).length > 1) add('options', 'several_defaults', 'at most one option is the default');
  const ids = new Set<string>();
  const unique = (id: string, field: string) => {
    if (ids.has(id)) add(field, 'duplicate_id', `id ${id} is used twice`);
    ids.add(id);
  };
  p.options.forEach((o, i) => {
    unique(o.id, `options[${i}].id`);
    o.units.forEach((u, j) => unique(u.id, `options[${i}].units[${j}].id`));
    o.room_types.forEach((r, j) => unique(r.id, `options[${i}].room_types[${j}].id`));
    const unitIds = new Set(o.units.map((u) => u.id));
    o.pricing.tiers.forEach((t, j) => {
      for (const unitId of Object.keys(t.unit_prices)) {
        if (!unitIds.has(unitId)) add(`options[${i}].pricing.tiers[${j}].unit_prices`, 'unknown_unit', `unit ${unitId} is not a unit of the option`);
      }
    });
    o.availability.times.forEach((time, j) => {
      if (!TIME.test(time)) add(`options[${i}].availability.times[${j}]`, 'invalid_time', 'times are HH:MM');
    });
    if (o.capacity_mode === 'limited' && o.availability.capacity === null) {
      add(`options[${i}].availability.capacity`, 'capacity_required', 'a limited option needs a capacity');
    }
  });
  p.extras.forEach((e, i) => {
    unique(e.id, `extras[${i}].id`);
    if (e.local_price && !isKnownCurrency(e.local_price.currency)) add(`extras[${i}].local_price.currency`, 'unknown_currency', 'unknown currency');
  });
  return problems;
}

export function storefrontProblems(s: StorefrontDefinition): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field, detail });
  if (!s.languages.includes(s.default_language)) add('default_language', 'not_a_language', 'the default language must be one of the languages');
  if (!s.currencies.includes(s.display_currency)) add('display_currency', 'not_a_currency', 'the display currency must be one of the currencies');
  s.currencies.forEach((c, i) => {
    if (!isKnownCurrency(c)) add(`currencies[${i}]`, 'unknown_currency', `unknown currency ${c}`);
  });
  if ((s.kind === 'direct') !== (s.seller_id !== null)) add('seller_id', 'seller_mismatch', 'a direct storefront has one seller; a marketplace none');
  return problems;
}
