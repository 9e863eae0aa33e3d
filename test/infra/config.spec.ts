import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, dataDirProblem, loadConfig } from '../../infra/config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).to.include({ port: 8080, eventStoreUrl: null, mongodbUrl: null, holdMinutes: 15, multiDayHoldMinutes: 30, seedDemo: true });
    expect(config.dataDir).to.equal(path.resolve('./data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGODB_URL: 'mongodb://localhost/trips',
      HOLD_MINUTES: '10',
      MULTI_DAY_HOLD_MINUTES: '40',
      SEED_DEMO: 'false',
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

  it('listens on every IPv4 interface unless HOST says otherwise', () => {
    expect(loadConfig({}).host).to.equal('0.0.0.0');
    for (const host of ['127.0.0.1', '::', '::1', 'localhost', 'api.internal.example.com']) expect(loadConfig({ HOST: host }).host).to.equal(host);
  });

  it('refuses a HOST that is neither an IP address nor a host name', () => {
    for (const host of ['not a host', 'http://localhost', 'host:8080', '-leading.example.com']) {
      expect(() => loadConfig({ HOST: host }), host).to.throw(
        ConfigError,
        `HOST must be an IP address or a host name, e.g. 0.0.0.0, :: or localhost (got "${host}")`,
      );
    }
  });
});

describe('DATA_DIR at start', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes a missing folder and leaves nothing of its check behind', () => {
    const data = path.join(dir, 'nested', 'data');
    expect(dataDirProblem(data)).to.equal(null);
    expect(fs.readdirSync(data)).to.deep.equal([]);
  });

  it('names a file where the folder should be', () => {
    const file = path.join(dir, 'file');
    fs.writeFileSync(file, '');
    expect(dataDirProblem(file)).to.equal(`DATA_DIR ${file} cannot be used: it is not a directory`);
    expect(dataDirProblem(path.join(file, 'data'))).to.equal(`DATA_DIR ${path.join(file, 'data')} cannot be used: it is not a directory`);
  });

  it('names a folder it may not write to', function () {
    // Permissions do not stop root, so only another user can see this refusal.
    if (process.getuid?.() === 0) this.skip();
    const readOnly = path.join(dir, 'read-only');
    fs.mkdirSync(readOnly, { mode: 0o500 });
    expect(dataDirProblem(readOnly)).to.equal(`DATA_DIR ${readOnly} cannot be used: permission denied`);
  });
});
