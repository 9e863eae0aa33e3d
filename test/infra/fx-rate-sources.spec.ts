import { expect } from 'chai';
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fixedRates } from '../../infra/fx';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { RATES_FILE, fileRateSource } from '../../infra/fx/file-rate-source';
import { httpRateSource, ratesFromEcbXml } from '../../infra/fx/http-rate-source';
import { ReadModelFx } from '../../infra/fx/read-model-fx';
import { FX_RATES } from '../../projections/fx-rates/doc';
import { FxRateReads } from '../../projections/fx-rates/queries';

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='2026-11-20'>
      <Cube currency='USD' rate='1.0850'/>
      <Cube currency='JPY' rate='164.23'/>
      <Cube currency="GBP" rate="0.85600"/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('rate sources', () => {
  describe('the ECB daily XML', () => {
    it('turns rates per euro into rates per US dollar, named by day and dated at 16:00 Frankfurt time', () => {
      const { rates } = ratesFromEcbXml(ECB_XML);
      const asOf = '2026-11-20T15:00:00.000Z';
      expect(rates).to.deep.equal([
        { quote: 'USD', rate: '1', rate_id: 'ecb-2026-11-20-USD', as_of: asOf },
        { quote: 'JPY', rate: '151.364', rate_id: 'ecb-2026-11-20-JPY', as_of: asOf },
        { quote: 'GBP', rate: '0.78894', rate_id: 'ecb-2026-11-20-GBP', as_of: asOf },
        { quote: 'EUR', rate: '0.921659', rate_id: 'ecb-2026-11-20-EUR', as_of: asOf },
      ]);
    });

    it('throws on a file without a day, a dollar rate, or with a garbled rate', () => {
      expect(() => ratesFromEcbXml('<html>maintenance</html>')).to.throw(/no day/);
      expect(() => ratesFromEcbXml(ECB_XML.replace("currency='USD'", "currency='CHF'"))).to.throw(/no US dollar/);
      expect(() => ratesFromEcbXml(ECB_XML.replace("rate='164.23'", "rate='-3'"))).to.throw(/garbled/);
      expect(() => ratesFromEcbXml(ECB_XML.replace("rate='164.23'", "rate='N/A'"))).to.throw(/garbled/);
    });
  });

  describe('over HTTP (a local server)', () => {
    let server: Server;
    let base: string;
    let answer = { status: 200, body: ECB_XML };

    before(async () => {
      server = http.createServer((_req, res) => {
        res.writeHead(answer.status, { 'Content-Type': 'text/xml' });
        res.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the daily file and answers its rates', async () => {
      answer = { status: 200, body: ECB_XML };
      const source = httpRateSource(`${base}/eurofxref-daily.xml`);
      expect(source.name).to.equal('ecb');
      expect((await source.fetch()).rates.map((r) => r.quote)).to.deep.equal(['USD', 'JPY', 'GBP', 'EUR']);
    });

    it('throws when the feed answers an error', async () => {
      answer = { status: 503, body: 'down' };
      let failure: unknown;
      await httpRateSource(`${base}/eurofxref-daily.xml`)
        .fetch()
        .catch((error: unknown) => (failure = error));
      expect(String(failure)).to.match(/answered 503/);
    });
  });

  describe('the demo file', () => {
    let dataDir: string;
    beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-rates-'))));
    afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('ships the figures the demo has always priced with', async () => {
      const { rates } = await fileRateSource(dataDir).fetch();
      for (const rate of rates) expect(rate.rate, rate.quote).to.equal(fixedRates.rate(rate.quote)?.rate);
      expect(rates.map((r) => r.quote)).to.deep.equal(['USD', 'EUR', 'GBP', 'JPY', 'OMR']);
    });

    it('reads DATA_DIR/fx-rates.json instead when it is there, and throws when it is not JSON', async () => {
      fs.writeFileSync(path.join(dataDir, RATES_FILE), JSON.stringify({ rates: [{ quote: 'EUR', rate: '0.95' }] }));
      expect(await fileRateSource(dataDir).fetch()).to.deep.equal({ rates: [{ quote: 'EUR', rate: '0.95' }] });
      fs.writeFileSync(path.join(dataDir, RATES_FILE), '{rates:');
      let failure: unknown;
      await fileRateSource(dataDir)
        .fetch()
        .catch((error: unknown) => (failure = error));
      expect(String(failure)).to.match(/not JSON/);
    });
  });
});

describe('rates from the read model (the Fx port)', () => {
  it('answers the newest rate of each currency, read again once the read model moved', async () => {
    const docs = new MemoryDocumentStore();
    const rates = docs.collection(FX_RATES);
    const doc = (rate: string, rateId: string) => ({
      _id: 'EUR',
      quote: 'EUR',
      rate,
      rate_id: rateId,
      as_of: '2026-11-20T15:00:00.000Z',
      source: 'ecb',
      published_at: '',
    });
    await rates.insertOne(doc('0.92', 'ecb-1'));
    let version = 1;
    const fx = new ReadModelFx(new FxRateReads(docs), () => version);
    expect(fx.rate('EUR')).to.equal(null);
    await fx.refresh();
    expect(fx.rate('EUR')).to.deep.equal({ base: 'USD', quote: 'EUR', rate: '0.92', rate_id: 'ecb-1', as_of: '2026-11-20T15:00:00.000Z' });
    expect(fx.rate('CHF')).to.equal(null);

    await rates.replaceOne({ _id: 'EUR' }, doc('0.93', 'ecb-2'));
    // Unchanged version: nothing read again.
    await fx.refresh();
    expect(fx.rate('EUR')?.rate_id).to.equal('ecb-1');
    version = 2;
    await fx.refresh();
    expect(fx.rate('EUR')?.rate_id).to.equal('ecb-2');
  });
});
