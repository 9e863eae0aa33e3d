/**
 * The seller's catalog as the seller interface writes it (snake_case: these shapes are
 * the request bodies of the secret-key endpoints). Prices are US-dollar cents: the
 * service holds prices in USD and converts on the way out (spec 2.1).
 */

export type Template = 'day_tour' | 'multi_day' | 'transfer' | 'ticket' | 'activity';
export const TEMPLATES: readonly Template[] = ['day_tour', 'multi_day', 'transfer', 'ticket', 'activity'];

export interface NamedSlug {
  slug: string;
  name: string;
}

export interface Photo {
  url: string;
  alt: string;
}

/** The trip's text in one language. */
export interface ProductContent {
  title: string;
  summary: string;
  description: string;
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  itinerary: { title: string; body: string }[];
}

export type UnitType = 'adult' | 'child' | 'infant' | 'senior' | 'student';

export interface UnitDefinition {
  id: string;
  type: UnitType;
  label: string;
  min_age: number | null;
  max_age: number | null;
  min_qty: number | null;
  max_qty: number | null;
  takes_seat: boolean;
  free: boolean;
}

/** Per-traveller prices (USD cents) that apply when the group's size is within [min_pax, max_pax]. */
export interface PriceTier {
  min_pax: number;
  max_pax: number | null;
  unit_prices: Record<string, number>;
  /** Children priced by age: unit id -> age bands; a band's amount replaces the unit price. */
  age_prices?: Record<string, { min_age: number; max_age: number; amount: number }[]>;
}

/**
 * A price table for some dates or weekdays (a season, a weekend price): where it applies it
 * replaces the option's own tiers; the first of an option's seasons that applies wins.
 */
export interface PriceSeason {
  name: string;
  /** First and last local dates (YYYY-MM-DD) of starts it prices; null: open-ended. */
  from: string | null;
  until: string | null;
  /** ISO weekdays (1 = Monday ... 7 = Sunday) it prices; absent or empty: every day. */
  weekdays?: number[];
  tiers: PriceTier[];
}

/** A discount on the unit prices of some starts; quotes show the price before it beside the price. */
export interface PriceSpecial {
  name: string;
  /** First and last local dates (YYYY-MM-DD) of the starts it applies to. */
  from: string;
  until: string;
  /** ISO weekdays it applies on; absent or empty: every day. */
  weekdays?: number[];
  /** Local start times 'HH:MM'; absent or empty: every start of those days. */
  times?: string[];
  /** Whole percent off each unit price (1 to 99); the discounted price is rounded to whole US cents. */
  percent_off: number;
}

/**
 * How an option is priced: `tiers` on any day no season prices (may be empty when seasons
 * price every day it runs), `seasons` on theirs, and `specials` discounting some starts.
 */
export interface OptionPricing {
  tiers: PriceTier[];
  seasons?: PriceSeason[];
  specials?: PriceSpecial[];
}

export interface PolicyTier {
  from_days: number;
  to_days: number | null;
  refund_pct: number;
}

export interface CancellationPolicy {
  name: string;
  tiers: PolicyTier[];
}

/**
 * The details an option asks of each traveller (full_name, date_of_birth, passport_number...).
 * `scope` lead: the lead answers for the group (every traveller, lead first), and may forward a
 * link to each traveller to fill in their own. `collect` checkout: at checkout; after_booking: on
 * the manage page, due `due_hours_before` the start (null: by the start).
 */
export interface TravellerDetailsRule {
  scope: 'lead';
  fields: string[];
  collect: 'checkout' | 'after_booking';
  due_hours_before: number | null;
}

/**
 * Where a pickup meets the travellers: `hotel` comes to where they stay within the area (a hotel or
 * an address), the others meet them at one kind of place in it.
 */
export type PickupKind = 'hotel' | 'meeting_point' | 'airport' | 'port';
export const PICKUP_KINDS: readonly PickupKind[] = ['hotel', 'meeting_point', 'airport', 'port'];

/** Where a pickup area reaches: a polygon of [lat, lng] corners, or a circle of `radius_m` metres. */
export type PickupShape = { type: 'polygon'; points: [number, number][] } | { type: 'circle'; center: { lat: number; lng: number }; radius_m: number };

/** What a pickup needs to know at checkout (`pickup_details`): the flight, ship or room to meet. */
export type PickupAsk = 'flight' | 'ship' | 'room';
export const PICKUP_ASKS: readonly PickupAsk[] = ['flight', 'ship', 'room'];

export interface PickupRule {
  /** UUID. Absent in definitions written before areas had ids: those are named by `area` only. */
  id?: string;
  area: string;
  /** USD cents per booking. */
  price: number;
  /** Absent in definitions written before pickups had kinds: those all came to where travellers stay (hotel). */
  kind?: PickupKind;
  /** Absent: the area is matched by its id or name only, never by coordinates. */
  shape?: PickupShape;
  /** When the pickup comes, in minutes before the start: from `from_min` to `to_min` (from_min >= to_min). */
  window?: { from_min: number; to_min: number };
  /** Details checkout must be given in `pickup_details`. */
  asks?: PickupAsk[];
}

export interface RoomType {
  id: string;
  name: string;
  sleeps: number;
  solo_may_share: boolean;
  /** USD cents per traveller on top of the per-person price. */
  supplement: number;
}

export interface AvailabilityRule {
  /** Local start times 'HH:MM' in the trip's zone; empty means the option is open all day. */
  times: string[];
  /** ISO weekdays it runs on: 1 = Monday ... 7 = Sunday. */
  weekdays: number[];
  from: string;
  until: string | null;
  /** Places per start; null when places are not counted (free_sale; on_request without a limit). */
  capacity: number | null;
  /** Booking closes this many hours before the start. */
  cutoff_hours: number;
  closed_dates: string[];
}

/**
 * The vehicles of a private option: `option.vehicle` names them, each seats `seats` travellers who
 * take a seat, a booking takes at most `per_booking_max` of them (null: as many as it needs), and
 * `daily_limit` vehicles serve the option per local day across all its starts (null: no limit).
 */
export interface VehicleRule {
  seats: number;
  per_booking_max: number | null;
  daily_limit: { name: string; count: number } | null;
}

export type CapacityMode = 'limited' | 'free_sale' | 'on_request';
export type Confirmation = 'instant' | 'manual';

export interface OptionDefinition {
  id: string;
  name: string;
  is_default: boolean;
  private: boolean;
  vehicle: string | null;
  /** How the vehicles named by `vehicle` are counted; absent or null: one vehicle a booking, never counted. */
  vehicles?: VehicleRule | null;
  sales_paused: boolean;
  min_units: number | null;
  max_units: number | null;
  capacity_mode: CapacityMode;
  confirmation: Confirmation;
  ask_for_price: boolean;
  units: UnitDefinition[];
  pricing: OptionPricing;
  policy: CancellationPolicy;
  traveller_details: TravellerDetailsRule;
  pickup: { rules: PickupRule[] } | null;
  room_types: RoomType[];
  availability: AvailabilityRule;
}

export interface ExtraDefinition {
  id: string;
  name: string;
  description: string | null;
  per: 'item';
  who: 'choose';
  included: boolean;
  option_ids: string[];
  min_age: number | null;
  max_age: number | null;
  unit_types: UnitType[];
  max_per_booking: number | null;
  pay: 'upfront' | 'local';
  /** USD cents per item. */
  price: number;
  /** What is paid on the day, in its own currency, when pay is local. */
  local_price: { amount: number; currency: string } | null;
  /** Units for sale per start of an option, held and booked with the places; absent: unlimited. */
  stock_per_start?: number;
}

export interface ProductDefinition {
  slug: string;
  template: Template;
  /** IANA zone; every local start of the trip is in it. */
  timezone: string;
  default_locale: string;
  content: Record<string, ProductContent>;
  city: NamedSlug;
  region: NamedSlug;
  /** slug is the lowercase ISO 3166 country code. */
  country: NamedSlug;
  categories: NamedSlug[];
  /** Places the trip starts at or visits (its stops). */
  places: NamedSlug[];
  photos: Photo[];
  duration_minutes: number | null;
  duration_days: number | null;
  duration_nights: number | null;
  rating: { average: number; count: number } | null;
  /** Offered to the marketplaces the seller belongs to. */
  network: boolean;
  options: OptionDefinition[];
  extras: ExtraDefinition[];
}

export type PaymentMethodKind = 'pay_on_arrival' | 'payment_link' | 'bank_transfer';

export interface PaymentMethodDefinition {
  kind: PaymentMethodKind;
  /** Must be paid this many hours before the start; null when paid on the day. */
  deadline_hours: number | null;
  currencies: string[];
  /** Where a bank transfer goes, shown to the traveller asked to pay by transfer; absent for other ways to pay. */
  bank?: { account_name: string; iban: string; bic: string; bank_name: string };
}

export interface SellerDefinition {
  slug: string;
  name: string;
  base: string;
  blurb: string;
  payment_methods: PaymentMethodDefinition[];
  /** Hours within which the seller answers a booking request it confirms by hand; absent: the platform's default. */
  answer_hours?: number;
  /** Hours within which the seller replies to a traveller's message or enquiry; absent: the platform's default. */
  reply_hours?: number;
}

export interface StorefrontDefinition {
  kind: 'direct' | 'marketplace';
  name: string;
  /** The operator of a direct storefront; null on a marketplace. */
  seller_id: string | null;
  /** The seller whose team runs a marketplace's site content (pages, menus, collections, home placement); a direct storefront's is seller_id. */
  operator_seller_id?: string | null;
  /** Sellers whose network trips a marketplace sells; empty on a direct storefront. */
  member_seller_ids: string[];
  languages: string[];
  default_language: string;
  currencies: string[];
  display_currency: string;
  /** By currency; a currency not named is not rounded beyond its minor unit. */
  rounding: Record<string, { increment: number; mode: 'nearest' | 'up' }>;
  allowed_origins: string[];
  terms_url: string | null;
  privacy_url: string | null;
  cookies_url: string | null;
  /**
   * The site's page where travellers manage a booking and sign in (spec 4.6): a path on the site
   * (joined to the first allowed origin) or an address. Sign-in links lead there with `token`;
   * absent or null: /manage.
   */
  manage_url?: string | null;
  /** The site's page showing a seller's price offer, as a path or an address; absent or null: /offers/{offer_id}. */
  offer_url?: string | null;
  promise: { report_hours: number; payer: 'seller' | 'platform' } | null;
  integrations: {
    gtm_container_id: string | null;
    ga4_measurement_id: string | null;
    google_ads: { conversion_id: string | null; purchase_label: string | null; lead_label: string | null; contact_label: string | null } | null;
    meta_pixel_id: string | null;
    tiktok_pixel_id: string | null;
    microsoft_uet_id: string | null;
    consent: 'opt_in' | 'opt_in_strict' | 'opt_out';
    enhanced_conversions: boolean;
  };
  /** Website-key calls per minute; null: 600 on a direct storefront, unlimited on a marketplace (spec part 8). */
  rate_limit_per_minute: number | null;
}
