import type { NamedSlug } from '../../domain/catalog/definitions';
import { answerHours, replyHours } from '../../domain/seller';
import { notFound, type Refusal } from '../../domain/shared/refusal';
import { PRODUCTS, SELLERS } from '../../projections/catalog/doc';
import { visibleProducts, type ProductDoc } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import { PLATFORM_CATEGORIES } from './categories';
import { PLACE_LIBRARY } from './place-library';

const ENGLISH = 'en';

/** The parts of a trip the filter lists read. */
const TRIP_FIELDS = {
  seller_id: 1,
  'definition.city': 1,
  'definition.region': 1,
  'definition.country': 1,
  'definition.categories': 1,
  'definition.places': 1,
} as const;

type Trip = Pick<ProductDoc, '_id' | 'seller_id'> & { definition: Pick<ProductDoc['definition'], 'city' | 'region' | 'country' | 'categories' | 'places'> };

/** A place, region or country named in `locale` when the library translates it, else as its trips name it. */
function nameIn(place: NamedSlug, locale: string): string {
  return PLACE_LIBRARY[place.slug.toLowerCase()]?.names[locale] ?? place.name;
}

const namedSlug = (place: NamedSlug, locale: string) => ({ slug: place.slug.toLowerCase(), name: nameIn(place, locale) });

/**
 * The language a place's page comes in (content_locale): the asked one when the library has the
 * place's page (or, for a place with no page, its name) in it, else English. Its name is in the asked
 * language whenever the library translates it (spec 4.8), whatever language its page is in.
 */
function placeLocale(slug: string, locale: string): string {
  const entry = PLACE_LIBRARY[slug];
  const translated = entry?.body ? entry.body[locale] : entry?.names[locale];
  return translated !== undefined ? locale : ENGLISH;
}

/** The places a trip starts at or visits: its city, then its stops (as `place=` filters the trip list). */
const placesOf = (trip: Trip): NamedSlug[] => [trip.definition.city, ...trip.definition.places];

/** "Lisbon (Portugal)" for each city the trips start in, in `locale`. */
function startingCities(trips: readonly Trip[], locale: string): string {
  const cities = new Map(trips.map((t) => [t.definition.city.slug.toLowerCase(), t.definition]));
  return [...cities.values()].map((d) => `${nameIn(d.city, locale)} (${nameIn(d.country, locale)})`).join(', ');
}

/** The place page of a place nobody wrote one for: where its trips start, in the page's language (plain text, valid Markdown). */
function whereTripsComeFrom(place: string, trips: readonly Trip[], locale: string): string {
  const from = startingCities(trips, locale);
  switch (locale) {
    case 'es':
      return `${place}: excursiones desde ${from} que empiezan aquí o pasan por aquí.`;
    case 'de':
      return `${place}: Touren ab ${from}, die hier beginnen oder hierher führen.`;
    case 'ja':
      return `${place}：${from}発のツアーがここから出発、またはここを訪れます。`;
    default:
      return `${place}: trips from ${from} that start here or visit it.`;
  }
}

/** Counts trips by slug, keeping the first way a trip names each. */
function tally(trips: readonly Trip[], of: (trip: Trip) => NamedSlug[]): Map<string, { named: NamedSlug; trips: number }> {
  const counts = new Map<string, { named: NamedSlug; trips: number }>();
  for (const trip of trips) {
    // A trip counts once per slug, however often it names it.
    for (const named of new Map(of(trip).map((n) => [n.slug.toLowerCase(), n])).values()) {
      const slug = named.slug.toLowerCase();
      const entry = counts.get(slug) ?? { named: { ...named, slug }, trips: 0 };
      entry.trips += 1;
      counts.set(slug, entry);
    }
  }
  return counts;
}

/** Most trips first, then by name. */
const byTripsThenName = <T extends { name: string; trip_count: number }>(a: T, b: T) => b.trip_count - a.trip_count || a.name.localeCompare(b.name);

/**
 * The filter lists of spec 4.8: the cities, categories, places and sellers the storefront's
 * published trips use, each with how many trips use it, named in `locale` when translated
 * (English otherwise).
 */
export class FilterListQueries {
  constructor(private readonly docs: DocumentStore) {}

  private async trips(storefront: StorefrontDoc): Promise<Trip[]> {
    return (await this.docs.collection<ProductDoc>(PRODUCTS).find(visibleProducts(storefront), { projection: TRIP_FIELDS })) as Trip[];
  }

  async cities(storefront: StorefrontDoc, locale = ENGLISH) {
    const cities = new Map<string, { where: Trip['definition']; trips: number }>();
    for (const trip of await this.trips(storefront)) {
      const slug = trip.definition.city.slug.toLowerCase();
      const entry = cities.get(slug) ?? { where: trip.definition, trips: 0 };
      entry.trips += 1;
      cities.set(slug, entry);
    }
    const data = [...cities.entries()].map(([slug, { where, trips }]) => ({
      slug,
      name: nameIn(where.city, locale),
      region: namedSlug(where.region, locale),
      country: namedSlug(where.country, locale),
      trip_count: trips,
    }));
    return { data: data.sort(byTripsThenName) };
  }

  async categories(storefront: StorefrontDoc, locale = ENGLISH) {
    const counts = tally(await this.trips(storefront), (t) => t.definition.categories);
    const platform = PLATFORM_CATEGORIES.flatMap((category) => {
      const used = counts.get(category.slug);
      return used ? [{ slug: category.slug, name: category.names[locale] ?? category.names[ENGLISH] ?? used.named.name, trip_count: used.trips }] : [];
    });
    const known = new Set(PLATFORM_CATEGORIES.map((c) => c.slug));
    const others = [...counts.entries()]
      .filter(([slug]) => !known.has(slug))
      .map(([slug, { named, trips }]) => ({ slug, name: named.name, trip_count: trips }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { data: [...platform, ...others] };
  }

  private async placeCounts(storefront: StorefrontDoc) {
    return tally(await this.trips(storefront), placesOf);
  }

  private placeView(slug: string, named: NamedSlug, trips: number, locale: string) {
    return { slug, name: nameIn(named, locale), content_locale: placeLocale(slug, locale), trip_count: trips };
  }

  async places(storefront: StorefrontDoc, locale = ENGLISH) {
    const counts = await this.placeCounts(storefront);
    const data = [...counts.entries()].map(([slug, { named, trips }]) => this.placeView(slug, named, trips, locale));
    return { data: data.sort(byTripsThenName) };
  }

  /**
   * One place's page: the place as listed, with its text; NotFound for a place none of the site's
   * trips starts at or visits. A place the library wrote no page for gets a line saying where its trips come from.
   */
  async place(storefront: StorefrontDoc, slug: string, locale = ENGLISH) {
    const key = slug.toLowerCase();
    const trips = (await this.trips(storefront)).filter((t) => placesOf(t).some((p) => p.slug.toLowerCase() === key));
    if (trips.length === 0) return notFound('place');
    const named = placesOf(trips[0]).find((p) => p.slug.toLowerCase() === key) as NamedSlug;
    const view = this.placeView(key, named, trips.length, locale);
    const written = PLACE_LIBRARY[key]?.body ?? {};
    const body = written[view.content_locale] ?? whereTripsComeFrom(view.name, trips, view.content_locale);
    return { ...view, locales: Object.keys(written).sort(), body };
  }

  private async sellerCounts(storefront: StorefrontDoc): Promise<{ seller: Readonly<SellerDoc>; trips: number }[]> {
    const trips = await this.trips(storefront);
    const counts = new Map<string, number>();
    for (const trip of trips) counts.set(trip.seller_id, (counts.get(trip.seller_id) ?? 0) + 1);
    const sellers = await this.docs.collection<SellerDoc>(SELLERS).find({ _id: { $in: [...counts.keys()] } });
    return sellers.map((seller) => ({ seller, trips: counts.get(seller._id) ?? 0 }));
  }

  async sellers(storefront: StorefrontDoc) {
    const data = (await this.sellerCounts(storefront)).map(({ seller, trips }) => ({ ...sellerCard(seller), trip_count: trips }));
    return { data: data.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  /** One seller of the site, with the hours it answers within; NotFound for a seller with no trip on the site. */
  async seller(storefront: StorefrontDoc, slug: string): Promise<Record<string, unknown> | Refusal> {
    const found = (await this.sellerCounts(storefront)).find(({ seller }) => seller.slug.toLowerCase() === slug.toLowerCase());
    if (!found) return notFound('seller');
    return { ...sellerCard(found.seller), trip_count: found.trips, answer_hours: answerHours(found.seller), reply_hours: replyHours(found.seller) };
  }
}

function sellerCard(seller: Readonly<SellerDoc>) {
  return { slug: seller.slug, name: seller.name, base: seller.base, blurb: seller.blurb };
}
