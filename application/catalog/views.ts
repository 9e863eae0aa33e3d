import type { OptionDefinition, ProductDefinition } from '../../domain/catalog/definitions';
import { Money, money, roundingFor, usdConverter } from '../../domain/shared/money';
import { policyPreset } from '../../domain/policy/refund';
import { FxRate, confirmationOf } from '../../domain/pricing/quote';
import { type Refusal, refuse } from '../../domain/shared/refusal';
import { pickupKind, salesPaused } from '../../domain/catalog/trip-facts';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import { categoryNamedIn, placeNamedIn } from '../filter-lists';

/** Converts USD cents for one answer: one currency, one rate, the storefront's rounding. */
export interface Pricer {
  currency: string;
  usd(cents: number): Money;
}

export function pricer(storefront: StorefrontDoc, fx: FxRate): Pricer {
  const rounding = roundingFor(storefront.rounding, fx.quote);
  const key = `${fx.quote}|${fx.rate}|${rounding.increment}|${rounding.mode}`;
  let known = PRICERS.get(key);
  if (!known) {
    const convert = usdConverter(fx, rounding);
    const amounts = new Map<number, number>();
    known = {
      currency: fx.quote,
      usd(cents) {
        let amount = amounts.get(cents);
        if (amount === undefined) {
          amount = convert(cents).amount;
          if (amounts.size >= CONVERTED_KEPT) amounts.clear();
          amounts.set(cents, amount);
        }
        return money(amount, fx.quote);
      },
    };
    // Rates change: pricers of past rates go, a few at a time.
    if (PRICERS.size >= PRICERS_KEPT) PRICERS.delete(PRICERS.keys().next().value as string);
    PRICERS.set(key, known);
  }
  return known;
}

/**
 * One pricer by currency, rate and rounding, with the amounts it converted. A list sorted by price
 * converts the from price of every trip in its window (decimal arithmetic), and the next list
 * converts the same prices; a kept pricer also tells kept cards (kept.ts) which prices they show.
 */
const PRICERS = new Map<string, Pricer>();
const PRICERS_KEPT = 64;
const CONVERTED_KEPT = 50_000;

/**
 * Catalog prices (spec 4.2 currency): in the asked currency when the storefront offers it, else its
 * display currency, converted at today's rate. One rule for the trip list, search and saved trips.
 */
export function catalogPricer(storefront: StorefrontDoc, asked: string | undefined, rateOf: (currency: string) => FxRate | null): Pricer | Refusal {
  const code = asked && storefront.currencies.includes(asked) ? asked : storefront.display_currency;
  const fx = rateOf(code);
  if (!fx) return refuse('CurrencyNotEnabled', `${code} is not offered here`, { currency: code });
  return pricer(storefront, fx);
}

/** Trips published in `locale` come in it, the rest in English (else their default language). */
export function contentLocale(definition: ProductDefinition, locale: string | undefined): string {
  if (locale && definition.content[locale]) return locale;
  return definition.content.en ? 'en' : definition.default_locale;
}

export function fromPrice(product: Readonly<ProductDoc>, p: Pricer) {
  return product.from_usd ? { ...p.usd(product.from_usd.amount), group_size: product.from_usd.group_size } : null;
}

export function sellerRef(seller: Readonly<SellerDoc> | undefined) {
  return seller ? { slug: seller.slug, name: seller.name } : null;
}

export function tripCard(product: Readonly<ProductDoc>, seller: Readonly<SellerDoc> | undefined, locale: string | undefined, p: Pricer) {
  const d = product.definition;
  const lang = contentLocale(d, locale);
  const text = d.content[lang];
  return {
    id: product._id,
    slug: d.slug,
    template: d.template,
    content_locale: lang,
    title: text.title,
    summary: text.summary,
    duration_minutes: d.duration_minutes,
    duration_days: d.duration_days,
    duration_nights: d.duration_nights,
    sales_paused: salesPaused(d),
    cover: d.photos[0] ?? null,
    // Named as the filter lists name them in the asked language (spec 4.8), so a card reads as the list it is on.
    city: placeNamedIn(d.city, locale),
    region: placeNamedIn(d.region, locale),
    country: placeNamedIn(d.country, locale),
    categories: d.categories.map((c) => categoryNamedIn(c, locale)),
    seller: sellerRef(seller),
    rating: d.rating,
    from_price: fromPrice(product, p),
  };
}

function publicOption(option: OptionDefinition, p: Pricer) {
  return {
    id: option.id,
    name: option.name,
    is_default: option.is_default,
    private: option.private,
    vehicle: option.vehicle,
    vehicle_seats: option.vehicles?.seats ?? null,
    sales_paused: option.sales_paused,
    min_units: option.min_units,
    max_units: option.max_units,
    availability_type: 'start_time',
    capacity_mode: option.capacity_mode,
    confirmation: confirmationOf(option),
    ask_for_price: option.ask_for_price,
    units: option.units.map((u) => ({
      id: u.id,
      type: u.type,
      label: u.label,
      min_age: u.min_age,
      max_age: u.max_age,
      min_qty: u.min_qty,
      max_qty: u.max_qty,
      takes_seat: u.takes_seat,
      free: u.free,
    })),
    policy: { ...option.policy, preset: policyPreset(option.policy) },
    traveller_details: option.traveller_details,
    pickup: option.pickup
      ? {
          pickup_rules: option.pickup.rules.map((r) => ({
            id: r.id ?? null,
            area: r.area,
            kind: pickupKind(r),
            price: p.usd(r.price),
            shape: r.shape ?? null,
            window: r.window ?? null,
            asks: r.asks ?? [],
          })),
        }
      : null,
    room_types: option.room_types.map((r) => ({ id: r.id, name: r.name, sleeps: r.sleeps, solo_may_share: r.solo_may_share, supplement: p.usd(r.supplement) })),
    start_times: option.availability.times,
    cutoff_hours: option.availability.cutoff_hours,
  };
}

/** The trip page (spec 2.4): the card's fields and the trip's text, photos, options and extras. */
export function tripView(product: Readonly<ProductDoc>, seller: Readonly<SellerDoc> | undefined, locale: string | undefined, p: Pricer) {
  const d = product.definition;
  const card = tripCard(product, seller, locale, p);
  const text = d.content[card.content_locale];
  return {
    ...card,
    locales: Object.keys(d.content).sort(),
    description: text.description,
    highlights: text.highlights,
    itinerary: text.itinerary,
    inclusions: text.inclusions,
    exclusions: text.exclusions,
    timezone: d.timezone,
    photos: d.photos,
    places: d.places.map((place) => placeNamedIn(place, locale)),
    seller: seller ? { slug: seller.slug, name: seller.name, base: seller.base, blurb: seller.blurb } : null,
    options: d.options.map((o) => publicOption(o, p)),
    extras: d.extras.map((e) => ({
      id: e.id,
      name: e.name,
      description: e.description,
      per: e.per,
      who: e.who,
      included: e.included,
      option_ids: e.option_ids,
      min_age: e.min_age,
      max_age: e.max_age,
      unit_types: e.unit_types,
      max_per_booking: e.max_per_booking,
      pay: e.pay,
      price: p.usd(e.included ? 0 : e.price),
      unit_prices: {},
      local_price: e.local_price,
    })),
  };
}

/** The storefront as its key sees it (spec 2.2). */
export function storefrontView(s: Readonly<StorefrontDoc>) {
  return {
    id: s._id,
    kind: s.kind,
    name: s.name,
    languages: s.languages,
    default_language: s.default_language,
    currencies: s.currencies,
    display_currency: s.display_currency,
    rounding: s.rounding,
    allowed_origins: s.allowed_origins,
    terms_url: s.terms_url,
    privacy_url: s.privacy_url,
    cookies_url: s.cookies_url,
    promise: s.kind === 'marketplace' ? s.promise : null,
    integrations: {
      ...s.integrations,
      google_ads: s.integrations.google_ads ?? { conversion_id: null, purchase_label: null, lead_label: null, contact_label: null },
    },
  };
}
