import MiniSearch, { type SearchResult } from 'minisearch';
import type { ProductDefinition } from '../../domain/catalog/definitions';
import { PRODUCTS, type ProductDoc } from '../../projections/catalog/doc';
import { BEFORE_FIRST_POSITION } from '../platform/ports/event-store';
import type { DocumentStore } from '../platform/ports/document-store';
import type { Logger } from '../platform/ports/logger';
import { POSITION_FIELD } from '../platform/processing/runner';
import { QueryWord, allowedEdits, editDistance, indexTerms, queryWords } from './text-match';
import { categoryNamedIn, placeNamedIn } from '../filter-lists';

/**
 * How much a word found in each field counts (spec 4.2: best matches first). A word of the title
 * outranks the same word in a stop, the city or a category, which outranks one of the summary.
 */
const FIELD_WEIGHT: Record<string, number> = { title: 8, named: 4, summary: 2 };
/** A word found as typed counts more than one that only starts with it, which counts more than one within a typo or two. */
const EXACT = 1;
const PREFIX = 0.75;
const TYPO = 0.5;
/** What each word of the query a trip matches adds to its relevance: more than every worth of a query's words together. */
const WORD_RANK = 1e7;
/** Prefixes of words this short match too much to mean anything. */
const MIN_PREFIX = 3;
/** Trips kept in the answers of recent queries, all queries together (lists and search pages ask the same words again and again). */
const RECENT_TRIPS = 200_000;

interface IndexedTrip {
  id: string;
  title: string;
  named: string;
  summary: string;
}

/** The storefront languages the filter lists name places and categories in (spec 4.8). */
const NAME_LANGUAGES = ['en', 'es', 'de', 'ja'];

/**
 * Every language the trip is written in counts, and its places and categories by every name the
 * filter lists give them: a traveller may search in any of them ("リスボン", "文化").
 */
function indexed(product: Readonly<ProductDoc>): IndexedTrip {
  const d: ProductDefinition = product.definition;
  const texts = Object.values(d.content);
  const places = [d.city, d.region, d.country, ...d.places];
  const named = new Set([...places, ...d.categories].map((n) => n.name));
  for (const locale of NAME_LANGUAGES) {
    for (const place of places) named.add(placeNamedIn(place, locale).name);
    for (const category of d.categories) named.add(categoryNamedIn(category, locale).name);
  }
  return {
    id: product._id,
    title: texts.map((t) => t.title).join(' '),
    named: [...named].join(' '),
    summary: texts.map((t) => t.summary).join(' '),
  };
}

/** The word with one of its letters taken out, each once. */
function deletionsOf(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

interface Found {
  /** What the word is worth where it was found (FIELD_WEIGHT times EXACT, PREFIX or TYPO). */
  weight: number;
  /** MiniSearch's own score (BM25), which decides between equal weights. */
  score: number;
}

export interface IndexSettings {
  /** SEARCH_ENABLED: when false the index is never built and search answers 503. */
  enabled: boolean;
  /** The catalog projection's checkpoint: the position of the last catalog event its documents include. */
  catalogVersion: () => number;
  log?: Logger;
}

/**
 * The in-process search index of the published trips (spec 4.2 search), one per read-model store
 * and process.
 *
 * It follows the catalog projection rather than the log: it is built from the products collection
 * once, and before each search it reads again only the product documents written since the catalog
 * checkpoint it last saw (every projected document carries the log position of its last event).
 * A search therefore sees every catalog event the projection had applied when the request came in
 * (a trip published, changed or withdrawn is found, changed or gone on the next request), so an
 * answer cached under that checkpoint (catalog reads, spec 8) is never older than its key. It is no
 * reactor, whose checkpoint would outlive a process that rebuilds the index at every start, nor a
 * second reader of the log, which could stand before or after the projection that the answer
 * cache and the storefront's visibility read. It does nothing while nobody searches. One per store,
 * found by the store, so that the search endpoint and the trip list's q share it.
 */
export class TripIndex {
  private static readonly byStore = new WeakMap<DocumentStore, TripIndex>();

  /** The index of the trips in this store. */
  static of(docs: DocumentStore): TripIndex {
    let index = TripIndex.byStore.get(docs);
    if (!index) {
      index = new TripIndex(docs);
      TripIndex.byStore.set(docs, index);
    }
    return index;
  }

  private readonly mini = new MiniSearch<IndexedTrip>({
    fields: ['title', 'named', 'summary'],
    tokenize: indexTerms,
    processTerm: (term) => term,
  });
  private readonly trips = new Map<string, Readonly<ProductDoc>>();
  private settings: IndexSettings | null = null;
  private state: 'not_built' | 'building' | 'ready' | 'off' = 'not_built';
  private synced = BEFORE_FIRST_POSITION;
  private syncing: Promise<void> | null = null;
  /** Answers of `find` by query words, oldest first, emptied whenever a trip changes. */
  private readonly recent = new Map<string, ReadonlyMap<string, number>>();
  private recentTrips = 0;
  /** Matches of single words, oldest first, emptied whenever a trip changes: lists and searches combine the same words. */
  private readonly recentTerms = new Map<string, ReadonlyMap<string, Found>>();
  private recentTermTrips = 0;
  /**
   * Every term the index holds, with how many of the trips' fields hold it, and (worked out when
   * first needed after the terms changed) every term with one letter taken out: a word with no term
   * within one edit is not looked up (see `nearTerm`).
   */
  private readonly vocabulary = new Map<string, number>();
  private deletions: ReadonlySet<string> | null = null;

  private constructor(private readonly docs: DocumentStore) {}

  /** Builds the index from every published trip, unless search is switched off. */
  async open(settings: IndexSettings): Promise<void> {
    this.settings = settings;
    if (!settings.enabled) {
      this.state = 'off';
      return;
    }
    this.state = 'building';
    const started = performance.now();
    await this.syncTo(settings.catalogVersion());
    this.state = 'ready';
    settings.log?.info('search index built', { trips: this.trips.size, ms: Math.round(performance.now() - started) });
  }

  /**
   * Brings the index up to the catalog projection as it stands now; false while search is down
   * (switched off, or not built yet).
   */
  async current(): Promise<boolean> {
    if (this.state !== 'ready' || !this.settings) return false;
    const version = this.settings.catalogVersion();
    while (this.synced < version) {
      this.syncing ??= this.syncTo(this.settings.catalogVersion()).finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
    return true;
  }

  /** The catalog checkpoint the index has read up to. */
  get version(): number {
    return this.synced;
  }

  /** Every published trip, as the index last read it. */
  all(): IterableIterator<Readonly<ProductDoc>> {
    return this.trips.values();
  }

  trip(id: string): Readonly<ProductDoc> | undefined {
    return this.trips.get(id);
  }

  /**
   * The published trips matching any word of `q`, each with its relevance: first how many of the
   * words it matches (a trip matching them all comes before one matching some: "lisbon tram tour"
   * still finds the Lisbon tours when no trip says "tram"), then what its words are worth where
   * they were found (title, then stops, city and categories, then summary; as typed, then as a
   * prefix, then with typos), MiniSearch's score deciding between equal worths. Free text with no
   * word in it (only punctuation) matches nothing.
   */
  find(q: string): ReadonlyMap<string, number> {
    const words = queryWords(q);
    const key = JSON.stringify(words);
    const known = this.recent.get(key);
    if (known) return known;
    const hits = words.map((word) => (word.kind === 'spaced' ? this.termMatches(word.term) : this.findGrams(word)));
    // One word (most queries) is its matches as they are; several add up per trip.
    let found: ReadonlyMap<string, Found & { words?: number }> = hits[0] ?? new Map();
    if (hits.length > 1) {
      const sums = new Map<string, Found & { words: number }>();
      for (const matches of hits) {
        for (const [id, b] of matches) {
          const a = sums.get(id);
          if (a) {
            a.words += 1;
            a.weight += b.weight;
            a.score += b.score;
          } else sums.set(id, { words: 1, weight: b.weight, score: b.score });
        }
      }
      found = sums;
    }
    // Worths are multiples of 1/100 at most, below WORD_RANK in all: the score, below 1, only orders trips of equal worth.
    const relevance = new Map<string, number>();
    for (const [id, f] of found) relevance.set(id, (f.words ?? 1) * WORD_RANK + Math.round(f.weight * 100) + f.score / (f.score + 1));
    this.remember(key, relevance);
    return relevance;
  }

  private remember(key: string, relevance: ReadonlyMap<string, number>): void {
    this.recent.set(key, relevance);
    this.recentTrips += relevance.size;
    for (const [oldest, answer] of this.recent) {
      if (this.recentTrips <= RECENT_TRIPS) break;
      this.recent.delete(oldest);
      this.recentTrips -= answer.size;
    }
  }

  /** `findTerm`, kept for the next query with the same word. */
  private termMatches(term: string): ReadonlyMap<string, Found> {
    const known = this.recentTerms.get(term);
    if (known) return known;
    const found = this.findTerm(term);
    this.recentTerms.set(term, found);
    this.recentTermTrips += found.size;
    for (const [oldest, answer] of this.recentTerms) {
      if (this.recentTermTrips <= RECENT_TRIPS) break;
      this.recentTerms.delete(oldest);
      this.recentTermTrips -= answer.size;
    }
    return found;
  }

  private search(term: string, options: { prefix: boolean; fuzzy: number }): SearchResult[] {
    return this.mini.search(term, {
      prefix: options.prefix,
      fuzzy: options.fuzzy > 0 ? options.fuzzy : false,
      tokenize: (t) => [t],
      processTerm: (t) => t,
    });
  }

  /** A word of a spaced script: as typed, as a prefix, or within its allowed typos (swapped neighbours count one). */
  private findTerm(term: string): Map<string, Found> {
    const edits = allowedEdits(term.length);
    const prefix = term.length >= MIN_PREFIX;
    const results = this.search(term, { prefix, fuzzy: edits });
    // MiniSearch counts a swap of neighbours as two edits: the word with a pair swapped back is looked up too.
    if (edits > 0) {
      for (let i = 1; i < term.length; i++) {
        const swapped = term.slice(0, i - 1) + term[i] + term[i - 1] + term.slice(i + 1);
        // Most swaps make no word of the index, nor one a typo away: those are not looked up.
        if (swapped === term || !this.nearTerm(swapped, edits - 1)) continue;
        results.push(...this.search(swapped, { prefix: false, fuzzy: edits - 1 }));
      }
    }
    // Many trips share each term found: its quality is worked out once.
    const qualities = new Map<string, number>();
    const qualityOf = (indexTerm: string): number => {
      let quality = qualities.get(indexTerm);
      if (quality === undefined) {
        quality =
          indexTerm === term ? EXACT : prefix && indexTerm.startsWith(term) ? PREFIX : edits > 0 && editDistance(term, indexTerm, edits) <= edits ? TYPO : 0;
        qualities.set(indexTerm, quality);
      }
      return quality;
    };
    const out = new Map<string, Found>();
    for (const result of results) {
      let weight = 0;
      for (const [indexTerm, fields] of Object.entries(result.match)) {
        const quality = qualityOf(indexTerm);
        for (const field of fields) weight = Math.max(weight, FIELD_WEIGHT[field] * quality);
      }
      const id = String(result.id);
      const known = out.get(id);
      if (weight > 0 && (!known || known.weight < weight)) out.set(id, { weight, score: Math.max(result.score, known?.score ?? 0) });
    }
    return out;
  }

  /** A word of an unspaced script: worth the share of its character pairs found, where they were found. */
  private findGrams(word: Extract<QueryWord, { kind: 'unspaced' }>): Map<string, Found> {
    const perTrip = new Map<string, { count: number; weight: number; score: number }>();
    for (const gram of word.grams) {
      // A single character is looked for at the start of a pair.
      for (const result of this.search(gram, { prefix: gram.length === 1, fuzzy: 0 })) {
        let weight = 0;
        for (const fields of Object.values(result.match)) for (const field of fields) weight = Math.max(weight, FIELD_WEIGHT[field]);
        const id = String(result.id);
        const entry = perTrip.get(id) ?? { count: 0, weight: 0, score: 0 };
        perTrip.set(id, { count: entry.count + 1, weight: entry.weight + weight, score: entry.score + result.score });
      }
    }
    const out = new Map<string, Found>();
    for (const [id, entry] of perTrip) {
      if (entry.count >= word.needed) out.set(id, { weight: entry.weight / word.grams.length, score: entry.score });
    }
    return out;
  }

  /** Reads the product documents written since the last version seen (all of them the first time). */
  private async syncTo(version: number): Promise<void> {
    const changed = await this.docs
      .collection<ProductDoc>(PRODUCTS)
      .find(this.synced === BEFORE_FIRST_POSITION ? {} : { [POSITION_FIELD]: { $gt: this.synced } });
    for (const product of changed) this.put(product);
    if (changed.length > 0) {
      this.recent.clear();
      this.recentTrips = 0;
      this.recentTerms.clear();
      this.recentTermTrips = 0;
    }
    this.synced = Math.max(this.synced, version);
  }

  private put(product: Readonly<ProductDoc>): void {
    const before = this.trips.get(product._id);
    if (before) {
      this.mini.discard(product._id);
      this.count(indexed(before), -1);
    }
    if (product.published) {
      this.trips.set(product._id, product);
      const trip = indexed(product);
      this.mini.add(trip);
      this.count(trip, 1);
    } else {
      this.trips.delete(product._id);
    }
  }

  /**
   * Whether a term of the index is within `edits` (0 or 1) insertions, deletions or substitutions
   * of `word`, as MiniSearch's fuzzy search counts them: the word or one of its deletions is a term
   * or a term's deletion.
   */
  private nearTerm(word: string, edits: number): boolean {
    if (this.vocabulary.has(word)) return true;
    if (edits === 0) return false;
    this.deletions ??= new Set([...this.vocabulary.keys()].flatMap(deletionsOf));
    const deletions = this.deletions;
    if (deletions.has(word)) return true;
    return deletionsOf(word).some((d) => this.vocabulary.has(d) || deletions.has(d));
  }

  /** Adds (or with -1 takes away) the terms of a trip's fields to the vocabulary, once per field as MiniSearch keeps them. */
  private count(trip: IndexedTrip, delta: 1 | -1): void {
    for (const text of [trip.title, trip.named, trip.summary]) {
      for (const term of new Set(indexTerms(text))) {
        const n = (this.vocabulary.get(term) ?? 0) + delta;
        // A term new to the index, or gone from it, changes the deletions.
        if (n === 0 || n === delta) this.deletions = null;
        if (n > 0) this.vocabulary.set(term, n);
        else this.vocabulary.delete(term);
      }
    }
  }
}
