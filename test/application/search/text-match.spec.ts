import { expect } from 'chai';
import { editDistance, words } from '../../../application/search/text-match';

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
});
