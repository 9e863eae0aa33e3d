import type { Context, Next } from 'koa';
import type { Operation } from '../kernel/operation';
import { Problem } from '../kernel/problem';
import type { SellerKeyCaller } from '../middleware/secret-key';

/** Spec part 5: a key missing the operation's permission answers 403 NotPermitted with `permission` and `reason`. */
export function requirePermission(op: Operation) {
  return async function requirePermission(ctx: Context, next: Next) {
    const caller = ctx.state.caller as SellerKeyCaller;
    if (op.permission && !caller.scopes.includes(op.permission)) {
      throw new Problem('NotPermitted', `this key lacks the permission ${op.permission}: an owner or admin issues a key with it`, {
        permission: op.permission,
        reason: 'missing_permission',
      });
    }
    await next();
  };
}
