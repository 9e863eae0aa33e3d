import type { Context, Next } from 'koa';
import { invalidInputProblem } from '../kernel/problem';
import type { Operation } from '../kernel/operation';

/** Spec part 8: an Idempotency-Key is 1 to 255 characters, kept per storefront, shared by holds and checkouts. */
export function idempotencyKey(op: Operation) {
  // Work before the rest only: returning next() spares a turn of the promise chain on every request.
  return function idempotencyKey(ctx: Context, next: Next): Promise<void> {
    if (op.idempotencyKey && ctx.headers['idempotency-key'] !== undefined) {
      const key = ctx.get('Idempotency-Key');
      if (!key || key.length > 255) {
        throw invalidInputProblem([
          {
            reason: 'invalid_value',
            field: 'Idempotency-Key',
            detail: 'Idempotency-Key must be 1 to 255 characters, e.g. a UUID made for this booking attempt',
          },
        ]);
      }
      ctx.state.idempotencyKey = key;
    }
    return next();
  };
}
