import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';

/** Spec part 8: JSON/text answers of 1,024 bytes or more come as Brotli or gzip when Accept-Encoding allows. */
export const COMPRESS_THRESHOLD = 1024;
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send `size` bytes in. Small answers stay plain unless the client refuses plain
 * (identity;q=0); a client that accepts nothing we have still gets plain bytes rather than an error.
 */
export function chooseEncoding(ctx: Context, size: number): Encoding {
  if (!ctx.get('Accept-Encoding')) return 'identity';
  const plainAccepted = ctx.acceptsEncodings('identity') === 'identity';
  if (size < COMPRESS_THRESHOLD && plainAccepted) return 'identity';
  const chosen = ctx.acceptsEncodings('br', 'gzip', 'identity');
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

export function encode(bytes: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(bytes, BROTLI) : gzipAsync(bytes);
}

/** Compresses JSON and text answers, problems included; answers already encoded (cached bytes) pass as they are. */
export function compression() {
  return async function compression(ctx: Context, next: Next) {
    await next();
    const body: unknown = ctx.body;
    if (body === null || body === undefined || ctx.status === 304 || ctx.response.get('Content-Encoding')) return;
    if (!/json|text/.test(ctx.response.type)) return;
    ctx.vary('Accept-Encoding');
    // No Accept-Encoding: plain bytes, and Koa writes strings and objects itself.
    if (!ctx.get('Accept-Encoding')) return;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const encoding = chooseEncoding(ctx, bytes.length);
    if (encoding === 'identity') {
      ctx.body = bytes;
      return;
    }
    ctx.body = await encode(bytes, encoding);
    ctx.set('Content-Encoding', encoding);
  };
}
