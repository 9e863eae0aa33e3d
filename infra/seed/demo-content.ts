import type { SiteContentService } from '../../application/content';
import type { CatalogService } from '../../application/seller';
import type { MenuItemDefinition, MenuLinkDefinition, MenuLink, PageContent, PageDefinition, SectionDefinition } from '../../domain/site-content';
import { isRefusal, Refusal } from '../../domain/shared/refusal';
import { DemoCatalog, demoId } from './demo-catalog';

/**
 * The demo's site content, written through the operators' content commands: on the direct storefront
 * (Atlas Trails, en/es) and on the marketplace (TripMarket, en/de/ja) a home page, an about page with a
 * FAQ in two languages, a noindex page, both menus (with entries to an unpublished page and trip, which
 * the sites leave out); a page and a trip renamed (their old paths redirect); on the marketplace, collections
 * and home placement (featured and hidden trips).
 */

export interface DemoContentWriter {
  content: SiteContentService;
  /** Resolves once the read models include this log position: content commands read the trips and storefronts they name. */
  caughtUp(position: number): Promise<unknown>;
}

/** The trip renamed by the demo: its old slug answers GET /v1/public/redirect. */
export const RENAMED_TRIP = { from: 'lisbon-sunset-sailing', to: 'lisbon-sunset-cruise' } as const;
/** The page renamed by the demo, on both storefronts. */
export const RENAMED_PAGE = { from: 'about-us', to: 'about' } as const;

export const pageId = (site: string, name: string): string => demoId(`demo:page:${site}:${name}`);
const trip = (slug: string): string => demoId(`demo:product:${slug}`);

function must<T>(result: T | Refusal, what: string): T {
  if (isRefusal(result)) throw new Error(`seeding ${what} was refused: ${result.code} ${result.detail} ${JSON.stringify(result.fields)}`);
  return result;
}

const seo = (noindex = false): PageContent['seo'] => ({ meta_title: null, meta_description: null, canonical_url: null, noindex });
const page = (title: string, sections: SectionDefinition[], noindex = false): PageContent => ({ title, sections, seo: seo(noindex) });
const hero = (title: string, subtitle: string | null, url: string | null = null): SectionDefinition => ({
  type: 'hero',
  title,
  subtitle,
  image: url ? { url, alt: title } : null,
});
const text = (body: string): SectionDefinition => ({ type: 'text', body });
const trips = (heading: string, slugs: string[]): SectionDefinition => ({ type: 'trips', heading, trip_ids: slugs.map(trip) });
const faq = (...pairs: [string, string][]): SectionDefinition => ({ type: 'faq', questions: pairs.map(([question, answer]) => ({ question, answer })) });
const cta = (label: string, href: string): SectionDefinition => ({ type: 'cta', label, href });
const photo = (url: string, alt: string, caption: string | null): SectionDefinition => ({ type: 'photo', photo: { url, alt }, caption });
const entry = (label: Record<string, string>, link: MenuLink): MenuLinkDefinition => ({ label, link });
const item = (label: Record<string, string>, link: MenuLink, children: MenuLinkDefinition[] = []): MenuItemDefinition => ({ label, link, children });

// ---------------------------------------------------------------- Atlas Trails (direct: en, es)

const ATLAS_HOME_TRIPS = ['lisbon-alfama-walking-tour', 'sintra-palaces-day-trip', RENAMED_TRIP.from, 'porto-six-bridges-cruise'];

const atlasPages: Record<string, { definition: PageDefinition; published: boolean }> = {
  home: {
    published: true,
    definition: {
      slug: 'home',
      content: {
        en: page('Small-group trips with local guides', [
          hero(
            'Portugal, Andalusia and Morocco with the people who live there',
            'Small groups, local guides, since 2012',
            'https://images.example/atlas/home.jpg',
          ),
          text('We run **small-group tours** and day trips from Lisbon, Porto, Seville and Marrakesh.\n\nEvery guide is from the city they show you.'),
          trips('Our favourite days out', ATLAS_HOME_TRIPS),
          cta('See every trip', '/trips'),
        ]),
        es: page('Excursiones en grupos pequeños con guías locales', [
          hero('Portugal, Andalucía y Marruecos con quienes viven allí', 'Grupos pequeños, guías locales, desde 2012', 'https://images.example/atlas/home.jpg'),
          text('Organizamos **excursiones en grupos pequeños** desde Lisboa, Oporto, Sevilla y Marrakech.'),
          trips('Nuestras excursiones favoritas', ATLAS_HOME_TRIPS),
          cta('Ver todas las excursiones', '/trips'),
        ]),
      },
    },
  },
  about: {
    published: true,
    definition: {
      slug: RENAMED_PAGE.from,
      content: {
        en: page('About Atlas Trails', [
          text('Atlas Trails started in Lisbon in 2012 with one walking tour of Alfama.'),
          photo('https://images.example/atlas/team.jpg', 'Our guides in front of the Lisbon cathedral', 'The team, spring 2025'),
          faq(
            ['How big are the groups?', 'At most 12 travellers, often fewer.'],
            ['Can I cancel?', 'Most trips refund in full up to 24 hours before the start. See [cancellations](/help/cancellations).'],
            ['Do you pick up from hotels?', 'Some day trips do: the trip page says where from.'],
          ),
        ]),
        es: page('Sobre Atlas Trails', [
          text('Atlas Trails nació en Lisboa en 2012 con una ruta a pie por Alfama.'),
          photo('https://images.example/atlas/team.jpg', 'Nuestros guías frente a la catedral de Lisboa', 'El equipo, primavera de 2025'),
          faq(
            ['¿De cuántas personas son los grupos?', 'Como mucho 12 viajeros, a menudo menos.'],
            ['¿Puedo cancelar?', 'La mayoría de las excursiones se reembolsan por completo hasta 24 horas antes del inicio.'],
            ['¿Recogéis en el hotel?', 'Algunas excursiones sí: la página de cada una dice desde dónde.'],
          ),
        ]),
      },
    },
  },
  cancellations: {
    published: true,
    definition: {
      slug: 'help/cancellations',
      content: { en: page('Cancellations', [text('Each trip shows its cancellation policy. Cancel from the link in your booking email.')]) },
    },
  },
  thanks: {
    published: true,
    definition: {
      slug: 'thank-you',
      content: {
        en: page('Thank you for booking', [text('Your booking is on its way: check your email.')], true),
        es: page('Gracias por tu reserva', [text('Tu reserva está en camino: revisa tu correo.')], true),
      },
    },
  },
  offers: {
    published: false,
    definition: { slug: 'summer-offers', content: { en: page('Summer offers', [text('Coming soon.')]) } },
  },
};

function atlasMenus(site: string): { header: MenuItemDefinition[]; footer: MenuItemDefinition[] } {
  const about = { page: pageId(site, 'about') };
  const cancellations = { page: pageId(site, 'cancellations') };
  return {
    header: [
      item({ en: 'Trips', es: 'Excursiones' }, { href: '/trips' }, [
        entry({ en: 'Sunset sailing in Lisbon', es: 'Navegar al atardecer en Lisboa' }, { trip: trip(RENAMED_TRIP.from) }),
        entry({ en: 'Sintra palaces', es: 'Palacios de Sintra' }, { trip: trip('sintra-palaces-day-trip') }),
        entry({ en: 'Six bridges cruise', es: 'Crucero de los seis puentes' }, { trip: trip('porto-six-bridges-cruise') }),
      ]),
      item({ en: 'About us', es: 'Quiénes somos' }, about, [entry({ en: 'Cancellations', es: 'Cancelaciones' }, cancellations)]),
      item({ en: 'Summer offers', es: 'Ofertas de verano' }, { page: pageId(site, 'offers') }),
    ],
    footer: [
      item({ en: 'About us', es: 'Quiénes somos' }, about),
      item({ en: 'Cancellations', es: 'Cancelaciones' }, cancellations),
      item({ en: 'Terms', es: 'Condiciones' }, { href: '/terms' }),
      item({ en: 'Privacy', es: 'Privacidad' }, { href: '/privacy' }),
    ],
  };
}

// ---------------------------------------------------------------- TripMarket (marketplace: en, de, ja)

const marketPages: Record<string, { definition: PageDefinition; published: boolean }> = {
  home: {
    published: true,
    definition: {
      slug: 'home',
      content: {
        en: page('Trips by local sellers', [
          hero('Book trips from the people who run them', 'Lisbon to Kyoto, Seville to Muscat', 'https://images.example/tripmarket/home.jpg'),
          trips('Hand-picked this month', ['kyoto-fushimi-inari-hike', 'wahiba-sands-desert-camp-2-day', 'sintra-palaces-day-trip']),
          cta('Browse every trip', '/trips'),
        ]),
        de: page('Reisen von Anbietern vor Ort', [
          hero('Buchen Sie direkt bei den Veranstaltern', 'Von Lissabon bis Kyoto, von Sevilla bis Maskat', 'https://images.example/tripmarket/home.jpg'),
          trips('Diesen Monat ausgewählt', ['kyoto-fushimi-inari-hike', 'wahiba-sands-desert-camp-2-day', 'sintra-palaces-day-trip']),
          cta('Alle Reisen ansehen', '/trips'),
        ]),
      },
    },
  },
  about: {
    published: true,
    definition: {
      slug: RENAMED_PAGE.from,
      content: {
        en: page('About TripMarket', [
          text('TripMarket sells trips run by independent local sellers. We check every seller before their trips go on sale.'),
          faq(
            ['Who runs my trip?', 'The seller named on the trip page; they answer your questions too.'],
            ['How do I pay?', 'Each seller says how: most take payment on the day, some send a payment link.'],
          ),
        ]),
        de: page('Über TripMarket', [
          text('TripMarket verkauft Reisen unabhängiger Anbieter vor Ort. Wir prüfen jeden Anbieter, bevor seine Reisen in den Verkauf gehen.'),
          faq(
            ['Wer führt meine Reise durch?', 'Der Anbieter, der auf der Reiseseite steht; er beantwortet auch Ihre Fragen.'],
            ['Wie bezahle ich?', 'Das legt jeder Anbieter fest: meist vor Ort, manche schicken einen Zahlungslink.'],
          ),
        ]),
      },
    },
  },
  confirmed: {
    published: true,
    definition: { slug: 'booking/confirmed', content: { en: page('Booking received', [text('The seller has your booking.')], true) } },
  },
};

function marketMenus(site: string): { header: MenuItemDefinition[]; footer: MenuItemDefinition[] } {
  const about = { page: pageId(site, 'about') };
  return {
    header: [
      item({ en: 'Trips', de: 'Reisen', ja: 'ツアー' }, { href: '/trips' }, [
        entry({ en: 'For food lovers', de: 'Für Genießer', ja: 'グルメ好きへ' }, { href: '/collections/food-lovers' }),
        entry({ en: 'Desert and sea', de: 'Wüste und Meer' }, { href: '/collections/desert-and-sea' }),
      ]),
      item({ en: 'About', de: 'Über uns', ja: '私たちについて' }, about),
    ],
    footer: [
      item({ en: 'About', de: 'Über uns', ja: '私たちについて' }, about),
      item({ en: 'Night food tour in Shinjuku', ja: '新宿ナイトフードツアー' }, { trip: trip('tokyo-shinjuku-night-food-tour') }),
      item({ en: 'Terms', de: 'AGB', ja: '利用規約' }, { href: '/terms' }),
    ],
  };
}

const COLLECTIONS: { slug: string; name: Record<string, string>; trips: string[] }[] = [
  {
    slug: 'food-lovers',
    name: { en: 'For food lovers', de: 'Für Genießer', ja: 'グルメ好きへ' },
    trips: ['tokyo-sushi-making-class', 'lisbon-food-and-wine-tasting', 'madrid-tapas-evening-walk', 'marrakesh-cooking-class', 'kyoto-machiya-tea-ceremony'],
  },
  {
    slug: 'desert-and-sea',
    name: { en: 'Desert and sea', de: 'Wüste und Meer' },
    trips: [
      'wahiba-sands-desert-camp-2-day',
      'sahara-desert-3-day-from-marrakesh',
      'daymaniyat-islands-snorkeling',
      'muscat-sunset-dhow-cruise',
      RENAMED_TRIP.from,
    ],
  },
  {
    slug: 'walks-and-hikes',
    name: { en: 'Walks and hikes', de: 'Wandern', ja: '散策とハイキング' },
    trips: [
      'kumano-kodo-3-day-trek',
      'kyoto-fushimi-inari-hike',
      'camino-portugues-coastal-5-day',
      'lisbon-alfama-walking-tour',
      'tokyo-shinjuku-night-food-tour',
    ],
  },
  { slug: 'coming-soon', name: { en: 'Coming soon' }, trips: ['porto-six-bridges-cruise'] },
];

/** One trip of each seller first, in this order; airport transfers kept off the home. */
export const HOME_FEATURED = ['kyoto-fushimi-inari-hike', 'wahiba-sands-desert-camp-2-day', 'sintra-palaces-day-trip', 'toledo-day-trip-from-madrid'];
export const HOME_HIDDEN = ['narita-airport-private-transfer', 'muscat-airport-private-transfer'];

// ---------------------------------------------------------------- writing it

/** Writes the demo content after the demo catalog (written up to `after`); returns the last log position written. */
export async function seedDemoContent(demo: DemoCatalog, catalog: CatalogService, writer: DemoContentWriter, after: number): Promise<number> {
  const direct = demo.storefronts.find((s) => s.definition.kind === 'direct');
  const market = demo.storefronts.find((s) => s.definition.kind === 'marketplace');
  if (!direct?.definition.seller_id || !market?.definition.operator_seller_id) throw new Error('the demo catalog has no storefronts with operators');
  let position = after;
  const track = (done: { position: number }) => {
    position = Math.max(position, done.position);
  };
  const renamed = demo.products.find((p) => p.definition.slug === RENAMED_TRIP.from);
  if (!renamed) throw new Error(`the demo catalog has no trip ${RENAMED_TRIP.from}`);
  track(must(await catalog.updateProduct(renamed.seller_id, renamed.id, { ...renamed.definition, slug: RENAMED_TRIP.to }), `renaming ${RENAMED_TRIP.from}`));
  await writer.caughtUp(position);

  const sites = [
    { name: 'atlas', storefront: direct.id, operator: direct.definition.seller_id, pages: atlasPages, menus: atlasMenus },
    { name: 'tripmarket', storefront: market.id, operator: market.definition.operator_seller_id, pages: marketPages, menus: marketMenus },
  ];
  for (const site of sites) {
    const caller = { sellerId: site.operator, correlationId: `seed-content-${site.name}` };
    const content = writer.content;
    for (const [name, { definition, published }] of Object.entries(site.pages)) {
      const id = pageId(site.name, name);
      track(must(await content.createPage(caller, site.storefront, id, definition), `page ${definition.slug}`));
      if (published) track(must(await content.publishPage(caller, site.storefront, id, true), `publishing ${definition.slug}`));
      if (definition.slug === RENAMED_PAGE.from) {
        track(must(await content.replacePage(caller, site.storefront, id, { ...definition, slug: RENAMED_PAGE.to }), `renaming ${definition.slug}`));
      }
    }
    const menus = site.menus(site.name);
    track(must(await content.setMenu(caller, site.storefront, 'header', menus.header), 'the header menu'));
    track(must(await content.setMenu(caller, site.storefront, 'footer', menus.footer), 'the footer menu'));
  }

  const operator = { sellerId: market.definition.operator_seller_id, correlationId: 'seed-content-tripmarket' };
  const collections = COLLECTIONS.map((c) => ({ slug: c.slug, name: c.name, trip_ids: c.trips.map(trip) }));
  track(must(await writer.content.setCollections(operator, market.id, collections), 'the collections'));
  track(
    must(
      await writer.content.setHomePlacement(operator, market.id, { featured: HOME_FEATURED.map(trip), hidden: HOME_HIDDEN.map(trip), rails: 3 }),
      'the home placement',
    ),
  );
  return position;
}
