import { uuidFromName } from '../../application/platform/secrets';
import type {
  AvailabilityRule,
  CancellationPolicy,
  ExtraDefinition,
  NamedSlug,
  OptionDefinition,
  PickupKind,
  PickupRule,
  PriceTier,
  ProductContent,
  ProductDefinition,
  RoomType,
  SellerDefinition,
  StorefrontDefinition,
  Template,
  TravellerDetailsRule,
  UnitDefinition,
  UnitType,
} from '../../domain/catalog/definitions';
import { FLEXIBLE, MODERATE, STRICT } from './policies';

export interface DemoCatalog {
  sellers: { id: string; definition: SellerDefinition; secret_keys: { key: string; scopes: string[] }[] }[];
  /** Sellers that sell nothing themselves and run a marketplace's site content. */
  operators: { id: string; definition: SellerDefinition; secret_keys: { key: string; scopes: string[] }[] }[];
  storefronts: { id: string; definition: StorefrontDefinition; website_keys: string[] }[];
  products: { id: string; seller_id: string; definition: ProductDefinition; published: boolean }[];
}

export const DEMO_KEYS = {
  direct: 'tp_pk_demo_direct',
  marketplace: 'tp_pk_demo_market',
  owner: 'tp_sk_demo_owner',
  readOnly: 'tp_sk_demo_readonly',
  marketOperator: 'tp_sk_demo_market',
  noPayment: 'tp_pk_demo_nopay',
} as const;

/** Stable ids hashed from names, so every seed run yields the same ids. */
export const demoId = (name: string): string => uuidFromName(name);

// ---------------------------------------------------------------- small builders

const ns = (slug: string, name: string): NamedSlug => ({ slug, name });

const slugify = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Where {
  city: NamedSlug;
  region: NamedSlug;
  country: NamedSlug;
  timezone: string;
}

const where = (city: string, region: string, country: NamedSlug, timezone: string): Where => ({
  city: ns(slugify(city), city),
  region: ns(slugify(region), region),
  country,
  timezone,
});

const PT = ns('pt', 'Portugal');
const ES = ns('es', 'Spain');
const MA = ns('ma', 'Morocco');
const JP = ns('jp', 'Japan');
const OM = ns('om', 'Oman');

const LISBON = where('Lisbon', 'Lisbon District', PT, 'Europe/Lisbon');
const PORTO = where('Porto', 'Porto District', PT, 'Europe/Lisbon');
const COIMBRA = where('Coimbra', 'Coimbra District', PT, 'Europe/Lisbon');
const EVORA = where('Évora', 'Évora District', PT, 'Europe/Lisbon');
const SEVILLE = where('Seville', 'Andalusia', ES, 'Europe/Madrid');
const GRANADA = where('Granada', 'Andalusia', ES, 'Europe/Madrid');
const MADRID = where('Madrid', 'Community of Madrid', ES, 'Europe/Madrid');
const MARRAKESH = where('Marrakesh', 'Marrakesh-Safi', MA, 'Africa/Casablanca');
const KYOTO = where('Kyoto', 'Kyoto Prefecture', JP, 'Asia/Tokyo');
const TOKYO = where('Tokyo', 'Tokyo Metropolis', JP, 'Asia/Tokyo');
const TANABE = where('Tanabe', 'Wakayama Prefecture', JP, 'Asia/Tokyo');
const MUSCAT = where('Muscat', 'Muscat Governorate', OM, 'Asia/Muscat');
const NIZWA = where('Nizwa', 'Ad Dakhiliyah', OM, 'Asia/Muscat');

const CAT = {
  food: ns('food-drink', 'Food & drink'),
  culture: ns('culture', 'Culture & history'),
  outdoors: ns('outdoors', 'Outdoors'),
  wildlife: ns('wildlife', 'Wildlife'),
  transfers: ns('transfers', 'Transfers'),
  museums: ns('museums', 'Museums'),
  boats: ns('boat-trips', 'Boat trips'),
  walking: ns('walking-tours', 'Walking tours'),
  shows: ns('shows', 'Shows & performances'),
  classes: ns('classes', 'Classes & workshops'),
  hiking: ns('hiking', 'Hiking'),
  desert: ns('desert', 'Desert'),
};

const text = (
  title: string,
  summary: string,
  description: string,
  highlights: string[],
  inclusions: string[],
  exclusions: string[],
  itinerary: [string, string][] = [],
): ProductContent => ({
  title,
  summary,
  description,
  highlights,
  inclusions,
  exclusions,
  itinerary: itinerary.map(([t, body]) => ({ title: t, body })),
});

const NON_REFUNDABLE: CancellationPolicy = { name: 'Non-refundable', tiers: [{ from_days: 0, to_days: null, refund_pct: 0 }] };

const LEAD: TravellerDetailsRule = { scope: 'lead', fields: [], collect: 'checkout', due_hours_before: null };
// Hotels, camps and reserve permits are registered in the traveller's name.
const PASSPORT: TravellerDetailsRule = { ...LEAD, fields: ['full_name', 'date_of_birth', 'passport_number'] };

type UnitSpec = Omit<UnitDefinition, 'id'>;

const adult = (max_qty: number | null = 10, min_age: number | null = null): UnitSpec => ({
  type: 'adult',
  label: min_age === null ? 'Adult' : `Adult (${min_age}+)`,
  min_age,
  max_age: null,
  min_qty: 1,
  max_qty,
  takes_seat: true,
  free: false,
});
const CHILD: UnitSpec = {
  type: 'child',
  label: 'Child (3-11)',
  min_age: 3,
  max_age: 11,
  min_qty: null,
  max_qty: 8,
  takes_seat: true,
  free: false,
};
const INFANT: UnitSpec = {
  type: 'infant',
  label: 'Infant (0-2)',
  min_age: 0,
  max_age: 2,
  min_qty: null,
  max_qty: 2,
  takes_seat: false,
  free: true,
};
const SENIOR: UnitSpec = {
  type: 'senior',
  label: 'Senior (65+)',
  min_age: 65,
  max_age: null,
  min_qty: null,
  max_qty: 10,
  takes_seat: true,
  free: false,
};

type AgeBand = { min_age: number; max_age: number; amount: number };

/** Prices by unit type; the trip builder turns the types into the option's unit ids. */
interface TierSpec {
  min_pax: number;
  max_pax: number | null;
  prices: Partial<Record<UnitType, number>>;
  age_prices?: Partial<Record<UnitType, AgeBand[]>>;
}

const tier = (min_pax: number, max_pax: number | null, prices: TierSpec['prices'], age_prices?: TierSpec['age_prices']): TierSpec => ({
  min_pax,
  max_pax,
  prices,
  ...(age_prices ? { age_prices } : {}),
});

/** Closures are offsets from the day calendars open, so they always fall inside the seeded calendar. */
type AvailabilitySpec = Omit<AvailabilityRule, 'from' | 'until' | 'closed_dates'> & { closed_in_days: number[] };

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const TRANSFER_TIMES = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'];

const slots = (times: string[], capacity: number | null, cutoff_hours: number, weekdays = EVERY_DAY, closed_in_days: number[] = []): AvailabilitySpec => ({
  times,
  weekdays,
  capacity,
  cutoff_hours,
  closed_in_days,
});

type RoomSpec = Omit<RoomType, 'id'> & { key: string };

const rooms = (singleSupplement: number): RoomSpec[] => [
  { key: 'double', name: 'Double or twin room', sleeps: 2, solo_may_share: true, supplement: 0 },
  { key: 'single', name: 'Single room', sleeps: 1, solo_may_share: false, supplement: singleSupplement },
];

const pickup = (...rules: [string, number, PickupKind][]): { rules: PickupRule[] } => ({ rules: rules.map(([area, price, kind]) => ({ area, price, kind })) });

/** A season or a special, its dates as offsets from the day calendars open (null: open-ended), so it always falls inside the seeded calendar. */
interface DatedSpec {
  name: string;
  from_in_days: number | null;
  until_in_days: number | null;
  weekdays?: number[];
}

interface OptionSpec extends Omit<OptionDefinition, 'id' | 'is_default' | 'units' | 'pricing' | 'room_types' | 'availability'> {
  key: string;
  units: UnitSpec[];
  tiers: TierSpec[];
  /** Price tables for some dates or weekdays (domain/pricing/tables.ts). */
  seasons?: (DatedSpec & { tiers: TierSpec[] })[];
  /** Discounts on some starts. */
  specials?: (DatedSpec & { from_in_days: number; until_in_days: number; times?: string[]; percent_off: number })[];
  rooms: RoomSpec[];
  availability: AvailabilitySpec;
}

const option = (spec: Partial<OptionSpec> & Pick<OptionSpec, 'key' | 'name' | 'units' | 'tiers' | 'availability'>): OptionSpec => ({
  private: false,
  vehicle: null,
  sales_paused: false,
  min_units: null,
  max_units: null,
  capacity_mode: 'limited',
  confirmation: 'instant',
  ask_for_price: false,
  policy: FLEXIBLE,
  traveller_details: LEAD,
  pickup: null,
  rooms: [],
  ...spec,
});

/** The simplest bookable case: adults only, one price, limited places, instant confirmation. */
const simpleOption = (
  price: number,
  times: string[],
  capacity: number,
  cutoff_hours: number,
  more: Partial<Pick<OptionSpec, 'name' | 'policy'>> = {},
): OptionSpec =>
  option({
    key: 'standard',
    name: 'Small-group tour',
    units: [adult()],
    tiers: [tier(1, null, { adult: price })],
    availability: slots(times, capacity, cutoff_hours),
    ...more,
  });

interface ExtraSpec extends Omit<ExtraDefinition, 'id' | 'option_ids'> {
  key: string;
  /** Option keys; empty means every option. */
  options: string[];
}

const extra = (key: string, name: string, price: number, more: Partial<ExtraSpec> = {}): ExtraSpec => ({
  key,
  name,
  description: null,
  per: 'item',
  who: 'choose',
  included: false,
  options: [],
  min_age: null,
  max_age: null,
  unit_types: ['adult'],
  max_per_booking: null,
  pay: 'upfront',
  price,
  local_price: null,
  ...more,
});

type SellerSlug = 'atlas-trails' | 'sakura-journeys' | 'muscat-dunes' | 'iberia-walks' | 'coimbra-walks';

/** Sellers with a site of their own only: not members of the marketplace. */
const OWN_SITE_ONLY: readonly SellerSlug[] = ['coimbra-walks'];

interface TripSpec {
  slug: string;
  seller: SellerSlug;
  template: Template;
  where: Where;
  categories: NamedSlug[];
  /** Place names; slugs are derived from them. */
  stops: string[];
  /** Alt texts, in order; the first photo is the cover. */
  photos: string[];
  minutes?: number;
  days?: [days: number, nights: number];
  rating: [average: number, count: number] | null;
  content: Record<string, ProductContent>;
  options: OptionSpec[];
  extras?: ExtraSpec[];
  published?: boolean;
  network?: boolean;
}

// ---------------------------------------------------------------- sellers

const SELLERS: { definition: SellerDefinition; secret_keys: { key: string; scopes: string[] }[] }[] = [
  {
    definition: {
      slug: 'atlas-trails',
      name: 'Atlas Trails',
      base: 'Lisbon, Portugal',
      blurb: 'Small-group tours and day trips across Portugal, Andalusia and Morocco, run by local guides since 2012.',
      // Every way to pay, so each path of a booking (settled on the day, asked to pay by transfer or link) can be tried on the direct site.
      payment_methods: [
        { kind: 'pay_on_arrival', deadline_hours: null, currencies: ['EUR', 'USD'] },
        {
          kind: 'bank_transfer',
          deadline_hours: 72,
          currencies: ['EUR'],
          bank: { account_name: 'Atlas Trails Lda', iban: 'PT50000201231234567890154', bic: 'CGDIPTPL', bank_name: 'Caixa Geral de Depósitos' },
        },
        { kind: 'payment_link', deadline_hours: 48, currencies: ['USD', 'EUR'] },
      ],
    },
    secret_keys: [
      {
        key: DEMO_KEYS.owner,
        scopes: [
          'products:read',
          'products:write',
          'bookings:read',
          'bookings:write',
          'webhooks:manage',
          'content:read',
          'content:write',
          'enquiries:read',
          'enquiries:write',
          'keys:manage',
          'team:manage',
        ],
      },
      { key: DEMO_KEYS.readOnly, scopes: ['products:read'] },
    ],
  },
  {
    definition: {
      slug: 'sakura-journeys',
      name: 'Sakura Journeys',
      base: 'Kyoto, Japan',
      blurb: 'Kyoto and Tokyo experiences hosted by bilingual guides, from shrine hikes to tea ceremonies.',
      payment_methods: [{ kind: 'pay_on_arrival', deadline_hours: null, currencies: ['JPY'] }],
      // The others answer within the platform's default hours.
      answer_hours: 12,
      reply_hours: 6,
    },
    secret_keys: [],
  },
  {
    definition: {
      slug: 'muscat-dunes',
      name: 'Muscat Dunes',
      base: 'Muscat, Oman',
      blurb: 'Desert camps, dhow cruises and island trips from Muscat with Omani crews and guides.',
      payment_methods: [
        { kind: 'pay_on_arrival', deadline_hours: null, currencies: ['OMR', 'USD'] },
        { kind: 'payment_link', deadline_hours: 48, currencies: ['USD', 'EUR'] },
      ],
    },
    secret_keys: [],
  },
  {
    definition: {
      slug: 'iberia-walks',
      name: 'Iberia Walks',
      base: 'Madrid, Spain',
      blurb: 'Guided walks, museum visits and long-distance trails in Spain and Portugal.',
      // Only a payment link, due 72 hours before the start: a later start is sold, a nearer one answers PaymentWindowClosed.
      payment_methods: [{ kind: 'payment_link', deadline_hours: 72, currencies: ['EUR', 'USD'] }],
    },
    secret_keys: [],
  },
  {
    definition: {
      slug: 'coimbra-walks',
      name: 'Coimbra Walks',
      base: 'Coimbra, Portugal',
      blurb: 'Walks through Coimbra’s university and old town with students who live there; paid to the guide on the day.',
      // No way to pay set up: its own site takes bookings but no money, so nothing is shown as paid and no refund is promised.
      payment_methods: [],
    },
    secret_keys: [],
  },
];

/** TripMarket's own team: it sells no trips, and runs the marketplace's pages, menus, collections and home. */
const OPERATOR: { definition: SellerDefinition; secret_keys: { key: string; scopes: string[] }[] } = {
  definition: {
    slug: 'tripmarket',
    name: 'TripMarket',
    base: 'Lisbon, Portugal',
    blurb: 'The marketplace of trips by local sellers.',
    payment_methods: [],
  },
  secret_keys: [{ key: DEMO_KEYS.marketOperator, scopes: ['content:read', 'content:write', 'enquiries:read', 'enquiries:write'] }],
};

const sellerId = (slug: string): string => demoId(`demo:seller:${slug}`);

// ---------------------------------------------------------------- trips

const TRIPS: TripSpec[] = [
  // Atlas Trails: the direct storefront's operator
  {
    slug: 'lisbon-alfama-walking-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: LISBON,
    minutes: 180,
    rating: [4.8, 412],
    categories: [CAT.walking, CAT.culture],
    stops: ['Alfama', 'São Jorge Castle', 'Lisbon Cathedral', 'Miradouro de Santa Luzia'],
    photos: ['Tram 28 climbing through Alfama', 'Lisbon rooftops from the Santa Luzia viewpoint', 'Lisbon Cathedral at dusk'],
    content: {
      en: text(
        'Alfama and Castle Walking Tour',
        'Wander Lisbon’s oldest quarter with a local guide, from the cathedral to the castle walls.',
        'A three-hour walk through the steep lanes of Alfama, stopping at the cathedral, the Santa Luzia viewpoint and the gates of São Jorge Castle. Your guide shares the stories of fado, earthquakes and explorers that shaped the city.',
        ['Small group of up to 15', 'Best viewpoints over the Tagus'],
        ['Licensed local guide', 'Pastel de nata tasting'],
        ['Castle entry ticket'],
        [
          ['Lisbon Cathedral', 'Meet your guide in front of the Sé.'],
          ['São Jorge Castle', 'The walk ends at the castle gates.'],
        ],
      ),
      es: text(
        'Tour a pie por Alfama y el Castillo',
        'Recorre el barrio más antiguo de Lisboa con un guía local, de la catedral a las murallas del castillo.',
        'Un paseo de tres horas por las empinadas calles de Alfama, con paradas en la catedral, el mirador de Santa Luzia y las puertas del Castillo de San Jorge. Tu guía cuenta las historias de fado, terremotos y navegantes que dieron forma a la ciudad.',
        ['Grupo reducido de hasta 15 personas', 'Los mejores miradores sobre el Tajo'],
        ['Guía local acreditado', 'Degustación de pastel de nata'],
        ['Entrada al castillo'],
        [
          ['Catedral de Lisboa', 'Encuentro con el guía frente a la Sé.'],
          ['Castillo de San Jorge', 'El paseo termina en las puertas del castillo.'],
        ],
      ),
    },
    options: [simpleOption(3500, ['09:30', '14:30'], 15, 2)],
  },
  {
    slug: 'lisbon-food-and-wine-tasting',
    seller: 'atlas-trails',
    template: 'activity',
    where: LISBON,
    minutes: 210,
    rating: [4.9, 268],
    categories: [CAT.food, CAT.walking],
    stops: ['Baixa', 'Chiado', 'Rossio'],
    photos: ['Cheese and cured ham board in a Lisbon tasca', 'Glasses of Douro red wine', 'Pastéis de nata fresh from the oven'],
    content: {
      en: text(
        'Lisbon Food and Wine Tasting Walk',
        'Taste your way through Baixa and Chiado: cheeses, cured ham, ginjinha and Portuguese wines.',
        'Three and a half hours and seven tastings in family-run shops and tascas, from bifanas to pastéis de nata, paired with wines from the Alentejo and the Douro. Vegetarian options on request.',
        ['Seven tastings and six wines', 'Family-run shops and tascas'],
        ['All food and wine tastings', 'Local food guide'],
        ['Hotel pickup'],
        [
          ['Baixa', 'Cheese, ham and ginjinha.'],
          ['Chiado', 'Wine tasting and custard tarts.'],
        ],
      ),
      es: text(
        'Ruta de comida y vino por Lisboa',
        'Recorre la Baixa y el Chiado probando quesos, jamón curado, ginjinha y vinos portugueses.',
        'Tres horas y media y siete degustaciones en tiendas y tascas familiares, de la bifana al pastel de nata, maridadas con vinos del Alentejo y del Duero. Opciones vegetarianas bajo petición.',
        ['Siete degustaciones y seis vinos', 'Tiendas y tascas familiares'],
        ['Todas las degustaciones de comida y vino', 'Guía gastronómico local'],
        ['Recogida en el hotel'],
        [
          ['Baixa', 'Queso, jamón y ginjinha.'],
          ['Chiado', 'Cata de vinos y pasteles de nata.'],
        ],
      ),
    },
    options: [simpleOption(6900, ['11:00', '17:00'], 12, 12, { name: 'Small-group tasting walk' })],
    extras: [
      extra('port-upgrade', 'Aged tawny port with dessert', 1500, { description: 'A glass of 20-year-old tawny port.', min_age: 18, max_per_booking: 10 }),
    ],
  },
  {
    slug: 'sintra-palaces-day-trip',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: LISBON,
    minutes: 540,
    rating: [4.7, 903],
    categories: [CAT.culture, CAT.outdoors],
    stops: ['Pena Palace', 'Quinta da Regaleira', 'Sintra', 'Cabo da Roca', 'Cascais'],
    photos: ['Pena Palace above the Sintra forest', 'The initiation well at Quinta da Regaleira', 'Cliffs at Cabo da Roca', 'Cascais bay'],
    content: {
      en: text(
        'Sintra, Pena Palace and Cabo da Roca Day Trip',
        'A full day in the romantic hills of Sintra, with the westernmost point of Europe on the way back.',
        'Travel from Lisbon to Sintra for the colourful Pena Palace and the gardens of Quinta da Regaleira, stroll the old town, then follow the coast to Cabo da Roca and Cascais. Join the group or book a private minivan with hotel pickup.',
        ['Pena Palace and Quinta da Regaleira', 'Cabo da Roca sea cliffs'],
        ['Transport from Lisbon', 'Guide', 'Palace entry tickets'],
        ['Lunch'],
        [
          ['Pena Palace', 'Guided visit of the palace and park.'],
          ['Quinta da Regaleira', 'The initiation well and gardens.'],
          ['Cabo da Roca', 'Cliffs at the edge of Europe.'],
        ],
      ),
      es: text(
        'Excursión a Sintra, Palacio da Pena y Cabo da Roca',
        'Un día entero en las colinas románticas de Sintra, con el punto más occidental de Europa a la vuelta.',
        'Viaja de Lisboa a Sintra para ver el colorido Palacio da Pena y los jardines de la Quinta da Regaleira, pasea por el casco antiguo y sigue la costa hasta Cabo da Roca y Cascais. Únete al grupo o reserva un minivan privado con recogida en el hotel.',
        ['Palacio da Pena y Quinta da Regaleira', 'Acantilados de Cabo da Roca'],
        ['Transporte desde Lisboa', 'Guía', 'Entradas a los palacios'],
        ['Almuerzo'],
        [
          ['Palacio da Pena', 'Visita guiada del palacio y el parque.'],
          ['Quinta da Regaleira', 'El pozo iniciático y los jardines.'],
          ['Cabo da Roca', 'Acantilados en el fin de Europa.'],
        ],
      ),
    },
    options: [
      simpleOption(8900, ['08:30'], 16, 12, { name: 'Small-group day trip' }),
      option({
        key: 'private',
        name: 'Private minivan with hotel pickup',
        private: true,
        vehicle: 'minivan',
        min_units: 2,
        max_units: 7,
        units: [adult(7, 12), CHILD],
        policy: MODERATE,
        tiers: [tier(2, 3, { adult: 19500, child: 15000 }), tier(4, 5, { adult: 14500, child: 11000 }), tier(6, 7, { adult: 11500, child: 9000 })],
        availability: slots(['08:00', '09:00'], 7, 24),
        // Areas with shapes (spec 2.4): coordinates resolve to them; Cascais, without one, is chosen by its id only.
        pickup: {
          rules: [
            {
              id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f601',
              area: 'Lisbon city centre',
              price: 0,
              kind: 'hotel',
              shape: {
                type: 'polygon',
                points: [
                  [38.705, -9.15],
                  [38.705, -9.124],
                  [38.714, -9.12],
                  [38.738, -9.13],
                  [38.738, -9.16],
                  [38.72, -9.165],
                ],
              },
              window: { from_min: 30, to_min: 10 },
            },
            {
              id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f602',
              area: 'Belém',
              price: 0,
              kind: 'hotel',
              shape: {
                type: 'polygon',
                points: [
                  [38.69, -9.22],
                  [38.69, -9.175],
                  [38.71, -9.175],
                  [38.71, -9.22],
                ],
              },
              window: { from_min: 45, to_min: 25 },
            },
            { id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f604', area: 'Cascais and Estoril', price: 3000, kind: 'hotel' },
            {
              id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f603',
              area: 'Lisbon Airport (LIS)',
              price: 2500,
              kind: 'airport',
              shape: { type: 'circle', center: { lat: 38.7742, lng: -9.1342 }, radius_m: 1500 },
              window: { from_min: 60, to_min: 30 },
              asks: ['flight'],
            },
          ],
        },
      }),
    ],
    extras: [
      extra('picnic', 'Picnic lunch in the Sintra hills', 2500, {
        options: ['private'],
        unit_types: ['adult', 'child'],
        description: 'Sandwiches, fruit and drinks packed by a local deli.',
      }),
    ],
  },
  {
    slug: 'lisbon-sunset-sailing',
    seller: 'atlas-trails',
    template: 'activity',
    where: LISBON,
    minutes: 120,
    rating: [4.8, 351],
    categories: [CAT.boats, CAT.outdoors],
    stops: ['Doca de Santo Amaro', 'Belém Tower', '25 de Abril Bridge'],
    photos: ['Sailing yacht under the 25 de Abril Bridge at sunset', 'Belém Tower seen from the river'],
    content: {
      en: text(
        'Lisbon Sunset Sailing on the Tagus',
        'Sail past Belém Tower and under the 25 de Abril Bridge as the sun goes down.',
        'Two hours on a classic sailing yacht with a skipper, a welcome drink and the city lights coming on along the river. Bring a jacket: it gets breezy on the water.',
        ['Belém Tower from the water', 'Sunset under the 25 de Abril Bridge'],
        ['Skipper', 'Welcome drink', 'Snacks'],
        ['Hotel transfers'],
      ),
      es: text(
        'Paseo en velero al atardecer por el Tajo',
        'Navega junto a la Torre de Belém y bajo el puente 25 de Abril mientras se pone el sol.',
        'Dos horas en un velero clásico con patrón, bebida de bienvenida y las luces de la ciudad encendiéndose junto al río. Trae una chaqueta: en el agua sopla la brisa.',
        ['La Torre de Belém desde el agua', 'Atardecer bajo el puente 25 de Abril'],
        ['Patrón', 'Bebida de bienvenida', 'Aperitivos'],
        ['Traslados al hotel'],
      ),
    },
    options: [
      simpleOption(5500, ['17:30', '19:30'], 12, 4, { name: 'Shared sailing yacht' }),
      // The skipper confirms each dinner sail by hand (the galley is small): the demo's request that waits for the seller.
      option({
        key: 'dinner',
        name: 'Sunset sail with dinner on board',
        confirmation: 'manual',
        units: [adult()],
        tiers: [tier(1, null, { adult: 9800 })],
        availability: slots(['19:00'], 8, 24),
      }),
    ],
    // The boat's cooler takes four bottles a sail: the demo's extra with a stock per start (ExtraSoldOut).
    extras: [extra('sparkling', 'Bottle of Portuguese sparkling wine', 2800, { min_age: 18, max_per_booking: 3, stock_per_start: 4 })],
  },
  {
    slug: 'porto-douro-valley-wine-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: PORTO,
    minutes: 600,
    rating: [4.9, 530],
    categories: [CAT.food, CAT.outdoors],
    stops: ['Peso da Régua', 'Pinhão', 'Douro Valley vineyards'],
    photos: ['Terraced vineyards above the Douro river', 'Port wine tasting in a quinta cellar', 'Pinhão railway station tiles'],
    content: {
      en: text(
        'Douro Valley Wine Tour from Porto',
        'Visit two family wine estates in the Douro Valley, with lunch overlooking the terraced vineyards.',
        'A full day from Porto into the UNESCO-listed Douro Valley: tastings of port and Douro wines at two quintas, a traditional lunch and a stop at the Pinhão viewpoint.',
        ['Two quinta visits with tastings', 'Lunch with vineyard views'],
        ['Transport from Porto', 'Wine tastings', 'Lunch'],
        ['River boat ride (optional extra)'],
        [
          ['Peso da Régua', 'First quinta and tasting.'],
          ['Pinhão', 'Lunch and the second quinta.'],
        ],
      ),
      es: text(
        'Ruta del vino por el valle del Duero desde Oporto',
        'Visita dos bodegas familiares del valle del Duero, con almuerzo frente a los viñedos en terrazas.',
        'Un día entero desde Oporto en el valle del Duero, Patrimonio de la Humanidad: catas de oporto y vinos del Duero en dos quintas, almuerzo tradicional y parada en el mirador de Pinhão.',
        ['Visita a dos quintas con cata', 'Almuerzo con vistas a los viñedos'],
        ['Transporte desde Oporto', 'Catas de vino', 'Almuerzo'],
        ['Paseo en barco (extra opcional)'],
        [
          ['Peso da Régua', 'Primera quinta y cata.'],
          ['Pinhão', 'Almuerzo y segunda quinta.'],
        ],
      ),
    },
    options: [simpleOption(11500, ['08:00'], 16, 24, { name: 'Small-group wine tour', policy: MODERATE })],
    extras: [extra('boat', 'One-hour river boat ride in Pinhão', 1800, { description: 'A traditional rabelo boat on the Douro.' })],
  },
  {
    slug: 'porto-ribeira-walking-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: PORTO,
    minutes: 150,
    rating: [4.6, 187],
    categories: [CAT.walking, CAT.culture],
    stops: ['São Bento Station', 'Clérigos Tower', 'Ribeira', 'Dom Luís I Bridge'],
    photos: ['Azulejo tiles in São Bento Station', 'Ribeira houses on the Douro'],
    content: {
      en: text(
        'Porto Old Town and Ribeira Walking Tour',
        'From São Bento’s azulejos to the Ribeira riverfront: the essentials of Porto on foot.',
        'Two and a half hours through Porto’s historic centre: the tiled hall of São Bento, the Clérigos tower, the street outside Livraria Lello and down to the Ribeira, finishing on the Dom Luís I bridge.',
        ['Azulejo tiles of São Bento', 'Views from the Dom Luís I bridge'],
        ['Local guide'],
        ['Monument entry fees'],
        [
          ['São Bento Station', 'Meet under the tiled hall.'],
          ['Ribeira', 'Walk down to the river.'],
        ],
      ),
      es: text(
        'Tour a pie por el casco antiguo y la Ribeira de Oporto',
        'De los azulejos de São Bento a la orilla de la Ribeira: lo esencial de Oporto a pie.',
        'Dos horas y media por el centro histórico de Oporto: el vestíbulo de azulejos de São Bento, la torre de los Clérigos, la calle de la Livraria Lello y la bajada a la Ribeira, para terminar en el puente Dom Luís I.',
        ['Azulejos de São Bento', 'Vistas desde el puente Dom Luís I'],
        ['Guía local'],
        ['Entradas a monumentos'],
        [
          ['Estación de São Bento', 'Encuentro bajo el vestíbulo de azulejos.'],
          ['Ribeira', 'Bajada hasta el río.'],
        ],
      ),
    },
    options: [simpleOption(2900, ['10:00', '15:00'], 20, 2)],
  },
  {
    slug: 'coimbra-university-walking-tour',
    seller: 'coimbra-walks',
    template: 'day_tour',
    where: COIMBRA,
    minutes: 120,
    rating: [4.8, 64],
    categories: [CAT.walking, CAT.culture],
    stops: ['University of Coimbra', 'Joanina Library', 'Old Cathedral of Coimbra'],
    photos: ['The university tower above the Mondego', 'Steps down to the Old Cathedral'],
    content: {
      en: text(
        'Coimbra University and Old Town Walking Tour',
        'The hilltop university, its baroque library and the lanes down to the Old Cathedral, with a student guide.',
        'Two hours with a student of Coimbra: the Paço das Escolas and its tower, the outside of the Joanina Library, the student traditions of the capes and the fado, and the steep lanes down to the Romanesque Old Cathedral.',
        ['The university on its hill', 'Student traditions told by a student'],
        ['Student guide'],
        ['Library and palace tickets'],
        [
          ['Paço das Escolas', 'Meet under the university tower.'],
          ['Old Cathedral', 'End at the Sé Velha.'],
        ],
      ),
    },
    options: [simpleOption(1800, ['10:00', '15:00'], 15, 2)],
    // Sold on its own site only.
    network: false,
  },
  {
    slug: 'lisbon-airport-private-transfer',
    seller: 'atlas-trails',
    template: 'transfer',
    where: LISBON,
    minutes: 40,
    rating: [4.7, 96],
    categories: [CAT.transfers],
    stops: ['Lisbon Airport', 'Lisbon city centre'],
    photos: ['Driver with a name sign in the arrivals hall'],
    content: {
      en: text(
        'Lisbon Airport Private Transfer',
        'Door-to-door private minivan from Lisbon Airport to your hotel, with meet and greet.',
        'Your driver waits in the arrivals hall with a name sign, helps with the luggage and drives you to any address in central Lisbon. Flight delays are tracked at no extra cost.',
        ['Meet and greet in arrivals', 'Flight tracking'],
        ['Private minivan and driver', 'Luggage', 'Child seats on request'],
        ['Tips'],
      ),
      es: text(
        'Traslado privado desde el aeropuerto de Lisboa',
        'Minivan privado puerta a puerta del aeropuerto de Lisboa a tu hotel, con recepción.',
        'El conductor te espera en la sala de llegadas con un cartel con tu nombre, te ayuda con el equipaje y te lleva a cualquier dirección del centro de Lisboa. Seguimos tu vuelo sin coste por retrasos.',
        ['Recepción en llegadas', 'Seguimiento del vuelo'],
        ['Minivan privado con conductor', 'Equipaje', 'Sillas infantiles bajo petición'],
        ['Propinas'],
      ),
    },
    options: [
      option({
        key: 'minivan',
        name: 'Private minivan',
        private: true,
        vehicle: 'minivan',
        // Four travellers with luggage a minivan, two minivans a day: a group of five takes the day's last two.
        // A booking takes at most two, so nine who take a seat (the option allows nine) are refused VehicleCapacityExceeded.
        vehicles: { seats: 4, per_booking_max: 2, daily_limit: { name: 'Lisbon airport minivans', count: 2 } },
        min_units: 1,
        max_units: 9,
        capacity_mode: 'free_sale',
        units: [adult(9), CHILD, INFANT],
        tiers: [tier(1, 2, { adult: 2500, child: 2500 }), tier(3, 4, { adult: 1500, child: 1500 }), tier(5, 9, { adult: 1100, child: 1100 })],
        availability: slots(TRANSFER_TIMES, null, 12),
      }),
    ],
  },
  {
    slug: 'lisbon-oceanarium-ticket',
    seller: 'atlas-trails',
    template: 'ticket',
    where: LISBON,
    minutes: 150,
    rating: [4.7, 1240],
    categories: [CAT.museums, CAT.wildlife],
    stops: ['Oceanário de Lisboa', 'Parque das Nações'],
    photos: ['The central ocean tank with rays and sharks', 'Sea otters floating on their backs'],
    content: {
      en: text(
        'Lisbon Oceanarium Entry Ticket',
        'Skip the ticket desk at one of Europe’s largest aquariums and its great central ocean tank.',
        'Valid all day on the date you choose: the central tank with sharks, rays and a sunfish, four sea habitats with sea otters and penguins, and the temporary exhibition.',
        ['Giant central ocean tank', 'Sea otters and penguins'],
        ['Entry to the permanent and temporary exhibitions'],
        ['Audio guide (optional extra)'],
      ),
      es: text(
        'Entrada al Oceanario de Lisboa',
        'Evita la taquilla de uno de los mayores acuarios de Europa y su gran tanque oceánico central.',
        'Válida todo el día en la fecha elegida: el tanque central con tiburones, rayas y un pez luna, cuatro hábitats marinos con nutrias y pingüinos, y la exposición temporal.',
        ['Gran tanque oceánico central', 'Nutrias marinas y pingüinos'],
        ['Entrada a las exposiciones permanente y temporal'],
        ['Audioguía (extra opcional)'],
      ),
    },
    options: [
      option({
        key: 'entry',
        name: 'Standard entry',
        capacity_mode: 'free_sale',
        policy: NON_REFUNDABLE,
        units: [{ ...adult(10, 12), label: 'Adult (12-64)', max_age: 64 }, CHILD, INFANT, SENIOR],
        tiers: [tier(1, null, { adult: 2600, child: 1700, senior: 2200 })],
        availability: slots([], null, 0),
      }),
    ],
    extras: [extra('audio-guide', 'Audio guide', 500, { unit_types: ['adult', 'child', 'senior'], max_per_booking: 10 })],
  },
  {
    slug: 'seville-flamenco-show',
    seller: 'atlas-trails',
    template: 'ticket',
    where: SEVILLE,
    minutes: 75,
    rating: [4.8, 644],
    categories: [CAT.shows, CAT.culture],
    stops: ['Barrio Santa Cruz'],
    photos: ['Flamenco dancer in a red dress mid-turn', 'Guitarist and singer on a small stage'],
    content: {
      en: text(
        'Flamenco Show in Seville',
        'An intimate live flamenco performance in a historic courtyard in the Santa Cruz quarter.',
        'An hour and a quarter of live guitar, cante and dance by professional artists in a small theatre, close enough to hear every footstep.',
        ['Professional dancers and musicians', 'Intimate venue'],
        ['Show ticket', 'One drink'],
        ['Dinner'],
      ),
      es: text(
        'Espectáculo de flamenco en Sevilla',
        'Flamenco en directo en un patio histórico del barrio de Santa Cruz.',
        'Una hora y cuarto de guitarra, cante y baile en directo a cargo de artistas profesionales, en un pequeño teatro, lo bastante cerca para oír cada zapateado.',
        ['Bailaores y músicos profesionales', 'Sala íntima'],
        ['Entrada al espectáculo', 'Una bebida'],
        ['Cena'],
      ),
    },
    options: [simpleOption(3900, ['19:00', '21:30'], 20, 2, { name: 'Standard seat' })],
  },
  {
    slug: 'seville-alcazar-cathedral-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: SEVILLE,
    minutes: 180,
    rating: [4.8, 377],
    categories: [CAT.culture, CAT.museums],
    stops: ['Real Alcázar', 'Seville Cathedral', 'Barrio Santa Cruz'],
    photos: ['Courtyard of the Maidens in the Real Alcázar', 'Seville Cathedral and the Giralda', 'Alcázar gardens'],
    content: {
      en: text(
        'Real Alcázar and Cathedral Guided Tour',
        'Skip the lines at Seville’s royal palace and cathedral with an expert guide.',
        'Three hours with a guide in the Mudéjar courtyards and gardens of the Real Alcázar and inside Seville Cathedral, resting place of Columbus, with time to climb the Giralda.',
        ['Priority entry to both monuments', 'Tomb of Christopher Columbus'],
        ['Guide', 'Entry tickets'],
        ['Food and drinks'],
        [
          ['Real Alcázar', 'Palaces and gardens.'],
          ['Seville Cathedral', 'The nave and Columbus’s tomb.'],
        ],
      ),
      es: text(
        'Visita guiada al Real Alcázar y la Catedral',
        'Entrada sin colas al palacio real y la catedral de Sevilla con un guía experto.',
        'Tres horas con guía por los patios mudéjares y los jardines del Real Alcázar y por el interior de la Catedral de Sevilla, donde reposa Colón, con tiempo para subir a la Giralda.',
        ['Entrada prioritaria a ambos monumentos', 'Tumba de Cristóbal Colón'],
        ['Guía', 'Entradas'],
        ['Comida y bebida'],
        [
          ['Real Alcázar', 'Palacios y jardines.'],
          ['Catedral de Sevilla', 'La nave y la tumba de Colón.'],
        ],
      ),
    },
    options: [simpleOption(6500, ['09:00', '11:30'], 18, 24, { policy: MODERATE })],
  },
  {
    slug: 'marrakesh-cooking-class',
    seller: 'atlas-trails',
    template: 'activity',
    where: MARRAKESH,
    minutes: 240,
    rating: [4.9, 215],
    categories: [CAT.food, CAT.classes],
    stops: ['Medina spice souk', 'Riad Dar Zitoun kitchen'],
    photos: ['Spice stall in the Marrakesh souk', 'Chicken tagine with preserved lemon', 'Rooftop terrace of the riad'],
    content: {
      en: text(
        'Moroccan Cooking Class in a Marrakesh Riad',
        'Shop the souk for spices with a local cook, then make tagine, salads and bread in a riad kitchen.',
        'Four hours with a dada, a traditional Moroccan cook: choose spices in the medina, learn to balance ras el hanout, cook a chicken or vegetable tagine with seasonal salads and bake khobz, then eat together on the roof terrace.',
        ['Spice souk visit', 'Meal on a riad terrace'],
        ['All ingredients', 'Meal and mint tea', 'Recipe booklet'],
        ['Hotel transfers'],
        [
          ['Spice souk', 'Shop for the class.'],
          ['Riad kitchen', 'Cook and eat together.'],
        ],
      ),
      es: text(
        'Clase de cocina marroquí en un riad de Marrakech',
        'Compra especias en el zoco con una cocinera local y prepara tajín, ensaladas y pan en la cocina de un riad.',
        'Cuatro horas con una dada, cocinera tradicional marroquí: elige especias en la medina, aprende a equilibrar el ras el hanout, cocina un tajín de pollo o de verduras con ensaladas de temporada y hornea khobz, y después come en la azotea.',
        ['Visita al zoco de especias', 'Comida en la azotea de un riad'],
        ['Todos los ingredientes', 'Comida y té a la menta', 'Recetario'],
        ['Traslados al hotel'],
        [
          ['Zoco de especias', 'Compra para la clase.'],
          ['Cocina del riad', 'Cocinar y comer juntos.'],
        ],
      ),
    },
    options: [simpleOption(5900, ['10:00', '16:00'], 12, 24, { name: 'Shared class' })],
  },
  {
    slug: 'sahara-desert-3-day-from-marrakesh',
    seller: 'atlas-trails',
    template: 'multi_day',
    where: MARRAKESH,
    days: [3, 2],
    rating: [4.7, 689],
    categories: [CAT.desert, CAT.outdoors],
    stops: ['Tizi n’Tichka Pass', 'Aït Benhaddou', 'Dades Valley', 'Todra Gorge', 'Merzouga'],
    photos: [
      'Camel caravan on the Erg Chebbi dunes at sunset',
      'The kasbah of Aït Benhaddou',
      'Desert camp tents under the stars',
      'Road through the Dades gorge',
    ],
    content: {
      en: text(
        'Sahara Desert 3-Day Tour from Marrakesh',
        'Cross the High Atlas to Aït Benhaddou and the Dades Valley, then spend a night in a camp among the Merzouga dunes.',
        'Three days over the Tizi n’Tichka pass, past the kasbah of Aït Benhaddou and through the Dades and Todra gorges to the Erg Chebbi dunes, with a camel trek at sunset and a night in a desert camp. Passport details are needed to register at the hotel and camp.',
        ['Night in a Sahara desert camp', 'Sunset camel trek', 'Aït Benhaddou kasbah'],
        ['Transport and driver-guide', '2 nights with breakfast and dinner', 'Camel trek'],
        ['Lunches', 'Drinks'],
        [
          ['Day 1: Marrakesh to the Dades Valley', 'Tizi n’Tichka pass and Aït Benhaddou.'],
          ['Day 2: Dades Valley to Merzouga', 'Todra gorge, then camels into the dunes.'],
          ['Day 3: Merzouga to Marrakesh', 'Sunrise over the dunes and the drive back.'],
        ],
      ),
      es: text(
        'Desierto del Sáhara en 3 días desde Marrakech',
        'Cruza el Alto Atlas hasta Aït Benhaddou y el valle del Dades y pasa una noche en un campamento entre las dunas de Merzouga.',
        'Tres días por el puerto de Tizi n’Tichka, la kasba de Aït Benhaddou y las gargantas del Dades y del Todra hasta las dunas de Erg Chebbi, con paseo en camello al atardecer y noche en un campamento. Se piden los datos del pasaporte para el registro en hotel y campamento.',
        ['Noche en un campamento del Sáhara', 'Paseo en camello al atardecer', 'Kasba de Aït Benhaddou'],
        ['Transporte y conductor-guía', '2 noches con desayuno y cena', 'Paseo en camello'],
        ['Almuerzos', 'Bebidas'],
        [
          ['Día 1: de Marrakech al valle del Dades', 'Puerto de Tizi n’Tichka y Aït Benhaddou.'],
          ['Día 2: del valle del Dades a Merzouga', 'Garganta del Todra y camellos hacia las dunas.'],
          ['Día 3: de Merzouga a Marrakech', 'Amanecer en las dunas y regreso.'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared group with desert camp',
        units: [adult(12, 12), CHILD],
        policy: MODERATE,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 24500, child: 18500 })],
        rooms: rooms(15000),
        availability: slots(['07:00'], 16, 48, EVERY_DAY, [14, 28]),
      }),
      option({
        key: 'private',
        name: 'Private 4x4 with luxury camp',
        private: true,
        vehicle: '4x4',
        min_units: 2,
        max_units: 6,
        confirmation: 'manual',
        units: [adult(6, 12), CHILD],
        policy: STRICT,
        // Passports for the luxury camp are asked after booking, two days before the start, so the lead need not have every traveller's at hand.
        traveller_details: { ...PASSPORT, collect: 'after_booking', due_hours_before: 48 },
        tiers: [tier(2, 3, { adult: 52000, child: 40000 }), tier(4, 6, { adult: 39000, child: 30000 })],
        rooms: rooms(15000),
        availability: slots(['07:00'], 6, 72),
      }),
    ],
    extras: [
      extra('camel-trek', 'Sunset camel trek', 0, { included: true, unit_types: ['adult', 'child'] }),
      extra('sandboarding', 'Sandboarding session', 2000, { unit_types: ['adult', 'child'] }),
      extra('quad', 'Quad biking in the dunes (1 hour)', 4500, { options: ['private'], min_age: 16, max_per_booking: 6 }),
    ],
  },
  // Atlas Trails: the 2026 season's additions. Most are sold on the direct site only;
  // the marketplace gets the Belém tour, the Alhambra tour and the Andalusia circuit.
  {
    slug: 'lisbon-belem-monuments-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: LISBON,
    minutes: 180,
    rating: [4.7, 236],
    network: true,
    categories: [CAT.culture, CAT.walking],
    stops: ['Jerónimos Monastery', 'Padrão dos Descobrimentos', 'Belém Tower', 'Pastéis de Belém'],
    photos: ['Cloister of the Jerónimos Monastery', 'Belém Tower on the Tagus at low tide', 'The Monument to the Discoveries'],
    content: {
      en: text(
        'Belém Monuments Guided Tour',
        'The monastery, the tower and the Monument to the Discoveries: Lisbon’s Age of Exploration in one morning or afternoon.',
        'Three hours in Belém with a local guide: the Manueline cloister of the Jerónimos Monastery, the riverside Monument to the Discoveries and the Belém Tower, with a stop for the original pastéis de Belém on the way.',
        ['Jerónimos Monastery cloister', 'Belém Tower from the riverside', 'The original pastéis de Belém'],
        ['Licensed local guide', 'Jerónimos Monastery entry ticket', 'Pastel de Belém'],
        ['Belém Tower entry', 'Transport to Belém'],
        [
          ['Jerónimos Monastery', 'Meet at the south portal and visit the cloister.'],
          ['Monument to the Discoveries', 'The navigators’ monument and the compass rose.'],
          ['Belém Tower', 'The tour ends by the tower.'],
        ],
      ),
      es: text(
        'Visita guiada a los monumentos de Belém',
        'El monasterio, la torre y el Monumento a los Descubrimientos: la era de los navegantes de Lisboa en una mañana o una tarde.',
        'Tres horas en Belém con un guía local: el claustro manuelino del Monasterio de los Jerónimos, el Monumento a los Descubrimientos junto al río y la Torre de Belém, con una parada para probar los pasteles de Belém originales.',
        ['Claustro del Monasterio de los Jerónimos', 'La Torre de Belém desde la orilla', 'Los pasteles de Belém originales'],
        ['Guía local acreditado', 'Entrada al Monasterio de los Jerónimos', 'Pastel de Belém'],
        ['Entrada a la Torre de Belém', 'Transporte hasta Belém'],
        [
          ['Monasterio de los Jerónimos', 'Encuentro en el pórtico sur y visita del claustro.'],
          ['Monumento a los Descubrimientos', 'El monumento a los navegantes y la rosa de los vientos.'],
          ['Torre de Belém', 'La visita termina junto a la torre.'],
        ],
      ),
    },
    options: [simpleOption(4200, ['09:30', '14:00'], 16, 3)],
  },
  {
    slug: 'lisbon-fado-dinner-show',
    seller: 'atlas-trails',
    template: 'ticket',
    where: LISBON,
    minutes: 150,
    rating: [4.6, 318],
    network: false,
    categories: [CAT.shows, CAT.food],
    stops: ['Alfama', 'Largo do Chafariz de Dentro'],
    photos: ['Fado singer and Portuguese guitarist by candlelight', 'Dinner table in an Alfama fado house'],
    content: {
      en: text(
        'Fado Dinner Show in Alfama',
        'A traditional Portuguese dinner and live fado in a family-run house in Alfama.',
        'Two and a half hours in a small fado house: a three-course Portuguese dinner with wine, then three sets of fado sung by professional fadistas with Portuguese and classical guitar. The lights go down and the room falls silent for every song.',
        ['Live fado by professional fadistas', 'Family-run house in Alfama'],
        ['Three-course dinner', 'Wine, water and coffee', 'Show'],
        ['Hotel transfers'],
      ),
      es: text(
        'Cena con espectáculo de fado en Alfama',
        'Cena tradicional portuguesa y fado en directo en una casa familiar de Alfama.',
        'Dos horas y media en una pequeña casa de fado: cena portuguesa de tres platos con vino y, después, tres pases de fado cantados por fadistas profesionales con guitarra portuguesa y clásica. Se apagan las luces y la sala guarda silencio en cada canción.',
        ['Fado en directo con fadistas profesionales', 'Casa familiar en Alfama'],
        ['Cena de tres platos', 'Vino, agua y café', 'Espectáculo'],
        ['Traslados al hotel'],
      ),
    },
    options: [simpleOption(7500, ['20:00'], 20, 6, { name: 'Dinner and show', policy: MODERATE })],
  },
  {
    slug: 'porto-food-and-wine-walk',
    seller: 'atlas-trails',
    template: 'activity',
    where: PORTO,
    minutes: 180,
    rating: [4.8, 204],
    network: false,
    categories: [CAT.food, CAT.walking],
    stops: ['Bolhão Market', 'Rua de Santa Catarina', 'Ribeira'],
    photos: ['Francesinha sandwich covered in sauce', 'Stalls in the Bolhão Market', 'Glasses of tawny in a Ribeira wine bar'],
    content: {
      en: text(
        'Porto Food and Wine Tasting Walk',
        'Francesinha, bifanas, cheeses and tawny in six family-run stops between the Bolhão Market and the Ribeira.',
        'Three hours and six tastings with a local food guide: the restored Bolhão Market, a century-old grocer, a bifana at a standing counter, the city’s famous francesinha and a tawny tasting in a Ribeira wine bar. Vegetarian options on request.',
        ['Six tastings, francesinha included', 'Tawny tasting in the Ribeira'],
        ['All food tastings', 'Four wines', 'Local food guide'],
        ['Extra drinks'],
        [
          ['Bolhão Market', 'Cheeses, sausages and tinned fish.'],
          ['Rua de Santa Catarina', 'Bifanas and a custard tart.'],
          ['Ribeira', 'Francesinha and tawny by the river.'],
        ],
      ),
      es: text(
        'Ruta de comida y vino por Oporto',
        'Francesinha, bifanas, quesos y tawny en seis paradas familiares entre el Mercado do Bolhão y la Ribeira.',
        'Tres horas y seis degustaciones con un guía gastronómico local: el renovado Mercado do Bolhão, un ultramarinos centenario, una bifana en la barra, la famosa francesinha y una cata de tawny en un bar de vinos de la Ribeira. Opciones vegetarianas bajo petición.',
        ['Seis degustaciones, francesinha incluida', 'Cata de tawny en la Ribeira'],
        ['Todas las degustaciones', 'Cuatro vinos', 'Guía gastronómico local'],
        ['Bebidas adicionales'],
        [
          ['Mercado do Bolhão', 'Quesos, embutidos y conservas.'],
          ['Rua de Santa Catarina', 'Bifanas y un pastel de nata.'],
          ['Ribeira', 'Francesinha y tawny junto al río.'],
        ],
      ),
    },
    options: [simpleOption(6500, ['11:00', '17:00'], 12, 12, { name: 'Small-group tasting walk' })],
  },
  {
    slug: 'porto-serralves-museum-ticket',
    seller: 'atlas-trails',
    template: 'ticket',
    where: PORTO,
    minutes: 180,
    rating: [4.6, 412],
    network: false,
    categories: [CAT.museums, CAT.outdoors],
    stops: ['Serralves Museum', 'Casa de Serralves', 'Serralves Park'],
    photos: ['Álvaro Siza’s white galleries at Serralves', 'The pink Art Deco Casa de Serralves', 'Treetop walk in Serralves Park'],
    content: {
      en: text(
        'Serralves Museum and Park Entry Ticket',
        'Contemporary art in Álvaro Siza’s museum, an Art Deco villa and 18 hectares of gardens.',
        'Valid all day on the date you choose: the exhibitions of the Serralves Museum of Contemporary Art, the pink Art Deco Casa de Serralves and the park with its treetop walk, lakes and farm. Under-18s go free; students pay half price with a valid card.',
        ['Museum building by Álvaro Siza', 'Treetop walk in the park'],
        ['Entry to the museum, the villa and the park'],
        ['Guided tours', 'Food and drinks'],
      ),
      es: text(
        'Entrada al Museo y Parque de Serralves',
        'Arte contemporáneo en el museo de Álvaro Siza, una villa art déco y 18 hectáreas de jardines.',
        'Válida todo el día en la fecha elegida: las exposiciones del Museo de Arte Contemporáneo de Serralves, la Casa de Serralves, villa art déco de color rosa, y el parque con su pasarela entre los árboles, lagos y granja. Los menores de 18 entran gratis y los estudiantes pagan la mitad con carné válido.',
        ['Edificio del museo de Álvaro Siza', 'Pasarela entre las copas de los árboles'],
        ['Entrada al museo, la villa y el parque'],
        ['Visitas guiadas', 'Comida y bebida'],
      ),
    },
    options: [
      option({
        key: 'entry',
        name: 'Museum and park entry',
        capacity_mode: 'free_sale',
        policy: NON_REFUNDABLE,
        units: [
          { ...adult(10, 18), label: 'Adult (18-64)', max_age: 64 },
          { type: 'student', label: 'Student (with a valid card)', min_age: null, max_age: null, min_qty: null, max_qty: 10, takes_seat: true, free: false },
          SENIOR,
          { type: 'child', label: 'Under 18', min_age: 0, max_age: 17, min_qty: null, max_qty: 8, takes_seat: true, free: true },
        ],
        tiers: [tier(1, null, { adult: 2700, student: 1400, senior: 1400 })],
        availability: slots([], null, 0),
      }),
    ],
  },
  {
    slug: 'porto-airport-private-transfer',
    seller: 'atlas-trails',
    template: 'transfer',
    where: PORTO,
    minutes: 30,
    rating: [4.8, 71],
    network: false,
    categories: [CAT.transfers],
    stops: ['Porto Airport', 'Porto city centre', 'Vila Nova de Gaia'],
    photos: ['Driver with a name sign at Porto Airport arrivals'],
    content: {
      en: text(
        'Porto Airport Private Transfer',
        'A private car or minivan from Francisco Sá Carneiro Airport to your hotel in Porto or Gaia.',
        'Your driver meets you in the arrivals hall with a name sign and drives you to any address in Porto or Vila Nova de Gaia, about 25 minutes away. Flight delays are tracked at no extra cost.',
        ['Meet and greet in arrivals', 'Flight tracking'],
        ['Private car and driver', 'Luggage', 'Child seats on request'],
        ['Tips'],
      ),
      es: text(
        'Traslado privado desde el aeropuerto de Oporto',
        'Coche privado o minivan desde el aeropuerto Francisco Sá Carneiro hasta tu hotel en Oporto o Gaia.',
        'El conductor te espera en la sala de llegadas con un cartel con tu nombre y te lleva a cualquier dirección de Oporto o Vila Nova de Gaia, a unos 25 minutos. Seguimos tu vuelo sin coste por retrasos.',
        ['Recepción en llegadas', 'Seguimiento del vuelo'],
        ['Coche privado con conductor', 'Equipaje', 'Sillas infantiles bajo petición'],
        ['Propinas'],
      ),
    },
    options: [
      option({
        key: 'sedan',
        name: 'Private car (up to 3)',
        private: true,
        vehicle: 'sedan',
        min_units: 1,
        max_units: 3,
        capacity_mode: 'free_sale',
        units: [adult(3), CHILD, INFANT],
        tiers: [tier(1, 1, { adult: 3500, child: 3500 }), tier(2, 3, { adult: 1800, child: 1800 })],
        availability: slots(TRANSFER_TIMES, null, 12),
      }),
      option({
        key: 'minivan',
        name: 'Private minivan (up to 7)',
        private: true,
        vehicle: 'minivan',
        min_units: 1,
        max_units: 7,
        capacity_mode: 'free_sale',
        units: [adult(7), CHILD, INFANT],
        tiers: [tier(1, 4, { adult: 1500, child: 1500 }), tier(5, 7, { adult: 1000, child: 1000 })],
        availability: slots(TRANSFER_TIMES, null, 12),
      }),
    ],
  },
  {
    slug: 'seville-triana-tapas-tour',
    seller: 'atlas-trails',
    template: 'activity',
    where: SEVILLE,
    minutes: 180,
    rating: [4.8, 257],
    network: false,
    categories: [CAT.food, CAT.walking],
    stops: ['Puente de Isabel II', 'Mercado de Triana', 'Calle Betis'],
    photos: ['Tapas and sherry on a Triana bar counter', 'Calle Betis houses along the Guadalquivir', 'Ceramic tiles in the Triana market'],
    content: {
      en: text(
        'Triana Tapas and Sherry Evening Tour',
        'Cross the river to Triana for tapas, sherry and stories in four neighbourhood bars.',
        'Three hours over the Isabel II bridge in Triana, the old quarter of potters and sailors: the market, four family-run bars with tapas such as espinacas con garbanzos and pringá, and glasses of fino and manzanilla, with views of Seville from Calle Betis.',
        ['Four neighbourhood tapas bars', 'Fino and manzanilla sherries'],
        ['Eight tapas', 'Four drinks', 'Local guide'],
        ['Extra drinks'],
        [
          ['Mercado de Triana', 'Meet by the market.'],
          ['Calle Betis', 'Last tapas with views of the river.'],
        ],
      ),
      es: text(
        'Ruta nocturna de tapas y jerez por Triana',
        'Cruza el río hasta Triana para tapear, probar jerez y escuchar historias en cuatro bares de barrio.',
        'Tres horas al otro lado del puente de Isabel II, en Triana, el antiguo barrio de alfareros y marineros: el mercado, cuatro bares familiares con tapas como espinacas con garbanzos y pringá, y copas de fino y manzanilla, con vistas de Sevilla desde la calle Betis.',
        ['Cuatro bares de tapas de barrio', 'Finos y manzanillas'],
        ['Ocho tapas', 'Cuatro bebidas', 'Guía local'],
        ['Bebidas adicionales'],
        [
          ['Mercado de Triana', 'Encuentro junto al mercado.'],
          ['Calle Betis', 'Últimas tapas con vistas al río.'],
        ],
      ),
    },
    options: [simpleOption(6900, ['19:30'], 12, 6, { name: 'Small-group tapas tour' })],
  },
  {
    slug: 'seville-highlights-bike-tour',
    seller: 'atlas-trails',
    template: 'activity',
    where: SEVILLE,
    minutes: 180,
    rating: [4.7, 188],
    network: false,
    categories: [CAT.outdoors, CAT.culture],
    stops: ['Seville Cathedral', 'Torre del Oro', 'María Luisa Park', 'Plaza de España'],
    photos: ['Bikes in front of the Plaza de España', 'Torre del Oro on the Guadalquivir'],
    content: {
      en: text(
        'Seville Highlights Bike Tour',
        'Ride Seville’s flat cycle lanes from the cathedral to the Plaza de España and along the river.',
        'Three easy hours by bike: the cathedral and the Archivo de Indias, the Torre del Oro on the Guadalquivir, María Luisa Park and the tiled alcoves of the Plaza de España, with a stop for fresh orange juice. Bikes in several sizes and helmets are provided.',
        ['Plaza de España and María Luisa Park', 'Flat, traffic-free cycle lanes'],
        ['Bike and helmet', 'Local guide', 'Fresh orange juice'],
        ['Monument entry fees'],
      ),
      es: text(
        'Tour en bicicleta por lo esencial de Sevilla',
        'Recorre en bici los carriles llanos de Sevilla, de la catedral a la Plaza de España y a lo largo del río.',
        'Tres horas tranquilas en bicicleta: la catedral y el Archivo de Indias, la Torre del Oro junto al Guadalquivir, el Parque de María Luisa y los bancos de azulejos de la Plaza de España, con una parada para tomar zumo de naranja natural. Bicis de varias tallas y cascos incluidos.',
        ['Plaza de España y Parque de María Luisa', 'Carriles bici llanos y sin tráfico'],
        ['Bicicleta y casco', 'Guía local', 'Zumo de naranja natural'],
        ['Entradas a monumentos'],
      ),
    },
    options: [simpleOption(3200, ['09:30', '16:30'], 12, 2, { name: 'Shared bike tour' })],
  },
  {
    slug: 'granada-alhambra-guided-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: GRANADA,
    minutes: 180,
    rating: [4.9, 1032],
    network: true,
    categories: [CAT.culture, CAT.museums],
    stops: ['Alcazaba', 'Nasrid Palaces', 'Palace of Charles V', 'Generalife'],
    photos: ['Court of the Lions in the Nasrid Palaces', 'The Alhambra below the Sierra Nevada', 'Water channel in the Generalife gardens'],
    content: {
      en: text(
        'Alhambra and Generalife Guided Tour',
        'The Nasrid Palaces, the Alcazaba and the Generalife gardens with an expert guide and timed entry.',
        'Three hours inside the Alhambra: the carved halls and the Court of the Lions in the Nasrid Palaces, the Alcazaba fortress with its views over the Albaicín, the Palace of Charles V and the water gardens of the Generalife. Alhambra tickets are issued in the visitor’s name, so passport details are needed at checkout and ID on the day.',
        ['Court of the Lions', 'Generalife gardens', 'Timed entry to the Nasrid Palaces'],
        ['Official guide', 'Alhambra entry ticket', 'Headsets'],
        ['Hotel transfers'],
        [
          ['Alcazaba', 'The fortress and the Torre de la Vela.'],
          ['Nasrid Palaces', 'Entry at the time printed on the ticket.'],
          ['Generalife', 'The summer palace and its gardens.'],
        ],
      ),
      es: text(
        'Visita guiada a la Alhambra y el Generalife',
        'Los Palacios Nazaríes, la Alcazaba y los jardines del Generalife con un guía experto y entrada con hora.',
        'Tres horas dentro de la Alhambra: las salas labradas y el Patio de los Leones de los Palacios Nazaríes, la fortaleza de la Alcazaba con sus vistas al Albaicín, el Palacio de Carlos V y los jardines de agua del Generalife. Las entradas de la Alhambra son nominativas, así que se piden los datos del pasaporte al pagar y el documento de identidad el día de la visita.',
        ['Patio de los Leones', 'Jardines del Generalife', 'Entrada con hora a los Palacios Nazaríes'],
        ['Guía oficial', 'Entrada a la Alhambra', 'Auriculares'],
        ['Traslados al hotel'],
        [
          ['Alcazaba', 'La fortaleza y la Torre de la Vela.'],
          ['Palacios Nazaríes', 'Entrada a la hora indicada en la entrada.'],
          ['Generalife', 'El palacio de verano y sus jardines.'],
        ],
      ),
    },
    options: [
      option({
        key: 'small-group',
        name: 'Small-group tour with entry',
        units: [adult(10, 12), CHILD, INFANT],
        policy: MODERATE,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 7900, child: 4900 })],
        availability: slots(['08:30', '14:00'], 15, 48),
      }),
      option({
        key: 'private',
        name: 'Private guide with entry',
        private: true,
        min_units: 1,
        max_units: 10,
        confirmation: 'manual',
        units: [adult(10, 12), CHILD, INFANT],
        policy: STRICT,
        traveller_details: PASSPORT,
        tiers: [tier(1, 2, { adult: 21000, child: 17000 }), tier(3, 5, { adult: 12000, child: 9000 }), tier(6, 10, { adult: 8500, child: 6500 })],
        availability: slots(['09:00', '15:00'], 10, 72),
      }),
    ],
  },
  {
    slug: 'granada-sacromonte-flamenco-cave-show',
    seller: 'atlas-trails',
    template: 'ticket',
    where: GRANADA,
    minutes: 60,
    rating: [4.7, 389],
    network: false,
    categories: [CAT.shows, CAT.culture],
    stops: ['Sacromonte', 'Camino del Sacromonte'],
    photos: ['Flamenco dancer in a whitewashed Sacromonte cave', 'Copper pots hanging on the cave walls'],
    content: {
      en: text(
        'Flamenco Show in a Sacromonte Cave',
        'Zambra flamenco in a whitewashed cave of Granada’s Sacromonte, as the gitano families have danced it for generations.',
        'An hour of zambra, the flamenco of Granada’s gitano families, performed by dancers, a singer and a guitarist in a cave house hung with copper pots, close enough to feel every footstep. Come early for the view of the Alhambra from the Sacromonte lanes.',
        ['Zambra flamenco in a real cave house', 'Alhambra views from the Sacromonte'],
        ['Show ticket', 'One drink'],
        ['Hotel transfers', 'Dinner'],
      ),
      es: text(
        'Espectáculo de flamenco en una cueva del Sacromonte',
        'Zambra flamenca en una cueva encalada del Sacromonte de Granada, como la bailan desde hace generaciones las familias gitanas.',
        'Una hora de zambra, el flamenco de las familias gitanas de Granada, con bailaores, cantaor y guitarrista en una casa cueva adornada con cazos de cobre, tan cerca que se siente cada zapateado. Llega con tiempo para ver la Alhambra desde las cuestas del Sacromonte.',
        ['Zambra flamenca en una auténtica casa cueva', 'Vistas de la Alhambra desde el Sacromonte'],
        ['Entrada al espectáculo', 'Una bebida'],
        ['Traslados al hotel', 'Cena'],
      ),
    },
    options: [simpleOption(3400, ['19:30', '21:00', '22:30'], 20, 3, { name: 'Standard seat' })],
  },
  {
    slug: 'evora-old-town-walking-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: EVORA,
    minutes: 150,
    rating: [4.7, 96],
    network: false,
    categories: [CAT.walking, CAT.culture],
    stops: ['Praça do Giraldo', 'Roman Temple of Évora', 'Évora Cathedral', 'Chapel of Bones'],
    photos: ['Columns of the Roman Temple of Évora at sunset', 'Walls lined with bones in the Chapel of Bones', 'Whitewashed lanes of Évora'],
    content: {
      en: text(
        'Évora Old Town and Chapel of Bones Walking Tour',
        'Roman columns, a Gothic cathedral and the Chapel of Bones in the walled heart of the Alentejo.',
        'Two and a half hours through Évora’s UNESCO-listed old town: Praça do Giraldo, the Roman Temple, the cathedral roof terrace and the Chapel of Bones in the Church of São Francisco, with stories of kings, Jesuits and cork farmers along the whitewashed lanes.',
        ['Roman Temple and the cathedral roof', 'The Chapel of Bones'],
        ['Local guide', 'Cathedral and Chapel of Bones entry'],
        ['Transport to Évora'],
        [
          ['Praça do Giraldo', 'Meet by the fountain.'],
          ['Roman Temple', 'Columns from the first century.'],
          ['Chapel of Bones', 'The tour ends in São Francisco.'],
        ],
      ),
      es: text(
        'Tour a pie por Évora y la Capilla de los Huesos',
        'Columnas romanas, una catedral gótica y la Capilla de los Huesos en el corazón amurallado del Alentejo.',
        'Dos horas y media por el casco antiguo de Évora, Patrimonio de la Humanidad: la Praça do Giraldo, el Templo Romano, la azotea de la catedral y la Capilla de los Huesos de la iglesia de San Francisco, con historias de reyes, jesuitas y corcheros por sus callejuelas encaladas.',
        ['Templo Romano y azotea de la catedral', 'La Capilla de los Huesos'],
        ['Guía local', 'Entrada a la catedral y a la Capilla de los Huesos'],
        ['Transporte hasta Évora'],
        [
          ['Praça do Giraldo', 'Encuentro junto a la fuente.'],
          ['Templo Romano', 'Columnas del siglo I.'],
          ['Capilla de los Huesos', 'La visita termina en San Francisco.'],
        ],
      ),
    },
    options: [simpleOption(3400, ['10:00', '15:00'], 15, 4)],
    extras: [
      extra('wine-tasting', 'Alentejo wine tasting in a town-centre adega', 1600, {
        description: 'Three Alentejo wines with sheep’s cheese, after the tour.',
        pay: 'local',
        local_price: { amount: 1500, currency: 'EUR' },
        min_age: 18,
      }),
    ],
  },
  {
    slug: 'marrakesh-atlas-mountains-day-trip',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: MARRAKESH,
    minutes: 540,
    rating: [4.7, 341],
    network: false,
    categories: [CAT.hiking, CAT.outdoors],
    stops: ['Asni', 'Imlil', 'Aroumd', 'Toubkal National Park'],
    photos: ['Terraced Berber village of Aroumd below Toubkal', 'Mint tea on a terrace in Imlil', 'Walnut groves in the Imlil valley'],
    content: {
      en: text(
        'Atlas Mountains and Berber Villages Day Trip',
        'Leave Marrakesh for the High Atlas: a guided walk from Imlil to Aroumd and lunch with a Berber family.',
        'A full day in the High Atlas, an hour and a half from Marrakesh: a stop at the Asni market, a two-hour guided walk through walnut groves from Imlil to the village of Aroumd below Jbel Toubkal, and a home-cooked tagine lunch with a Berber family. Good walking shoes recommended.',
        ['Walk to Aroumd below Toubkal', 'Lunch with a Berber family'],
        ['Transport from Marrakesh', 'Mountain guide', 'Lunch and mint tea'],
        ['Tips'],
        [
          ['Asni', 'Market and coffee stop.'],
          ['Imlil to Aroumd', 'Two-hour walk up the valley.'],
          ['Aroumd', 'Lunch with a Berber family, then back to Marrakesh.'],
        ],
      ),
      es: text(
        'Excursión al Atlas y a los pueblos bereberes',
        'Sal de Marrakech hacia el Alto Atlas: caminata guiada de Imlil a Aroumd y almuerzo con una familia bereber.',
        'Un día entero en el Alto Atlas, a hora y media de Marrakech: parada en el mercado de Asni, caminata guiada de dos horas entre nogales de Imlil al pueblo de Aroumd, a los pies del Yebel Toubkal, y almuerzo casero de tajín con una familia bereber. Se recomienda calzado cómodo.',
        ['Caminata a Aroumd a los pies del Toubkal', 'Almuerzo con una familia bereber'],
        ['Transporte desde Marrakech', 'Guía de montaña', 'Almuerzo y té a la menta'],
        ['Propinas'],
        [
          ['Asni', 'Mercado y parada para el café.'],
          ['De Imlil a Aroumd', 'Dos horas de caminata valle arriba.'],
          ['Aroumd', 'Almuerzo con una familia bereber y regreso a Marrakech.'],
        ],
      ),
    },
    options: [
      simpleOption(4900, ['08:30'], 16, 12, { name: 'Small-group day trip' }),
      option({
        key: 'private',
        name: 'Private 4x4 with hotel pickup',
        private: true,
        vehicle: '4x4',
        min_units: 1,
        max_units: 6,
        units: [adult(6, 12), CHILD],
        policy: MODERATE,
        tiers: [tier(1, 2, { adult: 14000, child: 10500 }), tier(3, 6, { adult: 8500, child: 6500 })],
        availability: slots(['08:00', '09:00'], 6, 24),
        pickup: {
          rules: [
            {
              id: '7a2d3b4c-5e6f-4a70-9b81-c3d4e5f6a701',
              area: 'Marrakesh medina riads',
              price: 0,
              kind: 'hotel',
              shape: { type: 'circle', center: { lat: 31.6258, lng: -7.9891 }, radius_m: 1800 },
              window: { from_min: 30, to_min: 0 },
              asks: ['room'],
            },
            {
              id: '7a2d3b4c-5e6f-4a70-9b81-c3d4e5f6a702',
              area: 'Gueliz and Hivernage hotels',
              price: 0,
              kind: 'hotel',
              shape: {
                type: 'polygon',
                points: [
                  [31.61, -8.03],
                  [31.61, -8.005],
                  [31.645, -8.005],
                  [31.645, -8.03],
                ],
              },
              window: { from_min: 40, to_min: 10 },
            },
            { area: 'Palmeraie hotels', price: 1500, kind: 'hotel' },
          ],
        },
      }),
    ],
  },
  {
    slug: 'marrakesh-sunrise-balloon-flight',
    seller: 'atlas-trails',
    template: 'activity',
    where: MARRAKESH,
    minutes: 240,
    rating: null,
    network: false,
    categories: [CAT.outdoors],
    stops: ['Palmeraie', 'Jbilet plains'],
    photos: ['Hot-air balloons over the Jbilet plains at sunrise', 'The High Atlas seen from the basket', 'Breakfast tent in a Berber village'],
    content: {
      en: text(
        'Sunrise Hot-Air Balloon Flight over Marrakesh',
        'Float over palm groves and Berber villages at dawn, with the snow of the High Atlas on the horizon.',
        'Pickup from your riad or hotel before dawn, mint tea while the balloon is inflated, then about an hour in the air over the Jbilet plains and the palm groves, and breakfast in a Berber village tent after landing. Flights depend on the wind: the pilot confirms each booking, and a flight cancelled for weather is fully refunded.',
        ['An hour in the air at sunrise', 'Views of the High Atlas', 'Berber breakfast'],
        ['Hotel pickup and drop-off', 'Flight with a licensed pilot', 'Breakfast', 'Flight certificate'],
        ['Tips'],
        [
          ['Pickup', 'Before dawn from your riad or hotel.'],
          ['Flight', 'About an hour over the plains.'],
          ['Breakfast', 'In a Berber village tent.'],
        ],
      ),
      es: text(
        'Vuelo en globo al amanecer sobre Marrakech',
        'Sobrevuela palmerales y pueblos bereberes al alba, con la nieve del Alto Atlas en el horizonte.',
        'Recogida en tu riad u hotel antes del amanecer, té a la menta mientras se infla el globo, alrededor de una hora de vuelo sobre la llanura de Jbilet y los palmerales, y desayuno en la jaima de un pueblo bereber tras el aterrizaje. Los vuelos dependen del viento: el piloto confirma cada reserva y un vuelo cancelado por el tiempo se reembolsa íntegramente.',
        ['Una hora de vuelo al amanecer', 'Vistas del Alto Atlas', 'Desayuno bereber'],
        ['Recogida y regreso al hotel', 'Vuelo con piloto titulado', 'Desayuno', 'Certificado de vuelo'],
        ['Propinas'],
        [
          ['Recogida', 'Antes del amanecer en tu riad u hotel.'],
          ['Vuelo', 'Alrededor de una hora sobre la llanura.'],
          ['Desayuno', 'En la jaima de un pueblo bereber.'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared basket',
        confirmation: 'manual',
        policy: MODERATE,
        units: [adult(10, 12), { ...CHILD, label: 'Child (6-11)', min_age: 6 }],
        tiers: [tier(1, null, { adult: 21000, child: 15500 })],
        availability: slots(['06:30'], 16, 24),
        pickup: pickup(['Marrakesh medina riads', 0, 'hotel'], ['Gueliz and Hivernage hotels', 0, 'hotel']),
      }),
    ],
    extras: [
      extra('breakfast', 'Berber breakfast', 0, { included: true, unit_types: ['adult', 'child'] }),
      extra('camel-ride', 'Camel ride after breakfast (30 minutes)', 1800, { unit_types: ['adult', 'child'] }),
      extra('video', 'Video of your flight', 3500, { max_per_booking: 1, description: 'Filmed from the basket and sent the same day.' }),
    ],
  },
  {
    slug: 'andalusia-4-day-tour-from-seville',
    seller: 'atlas-trails',
    template: 'multi_day',
    where: SEVILLE,
    days: [4, 3],
    rating: [4.8, 127],
    network: true,
    categories: [CAT.culture, CAT.outdoors],
    stops: ['Seville', 'Córdoba', 'Granada', 'Alhambra', 'Ronda'],
    photos: [
      'Arches of the Mezquita of Córdoba',
      'The Alhambra at sunset from the Mirador de San Nicolás',
      'Puente Nuevo over the Ronda gorge',
      'White village in the Sierra de Grazalema',
    ],
    content: {
      en: text(
        'Andalusia in 4 Days: Córdoba, Granada and Ronda from Seville',
        'A small-group loop through the Mezquita of Córdoba, the Alhambra and the cliff-top town of Ronda, with three hotel nights.',
        'Four days by minibus from Seville: the forest of arches in the Mezquita of Córdoba and its Jewish quarter, two nights in Granada with a guided visit of the Alhambra and an evening in the Albaicín, then a night in Ronda above its gorge and the white villages on the way back. Alhambra tickets and hotels are registered in the traveller’s name, so passport details are needed at checkout.',
        ['Mezquita of Córdoba', 'Guided Alhambra visit', 'Ronda and the white villages'],
        ['Minibus and driver-guide', '3 nights in central hotels with breakfast', 'Mezquita and Alhambra entry'],
        ['Lunches and dinners', 'Drinks'],
        [
          ['Day 1: Seville to Córdoba and Granada', 'The Mezquita and the Jewish quarter, then on to Granada.'],
          ['Day 2: Granada', 'Guided visit of the Alhambra; free evening in the Albaicín.'],
          ['Day 3: Granada to Ronda', 'Through the olive hills to Ronda and its gorge.'],
          ['Day 4: Ronda to Seville', 'The white villages of the Sierra de Grazalema and back to Seville.'],
        ],
      ),
      es: text(
        'Andalucía en 4 días: Córdoba, Granada y Ronda desde Sevilla',
        'Un circuito en grupo reducido por la Mezquita de Córdoba, la Alhambra y Ronda, asomada a su tajo, con tres noches de hotel.',
        'Cuatro días en minibús desde Sevilla: el bosque de arcos de la Mezquita de Córdoba y su judería, dos noches en Granada con visita guiada a la Alhambra y una tarde en el Albaicín, y una noche en Ronda junto a su tajo antes de volver por los pueblos blancos. Las entradas de la Alhambra y los hoteles van a nombre del viajero, así que se piden los datos del pasaporte al pagar.',
        ['Mezquita de Córdoba', 'Visita guiada a la Alhambra', 'Ronda y los pueblos blancos'],
        ['Minibús y conductor-guía', '3 noches en hoteles céntricos con desayuno', 'Entradas a la Mezquita y a la Alhambra'],
        ['Almuerzos y cenas', 'Bebidas'],
        [
          ['Día 1: de Sevilla a Córdoba y Granada', 'La Mezquita y la judería, y después a Granada.'],
          ['Día 2: Granada', 'Visita guiada a la Alhambra; tarde libre en el Albaicín.'],
          ['Día 3: de Granada a Ronda', 'Entre olivares hasta Ronda y su tajo.'],
          ['Día 4: de Ronda a Sevilla', 'Los pueblos blancos de la Sierra de Grazalema y regreso a Sevilla.'],
        ],
      ),
    },
    options: [
      option({
        key: 'classic',
        name: 'Small group with 3-star hotels',
        units: [adult(12, 12), CHILD],
        policy: MODERATE,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 79000, child: 59000 })],
        rooms: rooms(18000),
        availability: slots(['08:00'], 16, 72, [1, 4], [21]),
      }),
      option({
        key: 'superior',
        name: 'Small group with 4-star hotels',
        units: [adult(12, 12), CHILD],
        policy: STRICT,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 99000, child: 74000 })],
        rooms: rooms(26000),
        availability: slots(['08:00'], 8, 72, [1, 4], [21]),
      }),
    ],
    extras: [
      extra('flamenco', 'Flamenco evening in the Sacromonte', 3900, {
        description: 'A zambra show in a cave on day 2, with one drink.',
        unit_types: ['adult', 'child'],
      }),
      extra('arab-baths', 'Arab baths session in Granada (90 minutes)', 4200, { min_age: 16 }),
    ],
  },
  {
    slug: 'marrakesh-medina-walking-tour',
    seller: 'atlas-trails',
    template: 'day_tour',
    where: MARRAKESH,
    minutes: 180,
    rating: [4.6, 142],
    network: false,
    categories: [CAT.walking, CAT.culture],
    stops: ['Koutoubia Mosque', 'Bahia Palace', 'Ben Youssef Madrasa', 'Jemaa el-Fnaa'],
    photos: ['Carved cedar and zellige in Ben Youssef Madrasa', 'Jemaa el-Fnaa at dusk'],
    content: {
      en: text(
        'Marrakesh Medina Walking Tour',
        'The palaces, madrasas and souks of the old city with a licensed local guide.',
        'Three hours inside the medina walls: the Koutoubia minaret, the painted courtyards of Bahia Palace, the Ben Youssef Madrasa and the lanes of the souks, ending in Jemaa el-Fnaa square.',
        ['Bahia Palace and Ben Youssef Madrasa', 'The souks without getting lost'],
        ['Licensed guide'],
        ['Monument entry fees'],
        [
          ['Koutoubia Mosque', 'Meet by the minaret.'],
          ['Jemaa el-Fnaa', 'The tour ends on the main square.'],
        ],
      ),
      es: text(
        'Tour a pie por la medina de Marrakech',
        'Los palacios, madrazas y zocos de la ciudad antigua con un guía local oficial.',
        'Tres horas dentro de las murallas de la medina: el alminar de la Kutubía, los patios pintados del Palacio de la Bahía, la madraza Ben Youssef y las callejuelas de los zocos, para terminar en la plaza Jemaa el-Fna.',
        ['Palacio de la Bahía y madraza Ben Youssef', 'Los zocos sin perderse'],
        ['Guía oficial'],
        ['Entradas a monumentos'],
        [
          ['Mezquita Kutubía', 'Encuentro junto al alminar.'],
          ['Jemaa el-Fna', 'El tour termina en la plaza principal.'],
        ],
      ),
    },
    options: [simpleOption(3200, ['09:00', '15:00'], 14, 3)],
  },
  {
    slug: 'lisbon-electric-tuk-tuk-tour',
    seller: 'atlas-trails',
    template: 'activity',
    where: LISBON,
    minutes: 90,
    rating: [4.5, 58],
    network: false,
    categories: [CAT.culture],
    stops: ['Alfama', 'Mouraria', 'Miradouro da Graça', 'Miradouro da Senhora do Monte'],
    photos: ['Electric tuk-tuk on a cobbled Alfama street'],
    content: {
      en: text(
        'Lisbon Hills by Electric Tuk-Tuk',
        'Ride up to Lisbon’s best viewpoints without climbing a single hill.',
        'Ninety minutes in a quiet electric tuk-tuk through Alfama, Mouraria and Graça, with stops at the Graça and Senhora do Monte viewpoints. Each tuk-tuk seats up to six.',
        ['Electric, quiet and open-air', 'Two of the best viewpoints'],
        ['Driver-guide', 'Bottled water'],
        ['Entry fees'],
      ),
      es: text(
        'Las colinas de Lisboa en tuk-tuk eléctrico',
        'Sube a los mejores miradores de Lisboa sin subir ni una cuesta a pie.',
        'Noventa minutos en un silencioso tuk-tuk eléctrico por Alfama, Mouraria y Graça, con paradas en los miradores de Graça y de Senhora do Monte. Cada tuk-tuk lleva hasta seis personas.',
        ['Eléctrico, silencioso y al aire libre', 'Dos de los mejores miradores'],
        ['Conductor-guía', 'Agua embotellada'],
        ['Entradas'],
      ),
    },
    options: [simpleOption(4500, ['10:00', '13:00', '16:00'], 10, 2, { name: 'Shared tuk-tuk' })],
  },
  {
    slug: 'porto-six-bridges-cruise',
    seller: 'atlas-trails',
    template: 'activity',
    where: PORTO,
    minutes: 50,
    rating: null,
    published: false,
    categories: [CAT.boats],
    stops: ['Ribeira', 'Vila Nova de Gaia'],
    photos: ['Rabelo boat passing under the Dom Luís I bridge'],
    content: {
      en: text(
        'Porto Six Bridges River Cruise',
        'A 50-minute cruise on a traditional rabelo boat under Porto’s six bridges.',
        'Board a rabelo, the flat-bottomed boat that once carried port wine down the Douro, and cruise under the six bridges between Porto and Vila Nova de Gaia.',
        ['Traditional rabelo boat', 'All six bridges'],
        ['Cruise', 'Audio commentary'],
        ['Food and drinks'],
      ),
      es: text(
        'Crucero de los seis puentes en Oporto',
        'Un crucero de 50 minutos en un barco rabelo tradicional bajo los seis puentes de Oporto.',
        'Sube a un rabelo, el barco de fondo plano que bajaba el vino de Oporto por el Duero, y navega bajo los seis puentes entre Oporto y Vila Nova de Gaia.',
        ['Barco rabelo tradicional', 'Los seis puentes'],
        ['Crucero', 'Audioguía'],
        ['Comida y bebida'],
      ),
    },
    options: [simpleOption(1900, ['11:00', '15:00'], 20, 2, { name: 'Shared cruise' })],
  },

  // Sakura Journeys: Japan
  {
    slug: 'kyoto-fushimi-inari-hike',
    seller: 'sakura-journeys',
    template: 'day_tour',
    where: KYOTO,
    minutes: 210,
    rating: [4.8, 322],
    categories: [CAT.hiking, CAT.culture],
    stops: ['Fushimi Inari Taisha', 'Senbon Torii', 'Yotsutsuji', 'Mount Inari'],
    photos: ['Tunnel of vermilion torii gates', 'Fox statue at Fushimi Inari', 'Kyoto view from Yotsutsuji'],
    content: {
      en: text(
        'Fushimi Inari Torii Gate Hike',
        'Walk through thousands of vermilion gates with a local guide to the top of Mount Inari.',
        'A small-group hike, early morning or afternoon, from the main shrine through the Senbon Torii tunnels to the Yotsutsuji crossroads and its view over Kyoto, then on to the summit of Mount Inari.',
        ['Small group, away from the crowds', 'Kyoto views from Yotsutsuji'],
        ['English-speaking guide', 'Green tea and sweets'],
        ['Transport to the shrine'],
        [
          ['Main shrine', 'Meet your guide in front of the main hall.'],
          ['Senbon Torii', 'Walk the tunnels of gates.'],
          ['Mount Inari', 'The hike ends at the summit.'],
        ],
      ),
      ja: text(
        '伏見稲荷 千本鳥居ハイキング',
        '地元ガイドと一緒に千本鳥居をくぐり、稲荷山の山頂を目指します。',
        '早朝または午後の少人数ハイキング。伏見稲荷大社の本殿から千本鳥居を抜け、京都市内を見渡す四ツ辻を経て稲荷山の山頂まで歩きます。',
        ['混雑を避けた少人数制', '四ツ辻から京都市内を一望'],
        ['英語ガイド', 'お茶とお菓子'],
        ['神社までの交通費'],
        [
          ['本殿', '本殿前でガイドと集合します。'],
          ['千本鳥居', '朱色の鳥居のトンネルを歩きます。'],
          ['稲荷山', '山頂でツアー終了です。'],
        ],
      ),
    },
    options: [
      option({
        key: 'small-group',
        name: 'Small-group hike',
        units: [adult(10, 12), CHILD, INFANT],
        policy: MODERATE,
        tiers: [
          tier(
            1,
            null,
            { adult: 6000, child: 4000 },
            {
              child: [
                { min_age: 3, max_age: 6, amount: 2000 },
                { min_age: 7, max_age: 11, amount: 4000 },
              ],
            },
          ),
        ],
        availability: slots(['07:30', '13:30'], 12, 24),
      }),
    ],
  },
  {
    slug: 'tokyo-sushi-making-class',
    seller: 'sakura-journeys',
    template: 'activity',
    where: TOKYO,
    minutes: 180,
    rating: [4.9, 188],
    categories: [CAT.food, CAT.classes],
    stops: ['Tsukiji Outer Market', 'Ginza'],
    photos: ['Hands shaping nigiri', 'Fresh tuna at Tsukiji Outer Market', 'Finished sushi platter'],
    content: {
      en: text(
        'Sushi-Making Class in Tokyo',
        'Learn to make nigiri and maki with a Tokyo sushi chef, then eat what you make.',
        'Start with a short walk through Tsukiji Outer Market to see the day’s fish, then head to a Ginza studio where a chef teaches you to season rice, cut fish and shape nigiri and rolls.',
        ['Hands-on with a professional chef', 'Tsukiji Outer Market walk'],
        ['All ingredients and equipment', 'A meal of your own sushi', 'Green tea'],
        ['Alcoholic drinks'],
        [
          ['Tsukiji Outer Market', 'Meet the chef and see the day’s fish.'],
          ['Ginza studio', 'Make and eat nigiri and maki.'],
        ],
      ),
      ja: text(
        '東京で寿司作り体験',
        'プロの寿司職人から握りと巻き寿司の作り方を学び、自分で作った寿司を味わいます。',
        '築地場外市場を散策してその日の魚を見た後、銀座のスタジオで職人がシャリの味付け、魚の切り方、握りと巻き寿司の作り方を教えます。',
        ['プロの職人による実践レッスン', '築地場外市場の散策'],
        ['材料と道具一式', '自作の寿司のお食事', '緑茶'],
        ['アルコール飲料'],
        [
          ['築地場外市場', '職人と合流し、その日の魚を見ます。'],
          ['銀座のスタジオ', '握りと巻き寿司を作って味わいます。'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared class',
        units: [adult(8, 12), CHILD],
        tiers: [tier(1, null, { adult: 9500, child: 6500 })],
        seasons: [{ name: 'Cherry blossom season', from_in_days: 100, until_in_days: 130, tiers: [tier(1, null, { adult: 11500, child: 7500 })] }],
        availability: slots(['10:00', '15:00'], 10, 24),
      }),
      option({
        key: 'private',
        name: 'Private class for your group',
        private: true,
        min_units: 2,
        max_units: 8,
        capacity_mode: 'on_request',
        confirmation: 'manual',
        units: [adult(8, 12), CHILD],
        tiers: [tier(2, 4, { adult: 15000, child: 9000 }), tier(5, 8, { adult: 12000, child: 7500 })],
        // The kitchen has eight stations a class: the demo's on_request option with a capacity (requests take places).
        availability: slots(['10:00', '15:00', '18:00'], 8, 72),
      }),
    ],
    extras: [extra('sake', 'Sake tasting flight', 1400, { pay: 'local', local_price: { amount: 2000, currency: 'JPY' }, min_age: 20 })],
  },
  {
    slug: 'kyoto-machiya-tea-ceremony',
    seller: 'sakura-journeys',
    template: 'activity',
    where: KYOTO,
    minutes: 90,
    rating: [4.7, 146],
    categories: [CAT.culture, CAT.classes],
    stops: ['Gion', 'Machiya tea house'],
    photos: ['Tea master whisking matcha', 'Tatami room in a Kyoto machiya'],
    content: {
      en: text(
        'Tea Ceremony in a Kyoto Machiya',
        'Take part in a traditional tea ceremony in a century-old townhouse in Gion.',
        'A tea master explains the etiquette and meaning of chado, prepares matcha in front of you and then guides you as you whisk your own bowl. The tea house confirms each booking.',
        ['Hosted by a tea master', 'Whisk your own matcha'],
        ['Matcha and seasonal wagashi'],
        ['Kimono rental (optional, paid on site)'],
        [['Machiya tea house', 'The ceremony, then whisk your own bowl.']],
      ),
      ja: text(
        '京町家で茶道体験',
        '祇園にある築百年の町家で、伝統的な茶道を体験します。',
        '茶人が茶道の作法と意味を説明し、目の前でお抹茶を点てた後、ご自身でもお抹茶を点てていただきます。ご予約は茶室からの確認をもって確定します。',
        ['茶人によるおもてなし', 'ご自身でお抹茶を点てる体験'],
        ['お抹茶と季節の和菓子'],
        ['着物レンタル(任意・現地払い)'],
        [['町家の茶室', 'お点前の後、ご自身でお抹茶を点てます。']],
      ),
    },
    options: [
      option({
        key: 'ceremony',
        name: 'Tea ceremony',
        confirmation: 'manual',
        units: [adult(6, 12), CHILD],
        // Priced on weekdays only: Saturday starts show closed and a quote for one is PriceNotAvailable (weekday).
        tiers: [],
        seasons: [
          {
            name: 'Weekday ceremonies',
            from_in_days: null,
            until_in_days: null,
            weekdays: [1, 2, 3, 4, 5],
            tiers: [tier(1, null, { adult: 4500, child: 3000 })],
          },
        ],
        // The tea house is closed on Sundays and for two days of its own each month.
        availability: slots(['10:00', '13:00', '15:30'], 8, 24, [1, 2, 3, 4, 5, 6], [10, 11]),
      }),
    ],
    extras: [
      extra('kimono', 'Kimono rental and dressing', 2400, { pay: 'local', local_price: { amount: 3500, currency: 'JPY' }, unit_types: ['adult', 'child'] }),
    ],
  },
  {
    slug: 'narita-airport-private-transfer',
    seller: 'sakura-journeys',
    template: 'transfer',
    where: TOKYO,
    minutes: 90,
    rating: [4.6, 74],
    categories: [CAT.transfers],
    stops: ['Narita Airport', 'Shinjuku', 'Shibuya', 'Ginza'],
    photos: ['Minivan waiting at the Narita arrivals curb'],
    content: {
      en: text(
        'Narita Airport Private Transfer to Tokyo',
        'Private minivan from Narita Airport to your hotel anywhere in central Tokyo.',
        'Skip the train changes with your luggage: your driver meets you at your terminal and drives you to your hotel in Shinjuku, Shibuya, Ginza or anywhere in the 23 wards.',
        ['Meet and greet at your terminal', 'Any hotel in central Tokyo'],
        ['Private minivan and driver', 'Highway tolls'],
        ['Waiting beyond 60 minutes after landing'],
      ),
    },
    options: [
      option({
        key: 'minivan',
        name: 'Private minivan',
        private: true,
        vehicle: 'minivan',
        min_units: 1,
        max_units: 6,
        capacity_mode: 'free_sale',
        units: [adult(6), CHILD, INFANT],
        tiers: [tier(1, 2, { adult: 14000, child: 14000 }), tier(3, 4, { adult: 8000, child: 8000 }), tier(5, 6, { adult: 6000, child: 6000 })],
        availability: slots(TRANSFER_TIMES, null, 24),
        pickup: pickup(['Narita Terminal 1', 0, 'airport'], ['Narita Terminal 2', 0, 'airport'], ['Narita Terminal 3', 1000, 'airport']),
      }),
    ],
  },
  {
    slug: 'tokyo-teamlab-planets-ticket',
    seller: 'sakura-journeys',
    template: 'ticket',
    where: TOKYO,
    minutes: 120,
    rating: [4.8, 2150],
    categories: [CAT.museums],
    stops: ['teamLab Planets', 'Toyosu'],
    photos: ['Floating flower garden at teamLab Planets', 'Visitors wading through a room of light'],
    content: {
      en: text(
        'teamLab Planets Timed-Entry Ticket',
        'Walk barefoot through immersive digital art gardens and water rooms in Toyosu.',
        'Timed entry to teamLab Planets, a museum where you wade through water and wander among floating flowers and mirrored light sculptures. Allow about two hours.',
        ['Immersive water and light installations', 'Timed entry, no ticket queue'],
        ['Entry for your time slot'],
        ['Transport to Toyosu', 'Lockers'],
      ),
      ja: text(
        'チームラボプラネッツ 日時指定チケット',
        '豊洲で、裸足で水の中を歩くデジタルアートの庭園を体験します。',
        '水の中を歩き、浮遊する花々や鏡張りの光の彫刻の中をめぐる没入型ミュージアム、チームラボプラネッツの日時指定入場券です。所要時間は約2時間です。',
        ['水と光の没入型インスタレーション', '日時指定でチケット購入の列なし'],
        ['指定時間帯の入場券'],
        ['豊洲までの交通費', 'コインロッカー'],
      ),
    },
    options: [
      option({
        key: 'entry',
        name: 'Timed entry',
        capacity_mode: 'free_sale',
        policy: NON_REFUNDABLE,
        units: [adult(10, 12), CHILD, INFANT],
        tiers: [tier(1, null, { adult: 2600, child: 1000 })],
        specials: [{ name: 'Early entry', from_in_days: 0, until_in_days: 60, times: ['09:00'], percent_off: 20 }],
        availability: slots(['09:00', '11:00', '13:00', '15:00', '17:00', '19:00'], null, 1),
      }),
    ],
  },
  {
    slug: 'kumano-kodo-3-day-trek',
    seller: 'sakura-journeys',
    template: 'multi_day',
    where: TANABE,
    days: [3, 2],
    rating: [4.9, 61],
    categories: [CAT.hiking, CAT.culture],
    stops: ['Takijiri-oji', 'Chikatsuyu', 'Kumano Hongu Taisha', 'Yunomine Onsen'],
    photos: ['Stone steps through the cedar forest', 'The giant torii at Oyunohara', 'Ryokan dinner tray'],
    content: {
      en: text(
        'Kumano Kodo 3-Day Guided Trek',
        'Walk the ancient pilgrim route to Kumano Hongu Taisha, sleeping in traditional inns and bathing in hot springs.',
        'Three days on the Nakahechi route from Takijiri-oji through cedar forests and mountain villages to the grand shrine of Kumano Hongu Taisha, with nights in Chikatsuyu and at Yunomine Onsen. The guide confirms each booking once the inns are secured.',
        ['UNESCO-listed pilgrim route', 'Yunomine Onsen hot springs'],
        ['Guide', '2 nights with dinner and breakfast', 'Luggage transfer'],
        ['Lunches', 'Transport to Tanabe'],
        [
          ['Day 1: Takijiri-oji to Chikatsuyu', 'Into the cedar forest.'],
          ['Day 2: Chikatsuyu to Hongu', 'To Kumano Hongu Taisha.'],
          ['Day 3: Yunomine Onsen', 'A morning soak, then the bus to Tanabe.'],
        ],
      ),
    },
    options: [
      option({
        key: 'guided',
        name: 'Guided trek with inn stays',
        confirmation: 'manual',
        units: [adult(8, 12)],
        policy: STRICT,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 89000 })],
        rooms: rooms(18000),
        availability: slots(['08:30'], 8, 72, [1, 4]),
      }),
    ],
  },
  {
    slug: 'tokyo-shinjuku-night-food-tour',
    seller: 'sakura-journeys',
    template: 'day_tour',
    where: TOKYO,
    minutes: 180,
    rating: null,
    published: false,
    categories: [CAT.food],
    stops: ['Omoide Yokocho', 'Golden Gai'],
    photos: ['Lantern-lit alley in Omoide Yokocho'],
    content: {
      en: text(
        'Tokyo Night Food Tour in Shinjuku',
        'Eat yakitori, gyoza and more in the tiny bars of Omoide Yokocho and Golden Gai.',
        'Three hours in the lantern-lit alleys of Shinjuku with a local guide, with five food stops and a drink at each.',
        ['Omoide Yokocho alleys', 'Golden Gai bars'],
        ['Five food stops', 'Five drinks'],
        ['Extra drinks'],
      ),
    },
    options: [simpleOption(12000, ['18:00'], 10, 24, { name: 'Small-group food tour' })],
  },

  // Muscat Dunes: Oman
  {
    slug: 'muscat-sunset-dhow-cruise',
    seller: 'muscat-dunes',
    template: 'activity',
    where: MUSCAT,
    minutes: 120,
    rating: [4.6, 203],
    categories: [CAT.boats],
    stops: ['Marina Bandar Al Rowdha', 'Muttrah Corniche', 'Al Alam Palace'],
    photos: ['Wooden dhow under sail off Muscat', 'Al Jalali fort lit at dusk'],
    content: {
      en: text(
        'Muscat Sunset Dhow Cruise',
        'Cruise the Muscat coastline on a traditional wooden dhow as the forts light up at dusk.',
        'Two hours along the coast from Marina Bandar Al Rowdha past Muttrah Corniche, Al Alam Palace and the forts of Al Jalali and Al Mirani, with Omani coffee and dates on board. The captain confirms each booking against the sea forecast.',
        ['Al Alam Palace from the sea', 'Omani coffee and dates'],
        ['Cruise', 'Coffee, dates and water'],
        ['Dinner (optional extra)'],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared dhow cruise',
        confirmation: 'manual',
        units: [adult(10, 12), CHILD, INFANT],
        tiers: [tier(1, null, { adult: 4200, child: 2100 })],
        availability: slots(['16:30'], 20, 6),
      }),
    ],
    extras: [extra('dinner', 'Omani dinner on board', 2600, { unit_types: ['adult', 'child'] })],
  },
  {
    slug: 'wahiba-sands-desert-camp-2-day',
    seller: 'muscat-dunes',
    template: 'multi_day',
    where: MUSCAT,
    days: [2, 1],
    rating: [4.8, 157],
    categories: [CAT.desert, CAT.outdoors],
    stops: ['Wadi Bani Khalid', 'Wahiba Sands', 'Bidiyah'],
    photos: ['4x4 cresting a dune in the Wahiba Sands', 'Turquoise pools of Wadi Bani Khalid', 'Desert camp at night'],
    content: {
      en: text(
        'Wahiba Sands Desert Camp, 2 Days',
        'Swim in Wadi Bani Khalid, then drive into the Wahiba Sands for a night at a Bedouin-style camp.',
        'Leave Muscat by 4x4 for the pools of Wadi Bani Khalid, continue to the Wahiba Sands for sunset on the dunes and a barbecue dinner, sleep at a desert camp and return via Bidiyah. Passport details are needed to register at the camp.',
        ['Wadi Bani Khalid pools', 'Sunset on the dunes', 'Night in a desert camp'],
        ['4x4 with driver-guide', 'Dinner and breakfast', 'Camp night'],
        ['Lunches', 'Sandboarding (paid on site)'],
        [
          ['Day 1: Muscat to the Wahiba Sands', 'Wadi Bani Khalid, then the dunes at sunset.'],
          ['Day 2: Wahiba Sands to Muscat', 'Sunrise, Bidiyah and the drive back.'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared 4x4 with desert camp',
        vehicle: '4x4',
        units: [adult(8, 12), CHILD],
        policy: MODERATE,
        traveller_details: { ...PASSPORT, due_hours_before: 48 },
        tiers: [tier(1, null, { adult: 32000, child: 22000 })],
        rooms: rooms(12000),
        availability: slots(['08:00'], 12, 48, [2, 4, 6]),
      }),
    ],
    extras: [
      extra('sandboarding', 'Sandboarding on the dunes', 1300, {
        pay: 'local',
        local_price: { amount: 5000, currency: 'OMR' },
        unit_types: ['adult', 'child'],
      }),
    ],
  },
  {
    slug: 'nizwa-fort-and-souq-day-trip',
    seller: 'muscat-dunes',
    template: 'day_tour',
    where: NIZWA,
    minutes: 540,
    rating: [4.7, 119],
    categories: [CAT.culture],
    stops: ['Nizwa Fort', 'Nizwa Souq', 'Birkat Al Mouz', 'Jabrin Castle'],
    photos: ['The round tower of Nizwa Fort', 'Pottery stalls in Nizwa Souq', 'Painted ceiling in Jabrin Castle'],
    content: {
      en: text(
        'Nizwa Fort and Souq Day Trip from Muscat',
        'Oman’s old capital: the round tower of Nizwa Fort, the souq and the mud-brick village of Birkat Al Mouz.',
        'A full day inland from Muscat: Nizwa Fort and its souq, the falaj channels and date gardens of Birkat Al Mouz and the painted ceilings of Jabrin Castle. The more of you travel together, the less each pays.',
        ['Nizwa Fort and souq', 'Jabrin Castle'],
        ['Transport from Muscat', 'Driver-guide', 'Lunch'],
        ['Fort entry fees'],
        [
          ['Nizwa', 'Fort and souq.'],
          ['Birkat Al Mouz', 'Date gardens and falaj.'],
          ['Jabrin Castle', 'Painted ceilings, then back to Muscat.'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Shared day trip from Muscat',
        units: [adult(12, 12), CHILD],
        tiers: [tier(1, 2, { adult: 9000, child: 6000 }), tier(3, 5, { adult: 7500, child: 5000 }), tier(6, null, { adult: 6500, child: 4500 })],
        availability: slots(['07:30'], 14, 24, EVERY_DAY, [7]),
        pickup: pickup(
          ['Muscat hotels in Qurum and Al Khuwair', 0, 'hotel'],
          ['Muttrah and Old Muscat', 0, 'hotel'],
          ['Al Mouj and Seeb', 1500, 'hotel'],
          // Cruise passengers are met at the quay.
          ['Port Sultan Qaboos cruise terminal', 0, 'port'],
        ),
      }),
      option({
        key: 'tailor-made',
        name: 'Tailor-made private day',
        private: true,
        vehicle: '4x4',
        min_units: 1,
        max_units: 6,
        capacity_mode: 'on_request',
        confirmation: 'manual',
        ask_for_price: true,
        units: [adult(6)],
        tiers: [],
        availability: slots(['07:00', '08:00', '09:00'], null, 72),
      }),
    ],
  },
  {
    slug: 'muscat-airport-private-transfer',
    seller: 'muscat-dunes',
    template: 'transfer',
    where: MUSCAT,
    minutes: 35,
    rating: [4.5, 48],
    categories: [CAT.transfers],
    stops: ['Muscat International Airport', 'Qurum', 'Muttrah'],
    photos: ['Arrivals hall at Muscat International Airport'],
    content: {
      en: text(
        'Muscat Airport Private Transfer',
        'Private transfer from Muscat International Airport to your hotel in Muscat.',
        'Your driver meets you in arrivals and takes you to any hotel in Muscat, from Al Mouj to Old Muscat. Choose a minivan for families and groups or a sedan for up to three.',
        ['Meet and greet in arrivals', 'Fixed price per traveller'],
        ['Private vehicle and driver', 'Bottled water'],
        ['Tips'],
      ),
    },
    options: [
      option({
        key: 'minivan',
        name: 'Private minivan',
        private: true,
        vehicle: 'minivan',
        min_units: 1,
        max_units: 7,
        capacity_mode: 'free_sale',
        units: [adult(7), CHILD, INFANT],
        tiers: [tier(1, 3, { adult: 1600, child: 1600 }), tier(4, 7, { adult: 900, child: 900 })],
        availability: slots(TRANSFER_TIMES, null, 12),
      }),
      option({
        key: 'sedan',
        name: 'Private sedan',
        private: true,
        vehicle: 'sedan',
        min_units: 1,
        max_units: 3,
        capacity_mode: 'free_sale',
        units: [adult(3), CHILD],
        tiers: [tier(1, 3, { adult: 1400, child: 1400 })],
        availability: slots(TRANSFER_TIMES, null, 12),
      }),
    ],
  },
  {
    slug: 'daymaniyat-islands-snorkeling',
    seller: 'muscat-dunes',
    template: 'activity',
    where: MUSCAT,
    minutes: 300,
    rating: [4.8, 266],
    categories: [CAT.wildlife, CAT.boats, CAT.outdoors],
    stops: ['Al Mouj Marina', 'Daymaniyat Islands Nature Reserve'],
    photos: ['Green turtle over a coral reef', 'Speedboat at the Daymaniyat Islands', 'Snorkellers in clear water', 'Black-tip reef shark'],
    content: {
      en: text(
        'Daymaniyat Islands Snorkeling Trip',
        'Snorkel coral reefs with turtles and reef sharks in the protected Daymaniyat Islands.',
        'A speedboat from Al Mouj Marina to the Daymaniyat Islands Nature Reserve for two snorkelling stops over coral gardens, with turtles, reef fish and often black-tip reef sharks. The reserve permit is issued in each traveller’s name.',
        ['Sea turtles and reef sharks', 'Protected nature reserve'],
        ['Boat and crew', 'Reserve permit', 'Water and fruit'],
        ['Snorkel gear (rent on site)'],
      ),
    },
    options: [
      option({
        key: 'half-day',
        name: 'Half-day snorkeling trip',
        units: [adult(10, 12), CHILD],
        policy: MODERATE,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 6500, child: 4500 })],
        availability: slots(['08:00', '13:00'], 16, 24),
      }),
      option({
        key: 'turtle-season',
        name: 'Full day with turtle watching',
        sales_paused: true,
        units: [adult(10, 12)],
        policy: MODERATE,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 9900 })],
        availability: slots(['07:30'], 12, 24, [5, 6]),
      }),
    ],
    extras: [
      extra('gear', 'Mask and fins rental', 800, { pay: 'local', local_price: { amount: 3000, currency: 'OMR' }, unit_types: ['adult', 'child'] }),
      extra('camera', 'Underwater camera rental', 2000, { max_per_booking: 2 }),
    ],
  },
  {
    slug: 'nizwa-fort-entry-ticket',
    seller: 'muscat-dunes',
    template: 'ticket',
    where: NIZWA,
    minutes: 90,
    rating: [4.4, 88],
    categories: [CAT.museums, CAT.culture],
    stops: ['Nizwa Fort'],
    photos: ['View over the date palms from the fort tower'],
    content: {
      en: text(
        'Nizwa Fort Entry Ticket',
        'Entry to the 17th-century fort with its great round tower and views over the palm groves.',
        'Valid all day on your chosen date: climb the round tower, explore the museum rooms and see the traps built to defend the gate.',
        ['The great round tower', 'Views over the date palms'],
        ['Entry ticket'],
        ['Guide'],
      ),
    },
    options: [
      option({
        key: 'entry',
        name: 'Entry ticket',
        capacity_mode: 'free_sale',
        policy: NON_REFUNDABLE,
        units: [adult(10, 12), CHILD, INFANT],
        tiers: [tier(1, null, { adult: 1300, child: 650 })],
        availability: slots([], null, 0, EVERY_DAY, [3]),
      }),
    ],
  },
  {
    slug: 'muscat-dolphin-watching',
    seller: 'muscat-dunes',
    template: 'activity',
    where: MUSCAT,
    minutes: 150,
    rating: [4.5, 174],
    categories: [CAT.wildlife, CAT.boats],
    stops: ['Marina Bandar Al Rowdha', 'Bandar Khayran'],
    photos: ['Spinner dolphins leaping beside the boat', 'The cove of Bandar Khayran'],
    content: {
      en: text(
        'Muscat Dolphin Watching Cruise',
        'Spot spinner and bottlenose dolphins off the Muscat coast on a morning boat trip.',
        'Two and a half hours by boat along the rocky coast south of Muscat, where pods of dolphins often feed in the morning, with a stop in the sheltered cove of Bandar Khayran.',
        ['Spinner and bottlenose dolphins', 'Bandar Khayran cove'],
        ['Boat and crew', 'Water'],
        ['Hotel transfers'],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Morning dolphin cruise',
        units: [adult(10, 12), CHILD, INFANT],
        tiers: [tier(1, null, { adult: 4000, child: 2000 })],
        availability: slots(['07:00', '09:30'], 18, 12),
      }),
    ],
  },
  {
    slug: 'muscat-private-dhow-charter',
    seller: 'muscat-dunes',
    template: 'activity',
    where: MUSCAT,
    minutes: 240,
    rating: null,
    categories: [CAT.boats],
    stops: ['Marina Bandar Al Rowdha', 'Bandar Khayran'],
    photos: ['Private dhow anchored in a quiet cove'],
    content: {
      en: text(
        'Private Dhow Charter in Muscat',
        'Charter a traditional dhow for your group, with the route, time and catering to suit you.',
        'A private dhow with captain and crew for up to twenty guests, for snorkelling coves, sunset cruises or family celebrations. Tell us your plans and we reply with a price.',
        ['The whole dhow to yourselves', 'Plan your own route'],
        ['Dhow, captain and crew'],
        ['Catering (quoted separately)'],
      ),
    },
    options: [
      option({
        key: 'charter',
        name: 'Private dhow charter',
        private: true,
        min_units: 1,
        max_units: 20,
        capacity_mode: 'on_request',
        confirmation: 'manual',
        ask_for_price: true,
        units: [adult(20)],
        tiers: [],
        availability: slots(['09:00', '15:00'], null, 48),
      }),
    ],
  },

  // Iberia Walks: Spain and Portugal
  {
    slug: 'madrid-prado-guided-entry',
    seller: 'iberia-walks',
    template: 'ticket',
    where: MADRID,
    minutes: 120,
    rating: [4.7, 540],
    categories: [CAT.museums, CAT.culture],
    stops: ['Museo del Prado', 'Paseo del Prado'],
    photos: ['Las Meninas in the Velázquez gallery', 'Goya statue outside the Prado'],
    content: {
      en: text(
        'Prado Museum Skip-the-Line Guided Visit',
        'See Velázquez, Goya and El Greco with an art historian, skipping the ticket queue.',
        'Enter the Prado with reserved tickets and spend two hours with an art historian in front of Las Meninas, Goya’s Black Paintings and Bosch’s Garden of Earthly Delights.',
        ['Skip the ticket line', 'Las Meninas and the Black Paintings'],
        ['Museum entry ticket', 'Art historian guide', 'Headsets'],
        ['Hotel pickup'],
        [
          ['Goya entrance', 'Meet your guide at the Goya statue.'],
          ['Main galleries', 'Two hours among the masterpieces.'],
        ],
      ),
      de: text(
        'Prado-Museum: Führung ohne Anstehen',
        'Velázquez, Goya und El Greco mit einer Kunsthistorikerin entdecken, ohne an der Kasse anzustehen.',
        'Mit reservierten Tickets betreten Sie den Prado und verbringen zwei Stunden mit einer Kunsthistorikerin vor Las Meninas, Goyas Schwarzen Gemälden und Boschs Garten der Lüste.',
        ['Ohne Anstehen an der Kasse', 'Las Meninas und die Schwarzen Gemälde'],
        ['Eintritt ins Museum', 'Führung durch eine Kunsthistorikerin', 'Kopfhörer'],
        ['Abholung vom Hotel'],
        [
          ['Goya-Eingang', 'Treffpunkt an der Goya-Statue.'],
          ['Hauptsäle', 'Zwei Stunden bei den Meisterwerken.'],
        ],
      ),
    },
    options: [
      option({
        key: 'guided-entry',
        name: 'Skip-the-line entry with guide',
        policy: MODERATE,
        units: [{ ...adult(10, 12), label: 'Adult (12-64)', max_age: 64 }, CHILD, SENIOR],
        tiers: [tier(1, null, { adult: 5200, child: 2600, senior: 4400 })],
        availability: slots(['10:00', '12:00', '16:00'], 20, 12),
      }),
    ],
  },
  {
    slug: 'madrid-tapas-evening-walk',
    seller: 'iberia-walks',
    template: 'activity',
    where: MADRID,
    minutes: 180,
    rating: [4.8, 390],
    categories: [CAT.food, CAT.walking],
    stops: ['Plaza Mayor', 'La Latina', 'Mercado de San Miguel'],
    photos: ['Croquetas and jamón on a bar counter', 'Plaza Mayor at night'],
    content: {
      en: text(
        'Madrid Tapas Evening Walk',
        'Hop between four traditional taverns in La Latina and the old town with a local foodie.',
        'An evening of tapas the Madrid way: croquetas, jamón ibérico, patatas bravas and vermouth in four family-run bars, with stories of the old town between stops. Adults only.',
        ['Four family-run tapas bars', 'Vermouth on tap in La Latina'],
        ['Tapas at every stop', 'Two drinks'],
        ['Extra drinks'],
        [
          ['Plaza Mayor', 'Meet under the arches.'],
          ['La Latina', 'Three tavern stops.'],
          ['Mercado de San Miguel', 'Dessert to finish.'],
        ],
      ),
      de: text(
        'Tapas-Abendtour durch Madrid',
        'Mit einem einheimischen Feinschmecker durch vier traditionelle Tavernen in La Latina und der Altstadt.',
        'Ein Tapas-Abend wie in Madrid üblich: Croquetas, Jamón ibérico, Patatas bravas und Wermut in vier Familienbars, dazu Geschichten aus der Altstadt. Nur für Erwachsene.',
        ['Vier Tapas-Bars in Familienbesitz', 'Wermut vom Fass in La Latina'],
        ['Tapas an jeder Station', 'Zwei Getränke'],
        ['Weitere Getränke'],
        [
          ['Plaza Mayor', 'Treffpunkt unter den Arkaden.'],
          ['La Latina', 'Drei Tavernen.'],
          ['Mercado de San Miguel', 'Zum Abschluss ein Dessert.'],
        ],
      ),
    },
    options: [
      option({
        key: 'shared',
        name: 'Small-group tapas walk',
        units: [adult(12, 18)],
        tiers: [tier(1, null, { adult: 8500 })],
        availability: slots(['19:00'], 12, 6, [2, 3, 4, 5, 6]),
      }),
    ],
    extras: [extra('wine-pairing', 'Wine pairing upgrade', 1600, { pay: 'local', local_price: { amount: 1500, currency: 'EUR' }, min_age: 18 })],
  },
  {
    slug: 'seville-cathedral-giralda-ticket',
    seller: 'iberia-walks',
    template: 'ticket',
    where: SEVILLE,
    minutes: 90,
    rating: [4.6, 812],
    categories: [CAT.museums, CAT.culture],
    stops: ['Seville Cathedral', 'La Giralda'],
    photos: ['The Giralda bell tower', 'Tomb of Christopher Columbus'],
    content: {
      en: text(
        'Seville Cathedral and Giralda Entry Ticket',
        'Entry to the largest Gothic cathedral in the world and the climb up the Giralda.',
        'Valid all day on your chosen date: the cathedral, Columbus’s tomb, the treasury and the ramps up the Giralda bell tower for views over Seville.',
        ['Climb the Giralda', 'Tomb of Christopher Columbus'],
        ['Entry ticket', 'Audio guide app'],
        ['Guided tour'],
      ),
    },
    options: [
      option({
        key: 'entry',
        name: 'Entry ticket',
        capacity_mode: 'free_sale',
        policy: NON_REFUNDABLE,
        units: [adult(10, 12), CHILD, INFANT],
        tiers: [tier(1, null, { adult: 1900, child: 900 })],
        availability: slots([], null, 0),
      }),
    ],
  },
  {
    slug: 'camino-portugues-coastal-5-day',
    seller: 'iberia-walks',
    template: 'multi_day',
    where: PORTO,
    days: [5, 4],
    rating: [4.9, 42],
    categories: [CAT.hiking, CAT.outdoors],
    stops: ['Porto', 'Vila do Conde', 'Esposende', 'Viana do Castelo', 'Vila Praia de Âncora', 'Caminha'],
    photos: ['Boardwalk along the Atlantic dunes', 'Yellow Camino arrow on a granite wall', 'Viana do Castelo from Santa Luzia hill'],
    content: {
      en: text(
        'Camino Portugués Coastal Walk, 5 Days',
        'Walk the coastal Way of St James from Porto to Caminha, with guesthouse nights and luggage transfers.',
        'Five days on foot along the Atlantic coast, 18 to 25 km a day, with a guide, nights in family-run guesthouses and your luggage moved ahead each morning. The organiser confirms each departure once the group is formed.',
        ['Atlantic boardwalks and fishing towns', 'Luggage moved every day'],
        ['Walking guide', '4 nights in guesthouses with breakfast', 'Luggage transfers', 'Pilgrim passport'],
        ['Lunches and dinners', 'Travel insurance'],
        [
          ['Day 1: Porto to Vila do Conde', 'Along the coast out of Porto.'],
          ['Day 2: Vila do Conde to Esposende', 'Beaches and dunes.'],
          ['Day 3: Esposende to Viana do Castelo', 'Through pine forests.'],
          ['Day 4: Viana do Castelo to Vila Praia de Âncora', 'Cliffs and coves.'],
          ['Day 5: Vila Praia de Âncora to Caminha', 'Final stage to the Minho river.'],
        ],
      ),
      de: text(
        'Camino Portugués an der Küste, 5 Tage',
        'Auf dem Küstenweg des Jakobswegs von Porto nach Caminha, mit Übernachtung in Gästehäusern und Gepäcktransport.',
        'Fünf Tage zu Fuß entlang der Atlantikküste, 18 bis 25 km pro Tag, mit Wanderführer, Nächten in familiengeführten Gästehäusern und Gepäcktransport jeden Morgen. Der Veranstalter bestätigt jede Abreise, sobald die Gruppe steht.',
        ['Holzstege am Atlantik und Fischerorte', 'Täglicher Gepäcktransport'],
        ['Wanderführer', '4 Nächte in Gästehäusern mit Frühstück', 'Gepäcktransport', 'Pilgerpass'],
        ['Mittag- und Abendessen', 'Reiseversicherung'],
        [
          ['Tag 1: Porto nach Vila do Conde', 'Entlang der Küste aus Porto hinaus.'],
          ['Tag 2: Vila do Conde nach Esposende', 'Strände und Dünen.'],
          ['Tag 3: Esposende nach Viana do Castelo', 'Durch Pinienwälder.'],
          ['Tag 4: Viana do Castelo nach Vila Praia de Âncora', 'Klippen und Buchten.'],
          ['Tag 5: Vila Praia de Âncora nach Caminha', 'Letzte Etappe bis zum Minho.'],
        ],
      ),
    },
    options: [
      option({
        key: 'guided',
        name: 'Guided walk with guesthouse stays',
        confirmation: 'manual',
        units: [adult(10, 16)],
        policy: STRICT,
        traveller_details: PASSPORT,
        tiers: [tier(1, null, { adult: 69000 })],
        rooms: rooms(22000),
        availability: slots(['09:00'], 10, 96, [1]),
      }),
    ],
  },
  {
    slug: 'toledo-day-trip-from-madrid',
    seller: 'iberia-walks',
    template: 'day_tour',
    where: MADRID,
    minutes: 480,
    rating: [4.7, 701],
    categories: [CAT.culture],
    stops: ['Toledo Cathedral', 'Alcázar of Toledo', 'Synagogue of Santa María la Blanca', 'Mirador del Valle'],
    photos: ['Toledo skyline above the Tagus gorge', 'Horseshoe arches of Santa María la Blanca', 'Toledo Cathedral nave'],
    content: {
      en: text(
        'Toledo Day Trip from Madrid',
        'Visit the City of Three Cultures: cathedral, synagogue and the view from the Mirador del Valle.',
        'A guided coach trip to Toledo with a walk through the old town, entry to the cathedral and the Synagogue of Santa María la Blanca, free time for lunch and the classic panorama from the Mirador del Valle.',
        ['City of Three Cultures', 'Panorama from the Mirador del Valle'],
        ['Coach from Madrid', 'Guide', 'Cathedral and synagogue entry'],
        ['Lunch'],
        [
          ['Madrid', 'The coach leaves Plaza de España.'],
          ['Toledo old town', 'Guided walk and visits.'],
          ['Mirador del Valle', 'The panorama before heading back.'],
        ],
      ),
      de: text(
        'Tagesausflug nach Toledo ab Madrid',
        'Die Stadt der drei Kulturen: Kathedrale, Synagoge und der Blick vom Mirador del Valle.',
        'Ein geführter Busausflug nach Toledo mit Rundgang durch die Altstadt, Eintritt in die Kathedrale und die Synagoge Santa María la Blanca, freier Zeit zum Mittagessen und dem klassischen Panorama vom Mirador del Valle.',
        ['Stadt der drei Kulturen', 'Panorama vom Mirador del Valle'],
        ['Bus ab Madrid', 'Reiseleitung', 'Eintritt in Kathedrale und Synagoge'],
        ['Mittagessen'],
        [
          ['Madrid', 'Abfahrt an der Plaza de España.'],
          ['Altstadt von Toledo', 'Rundgang und Besichtigungen.'],
          ['Mirador del Valle', 'Das Panorama vor der Rückfahrt.'],
        ],
      ),
    },
    options: [
      option({
        key: 'coach',
        name: 'Guided coach tour',
        units: [adult(12, 12), CHILD, INFANT],
        tiers: [
          tier(
            1,
            null,
            { adult: 7900, child: 5500 },
            {
              child: [
                { min_age: 3, max_age: 5, amount: 2500 },
                { min_age: 6, max_age: 11, amount: 5500 },
              ],
            },
          ),
        ],
        availability: slots(['08:45'], 50, 12, EVERY_DAY, [5]),
        pickup: pickup(['Plaza de España meeting point', 0, 'meeting_point'], ['Madrid hotels inside the M-30', 1500, 'hotel']),
      }),
    ],
    extras: [extra('marzipan', 'Marzipan tasting at a convent bakery', 900, { unit_types: ['adult', 'child'] })],
  },
  {
    slug: 'seville-to-granada-transfer',
    seller: 'iberia-walks',
    template: 'transfer',
    where: SEVILLE,
    minutes: 180,
    rating: [4.5, 33],
    categories: [CAT.transfers],
    stops: ['Seville', 'Granada'],
    photos: ['Minivan on the road through Andalusian olive groves'],
    content: {
      en: text(
        'Seville to Granada Private Transfer',
        'Private minivan from Seville to your hotel in Granada, about three hours by road.',
        'Door-to-door private transfer between Seville and Granada with an English-speaking driver. We confirm the booking once a driver is assigned, usually within a few hours.',
        ['Door to door', 'Comfort stop on the way'],
        ['Private minivan and driver', 'Tolls and fuel'],
        ['Meals'],
      ),
    },
    options: [
      option({
        key: 'minivan',
        name: 'Private minivan',
        private: true,
        vehicle: 'minivan',
        min_units: 1,
        max_units: 7,
        capacity_mode: 'on_request',
        confirmation: 'manual',
        units: [adult(7), CHILD, INFANT],
        policy: MODERATE,
        tiers: [tier(1, 3, { adult: 12000, child: 12000 }), tier(4, 7, { adult: 6500, child: 6500 })],
        availability: slots(TRANSFER_TIMES, null, 48),
        pickup: pickup(['Seville city centre', 0, 'hotel'], ['Seville Airport (SVQ)', 2000, 'airport']),
      }),
    ],
  },
];

// ---------------------------------------------------------------- assembly

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function buildOption(slug: string, spec: OptionSpec, isDefault: boolean, today: string): OptionDefinition {
  const { key, name, units, tiers, seasons, specials, rooms: roomSpecs, availability, ...rest } = spec;
  const scope = `${slug}:${key}`;
  // Limited options count places, free sale ones never; on_request ones may (their requests then take places).
  if (rest.capacity_mode !== 'on_request' && (rest.capacity_mode === 'limited') !== (availability.capacity !== null)) {
    throw new Error(`${scope}: capacity must be counted when places are limited, never on free sale`);
  }
  const unitDefs: UnitDefinition[] = units.map((u) => ({ id: demoId(`demo:unit:${scope}:${u.type}`), ...u }));
  const unitId = (type: string): string => {
    const unit = unitDefs.find((u) => u.type === type);
    if (!unit) throw new Error(`${scope}: no ${type} unit`);
    return unit.id;
  };
  const priceTier = (t: TierSpec): PriceTier => {
    for (const type of Object.keys(t.prices)) unitId(type);
    // Free units carry no price, so list views never show a zero "from" price.
    const unit_prices = Object.fromEntries(
      unitDefs
        .filter((u) => !u.free)
        .map((u) => {
          const price = t.prices[u.type];
          if (price === undefined) throw new Error(`${scope}: no ${u.type} price for ${t.min_pax}+ travellers`);
          return [u.id, price];
        }),
    );
    if (!t.age_prices) return { min_pax: t.min_pax, max_pax: t.max_pax, unit_prices };
    const age_prices = Object.fromEntries(Object.entries(t.age_prices).map(([type, bands]) => [unitId(type), bands ?? []]));
    return { min_pax: t.min_pax, max_pax: t.max_pax, unit_prices, age_prices };
  };
  const { closed_in_days, ...rule } = availability;
  return {
    id: demoId(`demo:option:${scope}`),
    name,
    is_default: isDefault,
    ...rest,
    units: unitDefs,
    pricing: {
      tiers: tiers.map(priceTier),
      ...(seasons && {
        seasons: seasons.map(({ from_in_days, until_in_days, tiers: seasonTiers, ...season }) => ({
          ...season,
          from: from_in_days === null ? null : addDays(today, from_in_days),
          until: until_in_days === null ? null : addDays(today, until_in_days),
          tiers: seasonTiers.map(priceTier),
        })),
      }),
      ...(specials && {
        specials: specials.map(({ from_in_days, until_in_days, ...special }) => ({
          ...special,
          from: addDays(today, from_in_days),
          until: addDays(today, until_in_days),
        })),
      }),
    },
    room_types: roomSpecs.map(({ key: roomKey, ...room }) => ({ id: demoId(`demo:room:${scope}:${roomKey}`), ...room })),
    availability: { ...rule, from: today, until: null, closed_dates: closed_in_days.map((d) => addDays(today, d)) },
  };
}

function buildProduct(t: TripSpec, today: string): DemoCatalog['products'][number] {
  const optionKeys = t.options.map((o) => o.key);
  const optionId = (key: string): string => {
    if (!optionKeys.includes(key)) throw new Error(`${t.slug}: no option ${key}`);
    return demoId(`demo:option:${t.slug}:${key}`);
  };
  const definition: ProductDefinition = {
    slug: t.slug,
    template: t.template,
    timezone: t.where.timezone,
    default_locale: 'en',
    content: t.content,
    city: t.where.city,
    region: t.where.region,
    country: t.where.country,
    categories: t.categories,
    places: t.stops.map((name) => ns(slugify(name), name)),
    photos: t.photos.map((alt, i) => ({ url: `https://images.example/${t.slug}-${i + 1}.jpg`, alt })),
    duration_minutes: t.minutes ?? null,
    duration_days: t.days?.[0] ?? null,
    duration_nights: t.days?.[1] ?? null,
    rating: t.rating && { average: t.rating[0], count: t.rating[1] },
    network: t.network ?? true,
    // The first option listed is the one a trip page opens on.
    options: t.options.map((o, i) => buildOption(t.slug, o, i === 0, today)),
    extras: (t.extras ?? []).map(({ key, options, ...e }) => ({
      id: demoId(`demo:extra:${t.slug}:${key}`),
      ...e,
      option_ids: options.map(optionId),
    })),
  };
  return { id: demoId(`demo:product:${t.slug}`), seller_id: sellerId(t.seller), definition, published: t.published ?? true };
}

function storefronts(): DemoCatalog['storefronts'] {
  const integrations = (ids: Partial<StorefrontDefinition['integrations']>): StorefrontDefinition['integrations'] => ({
    gtm_container_id: null,
    ga4_measurement_id: null,
    google_ads: null,
    meta_pixel_id: null,
    tiktok_pixel_id: null,
    microsoft_uet_id: null,
    consent: 'opt_in',
    enhanced_conversions: false,
    ...ids,
  });
  return [
    {
      id: demoId('demo:storefront:atlas-trails'),
      website_keys: [DEMO_KEYS.direct],
      definition: {
        kind: 'direct',
        name: 'Atlas Trails',
        seller_id: sellerId('atlas-trails'),
        member_seller_ids: [],
        languages: ['en', 'es'],
        default_language: 'en',
        currencies: ['USD', 'EUR'],
        display_currency: 'USD',
        rounding: {},
        allowed_origins: ['https://www.atlastrails.example', 'http://localhost:3000'],
        terms_url: '/terms',
        privacy_url: '/privacy',
        cookies_url: '/cookies',
        promise: null,
        integrations: integrations({
          gtm_container_id: 'GTM-ATL4S7R',
          ga4_measurement_id: 'G-ATLAS12345',
          meta_pixel_id: '104857600123456',
          google_ads: { conversion_id: 'AW-1029384756', purchase_label: 'atlasPurchase01', lead_label: null, contact_label: null },
        }),
        rate_limit_per_minute: null,
      },
    },
    {
      id: demoId('demo:storefront:tripmarket'),
      website_keys: [DEMO_KEYS.marketplace],
      definition: {
        kind: 'marketplace',
        name: 'TripMarket',
        seller_id: null,
        operator_seller_id: sellerId(OPERATOR.definition.slug),
        member_seller_ids: SELLERS.filter((s) => !OWN_SITE_ONLY.includes(s.definition.slug as SellerSlug)).map((s) => sellerId(s.definition.slug)),
        languages: ['en', 'de', 'ja'],
        default_language: 'en',
        currencies: ['USD', 'EUR', 'JPY', 'OMR'],
        display_currency: 'USD',
        rounding: { JPY: { increment: 10, mode: 'up' } },
        allowed_origins: ['https://www.tripmarket.example'],
        terms_url: '/terms',
        privacy_url: '/privacy',
        cookies_url: '/cookies',
        promise: { report_hours: 24, payer: 'platform' },
        integrations: integrations({ ga4_measurement_id: 'G-TRIPMKT001', tiktok_pixel_id: 'C4TRIPMARKET01', microsoft_uet_id: '187000123' }),
        rate_limit_per_minute: null,
      },
    },
    {
      // A direct site that takes no payment through us: bookings are confirmed with nothing paid (not_collected).
      id: demoId('demo:storefront:coimbra-walks'),
      website_keys: [DEMO_KEYS.noPayment],
      definition: {
        kind: 'direct',
        name: 'Coimbra Walks',
        seller_id: sellerId('coimbra-walks'),
        member_seller_ids: [],
        languages: ['en'],
        default_language: 'en',
        currencies: ['EUR'],
        display_currency: 'EUR',
        rounding: {},
        allowed_origins: ['https://www.coimbrawalks.example'],
        terms_url: '/terms',
        privacy_url: '/privacy',
        cookies_url: '/cookies',
        promise: null,
        integrations: integrations({}),
        rate_limit_per_minute: null,
      },
    },
  ];
}

/** The demo sellers, storefronts and trips; `today` (YYYY-MM-DD) is the first day calendars open. */
export function demoCatalog(today: string): DemoCatalog {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    throw new Error(`today must be a YYYY-MM-DD date, got ${today}`);
  }
  // Trips share constants (policies, units, places); cloning keeps a caller's edit to one from leaking into another or into the next call.
  return structuredClone({
    sellers: SELLERS.map((s) => ({ id: sellerId(s.definition.slug), definition: s.definition, secret_keys: s.secret_keys })),
    operators: [{ id: sellerId(OPERATOR.definition.slug), definition: OPERATOR.definition, secret_keys: OPERATOR.secret_keys }],
    storefronts: storefronts(),
    products: TRIPS.map((t) => buildProduct(t, today)),
  });
}
