import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { JsonText } from '../kernel/operation';

/**
 * The JSON text of frozen objects, as bytes, by object. A frozen object in an answer is one the
 * application keeps and shares between answers and never changes (a list's trip cards, its facets
 * named in a language), so its text is written once and every later answer that shows it copies
 * the bytes.
 */
const TEXTS = new WeakMap<object, Buffer>();

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

const NULL = Buffer.from('null');

/**
 * Adds the bytes JSON.stringify writes for `value` to `out`, `depth` levels of plain objects and
 * arrays walked (the answer, its data array) to reach the frozen objects whose text is kept; false
 * for what JSON does not write (undefined, a function).
 */
function write(value: unknown, depth: number, out: Buffer[]): boolean {
  if (typeof value === 'object' && value !== null && Object.isFrozen(value)) {
    let bytes = TEXTS.get(value);
    if (bytes === undefined) TEXTS.set(value, (bytes = Buffer.from(JSON.stringify(value))));
    out.push(bytes);
    return true;
  }
  if (depth === 0 || typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) return false;
    out.push(Buffer.from(text));
    return true;
  }
  if (Array.isArray(value)) {
    out.push(fragment('['));
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(fragment(','));
      // JSON writes null for what it cannot write in an array.
      if (!write(value[i], depth - 1, out)) out.push(NULL);
    }
    out.push(fragment(']'));
    return true;
  }
  let opening = '{';
  for (const key of Object.keys(value)) {
    const at = out.length;
    out.push(fragment(`${opening}${JSON.stringify(key)}:`));
    // And leaves out a field it cannot write.
    if (write((value as Record<string, unknown>)[key], depth - 1, out)) opening = ',';
    else out.length = at;
  }
  out.push(fragment(opening === '{' ? '{}' : '}'));
  return true;
}

/** A list's answer (its data and facets two levels down) as JSON, byte for byte what JSON.stringify writes; a refusal as it is. */
export async function answerText(answer: Promise<unknown>): Promise<JsonText | Refusal> {
  const result = await answer;
  if (isRefusal(result)) return result;
  const out: Buffer[] = [];
  if (!write(result, 2, out)) out.push(NULL);
  return new JsonText(Buffer.concat(out));
}
