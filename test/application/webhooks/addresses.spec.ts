import { expect } from 'chai';
import { isPrivateAddress, urlProblem } from '../../../application/webhooks/addresses';
import { newEndpointSecret, openSecret, sealSecret } from '../../../application/webhooks/sealing';
import { publicOnlyLookup, sendWebhook } from '../../../application/webhooks/sender';

describe('webhook addresses and secrets', () => {
  it('knows private, loopback and reserved addresses, IPv4-mapped ones too', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).to.equal(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).to.equal(false);
  });

  it('admits only https:// addresses whose every resolved address is public', async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? [];
    const resolve = dns({ 'hooks.example.com': ['93.184.216.34'], 'rebind.example.com': ['93.184.216.34', '127.0.0.1'] });
    expect(await urlProblem('https://hooks.example.com/in', false, resolve)).to.equal(null);
    expect(await urlProblem('http://hooks.example.com/in', false, resolve)).to.match(/https:\/\//);
    expect(await urlProblem('https://rebind.example.com/in', false, resolve)).to.match(/private/);
    expect(await urlProblem('https://127.0.0.1/in', false, resolve)).to.match(/private/);
    expect(await urlProblem('https://[::1]/in', false, resolve)).to.match(/private/);
    expect(await urlProblem('https://nowhere.example.com/in', false, resolve)).to.match(/does not resolve/);
    expect(await urlProblem('not a url', false, resolve)).to.match(/absolute/);
  });

  it('WEBHOOK_ALLOW_PRIVATE_URLS admits http:// and loopback', async () => {
    expect(await urlProblem('http://127.0.0.1:9999/in', true)).to.equal(null);
    expect(await urlProblem('ftp://127.0.0.1/in', true)).to.match(/https:\/\/ or http:\/\//);
  });

  it('seals secrets so only the server secret opens them', () => {
    const secret = newEndpointSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).to.have.length(24);
    const sealed = sealSecret('server secret one', secret);
    expect(sealed).to.not.include(secret.slice(6));
    expect(openSecret('server secret one', sealed)).to.equal(secret);
    expect(openSecret('server secret two', sealed)).to.equal(null);
  });
});

describe('webhook sender', () => {
  it('connects only to addresses it checked: a name resolving to loopback at delivery is refused (DNS rebinding)', async () => {
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicOnlyLookup('localhost', { family: 0 }, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error?.code).to.equal('EADDRNOTALLOWED');
  });

  it('refuses to send to a private address unless allowed', async () => {
    expect(await sendWebhook('https://127.0.0.1:9/in', {}, '{}', 300, false)).to.deep.equal({
      status: null,
      error: 'url must not reach a private, loopback or reserved address',
    });
  });
});
