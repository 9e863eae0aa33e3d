import type { ErrorCode } from './error-codes';

/**
 * A decision that says no. `code` is the spec's error code (part 7); `fields` are the
 * extra members that code carries. Statuses and members are declared once, in error-codes.ts.
 */
export interface Refusal {
  readonly refused: true;
  readonly code: RefusalCode;
  readonly detail: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Every code a decision may answer with: the registry's keys, so an unknown code does not compile. */
export type RefusalCode = ErrorCode;

export function refuse(code: RefusalCode, detail: string, fields: Record<string, unknown> = {}): Refusal {
  return { refused: true, code, detail, fields };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as Refusal).refused === true;
}

/** One problem of an InvalidInput refusal (spec part 7). */
export interface InputProblem {
  reason: string;
  field: string;
  detail: string;
  details?: Record<string, unknown>;
}

export function invalidInput(problems: InputProblem[]): Refusal {
  return refuse('InvalidInput', problems.map((p) => p.detail).join('; '), { problems });
}

export function notFound(entity: string): Refusal {
  return refuse('NotFound', `no such ${entity} on this site`, { entity });
}

export function conflict(reason: string, detail: string, details: Record<string, unknown> = {}): Refusal {
  return refuse('Conflict', detail, { reason, details });
}
