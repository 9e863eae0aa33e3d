import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import sinon from 'sinon';
import { catalogPricer, facetsOf, keptCard, orderTrips } from '../../../application/catalog';
import type { StorefrontDoc } from '../../../application/platform/context';
import type { Platform } from '../../../application/platform/platform';
import { ProjectionRunner } from '../../../application/platform/processing/runner';
import { openSearchIndex, searchFeature, textRelevance } from '../../../application/search';
import { CatalogService, sellerFeature } from '../../../application/seller';
import type { ProductDefinition } from '../../../domain/catalog/definitions';
import { isRefusal } from '../../../domain/shared/refusal';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { CatalogReads } from '../../../projections/catalog/queries';
import { PRODUCTS, type ProductDoc } from '../../../projections/catalog/doc';
import { catalogProjector } from '../../../projections/catalog/projector';
import { content, option, product, sellerDefinition, storefrontDefinition, tier, unit } from '../../domain/fixtures';
import { testPlatform } from '../test-platform';

const SELLER = 'seller-1';
const STOREFRONT = 'storefront-1';
const caller = { sellerId: SELLER, correlationId: 'test' };

/** A trip with ids of its own (ids are unique across the catalog), a title, a summary, stops and categories, in Porto unless said. */
function trip(
  slug: string,
  title: string,
  more: { city?: string; summary?: string; stops?: string[]; categories?: string[]; ja?: string } = {},
): ProductDefinition {
  const adult = unit({ id: randomUUID(), min_qty: 1, max_qty: 10 });
  const named = (name: string) => ({ slug: name.toLowerCase().replace(/\W+/g, '-'), name });
  return product({
    slug,
    content: {
      en: { ...content(title), summary: more.summary ?? 'A day out.' },
      ...(more.ja ? { ja: { ...content(more.ja), summary: more.ja } } : {}),
    },
    city: named(more.city ?? 'Porto'),
    region: named('Norte'),
    places: (more.stops ?? []).map(named),
    categories: (more.categories ?? []).map(named),
    options: [option({ id: randomUUID(), units: [adult], pricing: { tiers: [tier(1, null, { [adult.id]: 5000 })] } })],
  });
}

describe('search index: the published trips of the catalog projection', () => {
  let events: SqliteEventStore;
  let docs: MemoryDocumentStore;
  let runner: ProjectionRunner;
  let platform: Platform;
  let seller: ReturnType<typeof sellerFeature.create>;
  let storefront: StorefrontDoc;

  async function open(enabled = true) {
    await openSearchIndex(docs, { enabled, catalogVersion: () => runner.checkpoint(catalogProjector.name) });
  }

  async function publish(definition: ProductDefinition): Promise<string> {
    const created = await seller.createProduct(caller, definition);
    if (isRefusal(created)) throw new Error(created.detail);
    const published = await seller.publishProduct(caller, created.id, true);
    if (isRefusal(published)) throw new Error(published.detail);
    return created.id;
  }

  async function found(q: string): Promise<string[]> {
    const relevance = await textRelevance(docs, q);
    // Every product, drafts and withdrawn trips included: the index alone must leave them out.
    const products = await docs.collection<ProductDoc>(PRODUCTS).find({});
    return products
      .map((p) => ({ slug: p.slug, score: relevance(p) }))
      .filter((p) => p.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((p) => p.slug);
  }

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    docs = new MemoryDocumentStore();
    runner = new ProjectionRunner(events, docs, [catalogProjector]);
    await runner.start();
    platform = testPlatform(events, docs, { awaitProjections: (position) => runner.waitFor(position) });
    seller = sellerFeature.create(platform);
    const catalog = new CatalogService(platform.commands, platform.clock, new CatalogReads(docs));
    await catalog.createSeller(sellerDefinition(), SELLER);
    const done = await catalog.createStorefront(storefrontDefinition({ seller_id: SELLER }), STOREFRONT);
    if (isRefusal(done)) throw new Error(done.detail);
    await runner.waitFor(done.position);
    storefront = (await new CatalogReads(docs).storefront(STOREFRONT)) as StorefrontDoc;
  });

  afterEach(async () => {
    await runner.stop();
    await events.close();
  });

  describe('kept current by the catalog projection', () => {
    it('finds a trip published, changed or withdrawn through the seller interface on the very next search, with no time passing', async () => {
      const clock = sinon.useFakeTimers({ now: new Date('2026-11-22T08:00:00.000Z'), toFake: ['Date'] });
      try {
        await open();
        const created = await seller.createProduct(caller, trip('harbour-cruise', 'Harbour cruise at dusk'));
        if (isRefusal(created)) throw new Error(created.detail);
        expect(await found('harbour'), 'a draft is not searchable').to.deep.equal([]);

        await seller.publishProduct(caller, created.id, true);
        expect(await found('harbour')).to.deep.equal(['harbour-cruise']);

        await seller.replaceProduct(caller, created.id, trip('harbour-cruise', 'Riverside cruise at dusk'));
        expect(await found('harbour'), 'the old title is gone').to.deep.equal([]);
        expect(await found('riverside')).to.deep.equal(['harbour-cruise']);

        await seller.publishProduct(caller, created.id, false);
        expect(await found('riverside'), 'a withdrawn trip is gone').to.deep.equal([]);
        expect(clock.now).to.equal(new Date('2026-11-22T08:00:00.000Z').getTime());
      } finally {
        clock.restore();
      }
    });

    it('reads the products again only when the catalog has moved, and then only the documents written since', async () => {
      await publish(trip('old-town-walk', 'Old town walk'));
      await open();
      const find = sinon.spy(docs.collection(PRODUCTS), 'find');
      await found('walk');
      await found('town');
      const reads = find.getCalls().filter((c) => JSON.stringify(c.args[0]).includes('_position'));
      expect(reads, 'nothing moved: no read').to.have.length(0);

      await publish(trip('castle-walk', 'Castle walk'));
      expect(await found('walk')).to.have.members(['old-town-walk', 'castle-walk']);
      const since = find.getCalls().filter((c) => JSON.stringify(c.args[0]).includes('_position'));
      expect(since).to.have.length(1);
      find.restore();
    });

    it('is down until it is built, and for good when switched off, while the trip list q still finds title and summary words', async () => {
      await publish(trip('tile-workshop', 'Tile painting workshop', { summary: 'Paint azulejos.', stops: ['Alfama'] }));
      const search = searchFeature({ catalogPricer, keptCard, orderTrips, facetsOf }).create(platform);
      const query = { page: 1, per_page: 20 };
      expect(await search.search(storefront, query)).to.deep.include({ refused: true, code: 'SearchUnavailable' });
      expect(await found('azulejos'), 'summary words without the index').to.deep.equal(['tile-workshop']);
      expect(await found('alfama'), 'a stop counts only with the index').to.deep.equal([]);
      expect(await found('azulejso'), 'no typos without the index').to.deep.equal([]);

      await open(false);
      expect(await search.search(storefront, query)).to.deep.include({ refused: true, code: 'SearchUnavailable' });

      await open(true);
      const answer = await search.search(storefront, query);
      expect(answer).to.include({ total: 1, page: 1 });
      expect(await found('alfama')).to.deep.equal(['tile-workshop']);
    });
  });

  describe('best matches first', () => {
    beforeEach(async () => {
      await publish(trip('tuk-tuk', 'Hills by tuk-tuk', { stops: ['Alfama', 'Graça'], summary: 'Ride up the hills.' }));
      await publish(trip('fado-night', 'Fado night', { summary: 'Dinner and fado in Alfama.' }));
      await publish(trip('castle-walk', 'Alfama and Castle walk', { stops: ['São Jorge Castle'], categories: ['Walking tours'] }));
      await publish(trip('food-tour', 'Food tour', { categories: ['Alfama food'] }));
      await open();
    });

    it('puts a word of the title before the same word in a stop or a category, and those before one in the summary', async () => {
      const order = await found('alfama');
      expect(order[0]).to.equal('castle-walk');
      expect(order.slice(1, 3)).to.have.members(['tuk-tuk', 'food-tour']);
      expect(order[3]).to.equal('fado-night');
    });

    it('puts a word as typed before one it only starts, and that before one with a typo', async () => {
      await publish(trip('walkers-day', 'Walkers day'));
      await publish(trip('welk-market', 'Welk market'));
      const order = await found('walk');
      expect(order.indexOf('castle-walk')).to.be.below(order.indexOf('walkers-day'));
      expect(order.indexOf('walkers-day')).to.be.below(order.indexOf('welk-market'));
    });

    it('puts trips with every word of the query first, then those with some, adding up where each is found', async () => {
      const both = await found('castle alfama');
      expect(both[0]).to.equal('castle-walk');
      expect(both.slice(1)).to.have.members(['tuk-tuk', 'food-tour', 'fado-night']);
      expect(await found('alfama zebra'), 'a word no trip has does not hide the others').to.deep.equal(await found('alfama'));
      expect(await found('zebra')).to.deep.equal([]);
      expect(await found('((((')).to.deep.equal([]);
    });
  });

  describe('typos, accents and scripts', () => {
    beforeEach(async () => {
      await publish(trip('lisbon-walk', 'Lisbon old town walk', { city: 'Lisbon', stops: ['São Jorge Castle'], summary: 'Through Alfama and Mouraria.' }));
      await publish(trip('flamenco', 'Flamenco show in Triana', { summary: 'An evening of cante and baile.' }));
      await publish(trip('sushi', 'Sushi-making class', { ja: '東京で寿司作り体験' }));
      await publish(trip('teamlab', 'Digital art museum', { ja: 'チームラボプラネッツ 日時指定チケット' }));
      await open();
    });

    it('forgives one typo in a word of 4 to 7 letters and two from 8, counting swapped neighbours as one', async () => {
      expect(await found('lsibon')).to.deep.equal(['lisbon-walk']);
      expect(await found('lisbn')).to.deep.equal(['lisbon-walk']);
      expect(await found('flamneco')).to.deep.equal(['flamenco']);
      expect(await found('flmaneoc'), 'three edits in eight letters').to.deep.equal([]);
      expect(await found('lsbin'), 'two edits in five letters').to.deep.equal([]);
      expect(await found('shwo'), 'swapped neighbours in four letters').to.deep.equal(['flamenco']);
    });

    it('folds case and accents, both ways', async () => {
      expect(await found('SAO JORGE')).to.deep.equal(['lisbon-walk']);
      expect(await found('alfamá')).to.deep.equal(['lisbon-walk']);
    });

    it('finds Japanese inside its words, in any language the trip is written in, with a wrong or missing character', async () => {
      expect(await found('寿司')).to.deep.equal(['sushi']);
      expect(await found('寿司造り'), 'a wrong kanji').to.deep.equal(['sushi']);
      expect(await found('チームラボプラネット'), 'a wrong last kana').to.deep.equal(['teamlab']);
      expect(await found('京都')).to.deep.equal([]);
    });

    it('finds a place or category by the name the filter lists give it in any language, typed whole', async () => {
      await publish(trip('kyoto-temples', 'Temples at dawn', { city: 'Kyoto', categories: ['Culture'] }));
      expect(await found('リスボン')).to.deep.equal(['lisbon-walk']);
      expect(await found('Lissabon')).to.deep.equal(['lisbon-walk']);
      expect(await found('京都')).to.deep.equal(['kyoto-temples']);
      expect(await found('Kioto')).to.deep.equal(['kyoto-temples']);
      expect(await found('文化')).to.deep.equal(['kyoto-temples']);
      expect(await found('Kultur')).to.deep.equal(['kyoto-temples']);
    });
  });
});
