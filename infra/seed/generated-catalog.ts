import { uuidFromName } from '../../application/platform/secrets';
import type {
  ExtraDefinition,
  NamedSlug,
  OptionDefinition,
  PaymentMethodDefinition,
  PickupRule,
  PriceTier,
  ProductContent,
  ProductDefinition,
  SellerDefinition,
  StorefrontDefinition,
  Template,
  TravellerDetailsRule,
  UnitDefinition,
} from '../../domain/catalog/definitions';
import { FLEXIBLE, MODERATE, STRICT } from './policies';
import { isRefusal, type Refusal } from '../../domain/shared/refusal';
import type { CatalogService } from '../../application/seller';
import type { CatalogReads } from '../../projections/catalog/queries';

/**
 * A marketplace of generated sellers and trips for measuring the engine at scale (issue 6:
 * 10,000 published trips over 50 sellers). Varied so that every list filter, facet, sort and
 * the search have something to find: cities in a dozen countries, every template, category and
 * duration bucket, rated and unrated trips, shown and ask-for-price, private and shared, hotel
 * pickups, instant and manual confirmation, paused options, and text in English, German and
 * Japanese. Deterministic: trip i depends only on the seed and i, so a smaller catalog is the
 * start of a larger one.
 */

export const GENERATED_KEY = 'tp_pk_generated_market';
export const GENERATED_SELLERS = 50;

export interface GeneratedCatalog {
  sellers: { id: string; definition: SellerDefinition }[];
  storefront: { id: string; definition: StorefrontDefinition; website_key: string };
  products: { id: string; seller_id: string; definition: ProductDefinition }[];
}

// ---------------------------------------------------------------- randomness

/** mulberry32: small, fast and good enough to vary test data; the same seed gives the same numbers. */
class Random {
  private state: number;

  constructor(...seeds: number[]) {
    // Mixing the seeds through FNV-1a keeps neighbouring trips' streams unrelated.
    let h = 0x811c9dc5;
    for (const s of seeds) h = Math.imul(h ^ (s >>> 0), 0x01000193);
    this.state = h >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `n` different items, in their original order. */
  some<T>(items: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  }
}

// ---------------------------------------------------------------- places

const ns = (slug: string, name: string): NamedSlug => ({ slug, name });

const slugify = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What a place is, so that a boat trip goes to the water and a museum ticket to a sight. */
type PlaceType = 'sight' | 'district' | 'nature' | 'water';

interface City {
  city: NamedSlug;
  region: NamedSlug;
  country: NamedSlug;
  timezone: string;
  /** Stops trips start at or visit, by type. */
  places: Partial<Record<PlaceType, string[]>>;
}

const country = (code: string, name: string, timezone: string, cities: [city: string, region: string, places: City['places']][]): City[] =>
  cities.map(([city, region, places]) => ({ city: ns(slugify(city), city), region: ns(slugify(region), region), country: ns(code, name), timezone, places }));

const COUNTRIES: City[][] = [
  country('pt', 'Portugal', 'Europe/Lisbon', [
    ['Lisbon', 'Lisbon District', { sight: ['Belém Tower', 'São Jorge Castle'], district: ['Alfama', 'Bairro Alto'], nature: ['Sintra'], water: ['Cascais'] }],
    ['Porto', 'Porto District', { sight: ['Livraria Lello'], district: ['Ribeira'], nature: ['Douro Valley'], water: ['Foz do Douro'] }],
    ['Faro', 'Algarve', { district: ['Lagos'], nature: ['Ria Formosa', 'Sagres'], water: ['Benagil Cave'] }],
  ]),
  country('es', 'Spain', 'Europe/Madrid', [
    [
      'Barcelona',
      'Catalonia',
      { sight: ['Sagrada Família', 'Park Güell'], district: ['Gothic Quarter', 'La Boqueria'], nature: ['Montserrat'], water: ['Barceloneta'] },
    ],
    ['Madrid', 'Community of Madrid', { sight: ['Prado Museum', 'Toledo', 'Segovia'], district: ['La Latina'], nature: ['Retiro Park'] }],
    ['Seville', 'Andalusia', { sight: ['Alcázar of Seville', 'Plaza de España', 'Córdoba'], district: ['Triana'], water: ['Guadalquivir'] }],
    ['Granada', 'Andalusia', { sight: ['Alhambra'], district: ['Albaicín'], nature: ['Sierra Nevada'] }],
  ]),
  country('fr', 'France', 'Europe/Paris', [
    ['Paris', 'Île-de-France', { sight: ['Eiffel Tower', 'Louvre', 'Versailles'], district: ['Montmartre', 'Le Marais'], water: ['Seine'] }],
    [
      'Nice',
      "Provence-Alpes-Côte d'Azur",
      { sight: ['Èze', 'Monaco'], district: ['Old Nice'], water: ['Promenade des Anglais'], nature: ['Gorges du Verdon'] },
    ],
    ['Lyon', 'Auvergne-Rhône-Alpes', { sight: ['Fourvière'], district: ['Vieux Lyon'], nature: ['Beaujolais'] }],
  ]),
  country('it', 'Italy', 'Europe/Rome', [
    ['Rome', 'Lazio', { sight: ['Colosseum', 'Vatican Museums', 'Pantheon', 'Roman Forum'], district: ['Trastevere'], nature: ['Appian Way'] }],
    ['Florence', 'Tuscany', { sight: ['Uffizi Gallery', 'Duomo', 'Siena'], district: ['Oltrarno'], nature: ['Chianti'] }],
    ['Venice', 'Veneto', { sight: ['St Mark’s Square', 'Rialto Bridge'], district: ['Cannaregio'], water: ['Murano', 'Burano'] }],
    ['Naples', 'Campania', { sight: ['Pompeii'], district: ['Spaccanapoli'], nature: ['Mount Vesuvius'], water: ['Amalfi Coast', 'Capri'] }],
  ]),
  country('gr', 'Greece', 'Europe/Athens', [
    ['Athens', 'Attica', { sight: ['Acropolis', 'Delphi', 'Cape Sounion'], district: ['Plaka'], water: ['Aegina'] }],
    ['Santorini', 'South Aegean', { sight: ['Akrotiri'], district: ['Oia', 'Fira'], water: ['Red Beach'], nature: ['Nea Kameni'] }],
  ]),
  country('de', 'Germany', 'Europe/Berlin', [
    ['Berlin', 'Berlin', { sight: ['Brandenburg Gate', 'Museum Island', 'East Side Gallery', 'Potsdam'], district: ['Kreuzberg'], water: ['Spree'] }],
    ['Munich', 'Bavaria', { sight: ['Neuschwanstein Castle', 'Salzburg'], district: ['Marienplatz'], nature: ['English Garden', 'Bavarian Alps'] }],
  ]),
  country('ma', 'Morocco', 'Africa/Casablanca', [
    [
      'Marrakesh',
      'Marrakesh-Safi',
      { sight: ['Majorelle Garden'], district: ['Jemaa el-Fnaa'], nature: ['Atlas Mountains', 'Agafay Desert'], water: ['Essaouira'] },
    ],
    ['Fes', 'Fès-Meknès', { sight: ['Chouara Tannery', 'Volubilis'], district: ['Fes el-Bali', 'Chefchaouen'], nature: ['Middle Atlas'] }],
  ]),
  country('jp', 'Japan', 'Asia/Tokyo', [
    ['Tokyo', 'Tokyo Metropolis', { sight: ['Senso-ji', 'Nikko'], district: ['Asakusa', 'Shibuya', 'Tsukiji'], nature: ['Mount Fuji'], water: ['Tokyo Bay'] }],
    ['Kyoto', 'Kyoto Prefecture', { sight: ['Fushimi Inari', 'Kinkaku-ji', 'Nara'], district: ['Gion'], nature: ['Arashiyama'], water: ['Hozu River'] }],
    ['Osaka', 'Osaka Prefecture', { sight: ['Osaka Castle', 'Himeji Castle'], district: ['Dotonbori', 'Kobe'], water: ['Osaka Bay'] }],
    ['Hiroshima', 'Hiroshima Prefecture', { sight: ['Peace Memorial Park', 'Itsukushima Shrine'], water: ['Miyajima'], nature: ['Mount Misen'] }],
  ]),
  country('th', 'Thailand', 'Asia/Bangkok', [
    [
      'Bangkok',
      'Bangkok',
      { sight: ['Grand Palace', 'Wat Arun', 'Ayutthaya'], district: ['Chinatown'], water: ['Damnoen Saduak Floating Market', 'Chao Phraya'] },
    ],
    ['Chiang Mai', 'Chiang Mai Province', { sight: ['Doi Suthep', 'Chiang Rai'], district: ['Old City'], nature: ['Elephant Nature Park', 'Doi Inthanon'] }],
  ]),
  country('om', 'Oman', 'Asia/Muscat', [
    [
      'Muscat',
      'Muscat Governorate',
      { sight: ['Sultan Qaboos Grand Mosque'], district: ['Mutrah Souq'], water: ['Daymaniyat Islands'], nature: ['Wadi Shab'] },
    ],
    ['Nizwa', 'Ad Dakhiliyah', { sight: ['Nizwa Fort'], district: ['Misfat al Abriyeen'], nature: ['Jebel Shams', 'Wahiba Sands'] }],
  ]),
  country('pe', 'Peru', 'America/Lima', [
    ['Cusco', 'Cusco Region', { sight: ['Machu Picchu', 'Sacsayhuamán'], district: ['San Blas'], nature: ['Sacred Valley', 'Rainbow Mountain'] }],
    ['Lima', 'Lima Province', { district: ['Miraflores', 'Barranco'], water: ['Palomino Islands'], sight: ['Huaca Pucllana'] }],
  ]),
  country('mx', 'Mexico', 'America/Mexico_City', [
    ['Mexico City', 'Mexico City', { sight: ['Teotihuacan', 'Zócalo'], district: ['Coyoacán'], water: ['Xochimilco'] }],
    ['Oaxaca', 'Oaxaca', { sight: ['Monte Albán', 'Mitla'], nature: ['Hierve el Agua'], district: ['Jalatlaco'] }],
  ]),
  country('us', 'United States', 'America/New_York', [
    [
      'New York',
      'New York State',
      { sight: ['Statue of Liberty', 'Brooklyn Bridge'], district: ['Harlem', 'Greenwich Village'], nature: ['Central Park'], water: ['Hudson River'] },
    ],
  ]),
];

const placesOf = (city: City, types: readonly PlaceType[]): string[] => types.flatMap((t) => city.places[t] ?? []);
const ALL_TYPES: PlaceType[] = ['sight', 'district', 'nature', 'water'];

// ---------------------------------------------------------------- kinds of trip

interface Kind {
  category: NamedSlug;
  templates: Template[];
  /** English titles: {city} and {place} are filled in, {place} with a place of these types. */
  titles: string[];
  at: PlaceType[];
  /** How a multi-day trip of this kind is called. */
  journey?: string;
  /** The same idea in German and Japanese, for the trips translated. */
  de: string;
  ja: string;
  /** What the day is about, for the description. */
  about: string;
  /** A second category some trips of this kind also carry. */
  also: NamedSlug[];
}

const C = {
  food: ns('food-drink', 'Food & drink'),
  wine: ns('wine-tasting', 'Wine tasting'),
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
  cycling: ns('cycling', 'Cycling'),
  photo: ns('photography', 'Photography'),
  nightlife: ns('nightlife', 'Nightlife'),
  family: ns('family', 'Family friendly'),
};

const KINDS: Kind[] = [
  {
    category: C.food,
    at: ['district'],
    templates: ['activity', 'day_tour'],
    titles: [
      '{city} Street Food Tour',
      'Wine and Small Plates in {place}',
      '{place} Market Tasting Walk',
      'Secret Food Tour of {city}',
      '{city} Night Food Crawl',
    ],
    de: 'Kulinarische Tour',
    ja: 'グルメツアー',
    about: 'tastings at family-run places the locals keep to themselves',
    also: [C.walking, C.nightlife],
  },
  {
    category: C.wine,
    at: ['nature', 'district'],
    templates: ['day_tour', 'activity'],
    titles: ['{place} Wine Tasting Day Trip', 'Vineyards of {place} with Lunch', '{city} Wine Cellar Experience', 'Sunset Wine Tasting near {city}'],
    de: 'Weinprobe',
    ja: 'ワイン試飲ツアー',
    about: 'cellar visits and tastings with the winemakers',
    also: [C.food, C.outdoors],
  },
  {
    category: C.walking,
    at: ['district', 'sight'],
    templates: ['day_tour', 'activity'],
    titles: [
      '{place} Walking Tour',
      'Hidden Corners of {city} on Foot',
      '{city} Old Town Walk',
      'Morning Walk through {place}',
      'Legends of {place} Walking Tour',
    ],
    de: 'Stadtführung',
    ja: 'ウォーキングツアー',
    about: 'the stories behind the streets, told by a local guide',
    also: [C.culture, C.photo],
  },
  {
    category: C.culture,
    journey: 'Heritage Tour',
    at: ['sight'],
    templates: ['day_tour', 'ticket', 'multi_day'],
    titles: ['{place} Guided Tour', 'Skip-the-Line {place} with a Historian', '{place} and {city} Highlights', 'Day Trip to {place}', 'Treasures of {place}'],
    de: 'Kulturführung',
    ja: '文化遺産ツアー',
    about: 'history, architecture and the people who built them',
    also: [C.museums, C.walking],
  },
  {
    category: C.museums,
    at: ['sight'],
    templates: ['ticket', 'activity'],
    titles: ['{place} Entry Ticket', '{place} Timed Entry with Audio Guide', 'Early Access to {place}', '{place} Priority Ticket'],
    de: 'Eintrittskarte',
    ja: '入場チケット',
    about: 'the collection at your own pace, without the queue',
    also: [C.culture, C.family],
  },
  {
    category: C.boats,
    at: ['water'],
    templates: ['activity', 'day_tour'],
    titles: ['{place} Sunset Cruise', 'Boat Trip to {place}', '{city} Harbour Sailing', 'Catamaran Day around {place}', 'Private Boat Tour of {place}'],
    de: 'Bootsfahrt',
    ja: 'クルーズ',
    about: 'the coast from the water, with swimming stops when the sea allows',
    also: [C.outdoors, C.family],
  },
  {
    category: C.hiking,
    journey: 'Trek',
    at: ['nature'],
    templates: ['day_tour', 'multi_day'],
    titles: ['{place} Hike', 'Trek to {place}', '{place} Trail with a Mountain Guide', 'Sunrise Hike at {place}', 'Walking Holiday: {place} and Beyond'],
    de: 'Wanderung',
    ja: 'ハイキング',
    about: 'trails away from the crowds, with a guide who knows the mountain',
    also: [C.outdoors, C.photo],
  },
  {
    category: C.outdoors,
    journey: 'Adventure',
    at: ['nature', 'water'],
    templates: ['day_tour', 'activity', 'multi_day'],
    titles: ['{place} Nature Escape', '{place} Adventure Day', 'Jeep Safari to {place}', '{place} by Electric Bike', 'Wild {place} Overnight'],
    de: 'Naturerlebnis',
    ja: 'アウトドア体験',
    about: 'landscapes, fresh air and a picnic in the best spot',
    also: [C.cycling, C.wildlife],
  },
  {
    category: C.wildlife,
    journey: 'Wildlife Safari',
    at: ['nature', 'water'],
    templates: ['day_tour', 'activity', 'multi_day'],
    titles: ['Wildlife Watching at {place}', '{place} Birding Morning', 'Wild Animals of {place}', '{place} Nature Reserve Safari'],
    de: 'Tierbeobachtung',
    ja: '野生動物ウォッチング',
    about: 'animals in their own habitat, watched with care',
    also: [C.outdoors, C.family],
  },
  {
    category: C.cycling,
    at: ['nature', 'district'],
    templates: ['activity', 'day_tour'],
    titles: ['{city} Bike Tour', 'E-Bike Ride to {place}', '{place} Cycling Adventure', 'Cycle the Coast from {city}'],
    de: 'Radtour',
    ja: 'サイクリングツアー',
    about: 'easy rides on quiet roads with stops for coffee and views',
    also: [C.outdoors],
  },
  {
    category: C.classes,
    at: ['district'],
    templates: ['activity'],
    titles: [
      '{city} Cooking Class',
      'Pottery Workshop in {place}',
      '{city} Tea Ceremony',
      'Learn to Cook like a Local in {city}',
      'Calligraphy Class near {place}',
    ],
    de: 'Kurs',
    ja: '体験教室',
    about: 'a hands-on class with a master of the craft',
    also: [C.food, C.family],
  },
  {
    category: C.shows,
    at: ['district'],
    templates: ['ticket', 'activity'],
    titles: ['{city} Folk Music Night', 'Live Music Night in {place}', '{city} Dinner and Show', 'Traditional Dance at {place}'],
    de: 'Show',
    ja: 'ショー',
    about: 'an evening of music and dance in an intimate venue',
    also: [C.nightlife, C.culture],
  },
  {
    category: C.photo,
    at: ['sight', 'district', 'water'],
    templates: ['activity', 'day_tour'],
    titles: ['{place} Photo Walk', 'Golden Hour Photography in {city}', '{place} Instagram Tour', 'Night Photography in {city}'],
    de: 'Fototour',
    ja: 'フォトツアー',
    about: 'the best light and angles, with tips from a professional photographer',
    also: [C.walking],
  },
  {
    category: C.transfers,
    at: ['sight', 'district', 'water'],
    templates: ['transfer'],
    titles: ['{city} Airport Transfer', 'Private Transfer from {city} to {place}', '{city} Port Transfer', 'Shuttle to {place}'],
    de: 'Transfer',
    ja: '送迎サービス',
    about: 'a driver waiting for you, whatever time you land',
    also: [],
  },
];

// ---------------------------------------------------------------- sellers

const SELLER_WORDS = [
  ['Blue', 'Compass', 'Tours'],
  ['Golden', 'Path', 'Travel'],
  ['Local', 'Lantern', 'Experiences'],
  ['Wild', 'Horizon', 'Adventures'],
  ['Old', 'Town', 'Guides'],
  ['Silver', 'Coast', 'Trips'],
  ['Red', 'Door', 'Journeys'],
  ['Green', 'Valley', 'Outdoors'],
];

const PAYMENTS: PaymentMethodDefinition[][] = [
  [],
  [{ kind: 'pay_on_arrival', deadline_hours: null, currencies: ['USD', 'EUR'] }],
  [{ kind: 'payment_link', deadline_hours: 48, currencies: ['USD', 'EUR', 'JPY'] }],
  [
    { kind: 'pay_on_arrival', deadline_hours: null, currencies: ['EUR'] },
    { kind: 'bank_transfer', deadline_hours: 72, currencies: ['EUR', 'USD'] },
  ],
];

interface GeneratedSeller {
  id: string;
  definition: SellerDefinition;
  cities: City[];
  /** How much of the catalog it sells, relative to the others. */
  weight: number;
}

function sellers(seed: number): GeneratedSeller[] {
  return Array.from({ length: GENERATED_SELLERS }, (_, i) => {
    const r = new Random(seed, 0x5e11e, i);
    const [a, b, c] = SELLER_WORDS[i % SELLER_WORDS.length];
    const home = COUNTRIES[i % COUNTRIES.length];
    const abroad = r.chance(0.3) ? r.pick(COUNTRIES) : [];
    const cities = [...r.some(home, r.int(1, home.length)), ...r.some(abroad, 1)];
    const name = `${a} ${b} ${c} ${cities[0].city.name}${i >= SELLER_WORDS.length ? ` ${Math.floor(i / SELLER_WORDS.length) + 1}` : ''}`;
    return {
      id: uuidFromName(`generated:${seed}:seller:${i}`),
      definition: {
        slug: slugify(name),
        name,
        base: `${cities[0].city.name}, ${cities[0].country.name}`,
        blurb: `${name} runs small-group and private trips in ${cities.map((x) => x.city.name).join(', ')}.`,
        payment_methods: PAYMENTS[i % PAYMENTS.length],
      },
      cities,
      // A few big sellers and a long tail, as marketplaces have.
      weight: 1 / Math.pow(i + 1, 0.6),
    };
  });
}

// ---------------------------------------------------------------- options

const LEAD: TravellerDetailsRule = { scope: 'lead', fields: [], collect: 'checkout', due_hours_before: null };
const PASSPORT: TravellerDetailsRule = { ...LEAD, fields: ['full_name', 'date_of_birth', 'passport_number'] };

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const DAY_TIMES = ['07:30', '08:00', '08:30', '09:00', '09:30', '10:00', '11:00', '13:00', '14:00', '15:30', '17:00', '18:30', '20:00'];
const TRANSFER_TIMES = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'];

/** USD cents per adult: what a trip of each template typically costs. */
const PRICE_RANGE: Record<Template, [number, number]> = {
  ticket: [12, 60],
  activity: [25, 140],
  day_tour: [45, 220],
  transfer: [20, 160],
  multi_day: [300, 2800],
};

function priceOf(r: Random, template: Template): number {
  const [low, high] = PRICE_RANGE[template];
  // Prices end the way sellers set them: 45.00, 49.00, 49.50.
  return r.int(low, high) * 100 - r.pick([0, 0, 100, 50]);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface OptionPlan {
  key: string;
  name: string;
  private: boolean;
  price: number | null;
  paused: boolean;
}

function buildOption(r: Random, tripId: string, template: Template, plan: OptionPlan, city: City, isDefault: boolean, today: string): OptionDefinition {
  const id = (what: string) => uuidFromName(`${tripId}:${plan.key}:${what}`);
  const adult: UnitDefinition = {
    id: id('adult'),
    type: 'adult',
    label: 'Adult',
    min_age: null,
    max_age: null,
    min_qty: 1,
    max_qty: plan.private ? 8 : 15,
    takes_seat: true,
    free: false,
  };
  const units: UnitDefinition[] = [adult];
  if (template !== 'transfer' && r.chance(0.6)) {
    units.push({ id: id('child'), type: 'child', label: 'Child (3-11)', min_age: 3, max_age: 11, min_qty: null, max_qty: 8, takes_seat: true, free: false });
  }
  if (r.chance(0.3)) {
    units.push({ id: id('infant'), type: 'infant', label: 'Infant (0-2)', min_age: 0, max_age: 2, min_qty: null, max_qty: 2, takes_seat: false, free: true });
  }
  if (template === 'ticket' && r.chance(0.5)) {
    units.push({
      id: id('senior'),
      type: 'senior',
      label: 'Senior (65+)',
      min_age: 65,
      max_age: null,
      min_qty: null,
      max_qty: 10,
      takes_seat: true,
      free: false,
    });
  }
  const paying = units.filter((u) => !u.free);
  const tierAt = (min_pax: number, max_pax: number | null, adultPrice: number): PriceTier => ({
    min_pax,
    max_pax,
    unit_prices: Object.fromEntries(paying.map((u) => [u.id, u.type === 'adult' ? adultPrice : Math.round((adultPrice * 0.7) / 50) * 50])),
  });
  const price = plan.price;
  // Private options cost less each as the group grows.
  const tiers: PriceTier[] =
    price === null ? [] : plan.private ? [tierAt(1, 2, price * 2), tierAt(3, 5, Math.round(price * 1.3)), tierAt(6, null, price)] : [tierAt(1, null, price)];

  const limited = r.chance(0.7);
  const onRequest = !limited && r.chance(0.35);
  const times =
    template === 'transfer'
      ? r.some(TRANSFER_TIMES, r.int(3, TRANSFER_TIMES.length))
      : template === 'ticket' && r.chance(0.5)
        ? []
        : template === 'multi_day'
          ? [r.pick(['07:00', '08:00', '09:00'])]
          : r.some(DAY_TIMES, r.int(1, template === 'activity' ? 4 : 2));
  const weekdays = template === 'multi_day' ? r.some(EVERY_DAY, r.int(1, 3)) : r.chance(0.7) ? EVERY_DAY : r.some(EVERY_DAY, r.int(3, 6));
  // Pickups of every kind; only those that come to where travellers stay count for pickup=hotel.
  const rules: PickupRule[] = [];
  if (template === 'transfer' || ((template === 'day_tour' || template === 'multi_day') && r.chance(0.35))) {
    if (template === 'transfer' || r.chance(0.7)) rules.push({ area: `${city.city.name} city centre hotels`, price: 0, kind: 'hotel' });
    else rules.push({ area: `${city.city.name} central meeting point`, price: 0, kind: 'meeting_point' });
    if (r.chance(0.5)) rules.push({ area: `${city.city.name} airport`, price: r.int(10, 40) * 100, kind: 'airport' });
    if (r.chance(0.15)) rules.push({ area: `${city.city.name} cruise port`, price: r.int(10, 30) * 100, kind: 'port' });
  }
  const pickup = rules.length > 0 ? { rules } : null;
  return {
    id: id('option'),
    name: plan.name,
    is_default: isDefault,
    private: plan.private,
    vehicle: plan.private && template !== 'ticket' ? r.pick(['car', 'minivan', 'van']) : null,
    sales_paused: plan.paused,
    min_units: plan.private ? 1 : null,
    max_units: plan.private ? 8 : null,
    capacity_mode: limited ? 'limited' : onRequest ? 'on_request' : 'free_sale',
    confirmation: onRequest || r.chance(0.15) ? 'manual' : 'instant',
    ask_for_price: price === null,
    units,
    pricing: { tiers },
    policy: template === 'multi_day' ? r.pick([MODERATE, STRICT]) : r.pick([FLEXIBLE, FLEXIBLE, MODERATE]),
    traveller_details: template === 'multi_day' ? PASSPORT : LEAD,
    pickup,
    room_types:
      template === 'multi_day'
        ? [
            { id: id('double'), name: 'Double or twin room', sleeps: 2, solo_may_share: true, supplement: 0 },
            { id: id('single'), name: 'Single room', sleeps: 1, solo_may_share: false, supplement: r.int(5, 40) * 1000 },
          ]
        : [],
    availability: {
      times,
      weekdays,
      from: today,
      until: null,
      capacity: limited ? (plan.private ? 8 : r.int(6, 40)) : null,
      cutoff_hours: r.pick([1, 2, 4, 12, 24, 48]),
      closed_dates: r.chance(0.2) ? r.some([3, 5, 8, 13, 21, 34], r.int(1, 3)).map((d) => addDays(today, d)) : [],
    },
  };
}

function optionPlans(r: Random, template: Template, askForPrice: boolean): OptionPlan[] {
  const price = () => (askForPrice ? null : priceOf(r, template));
  const shared = template !== 'transfer' && r.chance(0.75);
  const first: OptionPlan = { key: 'main', name: shared ? 'Small group' : 'Private', private: !shared, price: price(), paused: false };
  const plans = [first];
  if (shared && r.chance(0.3)) plans.push({ key: 'private', name: 'Private', private: true, price: price(), paused: false });
  if (r.chance(0.1)) plans.push({ key: 'premium', name: 'Premium', private: first.private, price: price(), paused: false });
  // Some trips pause their default option (the list then judges them by the next), a few pause them all.
  if (r.chance(0.04)) first.paused = true;
  if (r.chance(0.01)) for (const plan of plans) plan.paused = true;
  return plans;
}

// ---------------------------------------------------------------- trips

const DURATIONS: Record<Exclude<Template, 'multi_day'>, number[]> = {
  ticket: [60, 90, 120, 150, 180],
  activity: [60, 90, 120, 150, 180, 210, 240, 300],
  day_tour: [180, 240, 300, 360, 420, 480, 540, 600, 660],
  transfer: [30, 45, 60, 90, 120, 180],
};

function fill(pattern: string, city: City, place: string): string {
  return pattern.replace('{city}', city.city.name).replace('{place}', place);
}

function english(kind: Kind, city: City, stops: string[], title: string, minutes: number | null, days: number | null): ProductContent {
  const length = days !== null ? `${days} days` : minutes !== null ? `${Math.round((minutes / 60) * 2) / 2} hours` : 'As long as you like';
  return {
    title,
    summary: `${kind.category.name} in ${city.city.name}: ${kind.about}.`,
    description: `${length} around ${stops.join(', ')}. ${kind.about[0].toUpperCase()}${kind.about.slice(1)}, in a group that stays small enough to talk to the guide.`,
    highlights: stops.map((s) => `${s} with a local`),
    inclusions: ['Local guide', kind.category.slug === 'transfers' ? 'Driver and fuel' : 'Water'],
    exclusions: ['Tips'],
    itinerary: stops.map((s, i) => ({ title: s, body: i === 0 ? `Meet your guide at ${s}.` : `Continue to ${s}.` })),
  };
}

function translations(r: Random, kind: Kind, city: City, stops: string[], en: ProductContent): Record<string, ProductContent> {
  const out: Record<string, ProductContent> = {};
  if (r.chance(0.3)) {
    out.de = {
      ...en,
      title: `${kind.de}: ${stops[0]}, ${city.city.name}`,
      summary: `${kind.de} in ${city.city.name} mit ${stops.join(', ')}.`,
      description: `Ein Erlebnis in ${city.city.name}: ${stops.join(', ')}.`,
    };
  }
  if (r.chance(0.2)) {
    out.ja = {
      ...en,
      title: `${city.city.name}・${stops[0]}の${kind.ja}`,
      summary: `${city.city.name}で楽しむ${kind.ja}（${stops.join('、')}）。`,
      description: `${stops.join('、')}を巡る${kind.ja}です。`,
    };
  }
  return out;
}

function extras(r: Random, tripId: string, options: OptionDefinition[], template: Template): ExtraDefinition[] {
  if (!r.chance(0.25)) return [];
  const extra = (key: string, name: string, price: number, pay: 'upfront' | 'local'): ExtraDefinition => ({
    id: uuidFromName(`${tripId}:extra:${key}`),
    name,
    description: null,
    per: 'item',
    who: 'choose',
    included: false,
    option_ids: r.chance(0.5) ? [] : [options[0].id],
    min_age: null,
    max_age: null,
    unit_types: ['adult'],
    max_per_booking: r.chance(0.5) ? null : 10,
    pay,
    price: pay === 'upfront' ? price : 0,
    local_price: pay === 'local' ? { amount: price, currency: 'EUR' } : null,
  });
  const all = [
    extra('photos', 'Professional photos of your day', r.int(15, 60) * 100, 'upfront'),
    extra('lunch', 'Lunch at a local restaurant', r.int(12, 45) * 100, r.chance(0.3) ? 'local' : 'upfront'),
    extra('insurance', 'Cancellation insurance', r.int(5, 20) * 100, 'upfront'),
  ];
  return r.some(all, template === 'ticket' ? 1 : r.int(1, 2));
}

function product(seed: number, i: number, seller: GeneratedSeller, today: string): GeneratedCatalog['products'][number] {
  const r = new Random(seed, 0x7219, i);
  const id = uuidFromName(`generated:${seed}:product:${i}`);
  const city = r.pick(seller.cities);
  const kind = r.pick(KINDS.filter((k) => placesOf(city, k.at).length > 0));
  const template = r.pick(kind.templates);
  const first = r.pick(placesOf(city, kind.at));
  const others = placesOf(city, ALL_TYPES).filter((p) => p !== first);
  const stops = [first, ...r.some(others, r.int(0, Math.min(3, others.length)))];
  const days = template === 'multi_day' ? r.int(2, 14) : null;
  const title = days === null ? fill(r.pick(kind.titles), city, first) : `${days}-Day ${first} ${kind.journey ?? 'Journey'}`;
  const minutes = template === 'multi_day' || (template === 'ticket' && r.chance(0.1)) ? null : r.pick(DURATIONS[template as Exclude<Template, 'multi_day'>]);
  const options = optionPlans(r, template, r.chance(0.07)).map((plan, j) => buildOption(r, id, template, plan, city, j === 0, today));
  const categories = [kind.category, ...(kind.also.length > 0 && r.chance(0.5) ? [r.pick(kind.also)] : [])];
  const en = english(kind, city, stops, title, minutes, days);
  const rated = r.chance(0.85);
  // Ratings lean high, as they do: most between 4.2 and 5.
  const average = Math.min(5, Math.round((5 - Math.pow(r.next(), 2) * 1.6) * 10) / 10);
  const definition: ProductDefinition = {
    slug: `${slugify(title)}-${i.toString(36)}`,
    template,
    timezone: city.timezone,
    default_locale: 'en',
    content: { en, ...translations(r, kind, city, stops, en) },
    city: city.city,
    region: city.region,
    country: city.country,
    categories,
    places: stops.map((s) => ns(slugify(s), s)),
    photos: r.chance(0.05)
      ? []
      : Array.from({ length: r.int(1, 5) }, (_, k) => ({ url: `https://images.example/generated/${i}-${k + 1}.jpg`, alt: `${stops[k % stops.length]}` })),
    duration_minutes: minutes,
    duration_days: days,
    duration_nights: days === null ? null : days - 1,
    rating: rated ? { average, count: r.int(1, 3000) } : null,
    network: true,
    options,
    extras: [],
  };
  definition.extras = extras(r, id, options, template);
  return { id, seller_id: seller.id, definition };
}

function storefront(seed: number, members: string[]): GeneratedCatalog['storefront'] {
  return {
    id: uuidFromName(`generated:${seed}:storefront`),
    website_key: GENERATED_KEY,
    definition: {
      kind: 'marketplace',
      name: 'Wide World Trips',
      seller_id: null,
      member_seller_ids: members,
      languages: ['en', 'de', 'ja'],
      default_language: 'en',
      currencies: ['USD', 'EUR', 'GBP', 'JPY'],
      display_currency: 'USD',
      rounding: { JPY: { increment: 10, mode: 'up' } },
      allowed_origins: ['https://www.wideworldtrips.example'],
      terms_url: '/terms',
      privacy_url: '/privacy',
      cookies_url: '/cookies',
      promise: { report_hours: 24, payer: 'platform' },
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
    },
  };
}

/** `trips` published trips over 50 sellers; `today` (YYYY-MM-DD) is the first day calendars open. */
export function generatedCatalog(trips: number, today: string, seed = 1): GeneratedCatalog {
  if (!Number.isInteger(trips) || trips < 1) throw new Error(`trips must be a whole number above 0, got ${trips}`);
  const all = sellers(seed);
  const total = all.reduce((sum, s) => sum + s.weight, 0);
  const products = Array.from({ length: trips }, (_, i) => {
    let at = new Random(seed, 0x5e1, i).next() * total;
    const seller = all.find((s) => (at -= s.weight) < 0) ?? all[all.length - 1];
    return product(seed, i, seller, today);
  });
  return {
    sellers: all.map(({ id, definition }) => ({ id, definition })),
    storefront: storefront(
      seed,
      all.map((s) => s.id),
    ),
    products,
  };
}

function must<T>(result: T | Refusal, what: string): T {
  if (isRefusal(result)) throw new Error(`writing ${what} was refused: ${result.code} ${result.detail} ${JSON.stringify(result.fields)}`);
  return result;
}

/**
 * Writes the generated marketplace through the seller-side commands, as sellers would, and
 * publishes every trip; the storefront comes last, so its presence means the catalog is complete.
 * A run that stopped halfway goes on where it stopped (`reads` must have caught up with the log).
 * Returns the last log position written, or null when the marketplace was there already.
 */
export async function seedGeneratedCatalog(catalog: CatalogService, reads: CatalogReads, generated: GeneratedCatalog): Promise<number | null> {
  const { storefront } = generated;
  if (await reads.storefront(storefront.id)) return null;
  let position = -1;
  const track = (done: { position: number }) => {
    position = Math.max(position, done.position);
  };
  for (const seller of generated.sellers) {
    if (await reads.seller(seller.id)) continue;
    track(must(await catalog.createSeller(seller.definition, seller.id, `seed-${seller.id}`), `seller ${seller.definition.slug}`));
  }
  const written = new Set((await reads.productsOf({ seller_id: { $in: generated.sellers.map((s) => s.id) } })).map((p) => p._id));
  for (const p of generated.products) {
    if (!written.has(p.id)) track(must(await catalog.createProduct(p.seller_id, p.definition, p.id), `product ${p.definition.slug}`));
    track(must(await catalog.publishProduct(p.seller_id, p.id, true), `publishing ${p.definition.slug}`));
  }
  track(must(await catalog.createStorefront(storefront.definition, storefront.id), `storefront ${storefront.definition.name}`));
  track(must(await catalog.issueWebsiteKey(storefront.id, storefront.website_key), 'a website key'));
  return position;
}
