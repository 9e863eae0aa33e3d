import type { Context } from 'koa';
import type { App } from '../../application/features';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { FileAnswer, JsonText, type Operation } from '../kernel/operation';
import type { Problem } from '../kernel/problem';
import type { Validated } from '../kernel/validation';

/** Runs the operation's handler on its validated input and writes its answer, or its refusal as the surface's problem. */
export function respond(op: Operation, app: App, mapRefusal: (refusal: Refusal) => Problem) {
  return async function respond(ctx: Context) {
    const input = ctx.state.input as Validated;
    const result = await op.handle(
      {
        params: input.params,
        query: input.query,
        body: input.body,
        file: ctx.state.file as Buffer | undefined,
        caller: ctx.state.caller,
        idempotencyKey: ctx.state.idempotencyKey as string | undefined,
        requestId: ctx.state.requestId as string,
      },
      app,
    );
    if (isRefusal(result)) throw mapRefusal(result);
    if (result instanceof FileAnswer) {
      ctx.status = op.success.status;
      ctx.type = result.contentType;
      // A file a traveller sent is saved, never shown inline as a page of this origin.
      ctx.set('Content-Disposition', `attachment; filename="${result.filename.replace(/[^\w.-]/g, '_')}"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = result.bytes;
      return;
    }
    ctx.status = op.success.status;
    ctx.type = 'application/json';
    if (result instanceof JsonText) {
      ctx.body = result.json;
      if (result.etag) ctx.state.etag = result.etag;
      return;
    }
    ctx.body = Buffer.from(JSON.stringify(result));
  };
}
