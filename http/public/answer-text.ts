import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { JsonText } from '../kernel/operation';

/**
 * The JSON text of frozen objects, by object. A frozen object in an answer is one the application
 * keeps and shares between answers and never changes (a list's trip cards, its facets named in a
 * language), so its text is written once and every later answer that shows it copies the text.
 */
const TEXTS = new WeakMap<object, string>();

/**
 * The text JSON.stringify writes for `value`, `depth` levels of plain objects and arrays walked
 * (the answer, its data array) to reach the frozen objects whose text is kept.
 */
function textOf(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Object.isFrozen(value)) {
    let text = TEXTS.get(value);
    if (text === undefined) TEXTS.set(value, (text = JSON.stringify(value)));
    return text;
  }
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items = new Array<string>(value.length);
    // JSON writes null for what it cannot write in an array.
    for (let i = 0; i < value.length; i++) items[i] = textOf(value[i], depth - 1) ?? 'null';
    return `[${items.join(',')}]`;
  }
  const fields: string[] = [];
  for (const key of Object.keys(value)) {
    // And leaves out a field it cannot write.
    const text = textOf((value as Record<string, unknown>)[key], depth - 1);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

/** A list's answer (its data and facets two levels down) as JSON text, byte for byte what JSON.stringify writes; a refusal as it is. */
export async function answerText(answer: Promise<unknown>): Promise<JsonText | Refusal> {
  const result = await answer;
  return isRefusal(result) ? result : new JsonText(textOf(result, 2) ?? 'null');
}
