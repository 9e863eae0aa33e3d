import { loadConfig } from '../../infra/config';
import { expect } from 'chai';
import { EsdbEventStore } from '../../infra/event-store/esdb-event-store';
import { esdbConnectionString } from '../../infra/event-store/esdb-connection';

describe('EventStoreDB connection strings', () => {
  it('reads KurrentDB schemes as the esdb schemes of @eventstore/db-client 6', () => {
    expect(esdbConnectionString('kurrentdb://kurrentdb:2113?tls=false')).to.equal('esdb://kurrentdb:2113?tls=false');
    expect(esdbConnectionString('kdb://admin:secret@db:2113?tls=true')).to.equal('esdb://admin:secret@db:2113?tls=true');
    expect(esdbConnectionString('kurrentdb+discover://cluster.example:2113')).to.equal('esdb+discover://cluster.example:2113');
    expect(esdbConnectionString('kdb+discover://cluster.example:2113')).to.equal('esdb+discover://cluster.example:2113');
  });

  it('leaves esdb strings as they are', () => {
    expect(esdbConnectionString('esdb://localhost:2113?tls=false')).to.equal('esdb://localhost:2113?tls=false');
    expect(esdbConnectionString('esdb+discover://cluster.example:2113')).to.equal('esdb+discover://cluster.example:2113');
  });

  it('accepts every scheme it opens in the configuration', () => {
    for (const scheme of ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']) {
      expect(loadConfig({ EVENTSTORE_URL: `${scheme}://localhost:2113?tls=false` }).eventStoreUrl).to.equal(`${scheme}://localhost:2113?tls=false`);
    }
  });

  it('opens a store on every scheme the configuration accepts (the client connects on first use)', async () => {
    for (const url of [
      'esdb://localhost:2113?tls=false',
      'kurrentdb://localhost:2113?tls=false',
      'kdb://localhost:2113?tls=false',
      'kurrentdb+discover://localhost:2113?tls=false',
      'kdb+discover://localhost:2113?tls=false',
    ]) {
      const store = new EsdbEventStore(url);
      await store.close();
    }
  });
});
