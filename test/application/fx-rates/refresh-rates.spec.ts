import { expect } from 'chai';
import { createUseCases } from '../../../application/features';
import { refreshRates } from '../../../application/fx-rates';
import type { Platform } from '../../../application/platform/platform';
import type { FetchedRates, RateSource } from '../../../application/platform/ports/rate-source';
import { ProjectionRunner } from '../../../application/platform/processing/runner';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { ReadModelFx } from '../../../infra/fx/read-model-fx';
import { fxRatesProjector } from '../../../projections/fx-rates/projector';
import { FxRateReads } from '../../../projections/fx-rates/queries';
import { testPlatform } from '../test-platform';

const HOUR = 3_600_000;

/** A source that answers what the spec gives it and counts its calls. */
function stubSource(): RateSource & { next: FetchedRates; calls: number } {
  const source = {
    name: 'stub',
    next: { rates: [{ quote: 'EUR', rate: '0.95', rate_id: 'stub-1-EUR', as_of: '2026-11-20T15:00:00.000Z' }] } as FetchedRates,
    calls: 0,
    async fetch() {
      source.calls += 1;
      return source.next;
    },
  };
  return source;
}

describe('fx rates feature', () => {
  let events: SqliteEventStore;
  let runner: ProjectionRunner;
  let platform: Platform;
  let source: ReturnType<typeof stubSource>;
  let now: number;

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    runner = new ProjectionRunner(events, docs, [fxRatesProjector]);
    await runner.start();
    source = stubSource();
    now = Date.parse('2026-11-21T08:00:00.000Z');
    platform = testPlatform(events, docs, {
      clock: { now: () => new Date(now) },
      fx: new ReadModelFx(new FxRateReads(docs), () => runner.checkpoint(fxRatesProjector.name)),
      rateSource: source,
      awaitProjections: (position) => runner.waitFor(position),
    });
  });
  afterEach(async () => {
    await runner.stop();
    await events.close();
  });

  it('publishes rates the next price reads at once, and keeps every rate by its id', async () => {
    const app = createUseCases(platform).fxRates;
    const first = await app.publish([{ quote: 'EUR', rate: '0.9214', rate_id: 'op-1', as_of: '2026-11-20T00:00:00Z' }], 'c-1');
    expect(first).to.deep.include({ published: ['op-1'] });
    expect(platform.fx.rate('EUR')).to.deep.include({ rate: '0.9214', rate_id: 'op-1' });

    const second = await app.publish([{ quote: 'EUR', rate: '0.9300' }], 'c-2');
    expect(second).to.deep.include({ published: ['fx-2-EUR'] });
    expect(platform.fx.rate('EUR')).to.deep.equal({ base: 'USD', quote: 'EUR', rate: '0.9300', rate_id: 'fx-2-EUR', as_of: '2026-11-21T08:00:00.000Z' });
    expect(await app.latest()).to.deep.equal({
      rates: [
        { quote: 'EUR', rate: '0.9300', rate_id: 'fx-2-EUR', as_of: '2026-11-21T08:00:00.000Z', source: 'operator', published_at: '2026-11-21T08:00:00.000Z' },
      ],
    });
    expect(await app.rate('op-1')).to.deep.include({ rate: '0.9214', as_of: '2026-11-20T00:00:00.000Z' });
    expect(await app.rate('nope')).to.deep.include({ code: 'NotFound' });
  });

  it('seeds the rates on the first start only', async () => {
    const app = createUseCases(platform).fxRates;
    expect(await app.seed(source, 'seed-1')).to.deep.include({ published: ['stub-1-EUR'] });
    source.next = { rates: [{ quote: 'EUR', rate: '0.99', rate_id: 'stub-2-EUR', as_of: '2026-11-21T00:00:00.000Z' }] };
    expect(await app.seed(source, 'seed-2')).to.equal(null);
    expect(platform.fx.rate('EUR')?.rate_id).to.equal('stub-1-EUR');
  });

  it('fetches the source when its rates are FX_REFRESH_HOURS old, not before', async () => {
    expect(await refreshRates(platform)).to.equal('fetched');
    expect(platform.fx.rate('EUR')?.rate_id).to.equal('stub-1-EUR');

    now += 23 * HOUR;
    expect(await refreshRates(platform)).to.equal('not_due');
    expect(source.calls).to.equal(1);

    now += HOUR;
    source.next = { rates: [{ quote: 'EUR', rate: '0.96', rate_id: 'stub-2-EUR', as_of: '2026-11-21T15:00:00.000Z' }] };
    expect(await refreshRates(platform)).to.equal('fetched');
    expect(platform.fx.rate('EUR')).to.deep.include({ rate: '0.96', rate_id: 'stub-2-EUR' });

    platform.settings.fxRefreshHours = 6;
    now += 5 * HOUR;
    expect(await refreshRates(platform)).to.equal('not_due');
    now += HOUR;
    expect(await refreshRates(platform)).to.equal('fetched');
    expect(source.calls).to.equal(3);
  });

  it('logs a refusal of garbled rates from the source and keeps the rates it had', async () => {
    await refreshRates(platform);
    const errors: string[] = [];
    platform.log = { info: () => undefined, error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields)}`) };
    source.next = { rates: [{ quote: 'EUR', rate: '0' }] };
    now += 24 * HOUR;
    expect(await refreshRates(platform)).to.equal('fetched');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(/rates refused.*InvalidInput/);
    expect(platform.fx.rate('EUR')?.rate_id).to.equal('stub-1-EUR');
  });

  it('reports the currencies whose rate is older than FX_MAX_AGE_HOURS', async () => {
    const app = createUseCases(platform).fxRates;
    await app.publish(
      [
        { quote: 'EUR', rate: '0.92', as_of: '2026-11-18T00:00:00Z' },
        { quote: 'GBP', rate: '0.79' },
      ],
      'c-1',
    );
    expect(await app.freshness()).to.deep.equal({ stale: ['EUR'], oldest_as_of: '2026-11-18T00:00:00.000Z' });
  });
});
