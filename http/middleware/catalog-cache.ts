import type { Context, Next } from 'koa';
import type { Operation } from '../kernel/operation';
import { chooseEncoding, encode } from './compress';
import { weakEtag } from './etag';

interface CachedAnswer {
  key: string;
  version: number;
  json: Buffer;
  etag: string;
  /** Compressed once, on first demand, then served as is. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  bytes: number;
}

const MAX_KEY_LENGTH = 2048;

/**
 * Catalog answers kept as bytes (and compressed bytes), keyed by storefront and URL and valid while
 * the catalog projection has not moved. Bounded by entries and by bytes, oldest out first, so no
 * client can grow it without limit by asking many different URLs.
 */
export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** The keys of the last `maxEntries` answers not found, in a ring, and how often each is in it. */
  private readonly missed: (string | undefined)[];
  private readonly missedCounts = new Map<string, number>();
  private missedAt = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    this.missed = new Array<string | undefined>(maxEntries);
  }

  /**
   * Whether an answer just worked out is worth keeping: its key was asked for, and not found, before,
   * among the last `maxEntries` keys not found. An answer asked once in that while would be pushed out, unasked,
   * by the answers after it: putting it costs its bytes on the heap until the collector finds them
   * and pushes out an answer that is asked again.
   */
  admits(key: string): boolean {
    const seen = this.missedCounts.has(key);
    const oldest = this.missed[this.missedAt];
    if (oldest !== undefined) {
      const n = this.missedCounts.get(oldest)! - 1;
      if (n === 0) this.missedCounts.delete(oldest);
      else this.missedCounts.set(oldest, n);
    }
    this.missed[this.missedAt] = key;
    this.missedCounts.set(key, (this.missedCounts.get(key) ?? 0) + 1);
    this.missedAt = (this.missedAt + 1) % this.missed.length;
    return seen;
  }

  get(key: string, version: number): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    return answer && answer.version === version ? answer : undefined;
  }

  /** `etag`: the answer's own weak ETag, when it came with one (respond.ts); else a digest of its bytes. */
  put(key: string, version: number, json: Buffer, etag = weakEtag(json)): CachedAnswer {
    this.remove(key);
    const answer: CachedAnswer = { key, version, json, etag, encoded: {}, bytes: json.length };
    this.answers.set(key, answer);
    this.bytes += answer.bytes;
    this.trim();
    return answer;
  }

  async encoded(answer: CachedAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
    let bytes = answer.encoded[encoding];
    if (!bytes) {
      bytes = await encode(answer.json, encoding);
      // Only an answer still held keeps its compressed copy: one evicted meanwhile is served once and dropped.
      if (this.answers.get(answer.key) === answer && !answer.encoded[encoding]) {
        answer.encoded[encoding] = bytes;
        answer.bytes += bytes.length;
        this.bytes += bytes.length;
        this.trim();
      }
    }
    return bytes;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.answers.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.answers.delete(key);
    this.bytes -= old.bytes;
  }

  /**
   * Oldest out first, a tenth of the room at a time, in one walk: taking one out per answer put
   * walks past every slot emptied before it (a Map keeps them until it rehashes), so a full cache
   * served by a rotating set of lists got slower with every answer.
   */
  private trim(): void {
    if (this.answers.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
    const entries = this.maxEntries - Math.floor(this.maxEntries / 10);
    const bytes = this.maxBytes - Math.floor(this.maxBytes / 10);
    for (const key of this.answers.keys()) {
      if (this.answers.size <= entries && this.bytes <= bytes) break;
      this.remove(key);
    }
  }
}

/**
 * Answers that depend on the day (date, month) are not kept; the rest change only with the catalog,
 * and are kept from the second time they are asked for while the cache would still hold them.
 */
export function catalogCache(op: Operation, cache: AnswerCache, catalogVersion: () => number) {
  return async function catalogCache(ctx: Context, next: Next) {
    if (!op.catalogRead) return next();
    const query = (ctx.state.input as { query: Record<string, unknown> }).query;
    const storefrontId = (ctx.state.caller as { storefront?: { _id: string } } | undefined)?.storefront?._id ?? '';
    const key = 'date' in query || 'month' in query || ctx.url.length > MAX_KEY_LENGTH ? null : `${storefrontId}|${ctx.url}`;
    const version = catalogVersion();
    let answer = key ? cache.get(key, version) : undefined;
    if (!answer) {
      await next();
      if (!key || ctx.status !== op.success.status || !Buffer.isBuffer(ctx.body) || !cache.admits(key)) return;
      answer = cache.put(key, version, ctx.body, ctx.state.etag as string | undefined);
    }
    ctx.status = op.success.status;
    ctx.type = 'application/json';
    ctx.state.etag = answer.etag;
    const encoding = chooseEncoding(ctx, answer.json.length);
    if (encoding === 'identity') {
      ctx.body = answer.json;
      return;
    }
    ctx.body = await cache.encoded(answer, encoding);
    ctx.set('Content-Encoding', encoding);
  };
}
