import { DURATION_BUCKETS } from '../../domain/catalog/trip-facts';
import type { ProductDoc } from '../../projections/catalog/queries';

interface FacetCount<V extends string | number = string> {
  value: V;
  name: string | null;
  count: number;
}

/** Facet values of equal counts in the order of String.prototype.localeCompare (the same collation), without its cost per call. */
export const byValue = new Intl.Collator().compare;

/** The values of one facet seen so far, each numbered once, so counting is adding to an array. */
class Values {
  private readonly numbers = new Map<string, number>();
  readonly values: string[] = [];

  numberOf(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.numbers.set(value, n);
      this.values.push(value);
    }
    return n;
  }
}

const CITIES = new Values();
const CATEGORIES = new Values();
const TEMPLATES = new Values();
const STYLES = new Values();
const BUCKETS = Object.keys(DURATION_BUCKETS);
const RATINGS = [4.5, 4];

/** What a trip adds to each facet, numbered: worked out once per stored document. */
interface Counted {
  city: number;
  cityName: string;
  categories: number[];
  categoryNames: string[];
  template: number;
  durations: number[];
  style: number;
  hotel: boolean;
  rating: number | null;
}

function counted(product: Readonly<ProductDoc>): Counted {
  let known = COUNTED.get(product);
  if (!known) {
    const d = product.definition;
    known = {
      city: CITIES.numberOf(d.city.slug),
      cityName: d.city.name,
      categories: d.categories.map((c) => CATEGORIES.numberOf(c.slug)),
      categoryNames: d.categories.map((c) => c.name),
      template: TEMPLATES.numberOf(d.template),
      durations: product.duration.map((bucket) => BUCKETS.indexOf(bucket)),
      style: product.style ? STYLES.numberOf(product.style) : -1,
      hotel: product.pickup.includes('hotel'),
      rating: product.rating,
    };
    COUNTED.set(product, known);
  }
  return known;
}

const COUNTED = new WeakMap<Readonly<ProductDoc>, Counted>();

/** One facet's counts; a value is named as the first trip counted for it names it. */
class Tally {
  private readonly counts: Int32Array;
  private readonly names: (string | null)[] = [];

  constructor(private readonly of: Values) {
    this.counts = new Int32Array(of.values.length);
  }

  add(n: number, name: string | null): void {
    if (this.counts[n]++ === 0) this.names[n] = name;
  }

  /** Most common first, then by value. */
  ordered(): FacetCount[] {
    const out: FacetCount[] = [];
    for (let n = 0; n < this.counts.length; n++) if (this.counts[n] > 0) out.push({ value: this.of.values[n], name: this.names[n], count: this.counts[n] });
    return out.sort((a, b) => b.count - a.count || byValue(a.value, b.value));
  }
}

/**
 * Counts over every match of the filters (spec 2.3 facets), in one pass over the facts the catalog
 * projection stored on each product document (duration buckets, style, pickup kinds, rating), so
 * a list recomputes none of them per trip.
 */
export function facetsOf(products: readonly Readonly<ProductDoc>[]) {
  const facts = products.map(counted);
  const city = new Tally(CITIES);
  const category = new Tally(CATEGORIES);
  const template = new Tally(TEMPLATES);
  const style = new Tally(STYLES);
  const duration = new Array<number>(BUCKETS.length).fill(0);
  let hotel = 0;
  const rating = RATINGS.map(() => 0);
  // Indexed loops: iterators cost more than the counting itself over a thousand trips.
  for (let i = 0; i < facts.length; i++) {
    const f = facts[i];
    city.add(f.city, f.cityName);
    for (let c = 0; c < f.categories.length; c++) category.add(f.categories[c], f.categoryNames[c]);
    template.add(f.template, null);
    for (let b = 0; b < f.durations.length; b++) duration[f.durations[b]] += 1;
    if (f.style >= 0) style.add(f.style, null);
    if (f.hotel) hotel += 1;
    if (f.rating !== null) for (let r = 0; r < RATINGS.length; r++) if (f.rating >= RATINGS[r]) rating[r] += 1;
  }
  return {
    city: city.ordered(),
    category: category.ordered(),
    template: template.ordered(),
    // The length buckets then the days buckets, those with trips only.
    duration: BUCKETS.flatMap((value, b): FacetCount[] => (duration[b] > 0 ? [{ value, name: null, count: duration[b] }] : [])),
    style: style.ordered(),
    pickup: hotel > 0 ? [{ value: 'hotel', name: null, count: hotel }] : [],
    rating: RATINGS.map((value, r): FacetCount<number> => ({ value, name: null, count: rating[r] })),
  };
}
