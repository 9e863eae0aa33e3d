import { ERROR_CODES, ErrorCode } from '../../domain/shared/error-codes';
import type { InputProblem, Refusal } from '../../domain/shared/refusal';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error answer: an RFC 9457 problem document whose status comes from the code's entry in the registry. */
export class Problem extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly fields: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'Problem';
    this.status = ERROR_CODES[code].status;
  }

  body(): Record<string, unknown> {
    return { type: 'about:blank', title: TITLES[this.status] ?? 'Error', status: this.status, code: this.code, detail: this.message, ...this.fields };
  }

  /** The whole answer as bytes, for places outside Koa (Node's own client errors). */
  json(): string {
    return JSON.stringify(this.body());
  }
}

/** Every problem of 422 InvalidInput has reason, field, detail and details (null when there is nothing more). */
interface CompleteProblem {
  reason: string;
  field: string;
  detail: string;
  details: Record<string, unknown> | null;
}

function completeProblem(problem: InputProblem): CompleteProblem {
  return { reason: problem.reason, field: problem.field, detail: problem.detail, details: problem.details ?? null };
}

/** Headers a refusal's code carries besides its fields: RateLimited says when to try again (spec part 7). */
function refusalHeaders(refusal: Refusal): Record<string, string> {
  const retryAfter = refusal.fields.retry_after_seconds;
  return refusal.code === 'RateLimited' && typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
}

/** The one mapping from a domain refusal to its HTTP answer. */
export function problemFromRefusal(refusal: Refusal): Problem {
  const fields = { ...refusal.fields };
  if (Array.isArray(fields.problems)) fields.problems = (fields.problems as InputProblem[]).map(completeProblem);
  return new Problem(refusal.code, refusal.detail, fields, refusalHeaders(refusal));
}

export const unauthenticated = (detail = 'a valid key is needed'): Problem => new Problem('Unauthenticated', detail);

export const invalidInputProblem = (problems: InputProblem[], detail?: string): Problem =>
  new Problem('InvalidInput', detail ?? (problems.map((p) => p.detail).join('; ') || 'the request does not fit the contract'), {
    problems: problems.map(completeProblem),
  });
