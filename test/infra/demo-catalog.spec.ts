import { allTables } from '../../domain/pricing/tables';
import { expect } from 'chai';
import { TEMPLATES } from '../../domain/catalog/definitions';
import type { OptionDefinition, ProductDefinition } from '../../domain/catalog/definitions';
import { DEMO_KEYS, demoCatalog, demoId } from '../../infra/seed/demo-catalog';

const TODAY = '2026-11-22';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function isSimple(o: OptionDefinition): boolean {
  const [unit] = o.units;
  const [only] = o.pricing.tiers;
  const a = o.availability;
  return (
    o.is_default &&
    !o.private &&
    !o.sales_paused &&
    o.capacity_mode === 'limited' &&
    o.confirmation === 'instant' &&
    !o.ask_for_price &&
    o.units.length === 1 &&
    unit!.type === 'adult' &&
    unit!.min_qty === 1 &&
    (unit!.max_qty === 10 || unit!.max_qty === null) &&
    unit!.takes_seat &&
    !unit!.free &&
    o.pricing.tiers.length === 1 &&
    only!.min_pax === 1 &&
    only!.max_pax === null &&
    only!.unit_prices[unit!.id]! > 0 &&
    a.times.length >= 1 &&
    a.times.length <= 3 &&
    a.weekdays.join() === '1,2,3,4,5,6,7' &&
    a.capacity !== null &&
    a.capacity >= 10 &&
    a.capacity <= 20 &&
    a.cutoff_hours >= 2 &&
    a.cutoff_hours <= 24 &&
    o.pickup === null &&
    o.room_types.length === 0 &&
    a.closed_dates.length === 0
  );
}

describe('demo catalog', () => {
  const catalog = demoCatalog(TODAY);
  const products = catalog.products;
  const published = products.filter((p) => p.published);
  const defs = products.map((p) => p.definition);
  const options = defs.flatMap((d) => d.options);
  const seller = (slug: string) => catalog.sellers.find((s) => s.definition.slug === slug)!;
  const atlas = seller('atlas-trails');
  const direct = catalog.storefronts.find((s) => s.definition.kind === 'direct')!;
  const market = catalog.storefronts.find((s) => s.definition.kind === 'marketplace')!;

  it('is deterministic for the same day and keeps its ids on another day', () => {
    expect(demoCatalog(TODAY)).to.deep.equal(catalog);
    const later = demoCatalog('2027-01-15');
    expect(later.products.map((p) => p.id)).to.deep.equal(products.map((p) => p.id));
    expect(later.products.flatMap((p) => p.definition.options.map((o) => o.id))).to.deep.equal(options.map((o) => o.id));
    expect(products[0]!.id).to.equal(demoId(`demo:product:${defs[0]!.slug}`));
  });

  it('rejects a malformed day', () => {
    expect(() => demoCatalog('22/11/2026')).to.throw(/YYYY-MM-DD/);
  });

  it('gives every seller, storefront, trip, option, unit, room and extra a unique UUID', () => {
    const ids = [
      ...catalog.sellers.map((s) => s.id),
      ...catalog.storefronts.map((s) => s.id),
      ...products.map((p) => p.id),
      ...options.flatMap((o) => [o.id, ...o.units.map((u) => u.id), ...o.room_types.map((r) => r.id)]),
      ...defs.flatMap((d) => d.extras.map((e) => e.id)),
    ];
    for (const id of ids) expect(id).to.match(UUID);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(new Set(defs.map((d) => d.slug)).size).to.equal(defs.length);
  });

  it('has sellers with the payment methods of their countries', () => {
    expect(catalog.sellers).to.have.length.of.at.least(4);
    expect(atlas.definition.payment_methods.map((m) => m.kind)).to.deep.equal(['pay_on_arrival', 'bank_transfer', 'payment_link']);
    expect(atlas.definition.payment_methods.find((m) => m.kind === 'bank_transfer')!.bank).to.have.all.keys('account_name', 'iban', 'bic', 'bank_name');
    // Iberia Walks takes only a payment link due 72 hours before, so a nearer start answers PaymentWindowClosed (issue 7).
    expect(seller('iberia-walks').definition.payment_methods).to.deep.equal([{ kind: 'payment_link', deadline_hours: 72, currencies: ['EUR', 'USD'] }]);
    // Coimbra Walks takes no payment through us: its own site shows nothing paid and promises no refund (issue 8).
    expect(seller('coimbra-walks').definition.payment_methods).to.deep.equal([]);
    for (const s of catalog.sellers.filter((s) => !['iberia-walks', 'coimbra-walks'].includes(s.definition.slug))) {
      const onArrival = s.definition.payment_methods.find((m) => m.kind === 'pay_on_arrival');
      expect(onArrival, s.definition.slug).to.include({ deadline_hours: null });
      expect(onArrival!.currencies).to.not.be.empty;
    }
    expect(seller('sakura-journeys').definition.payment_methods[0]!.currencies).to.deep.equal(['JPY']);
    const links = catalog.sellers.flatMap((s) => s.definition.payment_methods).filter((m) => m.kind === 'payment_link');
    expect(links).to.deep.equal([
      { kind: 'payment_link', deadline_hours: 48, currencies: ['USD', 'EUR'] },
      { kind: 'payment_link', deadline_hours: 48, currencies: ['USD', 'EUR'] },
      { kind: 'payment_link', deadline_hours: 72, currencies: ['EUR', 'USD'] },
    ]);
  });

  it('puts the secret keys on atlas-trails', () => {
    expect(atlas.secret_keys).to.deep.equal([
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
    ]);
    expect(catalog.sellers.filter((s) => s !== atlas).flatMap((s) => s.secret_keys)).to.be.empty;
  });

  it("has the marketplace's operator, who sells nothing and runs its content with tp_sk_demo_market", () => {
    expect(catalog.operators).to.have.length(1);
    const [operator] = catalog.operators;
    expect(operator!.definition.slug).to.equal('tripmarket');
    expect(operator!.secret_keys).to.deep.equal([
      { key: DEMO_KEYS.marketOperator, scopes: ['content:read', 'content:write', 'enquiries:read', 'enquiries:write'] },
    ]);
    expect(products.some((p) => p.seller_id === operator!.id)).to.equal(false);
    expect(market.definition.operator_seller_id).to.equal(operator!.id);
    expect(market.definition.member_seller_ids).not.to.include(operator!.id);
    expect(catalog.sellers.map((s) => s.id)).not.to.include(operator!.id);
  });

  it('has a direct storefront for atlas-trails, one for coimbra-walks (no payment), and a marketplace of every other seller', () => {
    expect(direct.website_keys).to.deep.equal([DEMO_KEYS.direct]);
    expect(direct.definition).to.deep.include({
      name: 'Atlas Trails',
      seller_id: atlas.id,
      member_seller_ids: [],
      languages: ['en', 'es'],
      default_language: 'en',
      currencies: ['USD', 'EUR'],
      display_currency: 'USD',
      rounding: {},
      promise: null,
      rate_limit_per_minute: null,
      allowed_origins: ['https://www.atlastrails.example', 'http://localhost:3000'],
    });
    expect(market.website_keys).to.deep.equal([DEMO_KEYS.marketplace]);
    expect(market.definition).to.deep.include({
      name: 'TripMarket',
      seller_id: null,
      member_seller_ids: catalog.sellers.filter((s) => s !== seller('coimbra-walks')).map((s) => s.id),
      languages: ['en', 'de', 'ja'],
      default_language: 'en',
      currencies: ['USD', 'EUR', 'JPY', 'OMR'],
      display_currency: 'USD',
      rounding: { JPY: { increment: 10, mode: 'up' } },
      allowed_origins: ['https://www.tripmarket.example'],
      promise: { report_hours: 24, payer: 'platform' },
      rate_limit_per_minute: null,
    });
    const coimbra = catalog.storefronts.find((s) => s.website_keys.includes(DEMO_KEYS.noPayment))!;
    expect(coimbra.definition).to.deep.include({ kind: 'direct', seller_id: seller('coimbra-walks').id, currencies: ['EUR'] });
    expect(products.filter((p) => p.seller_id === seller('coimbra-walks').id)).to.have.length(1);
    for (const s of catalog.storefronts) {
      expect(s.definition.terms_url).to.equal('/terms');
      expect(s.definition.integrations).to.include({ consent: 'opt_in', enhanced_conversions: false });
    }
  });

  it('has at least 32 trips, at least 4 published per template, and 2 drafts', () => {
    expect(products).to.have.length.of.at.least(32);
    for (const template of TEMPLATES) {
      expect(
        published.filter((p) => p.definition.template === template),
        template,
      ).to.have.length.of.at.least(4);
    }
    expect(products.filter((p) => !p.published)).to.have.length(2);
    expect(products.every((p) => catalog.sellers.some((s) => s.id === p.seller_id))).to.equal(true);
  });

  it('spreads trips over at least 6 cities in at least 4 countries with real time zones', () => {
    expect(new Set(defs.map((d) => d.city.slug)).size).to.be.at.least(6);
    expect(new Set(defs.map((d) => d.country.slug)).size).to.be.at.least(4);
    for (const d of defs) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: d.timezone }), d.timezone).to.not.throw();
      expect(d.country.slug).to.match(/^[a-z]{2}$/);
    }
  });

  it('writes every trip in English and many in Spanish, German or Japanese', () => {
    for (const d of defs) {
      expect(d.default_locale).to.equal('en');
      for (const [locale, c] of Object.entries(d.content)) {
        expect(locale).to.match(/^[a-z]{2}$/);
        expect(c.title && c.summary && c.description, `${d.slug} ${locale}`).to.be.ok;
        expect(c.highlights).to.not.be.empty;
        expect(c.inclusions).to.not.be.empty;
      }
      expect(d.content).to.have.property('en');
    }
    const atlasDefs = products.filter((p) => p.seller_id === atlas.id).map((p) => p.definition);
    expect(atlasDefs.filter((d) => d.content['es'])).to.have.length.of.at.least(10);
    expect(atlasDefs.every((d) => d.content['es'])).to.equal(true);
    expect(defs.filter((d) => d.content['de'] || d.content['ja'])).to.have.length.of.at.least(4);
  });

  it('keeps durations, photos, places and categories consistent with each template', () => {
    for (const d of defs) {
      if (d.template === 'multi_day') {
        expect(d.duration_minutes, d.slug).to.equal(null);
        expect(d.duration_nights).to.equal(d.duration_days! - 1);
      } else {
        expect(d.duration_minutes, d.slug).to.be.above(0);
        expect(d.duration_days).to.equal(null);
        expect(d.duration_nights).to.equal(null);
      }
      expect(d.photos.length, d.slug).to.be.within(1, 4);
      d.photos.forEach((photo, i) => expect(photo.url).to.equal(`https://images.example/${d.slug}-${i + 1}.jpg`));
      expect(d.places).to.not.be.empty;
      expect(d.categories).to.not.be.empty;
    }
    expect(defs.filter((d) => d.rating !== null).length).to.be.above(defs.length / 2);
    expect(defs.some((d) => d.rating === null)).to.equal(true);
  });

  it('offers atlas-trails trips on the direct site only where network is false, and coimbra-walks its one on its own site', () => {
    const offline = products.filter((p) => !p.definition.network);
    expect(offline).to.have.length.of.at.least(3);
    expect(offline.every((p) => p.seller_id === atlas.id || p.seller_id === seller('coimbra-walks').id)).to.equal(true);
  });

  it('gives atlas-trails at least 24 published trips, so the direct storefront’s first page of 20 has a cursor', () => {
    const atlasPublished = published.filter((p) => p.seller_id === atlas.id);
    expect(atlasPublished).to.have.length.of.at.least(24);
    expect(new Set(atlasPublished.map((p) => p.definition.template)).size).to.equal(TEMPLATES.length);
    expect([...new Set(atlasPublished.map((p) => p.definition.city.slug))]).to.include.members(['lisbon', 'porto', 'seville', 'marrakesh', 'evora', 'granada']);
  });

  it('gives at least 12 published atlas-trails trips the simplest default option', () => {
    const atlasPublished = published.filter((p) => p.seller_id === atlas.id);
    const simple = atlasPublished.filter((p) => p.definition.options.some(isSimple));
    expect(simple).to.have.length.of.at.least(12);
    for (const p of simple) {
      const o = p.definition.options.find(isSimple)!;
      expect(o.traveller_details).to.deep.equal({ scope: 'lead', fields: [], collect: 'checkout', due_hours_before: null });
    }
  });

  it('marks exactly one default option per trip', () => {
    for (const d of defs)
      expect(
        d.options.filter((o) => o.is_default),
        d.slug,
      ).to.have.length(1);
  });

  it('prices only units the option has, and every paid unit in every tier of every table (seasons included)', () => {
    for (const o of options) {
      const unitIds = new Set(o.units.map((u) => u.id));
      for (const t of allTables(o).flat()) {
        for (const id of Object.keys(t.unit_prices)) expect(unitIds.has(id), `${o.name} ${id}`).to.equal(true);
        for (const id of Object.keys(t.age_prices ?? {})) expect(unitIds.has(id), `${o.name} ${id}`).to.equal(true);
        for (const u of o.units.filter((x) => !x.free)) expect(t.unit_prices[u.id], `${o.name} ${u.type}`).to.be.a('number');
        expect(Object.values(t.unit_prices).every((n) => Number.isInteger(n) && n > 0)).to.equal(true);
      }
      if (!o.ask_for_price) expect(allTables(o), o.name).to.not.be.empty;
    }
  });

  it('counts places exactly when capacity is limited, and confirms on-request options by hand', () => {
    for (const o of options) {
      // An on_request option may count places too (issue 7): the sushi class's eight stations.
      if (o.capacity_mode !== 'on_request') expect(o.availability.capacity === null, o.name).to.equal(o.capacity_mode !== 'limited');
      if (o.capacity_mode === 'on_request') expect(o.confirmation).to.equal('manual');
      expect(o.availability.from).to.equal(TODAY);
      expect(o.availability.until).to.equal(null);
      for (const date of o.availability.closed_dates) expect(date > TODAY).to.equal(true);
      for (const time of o.availability.times) expect(time).to.match(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(o.availability.weekdays.every((w) => w >= 1 && w <= 7)).to.equal(true);
    }
  });

  it('covers the harder booking cases somewhere in the catalog', () => {
    const has = (predicate: (o: OptionDefinition) => boolean) => expect(options.some(predicate)).to.equal(true);
    has((o) => o.capacity_mode === 'free_sale');
    has((o) => o.capacity_mode === 'on_request');
    has((o) => o.capacity_mode === 'on_request' && o.availability.capacity !== null);
    has((o) => o.capacity_mode === 'limited' && o.confirmation === 'manual');
    has((o) => o.ask_for_price && o.pricing.tiers.length === 0);
    has((o) => o.units.some((u) => u.type === 'child' && u.min_age === 3 && u.max_age === 11));
    has((o) => o.units.some((u) => u.free && !u.takes_seat));
    has((o) => o.pricing.tiers.some((t) => t.age_prices !== undefined));
    has((o) => o.pricing.tiers.length >= 3 && !o.private);
    has((o) => o.private && o.min_units !== null && o.max_units !== null && o.pricing.tiers.length >= 2);
    has((o) => o.vehicle === 'minivan');
    has((o) => (o.pickup?.rules.length ?? 0) > 1);
    has((o) => o.sales_paused);
    has((o) => o.availability.closed_dates.length > 0);
    has((o) => o.availability.weekdays.length < 7);
    has((o) => o.traveller_details.fields.join() === 'full_name,date_of_birth,passport_number');
    has(
      (o) =>
        o.room_types.some((r) => r.sleeps === 2 && r.solo_may_share && r.supplement === 0) &&
        o.room_types.some((r) => r.sleeps === 1 && r.supplement === 15000),
    );
    expect([...new Set(options.map((o) => o.policy.name))]).to.include.members(['Flexible', 'Moderate', 'Strict', 'Non-refundable']);
  });

  it('falls group prices as groups grow', () => {
    const tiered = options.filter((o) => o.pricing.tiers.length > 1);
    expect(tiered).to.not.be.empty;
    for (const o of tiered) {
      const adultId = o.units.find((u) => u.type === 'adult')!.id;
      const prices = o.pricing.tiers.map((t) => t.unit_prices[adultId]!);
      expect(prices, o.name).to.deep.equal([...prices].sort((a, b) => b - a));
    }
  });

  it('ties extras to options of their own trip and prices local extras in a local currency', () => {
    const extras = defs.flatMap((d: ProductDefinition) => d.extras.map((e) => ({ e, optionIds: d.options.map((o) => o.id) })));
    for (const { e, optionIds } of extras) {
      for (const id of e.option_ids) expect(optionIds).to.include(id);
      expect(e.local_price === null, e.name).to.equal(e.pay !== 'local');
    }
    expect(extras.some(({ e }) => e.included)).to.equal(true);
    expect(extras.some(({ e }) => e.option_ids.length > 0)).to.equal(true);
    expect(extras.some(({ e }) => e.pay === 'upfront' && !e.included)).to.equal(true);
    expect(extras.filter(({ e }) => e.local_price).map(({ e }) => e.local_price!.currency)).to.include.members(['JPY', 'OMR', 'EUR']);
  });
});
