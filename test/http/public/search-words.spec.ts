import { expect } from 'chai';
import { MARKET_KEY, TestServer, startTestServer } from '../harness';

const q = (text: string) => encodeURIComponent(text);

describe('HTTP: search with several words, and places and categories by their names in every language (spec 4.2, issue 6)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  /** Every item of a search, page by page, in order; checks total against the items. */
  async function searchIds(query: string, key = MARKET_KEY): Promise<string[]> {
    const ids: string[] = [];
    let total = -1;
    for (let page = 1; total < 0 || ids.length < total; page++) {
      const answer = await server.request('GET', `/v1/public/search?per_page=50&page=${page}&${query}`, { key });
      expect(answer.status, answer.text).to.equal(200);
      total = answer.body.total;
      if (answer.body.data.length === 0) break;
      ids.push(...answer.body.data.map((t: any) => t.id));
    }
    expect(ids, 'total counts the items').to.have.length(total);
    return ids;
  }

  async function listIds(query: string, key = MARKET_KEY): Promise<string[]> {
    const answer = await server.request('GET', `/v1/public/products?limit=100&${query}`, { key });
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.data).to.have.length(answer.body.total);
    return answer.body.data.map((t: any) => t.id);
  }

  /** The trips each word finds alone, and how many of the words each trip has. */
  async function wordsFound(words: string[], find: (query: string) => Promise<string[]>): Promise<Map<string, number>> {
    const count = new Map<string, number>();
    for (const word of words) for (const id of await find(`q=${q(word)}`)) count.set(id, (count.get(id) ?? 0) + 1);
    return count;
  }

  const expectMostWordsFirst = (order: string[], count: Map<string, number>) => {
    expect(order).to.have.members([...count.keys()]);
    const counts = order.map((id) => count.get(id) as number);
    expect(counts, 'trips with more of the words come first').to.deep.equal([...counts].sort((a, b) => b - a));
  };

  describe('several words', () => {
    it('finds trips with some of the words when none has them all, those with the most first (search)', async () => {
      const words = ['lisbon', 'tram', 'tour'];
      const count = await wordsFound(words, searchIds);
      expect(
        [...count.values()].some((n) => n >= 2),
        'some trip has two of the words',
      ).to.equal(true);
      expect(
        [...count.values()].every((n) => n < 3),
        'no trip has all three',
      ).to.equal(true);
      const order = await searchIds(`q=${q('lisbon tram tour')}`);
      expect(order.length).to.be.greaterThan(0);
      expectMostWordsFirst(order, count);
    });

    it('does the same in the trip list q', async () => {
      const count = await wordsFound(['lisbon', 'tram', 'tour'], listIds);
      const order = await listIds(`q=${q('lisbon tram tour')}`);
      expectMostWordsFirst(order, count);
    });

    it('puts trips with every word before those with some, and keeps forgiving typos', async () => {
      const count = await wordsFound(['alfama', 'castle'], searchIds);
      expect([...count.values()]).to.include(2);
      expectMostWordsFirst(await searchIds(`q=${q('alfama castle')}`), count);
      const both = [...count].filter(([, n]) => n === 2).map(([id]) => id);
      const misspelt = await searchIds(`q=${q('alfma castel')}`);
      expect(misspelt.slice(0, both.length), 'a typo in each word').to.have.members(both);
    });

    it('still ranks the trip titled Alfama first', async () => {
      const answer = await server.request('GET', '/v1/public/search?q=alfama', { key: MARKET_KEY });
      expect(answer.body.data[0].title).to.match(/^Alfama and Castle/);
      const lisbonTram = await server.request('GET', `/v1/public/search?q=${q('alfama tram')}`, { key: MARKET_KEY });
      expect(lisbonTram.body.data[0].title).to.match(/^Alfama and Castle/);
    });
  });

  describe('places and categories by the names the filter lists give them', () => {
    const cases: [string, string, string][] = [
      ['ja', 'リスボン', 'city=lisbon'],
      ['ja', 'マスカット', 'city=muscat'],
      ['ja', '京都', 'city=kyoto'],
      ['ja', '文化', 'category=culture'],
      ['de', 'Lissabon', 'city=lisbon'],
      ['de', 'Maskat', 'city=muscat'],
      ['es', 'Kioto', 'city=kyoto'],
      ['es', 'Sevilla', 'city=seville'],
      ['es', 'cultura', 'category=culture'],
    ];
    for (const [locale, name, filter] of cases) {
      it(`${locale}: q=${name} finds every trip of ${filter}`, async () => {
        const filtered = await searchIds(`locale=${locale}&${filter}`);
        expect(filtered.length, `the demo has trips for ${filter}`).to.be.greaterThan(0);
        const found = await searchIds(`locale=${locale}&q=${q(name)}`);
        expect(found).to.include.members(filtered);
        expect(await listIds(`locale=${locale}&q=${q(name)}`), 'the trip list q too').to.include.members(filtered);
      });
    }

    it('finds a Japanese name typed within a sentence with other words', async () => {
      const lisbon = await searchIds('city=lisbon');
      const found = await searchIds(`locale=ja&q=${q('リスボン ツアー')}`);
      expect(found).to.include.members(lisbon);
    });
  });
});
