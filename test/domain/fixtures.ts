/**
 * Small local builders for domain tests. Each returns a complete, valid definition
 * that a test overrides in the few fields it is about (no demo catalog here).
 */
import type {
  AvailabilityRule,
  CancellationPolicy,
  ExtraDefinition,
  OptionDefinition,
  PriceTier,
  ProductContent,
  ProductDefinition,
  RoomType,
  SellerDefinition,
  StorefrontDefinition,
  UnitDefinition,
} from '../../domain/catalog/definitions';
import type { BookingPlacedData } from '../../domain/booking';
import type { HoldPlacedData } from '../../domain/hold';
import type { FxRate, PriceRequest, Quote, Selection } from '../../domain/pricing/quote';

export const at = (iso: string): Date => new Date(iso);
export const plusMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);

export const MODERATE: CancellationPolicy = {
  name: 'Moderate',
  tiers: [
    { from_days: 7, to_days: null, refund_pct: 100 },
    { from_days: 2, to_days: 7, refund_pct: 50 },
    { from_days: 0, to_days: 2, refund_pct: 0 },
  ],
};

export function unit(overrides: Partial<UnitDefinition> & Pick<UnitDefinition, 'id'>): UnitDefinition {
  return {
    type: 'adult',
    label: 'Adult',
    min_age: null,
    max_age: null,
    min_qty: null,
    max_qty: null,
    takes_seat: true,
    free: false,
    ...overrides,
  };
}

export const ADULT = unit({ id: 'adult', type: 'adult', label: 'Adult', min_qty: 1, max_qty: 10 });
export const CHILD = unit({ id: 'child', type: 'child', label: 'Child (4-11)', min_age: 4, max_age: 11, max_qty: 8 });
export const INFANT = unit({ id: 'infant', type: 'infant', label: 'Infant (0-3)', min_age: 0, max_age: 3, max_qty: 2, takes_seat: false, free: true });

export function tier(min_pax: number, max_pax: number | null, unit_prices: Record<string, number>, age_prices?: PriceTier['age_prices']): PriceTier {
  return age_prices ? { min_pax, max_pax, unit_prices, age_prices } : { min_pax, max_pax, unit_prices };
}

export function availability(overrides: Partial<AvailabilityRule> = {}): AvailabilityRule {
  return {
    times: ['09:00'],
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    from: '2026-01-01',
    until: null,
    capacity: 10,
    cutoff_hours: 2,
    closed_dates: [],
    ...overrides,
  };
}

export function option(overrides: Partial<OptionDefinition> = {}): OptionDefinition {
  return {
    id: 'opt-1',
    name: 'Standard',
    is_default: true,
    private: false,
    vehicle: null,
    sales_paused: false,
    min_units: null,
    max_units: null,
    capacity_mode: 'limited',
    confirmation: 'instant',
    ask_for_price: false,
    units: [ADULT, CHILD, INFANT],
    pricing: { tiers: [tier(1, null, { adult: 5000, child: 3000 })] },
    policy: MODERATE,
    traveller_details: { scope: 'lead', fields: [], collect: 'checkout', due_hours_before: null },
    pickup: null,
    room_types: [],
    availability: availability(),
    ...overrides,
  };
}

export function content(title = 'Old town walk'): ProductContent {
  return { title, summary: 'A walk', description: 'A long walk.', highlights: [], inclusions: [], exclusions: [], itinerary: [] };
}

export function extra(overrides: Partial<ExtraDefinition> & Pick<ExtraDefinition, 'id'>): ExtraDefinition {
  return {
    name: overrides.id,
    description: null,
    per: 'item',
    who: 'choose',
    included: false,
    option_ids: [],
    min_age: null,
    max_age: null,
    unit_types: [],
    max_per_booking: null,
    pay: 'upfront',
    price: 1000,
    local_price: null,
    ...overrides,
  };
}

export function product(overrides: Partial<ProductDefinition> = {}): ProductDefinition {
  return {
    slug: 'old-town-walk',
    template: 'day_tour',
    timezone: 'Europe/Lisbon',
    default_locale: 'en',
    content: { en: content() },
    city: { slug: 'lisbon', name: 'Lisbon' },
    region: { slug: 'lisboa', name: 'Lisboa' },
    country: { slug: 'pt', name: 'Portugal' },
    categories: [],
    places: [],
    photos: [],
    duration_minutes: 180,
    duration_days: null,
    duration_nights: null,
    rating: null,
    network: false,
    options: [option()],
    extras: [],
    ...overrides,
  };
}

export const USD_FX: FxRate = { base: 'USD', quote: 'USD', rate: '1', rate_id: 'fx-usd', as_of: '2026-05-01T00:00:00.000Z' };
export const EUR_FX: FxRate = { base: 'USD', quote: 'EUR', rate: '0.9137', rate_id: 'fx-eur-1', as_of: '2026-05-01T00:00:00.000Z' };
export const OMR_FX: FxRate = { base: 'USD', quote: 'OMR', rate: '0.38505', rate_id: 'fx-omr-1', as_of: '2026-05-01T00:00:00.000Z' };

export function selection(overrides: Partial<Selection> = {}): Selection {
  return { units: [{ unit_id: 'adult', qty: 2 }], extras: [], rooms: [], pickup: null, ...overrides };
}

export function priceRequest(overrides: Partial<PriceRequest> = {}): PriceRequest {
  const opt = overrides.option ?? option();
  return {
    product: product({ options: [opt] }),
    option: opt,
    start: '2026-12-10T09:00',
    selection: selection(),
    fx: USD_FX,
    rounding: { increment: 1, mode: 'nearest' },
    remaining: null,
    pendingExpiresAt: null,
    ...overrides,
  };
}

/** A quote as sold, for holds and bookings (its content is not what those tests are about). */
export function soldQuote(amount: number, currency = 'USD'): Quote {
  return {
    option_id: 'opt-1',
    lines: [
      {
        kind: 'unit',
        ref: 'adult',
        label: 'Adult',
        qty: 2,
        unit_price: { amount: amount / 2, currency },
        original_unit_price: null,
        total: { amount, currency },
        pay_at: 'upfront',
        included: false,
        vehicle: null,
      },
    ],
    totals: { due_now: { amount, currency }, pay_locally: [], grand_total: { amount, currency } },
    confirmation: 'instant',
    pending_expires_at: null,
    remaining: 10,
    pax: 2,
    pairing: false,
    vehicles: [],
    fx: { ...USD_FX, quote: currency },
    policy: { ...MODERATE, preset: 'moderate' },
    pickup: null,
  };
}

export function holdPlaced(overrides: Partial<HoldPlacedData> = {}): HoldPlacedData {
  return {
    ref: 'TP-AAAA-AAAA',
    storefrontId: 'sf-1',
    sellerId: 'seller-1',
    productId: 'prod-1',
    optionId: 'opt-1',
    start: '2026-06-10T09:00',
    places: 2,
    selection: selection(),
    quote: soldQuote(10000),
    expiresAt: '2026-05-01T10:15:00.000Z',
    placedAt: '2026-05-01T10:00:00.000Z',
    requestHash: 'hash-1',
    attribution: null,
    ...overrides,
  };
}

export function bookingPlaced(overrides: Partial<BookingPlacedData> = {}): BookingPlacedData {
  return {
    ref: 'TP-AAAA-AAAA',
    storefrontId: 'sf-1',
    sellerId: 'seller-1',
    productId: 'prod-1',
    optionId: 'opt-1',
    start: '2026-06-10T09:00',
    timezone: 'Europe/Lisbon',
    pax: 2,
    places: 2,
    trip: { title: 'Old town walk', option: 'Standard', productId: 'prod-1' },
    quote: soldQuote(10000),
    policy: MODERATE,
    lead: { name: 'Ana Lima', email: 'ana@example.com', phone: '+351912345678' },
    bookingTokenHash: 'b'.repeat(64),
    contactTokenHash: 'c'.repeat(64),
    locale: 'en',
    specialRequests: null,
    attribution: null,
    travellers: [],
    paymentMethod: null,
    placedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function room(overrides: Partial<RoomType> & Pick<RoomType, 'id'>): RoomType {
  return { name: overrides.id, sleeps: 2, solo_may_share: false, supplement: 0, ...overrides };
}

export function sellerDefinition(overrides: Partial<SellerDefinition> = {}): SellerDefinition {
  return { slug: 'atlas', name: 'Atlas Trails', base: 'Lisbon', blurb: 'Walks.', payment_methods: [], ...overrides };
}

export function storefrontDefinition(overrides: Partial<StorefrontDefinition> = {}): StorefrontDefinition {
  return {
    kind: 'direct',
    name: 'Atlas',
    seller_id: 'seller-1',
    member_seller_ids: [],
    languages: ['en', 'pt'],
    default_language: 'en',
    currencies: ['EUR', 'USD'],
    display_currency: 'EUR',
    rounding: {},
    allowed_origins: [],
    terms_url: null,
    privacy_url: null,
    cookies_url: null,
    promise: null,
    integrations: {
      gtm_container_id: null,
      ga4_measurement_id: null,
      google_ads: null,
      meta_pixel_id: null,
      tiktok_pixel_id: null,
      microsoft_uet_id: null,
      consent: 'opt_in',
      enhanced_conversions: false,
    },
    rate_limit_per_minute: null,
    ...overrides,
  };
}
