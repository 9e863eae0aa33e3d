import { expect } from 'chai';
import zlib from 'node:zlib';
import { AnswerCache } from '../../../http/middleware/catalog-cache';

const json = (bytes: number, fill = 'x') => Buffer.from(JSON.stringify({ text: fill.repeat(bytes - 11) }));

/** Issue 5, section 5: no client can grow the answer cache without limit by asking many different URLs. */
describe('HTTP middleware: catalog answer cache', () => {
  it('keeps an answer, with its weak ETag, while the catalog version is the same', () => {
    const cache = new AnswerCache();
    const answer = cache.put('sf|/v1/public/products', 7, json(100));
    expect(answer.etag).to.match(/^W\/".+"$/);
    expect(cache.get('sf|/v1/public/products', 7)).to.equal(answer);
    expect(cache.get('sf|/v1/public/products', 8)).to.equal(undefined);
    expect(cache.get('other|/v1/public/products', 7)).to.equal(undefined);
  });

  it('keeps an answer from the second time its key is missed while it would still hold it, not one asked once in that while', () => {
    const cache = new AnswerCache(3, 1024 * 1024);
    expect(cache.admits('sf|a')).to.equal(false);
    expect(cache.admits('sf|a')).to.equal(true);
    // Three other keys missed since: a would have been pushed out before it was asked again.
    for (const key of ['sf|b', 'sf|c', 'sf|d']) expect(cache.admits(key)).to.equal(false);
    expect(cache.admits('sf|a')).to.equal(false);
    expect(cache.admits('sf|d')).to.equal(true);
  });

  it('holds at most its number of entries, oldest out first', () => {
    const cache = new AnswerCache(3, 1024 * 1024);
    for (let i = 0; i < 10; i++) cache.put(`sf|/v1/public/products?q=${i}`, 1, json(100));
    expect(cache.size.entries).to.equal(3);
    expect(cache.get('sf|/v1/public/products?q=9', 1)).not.to.equal(undefined);
    expect(cache.get('sf|/v1/public/products?q=6', 1)).to.equal(undefined);
  });

  it('holds at most its bytes, compressed copies included', async () => {
    const cache = new AnswerCache(1000, 10_000);
    for (let i = 0; i < 50; i++) {
      const answer = cache.put(`sf|/v1/public/products?q=${i}`, 1, json(1500, String.fromCharCode(97 + (i % 26))));
      await cache.encoded(answer, 'gzip');
      await cache.encoded(answer, 'br');
      expect(cache.size.bytes).to.be.at.most(10_000);
    }
    expect(cache.size.entries).to.be.greaterThan(0);
  });

  it('counts bytes exactly: what it reports is what it holds', async () => {
    const cache = new AnswerCache(2, 1_000_000);
    const first = cache.put('a', 1, json(2000));
    const gzip = await cache.encoded(first, 'gzip');
    expect(zlib.gunzipSync(gzip)).to.deep.equal(first.json);
    expect(cache.size.bytes).to.equal(2000 + gzip.length);
    cache.put('a', 2, json(300));
    expect(cache.size).to.deep.equal({ entries: 1, bytes: 300 });
    cache.put('b', 1, json(300));
    cache.put('c', 1, json(300));
    expect(cache.size).to.deep.equal({ entries: 2, bytes: 600 });
  });

  it('does not count the compressed copy of an answer it no longer holds', async () => {
    const cache = new AnswerCache(10, 5_000);
    const oversized = cache.put('big', 1, json(6_000));
    expect(cache.size).to.deep.equal({ entries: 0, bytes: 0 });
    await cache.encoded(oversized, 'br');
    expect(cache.size).to.deep.equal({ entries: 0, bytes: 0 });

    const evicted = cache.put('first', 1, json(3_000));
    cache.put('second', 1, json(3_000));
    expect(cache.get('first', 1)).to.equal(undefined);
    await cache.encoded(evicted, 'gzip');
    expect(cache.size).to.deep.equal({ entries: 1, bytes: 3_000 });
    // Still usable: new answers are kept.
    cache.put('third', 1, json(1_000));
    expect(cache.get('third', 1)).not.to.equal(undefined);
  });
});
