import type { ProductDefinition } from '../../domain/catalog/definitions';

/** Lowercase words without accents, in any script: "Sé de Lisboa" -> ["se", "de", "lisboa"]; "寿司作り" stays one word. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/** Scripts written without spaces (Japanese, Chinese, ...) are matched inside words, not by word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Edits (insert, delete, substitute, swap neighbours) allowed for a word of this length. */
function allowedEdits(term: string): number {
  if (term.length >= 8) return 2;
  return term.length >= 4 ? 1 : 0;
}

/** Optimal string alignment distance, stopping early once it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

interface Indexed {
  /** Title, city, places and categories. */
  strong: Set<string>;
  /** Summary. */
  weak: Set<string>;
}

/** A trip as the list reads it: its id and version name the words worked out from its definition. */
export interface Searchable {
  _id: string;
  updated_at: string;
  definition: ProductDefinition;
}

const MAX_INDEXED = 20_000;
// Words are worked out once per trip version and language, whichever store handed the document out.
let indexed = new Map<string, Indexed>();

function indexOf(product: Searchable, locale: string): Indexed {
  const key = `${product._id}|${product.updated_at}|${locale}`;
  let entry = indexed.get(key);
  if (!entry) {
    const d = product.definition;
    const text = d.content[locale] ?? d.content[d.default_locale];
    const strong = [text.title, d.city.name, d.region.name, d.country.name, ...d.categories.map((c) => c.name), ...d.places.map((p) => p.name)].join(' ');
    entry = { strong: new Set(words(strong)), weak: new Set(words(text.summary)) };
    if (indexed.size >= MAX_INDEXED) indexed = new Map();
    indexed.set(key, entry);
  }
  return entry;
}

function termScore(term: string, index: Indexed): number {
  if (index.strong.has(term)) return 4;
  if (index.weak.has(term)) return 2;
  if (UNSPACED.test(term)) {
    if ([...index.strong].some((w) => w.includes(term))) return 3;
    return [...index.weak].some((w) => w.includes(term)) ? 1 : 0;
  }
  const max = allowedEdits(term);
  let best = 0;
  for (const word of index.strong) {
    if (term.length >= 3 && word.startsWith(term)) best = Math.max(best, 2);
    else if (max > 0 && editDistance(term, word, max) <= max) best = Math.max(best, 1.5);
  }
  if (best > 0) return best;
  for (const word of index.weak) {
    if (max > 0 && editDistance(term, word, max) <= max) return 1;
  }
  return 0;
}

/**
 * Free-text relevance of a trip: every term must match a word of its title, city, places,
 * categories or summary, exactly, as a prefix or within a typo or two; 0 means no match.
 */
export function relevance(product: Searchable, terms: string[], locale: string): number {
  const index = indexOf(product, locale);
  let score = 0;
  for (const term of terms) {
    const s = termScore(term, index);
    if (s === 0) return 0;
    score += s;
  }
  return score;
}
