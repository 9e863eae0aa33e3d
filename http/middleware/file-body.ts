import type { Context, Next } from 'koa';
import { Problem } from '../kernel/problem';
import type { Operation } from '../kernel/operation';
import { readBody } from './body';

/**
 * Reads the body of an operation that takes a file as raw bytes, whatever Content-Type it came
 * with (the use case recognises the file by its bytes). Never more than the operation's limit is
 * kept: a larger body is 413 ContentTooLarge at once when its Content-Length says so, else as
 * soon as the bytes read pass the limit; the rest is read and dropped so the connection stays usable.
 */
export function fileBody(op: Operation) {
  const max = op.fileBody?.maxBytes ?? 0;
  const tooLarge = () =>
    new Problem('ContentTooLarge', `the file is larger than ${max} bytes (${op.fileBody?.limitText ?? `${max} bytes`})`, { max_bytes: max });
  return async function fileBody(ctx: Context, next: Next) {
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      throw new Problem('UnsupportedMediaType', `send the file uncompressed: Content-Encoding ${encoding} is not taken`, { expected: 'the file itself' });
    }
    ctx.state.file = await readBody(ctx, max, tooLarge);
    await next();
  };
}
