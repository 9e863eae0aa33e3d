import type { Context, Next } from 'koa';
import type { Operation } from '../kernel/operation';
import { invalidInputProblem } from '../kernel/problem';
import type { Validator } from '../kernel/validation';

/** Checks path, query and body against the operation's schemas (ajv fills query defaults); the handler sees only valid input. */
export function validate(op: Operation, validator: Validator) {
  // Work before the rest only: returning next() spares a turn of the promise chain on every request.
  return function validate(ctx: Context, next: Next): Promise<void> {
    const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
    const input = validator.validate(op, params, ctx.query, op.body ? ctx.state.body : undefined);
    if (Array.isArray(input)) throw invalidInputProblem(input);
    ctx.state.input = input;
    return next();
  };
}
