import { expect } from 'chai';
import { FxEvent, FxCommand, OfferedRate, PublishedRate, fxRatesDecider, ratesFreshness } from '../../domain/fx';
import { at } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-11-20T12:00:00.000Z');
const AT = NOW.toISOString();

const publish = (rates: OfferedRate[], source = 'operator', now = NOW): FxCommand => ({ type: 'PublishRates', rates, source, now });
const rate = (quote: string, value: string, rateId: string, asOf = '2026-11-01T00:00:00.000Z'): PublishedRate => ({ quote, rate: value, rateId, asOf });
const published = (rates: PublishedRate[], source = 'operator', when = AT): FxEvent => ({ type: 'RatesPublished', data: { rates, source, at: when } });

const DEMO = published([rate('USD', '1', 'demo-USD'), rate('EUR', '0.9214', 'demo-EUR')], 'file', '2026-11-01T00:00:00.000Z');

describe('fx rates decider', () => {
  it('publishes rates, naming and dating those that come without an id or date', () => {
    given(fxRatesDecider, [DEMO])
      .when(
        publish([
          { quote: 'EUR', rate: '0.9300' },
          { quote: 'JPY', rate: '152.5', rate_id: 'ecb-JPY', as_of: '2026-11-20T10:00:00+01:00' },
        ]),
      )
      .then([published([rate('EUR', '0.9300', 'fx-2-EUR', AT), rate('JPY', '152.5', 'ecb-JPY', '2026-11-20T09:00:00.000Z')])]);
  });

  it('makes each published rate its currency newest and keeps every rate by its id', () => {
    const state = given(fxRatesDecider, [DEMO, published([rate('EUR', '0.95', 'fx-2-EUR', AT)])]).state;
    expect(state.latest.EUR).to.deep.equal(rate('EUR', '0.95', 'fx-2-EUR', AT));
    expect(state.byId['demo-EUR']).to.deep.equal(rate('EUR', '0.9214', 'demo-EUR'));
    expect(state.lastPublishedBy).to.deep.equal({ file: '2026-11-01T00:00:00.000Z', operator: AT });
  });

  it('changes nothing when the same rates come again under their ids', () => {
    given(fxRatesDecider, [DEMO])
      .when(publish([{ quote: 'EUR', rate: '0.92140', rate_id: 'demo-EUR', as_of: '2026-11-01T00:00:00Z' }]))
      .thenNothing();
  });

  it('keeps out a rate dated before its currency newest, publishing the rest', () => {
    given(fxRatesDecider, [published([rate('EUR', '0.95', 'fx-1-EUR', AT)])])
      .when(
        publish([
          { quote: 'EUR', rate: '0.90', rate_id: 'old-EUR', as_of: '2026-11-02T00:00:00Z' },
          { quote: 'GBP', rate: '0.79', rate_id: 'gbp-1' },
        ]),
      )
      .then([published([rate('GBP', '0.79', 'gbp-1', AT)])]);
  });

  it('refuses Conflict rate_id_taken when an id names other figures', () => {
    given(fxRatesDecider, [DEMO])
      .when(publish([{ quote: 'EUR', rate: '0.99', rate_id: 'demo-EUR', as_of: '2026-11-01T00:00:00Z' }]))
      .thenRefused('Conflict', { reason: 'rate_id_taken' });
  });

  it('refuses non-positive, garbled and misplaced rates with one InvalidInput problem each', () => {
    const refusal = given(fxRatesDecider)
      .when(
        publish([
          { quote: 'EUR', rate: '0' },
          { quote: 'GBP', rate: '-1.2' },
          { quote: 'JPY', rate: '1e3' },
          { quote: 'yen', rate: '150' },
          { quote: 'USD', rate: '1.1' },
          { quote: 'CHF', rate: '0.9', as_of: '2026-12-01T00:00:00Z' },
          { quote: 'SEK', rate: '10', as_of: 'yesterday' },
          { quote: 'NOK', rate: '11', rate_id: 'has spaces' },
          null as unknown as OfferedRate,
        ]),
      )
      .thenRefused('InvalidInput');
    const fields = (refusal.fields.problems as { field: string }[]).map((p) => p.field);
    expect(fields).to.deep.equal([
      'rates[0].rate',
      'rates[1].rate',
      'rates[2].rate',
      'rates[3].quote',
      'rates[4].rate',
      'rates[5].as_of',
      'rates[6].as_of',
      'rates[7].rate_id',
      'rates[8]',
    ]);
  });

  it('refuses an empty list and a currency listed twice', () => {
    given(fxRatesDecider).when(publish([])).thenRefused('InvalidInput');
    const refusal = given(fxRatesDecider)
      .when(
        publish([
          { quote: 'EUR', rate: '0.9' },
          { quote: 'EUR', rate: '0.91' },
        ]),
      )
      .thenRefused('InvalidInput');
    expect(refusal.fields.problems).to.have.length(1);
  });
});

describe('rates freshness', () => {
  const latest = [
    { quote: 'USD', as_of: '2026-01-01T00:00:00.000Z' },
    { quote: 'EUR', as_of: '2026-11-19T16:00:00.000Z' },
    { quote: 'OMR', as_of: '2026-11-01T00:00:00.000Z' },
    { quote: 'JPY', as_of: '2026-11-18T11:59:00.000Z' },
  ];

  it('names the currencies whose newest rate is older than the limit, never the dollar', () => {
    expect(ratesFreshness(latest, NOW, 48)).to.deep.equal({ stale: ['JPY', 'OMR'], oldest_as_of: '2026-11-01T00:00:00.000Z' });
    expect(ratesFreshness(latest, NOW, 24 * 30)).to.deep.equal({ stale: [], oldest_as_of: '2026-11-01T00:00:00.000Z' });
    expect(ratesFreshness([], NOW, 48)).to.deep.equal({ stale: [], oldest_as_of: null });
  });
});
