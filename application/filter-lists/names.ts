import type { NamedSlug } from '../../domain/catalog/definitions';
import { PLATFORM_CATEGORIES } from './categories';
import { PLACE_LIBRARY } from './place-library';

interface Facet {
  value: string | number;
  name: string | null;
}

const CATEGORY_NAMES = new Map(PLATFORM_CATEGORIES.map((c) => [c.slug, c.names]));

/**
 * The trip list's and search's city and category facets (spec 2.3) named in `locale` as the filter
 * lists name them (spec 4.8), so a filter page built from facets reads as the lists it links to;
 * a name with no translation stays as the trips give it.
 */
export function facetsNamedIn<V extends Facet, F extends { city: V[]; category: V[] }>(facets: F, locale = 'en'): F {
  // Facets kept with a list (its window's) are named once per language.
  let byLocale = NAMED.get(facets) as Map<string, F> | undefined;
  if (!byLocale) NAMED.set(facets, (byLocale = new Map()));
  let answer = byLocale.get(locale);
  if (!answer) byLocale.set(locale, (answer = namedIn(facets, locale)));
  return answer;
}

const NAMED = new WeakMap<object, Map<string, unknown>>();

function namedIn<V extends Facet, F extends { city: V[]; category: V[] }>(facets: F, locale: string): F {
  const named = (list: V[], name: (slug: string) => string | undefined) => list.map((f) => ({ ...f, name: name(String(f.value).toLowerCase()) ?? f.name }));
  return {
    ...facets,
    city: named(facets.city, (slug) => placeName(slug, locale)),
    category: named(facets.category, (slug) => categoryName(slug, locale)),
  };
}

/** A place as the place library names it in `locale`, if it does. */
function placeName(slug: string, locale: string): string | undefined {
  return PLACE_LIBRARY[slug]?.names[locale];
}

/** As GET /categories names them: a platform category by the platform's name, whatever a trip calls it. */
function categoryName(slug: string, locale: string): string | undefined {
  const names = CATEGORY_NAMES.get(slug);
  return names?.[locale] ?? names?.en;
}

/**
 * A trip's city, region, country (by its code) or stop (trip cards, search items, the trip page)
 * named in `locale` as the filter lists name it; as the trip names it when untranslated.
 */
export function placeNamedIn(place: NamedSlug, locale = 'en'): NamedSlug {
  const name = placeName(place.slug.toLowerCase(), locale);
  return name === undefined || name === place.name ? place : { slug: place.slug, name };
}

/** A trip's category named in `locale` as GET /categories names it; as the trip names it when the platform does not list it. */
export function categoryNamedIn(category: NamedSlug, locale = 'en'): NamedSlug {
  const name = categoryName(category.slug.toLowerCase(), locale);
  return name === undefined || name === category.name ? category : { slug: category.slug, name };
}
