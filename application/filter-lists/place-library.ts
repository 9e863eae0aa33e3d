/**
 * The platform's place library: names and place pages of the places trips name, by locale. It is
 * platform content that ships with the service (sellers name places in their trips by slug and
 * English name; they do not write place pages). Keyed by slug, the same slug whether a trip names
 * the place as its city, its region or a stop; a country by its code. A place the library does not
 * know is still listed, by the name its trips give it, with no page text.
 */
export interface LibraryPlace {
  /** The place's name by locale; English when a trip's own name is not the one to show. */
  names: Readonly<Record<string, string>>;
  /** The place page's text (Markdown) by locale. */
  body?: Readonly<Record<string, string>>;
}

export const PLACE_LIBRARY: Readonly<Record<string, LibraryPlace>> = {
  // Countries, by code.
  pt: { names: { en: 'Portugal', es: 'Portugal', de: 'Portugal', ja: 'ポルトガル' } },
  es: { names: { en: 'Spain', es: 'España', de: 'Spanien', ja: 'スペイン' } },
  ma: { names: { en: 'Morocco', es: 'Marruecos', de: 'Marokko', ja: 'モロッコ' } },
  jp: { names: { en: 'Japan', es: 'Japón', de: 'Japan', ja: '日本' } },
  om: { names: { en: 'Oman', es: 'Omán', de: 'Oman', ja: 'オマーン' } },

  // Regions.
  andalusia: { names: { en: 'Andalusia', es: 'Andalucía', de: 'Andalusien', ja: 'アンダルシア' } },
  'kyoto-prefecture': { names: { en: 'Kyoto Prefecture', es: 'Prefectura de Kioto', de: 'Präfektur Kyōto', ja: '京都府' } },
  'tokyo-metropolis': { names: { en: 'Tokyo Metropolis', es: 'Metrópolis de Tokio', de: 'Präfektur Tokio', ja: '東京都' } },
  'wakayama-prefecture': { names: { en: 'Wakayama Prefecture', es: 'Prefectura de Wakayama', de: 'Präfektur Wakayama', ja: '和歌山県' } },
  'community-of-madrid': { names: { en: 'Community of Madrid', es: 'Comunidad de Madrid', de: 'Autonome Gemeinschaft Madrid', ja: 'マドリード州' } },
  'lisbon-district': { names: { en: 'Lisbon District', es: 'Distrito de Lisboa', de: 'Distrikt Lissabon', ja: 'リスボン県' } },
  'porto-district': { names: { en: 'Porto District', es: 'Distrito de Oporto', de: 'Distrikt Porto', ja: 'ポルト県' } },
  'coimbra-district': { names: { en: 'Coimbra District', es: 'Distrito de Coímbra', de: 'Distrikt Coimbra', ja: 'コインブラ県' } },
  'evora-district': { names: { en: 'Évora District', es: 'Distrito de Évora', de: 'Distrikt Évora', ja: 'エヴォラ県' } },
  'marrakesh-safi': { names: { en: 'Marrakesh-Safi', es: 'Marrakech-Safí', de: 'Marrakesch-Safi', ja: 'マラケシュ＝サフィ地方' } },
  'muscat-governorate': { names: { en: 'Muscat Governorate', es: 'Gobernación de Mascate', de: 'Gouvernement Maskat', ja: 'マスカット県' } },
  'ad-dakhiliyah': { names: { en: 'Ad Dakhiliyah', es: 'Gobernación de Ad Dajiliya', de: 'Gouvernement ad-Dachiliyya', ja: 'ダーヒリーヤ行政区' } },

  // Cities.
  lisbon: { names: { en: 'Lisbon', es: 'Lisboa', de: 'Lissabon', ja: 'リスボン' } },
  porto: { names: { en: 'Porto', es: 'Oporto', de: 'Porto', ja: 'ポルト' } },
  coimbra: { names: { en: 'Coimbra', es: 'Coímbra', de: 'Coimbra', ja: 'コインブラ' } },
  evora: { names: { en: 'Évora', es: 'Évora', de: 'Évora', ja: 'エヴォラ' } },
  seville: {
    names: { en: 'Seville', es: 'Sevilla', de: 'Sevilla', ja: 'セビリア' },
    body: {
      en: "Andalusia's capital on the Guadalquivir: the **Real Alcázar**, the cathedral and its Giralda tower, and flamenco in the lanes of Triana.",
      es: 'La capital de Andalucía a orillas del Guadalquivir: el **Real Alcázar**, la catedral con la Giralda y el flamenco de Triana.',
    },
  },
  granada: { names: { en: 'Granada', es: 'Granada', de: 'Granada', ja: 'グラナダ' } },
  madrid: { names: { en: 'Madrid', es: 'Madrid', de: 'Madrid', ja: 'マドリード' } },
  marrakesh: { names: { en: 'Marrakesh', es: 'Marrakech', de: 'Marrakesch', ja: 'マラケシュ' } },
  kyoto: { names: { en: 'Kyoto', es: 'Kioto', de: 'Kyōto', ja: '京都' } },
  tokyo: { names: { en: 'Tokyo', es: 'Tokio', de: 'Tokio', ja: '東京' } },
  tanabe: { names: { en: 'Tanabe', es: 'Tanabe', de: 'Tanabe', ja: '田辺' } },
  muscat: { names: { en: 'Muscat', es: 'Mascate', de: 'Maskat', ja: 'マスカット' } },
  nizwa: { names: { en: 'Nizwa', es: 'Nizwa', de: 'Nizwa', ja: 'ニズワ' } },

  // Stops with a page.
  alfama: {
    names: { en: 'Alfama', es: 'Alfama', de: 'Alfama', ja: 'アルファマ' },
    body: {
      en: "Lisbon's oldest quarter climbs from the river to the castle: steep lanes, tiled façades, viewpoints over the Tagus and fado drifting out of small taverns at night.",
      es: 'El barrio más antiguo de Lisboa sube del río al castillo: callejuelas empinadas, fachadas de azulejos, miradores sobre el Tajo y fado en las tabernas.',
      de: 'Lissabons ältestes Viertel steigt vom Fluss zur Burg hinauf: steile Gassen, gekachelte Fassaden, Aussichtspunkte über dem Tejo und abends Fado aus kleinen Tavernen.',
    },
  },
  'belem-tower': {
    names: { en: 'Belém Tower', es: 'Torre de Belém', de: 'Turm von Belém', ja: 'ベレンの塔' },
    body: { en: 'The sixteenth-century tower that guarded the mouth of the Tagus, where the explorers set sail; a UNESCO World Heritage site.' },
  },
  'pena-palace': {
    names: { en: 'Pena Palace', es: 'Palacio da Pena', de: 'Pena-Palast', ja: 'ペーナ宮殿' },
    body: { en: 'A hilltop palace in red and yellow above the forests of Sintra, built in the nineteenth century as a royal summer retreat.' },
  },
  'seville-cathedral': {
    names: { en: 'Seville Cathedral', es: 'Catedral de Sevilla', de: 'Kathedrale von Sevilla', ja: 'セビリア大聖堂' },
    body: {
      en: 'The largest Gothic cathedral in the world, with the tomb of Columbus and the **Giralda**, the former minaret you climb by ramps.',
      es: 'La mayor catedral gótica del mundo, con la tumba de Colón y la **Giralda**, el antiguo alminar al que se sube por rampas.',
    },
  },
  alhambra: {
    names: { en: 'Alhambra', es: 'Alhambra', de: 'Alhambra', ja: 'アルハンブラ宮殿' },
    body: { en: 'The Nasrid palaces, gardens and fortress above Granada: carved stucco, courtyards of water and the Generalife gardens.' },
  },
  'jemaa-el-fnaa': {
    names: { en: 'Jemaa el-Fnaa', es: 'Yemaa el Fna', de: 'Djemaa el Fna', ja: 'ジャマ・エル・フナ広場' },
    body: { en: "Marrakesh's great square: juice stalls by day, storytellers, musicians and open-air kitchens by night." },
  },
  'fushimi-inari-taisha': {
    names: { en: 'Fushimi Inari Taisha', de: 'Fushimi-Inari-Schrein', ja: '伏見稲荷大社' },
    body: {
      en: 'The shrine of the thousand vermilion gates: paths of torii climb Mount Inari through the forest above Kyoto.',
      ja: '千本鳥居で知られる神社。朱色の鳥居が稲荷山の森へと続きます。',
    },
  },
  gion: {
    names: { en: 'Gion', de: 'Gion', ja: '祇園' },
    body: { en: "Kyoto's geisha district of wooden machiya houses, teahouses and lantern-lit lanes along the Shirakawa canal." },
  },
  'wahiba-sands': {
    names: { en: 'Wahiba Sands', de: 'Wahiba-Wüste', ja: 'ワヒバ砂漠' },
    body: { en: 'Orange dunes up to a hundred metres high, home to Bedouin families, two and a half hours from Muscat.' },
  },
  'nizwa-fort': {
    names: { en: 'Nizwa Fort', de: 'Festung Nizwa', ja: 'ニズワ・フォート' },
    body: { en: "Oman's most visited monument: the great round tower of the seventeenth century, above the souq of the old capital." },
  },
  'museo-del-prado': {
    names: { en: 'Prado Museum', es: 'Museo del Prado', de: 'Prado-Museum', ja: 'プラド美術館' },
    body: {
      en: 'Velázquez, Goya, El Greco and Bosch in one of the great art museums of the world.',
      es: 'Velázquez, Goya, El Greco y el Bosco en uno de los grandes museos del mundo.',
    },
  },
};
