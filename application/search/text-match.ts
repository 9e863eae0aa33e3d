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

/** Scripts written without spaces (Japanese, Chinese, ...): their words are not delimited, so they are matched by pairs of characters. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** A word split where it changes between a script written with spaces and one written without. */
const SCRIPT_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\u30fc]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\u30fc]+/gu;

/** Edits (insert, delete, substitute, swap neighbours) a word of this many characters may carry and still match. */
export function allowedEdits(length: number): number {
  if (length >= 8) return 2;
  return length >= 4 ? 1 : 0;
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

/**
 * One word of a query. A word in a spaced script is one term, matched exactly, as a prefix or
 * within `allowedEdits` typos. A word in an unspaced script is its pairs of characters: it matches
 * where enough of them are found, since one wrong character spoils at most two pairs.
 */
export type QueryWord = { kind: 'spaced'; term: string } | { kind: 'unspaced'; grams: string[]; needed: number };

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
}

function runsOf(word: string): string[] {
  return word.match(SCRIPT_RUNS) ?? [];
}

/** The terms a text is indexed by: its words, and the character pairs of its unspaced runs. */
export function indexTerms(text: string): string[] {
  return words(text).flatMap((word) => runsOf(word).flatMap((run) => (UNSPACED.test(run) ? bigrams(run) : [run])));
}

/** The words of a query, each as it is matched. */
export function queryWords(q: string): QueryWord[] {
  return words(q).flatMap((word) =>
    runsOf(word).map((run): QueryWord => {
      if (!UNSPACED.test(run)) return { kind: 'spaced', term: run };
      const grams = [...new Set(bigrams(run))];
      return { kind: 'unspaced', grams, needed: Math.max(1, grams.length - 2 * allowedEdits([...run].length)) };
    }),
  );
}

/**
 * Title and summary words of a trip in every language it is written in, for matching when search
 * is down (spec 4.2 q): whole words only, no typos; unspaced scripts inside their words.
 */
export function titleSummaryMatch(q: string): (definition: ProductDefinition) => number {
  const terms = words(q);
  if (terms.length === 0) return () => 0;
  return (definition) => {
    const texts = Object.values(definition.content);
    const title = new Set(texts.flatMap((t) => words(t.title)));
    const summary = new Set(texts.flatMap((t) => words(t.summary)));
    let score = 0;
    for (const term of terms) {
      // A word of the title counts twice a word of the summary.
      const found = (set: Set<string>) => set.has(term) || (UNSPACED.test(term) && [...set].some((w) => w.includes(term)));
      const s = found(title) ? 2 : found(summary) ? 1 : 0;
      if (s === 0) return 0;
      score += s;
    }
    return score;
  };
}
