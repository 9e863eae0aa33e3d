import type { PickupPlace } from './places';

/** Lower case without accents, so "evora" finds "Évora" and "pestana" finds "Pestana". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text: string) =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Edit distance with swapped neighbours counting once (optimal string alignment), given up past 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    rows[i] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length] <= 1;
}

/**
 * How well one typed word fits a name's words: 3 a whole word, 2 the start of one (the traveller
 * is still typing), 1 within one typo of a word or of its start (from 4 letters on), 0 not at all.
 */
function wordScore(typed: string, words: readonly string[]): number {
  let best = 0;
  for (const word of words) {
    if (word === typed) return 3;
    if (word.startsWith(typed)) best = Math.max(best, 2);
    else if (typed.length >= 4 && (withinOneEdit(typed, word) || withinOneEdit(typed, word.slice(0, typed.length)))) best = Math.max(best, 1);
  }
  return best;
}

/**
 * The places whose name (in `locale` or English) fits every typed word, best first, then by name:
 * prefix and typo tolerant, as a traveller types.
 */
export function searchPlaces(places: readonly PickupPlace[], q: string, locale: string, limit: number): { place: PickupPlace; name: string }[] {
  const typed = wordsOf(q);
  if (typed.length === 0) return [];
  const found: { place: PickupPlace; name: string; score: number }[] = [];
  for (const place of places) {
    const name = place.names[locale] ?? place.names.en;
    // A name is found by the words of its shown name and of its English one.
    const words = [...new Set([...wordsOf(name), ...wordsOf(place.names.en)])];
    let score = 0;
    for (const word of typed) {
      const s = wordScore(word, words);
      if (s === 0) {
        score = 0;
        break;
      }
      score += s;
    }
    if (score > 0) found.push({ place, name, score });
  }
  found.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return found.slice(0, limit).map(({ place, name }) => ({ place, name }));
}
