import Decimal from 'decimal.js';
import { InputProblem, Refusal, conflict, invalidInput } from '../shared/refusal';
import type { FxEvent, FxRates, PublishedRate } from './events';

/** A rate as offered: the id and date are optional (a publication names and dates its own rates by default). */
export interface OfferedRate {
  quote: string;
  rate: string;
  rate_id?: string | null;
  as_of?: string | null;
}

export type PublishRates = { type: 'PublishRates'; rates: OfferedRate[]; source: string; now: Date };

export type FxCommand = PublishRates;

const CURRENCY = /^[A-Z]{3}$/;
/** Plain decimals only (no exponent, sign or spaces), as quotes carry them. */
const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;
const RATE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
export const MAX_RATES = 200;

const sameFigures = (a: PublishedRate, b: PublishedRate) => a.quote === b.quote && new Decimal(a.rate).eq(b.rate) && a.asOf === b.asOf;

/** The problems of one offered rate, its fields named `rates[i].field`. */
function rateProblems(offered: OfferedRate, i: number, now: Date): InputProblem[] {
  const at = (field: string) => `rates[${i}].${field}`;
  if (typeof offered !== 'object' || offered === null) {
    return [{ reason: 'invalid_value', field: `rates[${i}]`, detail: `rates[${i}] must be an object {quote, rate, rate_id?, as_of?}` }];
  }
  const problems: InputProblem[] = [];
  if (typeof offered.quote !== 'string' || !CURRENCY.test(offered.quote)) {
    problems.push({ reason: 'invalid_value', field: at('quote'), detail: `${at('quote')} must be a currency code of three capital letters, e.g. EUR` });
  }
  if (typeof offered.rate !== 'string' || !DECIMAL.test(offered.rate) || new Decimal(offered.rate).lte(0)) {
    problems.push({
      reason: 'invalid_value',
      field: at('rate'),
      detail: `${at('rate')} must be a positive decimal string (units per US dollar), e.g. "0.9214"`,
    });
  } else if (offered.quote === 'USD' && !new Decimal(offered.rate).eq(1)) {
    problems.push({ reason: 'invalid_value', field: at('rate'), detail: 'the US dollar is the base: its rate is 1' });
  }
  if (offered.rate_id != null && (typeof offered.rate_id !== 'string' || !RATE_ID.test(offered.rate_id))) {
    problems.push({
      reason: 'invalid_value',
      field: at('rate_id'),
      detail: `${at('rate_id')} must be 1 to 80 letters, digits, dots, colons, dashes or underscores`,
    });
  }
  if (offered.as_of != null) {
    if (typeof offered.as_of !== 'string' || !INSTANT.test(offered.as_of) || Number.isNaN(Date.parse(offered.as_of))) {
      problems.push({
        reason: 'invalid_value',
        field: at('as_of'),
        detail: `${at('as_of')} must be a date and time with its offset, e.g. 2026-11-20T15:00:00Z`,
      });
    } else if (Date.parse(offered.as_of) > now.getTime()) {
      problems.push({ reason: 'invalid_value', field: at('as_of'), detail: `${at('as_of')} is in the future: a rate is published once it is known` });
    }
  }
  return problems;
}

/**
 * New rates, checked whole: one garbled rate refuses the publication. A rate repeated under its id
 * changes nothing; a rate dated before its currency's newest is kept out (a late feed does not
 * undo a newer rate); the rest become their currencies' newest.
 */
function publishRates(command: PublishRates, state: FxRates): FxEvent[] | Refusal {
  if (!Array.isArray(command.rates) || command.rates.length === 0 || command.rates.length > MAX_RATES) {
    return invalidInput([{ reason: 'invalid_value', field: 'rates', detail: `rates must list 1 to ${MAX_RATES} rates` }]);
  }
  const problems = command.rates.flatMap((offered, i) => rateProblems(offered, i, command.now));
  const seen = new Set<string>();
  command.rates.forEach((offered, i) => {
    if (typeof offered !== 'object' || offered === null) return;
    if (seen.has(offered.quote)) problems.push({ reason: 'duplicate', field: `rates[${i}].quote`, detail: `${offered.quote} is listed twice` });
    seen.add(offered.quote);
  });
  if (problems.length > 0) return invalidInput(problems);

  const publication = state.publications + 1;
  const at = command.now.toISOString();
  const rates: PublishedRate[] = [];
  for (const offered of command.rates) {
    const rate: PublishedRate = {
      quote: offered.quote,
      rate: offered.rate,
      rateId: offered.rate_id ?? `fx-${publication}-${offered.quote}`,
      asOf: offered.as_of ? new Date(offered.as_of).toISOString() : at,
    };
    const known = state.byId[rate.rateId];
    if (known && !sameFigures(known, rate)) {
      return conflict('rate_id_taken', `rate_id ${rate.rateId} names another rate already (${known.quote} ${known.rate} as of ${known.asOf})`, {
        rate_id: rate.rateId,
      });
    }
    const newest = state.latest[rate.quote];
    if (known || (newest && Date.parse(newest.asOf) > Date.parse(rate.asOf))) continue;
    rates.push(rate);
  }
  return rates.length === 0 ? [] : [{ type: 'RatesPublished', data: { rates, source: command.source, at } }];
}

export function decideFxRates(command: FxCommand, state: FxRates): FxEvent[] | Refusal {
  return publishRates(command, state);
}
