import type { App } from '../../application/features';
import type { Refusal } from '../../domain/shared/refusal';
import type { ParamsOf, Schema, ValueOf } from './schema';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler is given: its validated input, typed by the operation's schemas, and who is calling. */
export interface OperationInput<P, Q, B, C> {
  params: P;
  query: Q;
  body: B;
  /** Who calls, as the surface's authentication established it (storefront, seller, ...). */
  caller: C;
  /** The body's raw bytes, for operations that take a file (`fileBody`); undefined for the others. */
  file: Buffer | undefined;
  /** The request's Idempotency-Key, for operations that take one. */
  idempotencyKey: string | undefined;
  /** The request id: every event this request appends carries it as correlationId. */
  requestId: string;
}

type BodyOf<S> = S extends Schema<infer V> ? V : undefined;
/** Path parameters are always there. */
type PathOf<M> = { [K in keyof M]: ValueOf<M[K]> };

/**
 * One operation of the interface: the source of its route, its validation, its OpenAPI entry
 * and its handler. A handler reads its validated input, calls one use case or query, and
 * returns its result or refusal; no rule, price or count is computed in http/.
 */
export interface OperationSpec<PM, QM, BS, C> {
  id: string;
  method: Method;
  path: string;
  summary: string;
  description?: string;
  /** Catalog reads carry ETags and may be cached for 60 s (spec part 8). */
  catalogRead?: boolean;
  /** The path's last parameter takes the rest of the path, slashes included (a page slug such as help/cancellations). */
  lastParamTakesSlashes?: boolean;
  /** Secret-key permission needed (seller surface). */
  permission?: string;
  /** Takes an Idempotency-Key header (1 to 255 characters). */
  idempotencyKey?: boolean;
  params?: PM;
  query?: QM;
  /** Query parameters that take comma-separated values. */
  multi?: readonly string[];
  body?: BS;
  bodyRequired?: boolean;
  /**
   * The body is a file, taken as raw bytes whatever its Content-Type (not trusted): up to
   * `maxBytes` (larger: 413 ContentTooLarge); the handler reads it as `file`. `mediaTypes` are
   * what the OpenAPI document lists as taken.
   */
  fileBody?: { maxBytes: number; limitText: string; mediaTypes: readonly string[] };
  /** The success answer is a file (a FileAnswer) of one of these media types, not JSON. */
  fileAnswer?: { mediaTypes: readonly string[] };
  success: { status: number; description: string };
  /** Schema of the success answer (a $ref into components.schemas). */
  response?: Schema;
  paramDescriptions?: Record<string, string>;
  bodyDescription?: string;
  /** Headers the success answer sets besides the usual ones, by name (OpenAPI only), e.g. Set-Cookie. */
  responseHeaders?: Record<string, { description: string }>;
  handle(input: OperationInput<PathOf<PM>, ParamsOf<QM>, BodyOf<BS>, C>, app: App): Promise<unknown>;
}

export type Operation<C = unknown> = OperationSpec<Record<string, Schema>, Record<string, Schema>, Schema | undefined, C>;

/** A success answer that is a file: sent as its bytes with its own Content-Type, to be saved (Content-Disposition attachment). */
export class FileAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    readonly filename: string,
  ) {}
}

/**
 * A success answer already written as JSON, sent as these bytes: lists assemble their answers from
 * the kept text of their cards (http/public/answer-text.ts) rather than writing it all again. A
 * catalog read's weak ETag may come with it, made as the bytes were (else it is a digest of them).
 */
export class JsonText {
  constructor(
    readonly json: Buffer,
    readonly etag?: string,
  ) {}
}

/** The answer of a handler that is a refusal; anything else is the success body. */
export type Answered = unknown | Refusal;

/** `defineOperation` for one kind of caller: each surface exports its own (publicOperation, sellerOperation). */
export function operationsFor<C>() {
  return function defineOperation<
    PM extends Record<string, Schema> = Record<never, Schema>,
    QM extends Record<string, Schema> = Record<never, Schema>,
    BS extends Schema | undefined = undefined,
  >(spec: OperationSpec<PM, QM, BS, C>): Operation<C> {
    return spec as unknown as Operation<C>;
  };
}

export type { ValueOf };
