import type { Refusal, RefusalCode, InputProblem } from '../../domain/shared/refusal';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict',
  413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

/** Status of each code of spec part 7; every other refusal of a quote, hold or checkout is 422. */
const STATUS: Partial<Record<RefusalCode | string, number>> = {
  Unauthenticated: 401,
  NotPermitted: 403,
  OriginNotAllowed: 403,
  NotFound: 404,
  Conflict: 409,
  InvalidInput: 422,
  RateLimited: 429,
  SearchUnavailable: 503,
  Overloaded: 503,
};

/** An error answer: RFC 9457 problem document with the spec's code and extra fields. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly fields: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'Problem';
  }

  body(): Record<string, unknown> {
    return { type: 'about:blank', title: TITLES[this.status] ?? 'Error', status: this.status, code: this.code, detail: this.message, ...this.fields };
  }
}

/** The one mapping from a domain refusal to its HTTP answer. */
export function problemFromRefusal(refusal: Refusal): Problem {
  return new Problem(STATUS[refusal.code] ?? 422, refusal.code, refusal.detail, { ...refusal.fields });
}

export const unauthenticated = (detail = 'a valid key is needed'): Problem => new Problem(401, 'Unauthenticated', detail);

export const invalidInputProblem = (problems: InputProblem[], detail?: string): Problem =>
  new Problem(422, 'InvalidInput', detail ?? (problems.map((p) => p.detail).join('; ') || 'the request does not fit the contract'), { problems });
