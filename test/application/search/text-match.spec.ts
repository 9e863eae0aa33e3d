import { expect } from 'chai';
import { editDistance, indexTerms, queryWords, titleSummaryMatch, words } from '../../../application/search/text-match';
import { content, product } from '../../domain/fixtures';

describe('free-text matching of trips', () => {
  it('folds case and accents into words', () => {
    expect(words('Sé de LISBOA, Alcázar!')).to.deep.equal(['se', 'de', 'lisboa', 'alcazar']);
    // Vowel signs and viramas belong to their word.
    expect(words('दिल्ली दार्जिलिंग')).to.have.length(2);
  });

  it('counts typos: substitutions, insertions, deletions and swapped neighbours', () => {
    expect(editDistance('lisbon', 'lisbon', 1)).to.equal(0);
    expect(editDistance('lisbin', 'lisbon', 1)).to.equal(1);
    expect(editDistance('lisbn', 'lisbon', 1)).to.equal(1);
    expect(editDistance('lsibon', 'lisbon', 1)).to.equal(1);
    expect(editDistance('flamneco', 'flamenco', 2)).to.equal(1);
    expect(editDistance('porto', 'lisbon', 1)).to.equal(2);
  });

  it('indexes scripts written without spaces by pairs of characters, and the rest by word', () => {
    expect(indexTerms('東京で寿司')).to.deep.equal(['東京', '京で', 'で寿', '寿司']);
    expect(indexTerms('teamLabプラネッツ 茶')).to.deep.equal(['teamlab', 'プラ', 'ラネ', 'ネッ', 'ッツ', '茶']);
    expect(indexTerms('Sé de Lisboa')).to.deep.equal(['se', 'de', 'lisboa']);
  });

  it('lets an unspaced query word miss as many pairs as its allowed typos can spoil', () => {
    expect(queryWords('Alfama 寿司')).to.deep.equal([
      { kind: 'spaced', term: 'alfama' },
      { kind: 'unspaced', grams: ['寿司'], needed: 1 },
    ]);
    // Four characters allow one typo, which spoils at most two of the three pairs.
    expect(queryWords('寿司造り')).to.deep.equal([{ kind: 'unspaced', grams: ['寿司', '司造', '造り'], needed: 1 }]);
  });

  describe('title and summary words, while search is down', () => {
    const trip = product({
      content: { en: { ...content('Tile painting workshop'), summary: 'Paint your own azulejo.' }, ja: { ...content('タイル絵付け体験'), summary: '' } },
      places: [{ slug: 'alfama', name: 'Alfama' }],
    });

    it('finds whole words of the title and the summary in any language, a title word counting more', () => {
      expect(titleSummaryMatch('tile')(trip)).to.be.greaterThan(titleSummaryMatch('azulejo')(trip));
      expect(titleSummaryMatch('azulejo')(trip)).to.be.greaterThan(0);
      expect(titleSummaryMatch('絵付け')(trip)).to.be.greaterThan(0);
    });

    it('finds no stop, no typo, no part of a word, and nothing for punctuation alone', () => {
      expect(titleSummaryMatch('alfama')(trip)).to.equal(0);
      expect(titleSummaryMatch('azulejso')(trip)).to.equal(0);
      expect(titleSummaryMatch('paint workshop zebra')(trip)).to.equal(0);
      expect(titleSummaryMatch('work')(trip)).to.equal(0);
      expect(titleSummaryMatch('((((')(trip)).to.equal(0);
    });
  });
});
