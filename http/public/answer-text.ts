import { createHash } from 'node:crypto';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { JsonText } from '../kernel/operation';

/**
 * The JSON text of frozen objects, as bytes, with a digest of them, by object. A frozen object in an
 * answer is one the application keeps and shares between answers and never changes (a list's trip
 * cards, its facets named in a language), so its text is written once and every later answer that
 * shows it copies the bytes.
 */
const TEXTS = new WeakMap<object, { bytes: Buffer; digest: string }>();

/** The bytes of the punctuation and field names around them, which every answer repeats. */
const FRAGMENTS = new Map<string, Buffer>();
const FRAGMENTS_KEPT = 1000;

function fragment(text: string): Buffer {
  let bytes = FRAGMENTS.get(text);
  if (!bytes) {
    bytes = Buffer.from(text);
    if (FRAGMENTS.size < FRAGMENTS_KEPT) FRAGMENTS.set(text, bytes);
  }
  return bytes;
}

/** A field's name as JSON writes it after the brace or comma before it. */
const OPENINGS = { '{': new Map<string, string>(), ',': new Map<string, string>() };

function opening(before: '{' | ',', key: string): string {
  const known = OPENINGS[before];
  let text = known.get(key);
  if (text === undefined) {
    text = `${before}${JSON.stringify(key)}:`;
    if (known.size < FRAGMENTS_KEPT) known.set(key, text);
  }
  return text;
}

/**
 * An answer's JSON as it is assembled: bytes, and what its weak ETag digests, the text written here
 * and each kept object's digest in its place (a kept object's text is set apart by a character JSON
 * never writes as it is, so the same bytes assembled otherwise hash otherwise, never the reverse).
 */
class Pieces {
  readonly parts: Buffer[] = [];
  signature = '';

  add(text: string, bytes: Buffer = Buffer.from(text)): void {
    this.parts.push(bytes);
    this.signature += text;
  }

  addKept(kept: { bytes: Buffer; digest: string }): void {
    this.parts.push(kept.bytes);
    this.signature += `\u0000${kept.digest}`;
  }

  /** Everything written so far, to go back to when a field turns out to be one JSON leaves out. */
  mark(): [number, string] {
    return [this.parts.length, this.signature];
  }

  reset([parts, signature]: [number, string]): void {
    this.parts.length = parts;
    this.signature = signature;
  }

  /** The bytes, and a weak ETag that digests a few hundred bytes for an answer of twenty kept cards, not all of them. */
  done(): JsonText {
    return new JsonText(Buffer.concat(this.parts), `W/"${createHash('sha1').update(this.signature).digest('base64url')}"`);
  }
}

const addFragment = (out: Pieces, text: string) => out.add(text, fragment(text));

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
      TEXTS.set(value, (kept = { bytes, digest: createHash('sha1').update(bytes).digest('base64') }));
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
    addFragment(out, '[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) addFragment(out, ',');
      // JSON writes null for what it cannot write in an array.
      if (!write(value[i], depth - 1, out)) addFragment(out, 'null');
    }
    addFragment(out, ']');
    return true;
  }
  let before: '{' | ',' = '{';
  for (const key of Object.keys(value)) {
    const mark = out.mark();
    addFragment(out, opening(before, key));
    // And leaves out a field it cannot write.
    if (write((value as Record<string, unknown>)[key], depth - 1, out)) before = ',';
    else out.reset(mark);
  }
  addFragment(out, before === '{' ? '{}' : '}');
  return true;
}

/** A list's answer (its data and facets two levels down) as JSON, byte for byte what JSON.stringify writes, with its ETag; a refusal as it is. */
export async function answerText(answer: Promise<unknown>): Promise<JsonText | Refusal> {
  const result = await answer;
  if (isRefusal(result)) return result;
  const out = new Pieces();
  if (!write(result, 2, out)) addFragment(out, 'null');
  return out.done();
}
