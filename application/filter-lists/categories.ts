/**
 * The platform's categories, in the platform's order (spec 4.8): the one place that order and the
 * categories' translated names are defined. Slugs are stable: a category keeps its slug for good,
 * whatever it comes to be called. Trips may name a category the platform does not list yet; it is
 * listed after these, by name.
 */
export const PLATFORM_CATEGORIES: readonly { slug: string; names: Readonly<Record<string, string>> }[] = [
  { slug: 'culture', names: { en: 'Culture & history', es: 'Cultura e historia', de: 'Kultur & Geschichte', ja: '文化・歴史' } },
  { slug: 'walking-tours', names: { en: 'Walking tours', es: 'Visitas a pie', de: 'Stadtrundgänge', ja: 'ウォーキングツアー' } },
  { slug: 'food-drink', names: { en: 'Food & drink', es: 'Gastronomía', de: 'Essen & Trinken', ja: 'グルメ' } },
  { slug: 'museums', names: { en: 'Museums', es: 'Museos', de: 'Museen', ja: '美術館・博物館' } },
  { slug: 'outdoors', names: { en: 'Outdoors', es: 'Aire libre', de: 'Natur & Outdoor', ja: 'アウトドア' } },
  { slug: 'hiking', names: { en: 'Hiking', es: 'Senderismo', de: 'Wandern', ja: 'ハイキング' } },
  { slug: 'boat-trips', names: { en: 'Boat trips', es: 'Paseos en barco', de: 'Bootstouren', ja: 'ボートツアー' } },
  { slug: 'wildlife', names: { en: 'Wildlife', es: 'Fauna', de: 'Tierwelt', ja: '野生動物' } },
  { slug: 'desert', names: { en: 'Desert', es: 'Desierto', de: 'Wüste', ja: '砂漠' } },
  { slug: 'shows', names: { en: 'Shows & performances', es: 'Espectáculos', de: 'Shows & Aufführungen', ja: 'ショー・公演' } },
  { slug: 'classes', names: { en: 'Classes & workshops', es: 'Clases y talleres', de: 'Kurse & Workshops', ja: '体験教室' } },
  { slug: 'transfers', names: { en: 'Transfers', es: 'Traslados', de: 'Transfers', ja: '送迎' } },
];
