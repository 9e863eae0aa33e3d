/** Answers of site content (2.9, 4.1) and the collections list (4.8). */
import { object, orNull, described, id, text, nStr, count, timestamp } from '../kernel/answer-schema';
import { locale } from '../kernel/params';
import { Schema, arr, bool, enumOf, int, ref } from '../kernel/schema';

// ---------------------------------------------------------------- pages (2.9)

const kind = (type: string): Schema => ({ type: 'string', const: type });
const Image = object({ url: text, alt: described(text, 'Alternative text') });

const HeroSection = object(
  { type: kind('hero'), title: text, subtitle: nStr, image: described(orNull(ref('SectionImage')), 'null: no image') },
  {},
  { description: 'A page opening: title, subtitle and an image' },
);
const TextSection = object(
  { type: kind('text'), body: described(text, 'Markdown; render it with an HTML-escaping Markdown renderer') },
  {},
  { description: 'Text' },
);
const TripsSection = object(
  {
    type: kind('trips'),
    heading: text,
    trips: described(
      arr(ref('TripCard')),
      'Trip cards (as in GET /v1/public/products) in the order the seller chose; trips no longer published here are left out',
    ),
  },
  {},
  { description: "Some of the site's trips, in order" },
);
const PhotoSection = object(
  { type: kind('photo'), photo: ref('SectionImage'), caption: described(nStr, 'null: no caption') },
  {},
  { description: 'One photo with its alternative text and an optional caption' },
);
const FaqSection = object(
  { type: kind('faq'), questions: arr(object({ question: text, answer: described(text, 'Markdown, rendered like a text body') })) },
  {},
  { description: 'Questions and answers, in order' },
);
const CtaSection = object(
  { type: kind('cta'), label: text, href: described(text, 'A path on the site (starting with /) or an address') },
  {},
  { description: 'A call to action: a button or link' },
);

const SECTIONS = { hero: 'HeroSection', text: 'TextSection', trips: 'TripsSection', photo: 'PhotoSection', faq: 'FaqSection', cta: 'CtaSection' };

const Section: Schema = {
  oneOf: Object.values(SECTIONS).map((name) => ref(name)),
  discriminator: { propertyName: 'type', mapping: Object.fromEntries(Object.entries(SECTIONS).map(([type, name]) => [type, `#/components/schemas/${name}`])) },
  description: `One block of a page, by \`type\`: ${Object.keys(SECTIONS).join(', ')}. New types may appear: a client skips types it does not know.`,
};

const PageSeo = object({
  meta_title: described(text, "The page's own meta title, else its title"),
  meta_description: nStr,
  canonical_url: described(text, "The page's canonical address as its seller set it, else its path on the site"),
  noindex: described(bool, 'true: search engines should not index the page (and GET /v1/public/pages leaves it out when its default language is noindex)'),
});

const pagePath = described(text, "The page's path on the site (its seller's page path pattern; the page `home` is at /)");

const Page = object(
  {
    id,
    slug: described(text, 'Lowercase words and hyphens, parts separated by slashes (help/cancellations); `home` is the home page'),
    path: pagePath,
    locale: described(locale, 'The language this answer is in: the one asked when the page is published in it, else the storefront default language'),
    locales: described(arr(locale), 'Every language the page is published in'),
    title: text,
    sections: arr(ref('Section')),
    seo: ref('PageSeo'),
    updated_at: timestamp,
  },
  {},
  { description: 'A content page in one language (spec 2.9)' },
);

const PageList = object(
  { data: arr(object({ slug: text, path: pagePath, locales: arr(locale), updated_at: timestamp })) },
  {},
  { description: "The site's published pages, by slug; those whose default language is noindex are left out" },
);

// ---------------------------------------------------------------- menus (2.9)

const href = described(text, 'An address on the site: a path (starting with /) or an absolute address');
const MenuLink = object({ label: text, href });
const Menu = object(
  {
    location: enumOf('header', 'footer'),
    items: arr(object({ label: text, href, children: arr(ref('MenuLink')) })),
  },
  {},
  { description: 'A menu of the site; entries whose page or trip is not published here are left out (with their children)' },
);
const Menus = arr(ref('Menu'), { description: 'The header and the footer menus, in that order (items empty when the seller set none)' });

// ---------------------------------------------------------------- redirect

const Redirect = object(
  {
    path: described(text, 'The path asked'),
    location: described(text, 'Where it moved: the path to send a 301 to'),
    status: described(int(301, 301), 'The status to answer the visitor with'),
    entity: enumOf('trip', 'page'),
    id: described(id, 'The id of the trip or page'),
  },
  {},
  { description: 'An old path of the site and where it moved after a slug change' },
);

// ---------------------------------------------------------------- collections (4.8)

const CollectionList = object(
  {
    data: arr(
      object({
        slug: text,
        name: text,
        content_locale: described(locale, 'The language the name is in'),
        trip_count: described(count, 'Published trips of the collection this site sells'),
      }),
    ),
    home_rails: described(
      int(0),
      'How many collections (the first ones listed) the home shows as rails: 3 unless the marketplace set another; 0 on a direct storefront',
    ),
  },
  {},
  { description: "A marketplace's collections that have published trips, in its staff's order; empty on a direct storefront" },
);

export const contentSchemas: Record<string, Schema> = {
  SectionImage: Image,
  HeroSection,
  TextSection,
  TripsSection,
  PhotoSection,
  FaqSection,
  CtaSection,
  Section,
  PageSeo,
  Page,
  PageList,
  MenuLink,
  Menu,
  Menus,
  Redirect,
  CollectionList,
};
