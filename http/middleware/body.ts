import type { Context, Next } from 'koa';
import { Problem, invalidInputProblem } from '../kernel/problem';
import type { Operation } from '../kernel/operation';

/** Largest JSON body taken; larger is 413 ContentTooLarge. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Deeper nesting than any body of the interface needs is refused before anything walks it. */
const MAX_DEPTH = 32;

function hasBody(ctx: Context): boolean {
  return (ctx.request.length !== undefined && ctx.request.length > 0) || ctx.get('Transfer-Encoding') !== '';
}

/**
 * The request's body, never more than `maxBytes` of it kept: larger is `tooLarge()` at once when
 * Content-Length says so, else as soon as the bytes read pass the limit.
 */
export function readBody(ctx: Context, maxBytes: number, tooLarge: () => Problem): Promise<Buffer> {
  if (ctx.request.length !== undefined && ctx.request.length > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const req = ctx.req;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        // Answer at once; the rest of the body is read and dropped so the connection stays usable.
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
      }
    });
    req.once('end', () => resolve(Buffer.concat(chunks, size)));
    req.once('error', reject);
  });
}

const tooLarge = () => new Problem('ContentTooLarge', `the body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`, { max_bytes: MAX_BODY_BYTES });

/** Depth of nested arrays and objects, walked without recursion so no input can exhaust the stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Reads the JSON body of an operation that takes one (after the key was checked, so a request with
 * no key is 401 whatever its body). A body that is not a JSON object does not fit the contract at
 * all: 422 with no field problems.
 */
export function jsonBody(op: Operation) {
  return async function jsonBody(ctx: Context, next: Next) {
    if (!op.body) return next();
    if (!hasBody(ctx)) {
      if (op.bodyRequired) throw invalidInputProblem([], 'a JSON object body is required, sent with Content-Type: application/json');
      ctx.state.body = {};
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw new Problem(
        'UnsupportedMediaType',
        `send the body as JSON with the header Content-Type: application/json (it came as ${ctx.get('Content-Type') || 'no Content-Type'}; with curl use -H 'Content-Type: application/json')`,
        { expected: 'application/json' },
      );
    }
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      throw new Problem('UnsupportedMediaType', `send the JSON body uncompressed: Content-Encoding ${encoding} is not taken`, { expected: 'application/json' });
    }
    const text = (await readBody(ctx, MAX_BODY_BYTES, tooLarge)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidInputProblem([], 'the body is not valid JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidInputProblem([], 'the body must be a JSON object');
    if (depthOf(body) > MAX_DEPTH) throw invalidInputProblem([], `the body is nested more than ${MAX_DEPTH} levels deep`);
    ctx.state.body = body;
    await next();
  };
}
