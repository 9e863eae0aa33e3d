import { DateTime } from 'luxon';
import { isRealDate } from '../calendar/schedule';
import type { Quote } from '../pricing/quote';
import type { InputProblem } from '../shared/refusal';
import type { EnquiryKind, Travellers } from './events';

/** Spec 2.1: EQ- and five characters, none that reads as another (no 0/O, 1/I). */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERENCE_PATTERN = '^EQ-[A-HJ-NP-Z2-9]{5}$';

/** An enquiry reference from five random bytes (32 letters divide 256, so each is equally likely). */
export function enquiryReference(random: Uint8Array): string {
  if (random.length < 5) throw new Error('an enquiry reference needs five random bytes');
  return `EQ-${[...random.subarray(0, 5)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/** The most travellers one enquiry asks for (spec part 8: travellers 1 to 50). */
export const MAX_TRAVELLERS = 50;
/** How far ahead a traveller may ask about. */
export const MAX_YEARS_AHEAD = 3;

/**
 * The zone whose today comes last: a date before it is past for everyone. A question that names no
 * trip has no zone of its own, and a traveller anywhere may still ask about their today.
 */
export const LAST_ZONE = 'Etc/GMT+12';

export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() as string;
}

/** What an enquiry says beyond its text fields, checked as the spec's rules (2.10) ask. */
export interface EnquiryFacts {
  kind: EnquiryKind;
  productId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  travellers: Travellers | null;
  /** Today where the trip runs, or in LAST_ZONE when no trip is named. */
  today: string;
}

function checkDate(field: string, date: string | null, today: string, problems: InputProblem[]): boolean {
  if (date === null) return false;
  if (!isRealDate(date)) {
    problems.push({ reason: 'invalid_date', field, detail: `${field} must be a real date YYYY-MM-DD`, details: { given: date } });
    return false;
  }
  if (date < today) {
    problems.push({ reason: 'date_in_past', field, detail: `${field} must be today or later (today is ${today})`, details: { given: date, today } });
    return false;
  }
  const last = DateTime.fromISO(today, { zone: 'UTC' }).plus({ years: MAX_YEARS_AHEAD }).toISODate() as string;
  if (date > last) {
    problems.push({
      reason: 'date_too_far',
      field,
      detail: `${field} must be within ${MAX_YEARS_AHEAD} years (by ${last})`,
      details: { given: date, latest: last },
    });
    return false;
  }
  return true;
}

/** The problems of an enquiry's fields that a schema cannot see; empty when it may be kept. */
export function enquiryProblems(facts: EnquiryFacts): InputProblem[] {
  const problems: InputProblem[] = [];
  if (facts.kind === 'product' && facts.productId === null) {
    problems.push({ reason: 'required', field: 'product_id', detail: 'product_id is required for kind product' });
  }
  if (facts.kind !== 'product' && facts.productId !== null) {
    problems.push({ reason: 'invalid_value', field: 'product_id', detail: `product_id goes with kind product only, not ${facts.kind}` });
  }
  const from = checkDate('date_from', facts.dateFrom, facts.today, problems);
  const to = checkDate('date_to', facts.dateTo, facts.today, problems);
  if (from && to && (facts.dateTo as string) < (facts.dateFrom as string)) {
    problems.push({
      reason: 'dates_out_of_order',
      field: 'date_to',
      detail: `date_to (${facts.dateTo}) must not be before date_from (${facts.dateFrom})`,
      details: { date_from: facts.dateFrom, date_to: facts.dateTo },
    });
  }
  if (facts.travellers) {
    const { adults, children, infants } = facts.travellers;
    if (adults + children === 0) {
      problems.push({ reason: 'no_travellers', field: 'travellers', detail: 'travellers must count at least one adult or child' });
    }
    if (adults + children + infants > MAX_TRAVELLERS) {
      problems.push({
        reason: 'too_many_travellers',
        field: 'travellers',
        detail: `travellers must count at most ${MAX_TRAVELLERS} in all`,
        details: { max: MAX_TRAVELLERS },
      });
    }
  }
  return problems;
}

/** The problems of an offer's validity: open now, and no longer than the start can still be booked. */
export function offerValidityProblems(validUntil: string, cutoffAt: string, now: Date): InputProblem[] {
  const until = Date.parse(validUntil);
  if (until <= now.getTime()) {
    return [{ reason: 'invalid_value', field: 'valid_until', detail: 'valid_until must be in the future', details: { given: validUntil } }];
  }
  if (until > Date.parse(cutoffAt)) {
    return [
      {
        reason: 'after_cutoff',
        field: 'valid_until',
        detail: `valid_until must not be after the start's booking cutoff (${cutoffAt})`,
        details: { given: validUntil, cutoff_at: cutoffAt },
      },
    ];
  }
  return [];
}

/**
 * The quote an offer sells: the price as quoted, confirmed when booked, since the offer is the
 * seller's answer for that start and group and needs no second one.
 */
export function offeredQuote(quote: Quote): Quote {
  return { ...quote, confirmation: 'instant', pending_expires_at: null };
}
