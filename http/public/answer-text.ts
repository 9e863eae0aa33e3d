import { createHash } from 'node:crypto';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { JsonText } from '../kernel/operation';

/**
 * The JSON text of frozen objects, as bytes, with a digest of them, by object. A frozen object in an
 * answer is one the application keeps and shares between answers and never changes (a list's trip
 * cards, its facets named in a language), so its text is written once and every later answer that
 * shows it copies the bytes.
 */
const TEXTS = new WeakMap<object, { bytes: Buffer; digest: Buffer }>();

/** A field's name as JSON writes it, with its colon: every answer repeats the same few. */
const NAMES = new Map<string, string>();
const NAMES_KEPT = 1000;

function nameOf(key: string): string {
  let text = NAMES.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (NAMES.size < NAMES_KEPT) NAMES.set(key, text);
  }
  return text;
}

/** An answer's JSON as it is assembled: text written here, and kept bytes of frozen objects. */
class Pieces {
  readonly parts: (string | { bytes: Buffer; digest: Buffer })[] = [];
  private text = '';

  add(text: string): void {
    this.text += text;
  }

  addKept(kept: { bytes: Buffer; digest: Buffer }): void {
    if (this.text !== '') this.parts.push(this.text);
    this.text = '';
    this.parts.push(kept);
  }

  /** Everything written so far, to go back to when a field turns out to be one JSON leaves out. */
  mark(): [number, string] {
    return [this.parts.length, this.text];
  }

  reset([parts, text]: [number, string]): void {
    this.parts.length = parts;
    this.text = text;
  }

  /**
   * The bytes, and a weak ETag made from them as written: the digest of the text written here and
   * of each kept object's digest, so an answer of twenty kept cards hashes a few hundred bytes.
   */
  done(): JsonText {
    if (this.text !== '') this.parts.push(this.text);
    this.text = '';
    let length = 0;
    for (const part of this.parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.bytes.length;
    const json = Buffer.allocUnsafe(length);
    const hash = createHash('sha1');
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') {
        hash.update(part);
        at += json.write(part, at);
      } else {
        // A kept object's text is set apart from the text around it: the same bytes assembled otherwise hash otherwise, never the reverse.
        hash.update('\u0000').update(part.digest);
        at += part.bytes.copy(json, at);
      }
    }
    return new JsonText(json, `W/"${hash.digest('base64url')}"`);
  }
}

/**
 * Writes what JSON.stringify writes for `value`, `depth` levels of plain objects and arrays walked
 * (the answer, its data array) to reach the frozen objects whose text is kept; false for what JSON
 * does not write (undefined, a function).
 */
function write(value: unknown, depth: number, out: Pieces): boolean {
  if (typeof value === 'object' && value !== null && Object.isFrozen(value)) {
    let kept = TEXTS.get(value);
    if (kept === undefined) {
      const bytes = Buffer.from(JSON.stringify(value));
      TEXTS.set(value, (kept = { bytes, digest: createHash('sha1').update(bytes).digest() }));
    }
    out.addKept(kept);
    return true;
  }
  if (depth === 0 || typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) return false;
    out.add(text);
    return true;
  }
  if (Array.isArray(value)) {
    out.add('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.add(',');
      // JSON writes null for what it cannot write in an array.
      if (!write(value[i], depth - 1, out)) out.add('null');
    }
    out.add(']');
    return true;
  }
  let opening = '{';
  for (const key of Object.keys(value)) {
    const before = out.mark();
    out.add(opening);
    out.add(nameOf(key));
    // And leaves out a field it cannot write.
    if (write((value as Record<string, unknown>)[key], depth - 1, out)) opening = ',';
    else out.reset(before);
  }
  out.add(opening === '{' ? '{}' : '}');
  return true;
}

/** A list's answer (its data and facets two levels down) as JSON, byte for byte what JSON.stringify writes, with its ETag; a refusal as it is. */
export async function answerText(answer: Promise<unknown>): Promise<JsonText | Refusal> {
  const result = await answer;
  if (isRefusal(result)) return result;
  const out = new Pieces();
  if (!write(result, 2, out)) out.add('null');
  return out.done();
}
