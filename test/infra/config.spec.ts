import { expect } from 'chai';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../infra/config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).to.include({ port: 8080, eventStoreUrl: null, mongodbUrl: null, holdMinutes: 15, multiDayHoldMinutes: 30, seedDemo: true });
    expect(config.dataDir).to.equal(path.resolve('./data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000', DATA_DIR: '/tmp/x', EVENTSTORE_URL: 'esdb://localhost:2113?tls=false', MONGODB_URL: 'mongodb://localhost/trips',
      HOLD_MINUTES: '10', MULTI_DAY_HOLD_MINUTES: '40', SEED_DEMO: 'false',
    });
    expect(config).to.include({ port: 9000, dataDir: '/tmp/x', holdMinutes: 10, multiDayHoldMinutes: 40, seedDemo: false });
    expect(config.eventStoreUrl).to.equal('esdb://localhost:2113?tls=false');
    expect(config.mongodbUrl).to.equal('mongodb://localhost/trips');
  });

  it('names every bad value in one clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', HOLD_MINUTES: '0', MONGODB_URL: 'http://nope', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'HOLD_MINUTES', 'MONGODB_URL', 'SEED_DEMO']) expect(message).to.include(name);
  });
});
