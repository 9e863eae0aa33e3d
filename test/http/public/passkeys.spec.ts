import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, type Answer, type TestServer, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { SoftAuthenticator } from '../../support/soft-authenticator';
import { requestLink, sessionCookie } from './traveller-sign-in';

const REGISTER_OPTIONS = '/v1/public/auth/passkeys/register/options';
const REGISTER = '/v1/public/auth/passkeys/register/verify';
const SIGN_IN_OPTIONS = '/v1/public/auth/passkeys/sign-in/options';
const SIGN_IN = '/v1/public/auth/passkeys/sign-in/verify';
const MINE = '/v1/public/me/passkeys';

// The demo storefronts' sites: their first allowed origins.
const DIRECT_SITE = 'https://www.atlastrails.example';
const MARKET_SITE = 'https://www.tripmarket.example';

describe('HTTP: passkeys (spec 4.6)', () => {
  let server: TestServer;
  let published: PublishedSchemas;
  let addresses = 0;

  before(async () => {
    server = await startTestServer();
    published = await publishedSchemas(server);
  });
  after(() => server.close());

  /** A client address of its own for each sign-in, so the per-address limit only counts where a spec means it to. */
  const nextAddress = () => `203.0.113.${++addresses}`;
  const withCookie = (cookie: string, key = DIRECT_KEY) => ({ key, headers: { Cookie: cookie } });

  /** Signs in by emailed link (each from an address of its own, so the link limits stay out of the way); answers the Cookie header. */
  async function signIn(email: string, key = DIRECT_KEY): Promise<string> {
    const token = await requestLink(server, email, { key, address: nextAddress() });
    const verified = await server.request('POST', '/v1/public/auth/verify', { key, body: { token } });
    expect(verified.status, verified.text).to.equal(200);
    return sessionCookie(verified);
  }

  async function registrationOptions(cookie: string, key = DIRECT_KEY) {
    return published.expectAnswer('passkeyRegistrationOptions', await server.request('POST', REGISTER_OPTIONS, withCookie(cookie, key)));
  }

  /** Signs in by link, then adds a passkey on `authenticator` from the storefront's site. */
  async function registered(authenticator: SoftAuthenticator, email: string, options: { key?: string; site?: string; name?: string } = {}) {
    const key = options.key ?? DIRECT_KEY;
    const cookie = await signIn(email, key);
    const { options: creation } = await registrationOptions(cookie, key);
    const response = authenticator.create(creation, options.site ?? DIRECT_SITE);
    const added = await server.request('POST', REGISTER, { ...withCookie(cookie, key), body: { response, name: options.name ?? 'My phone' } });
    return { cookie, passkey: published.expectAnswer('registerPasskey', added), credentialId: response.id };
  }

  async function signInOptions(key = DIRECT_KEY, address = nextAddress()) {
    const answer = await server.request('POST', SIGN_IN_OPTIONS, { key, headers: { 'X-Forwarded-For': address } });
    return published.expectAnswer('passkeySignInOptions', answer).options;
  }

  const verifySignIn = (response: unknown, key = DIRECT_KEY): Promise<Answer> => server.request('POST', SIGN_IN, { key, body: { response } });

  const refusedSignIn = async (response: unknown, key = DIRECT_KEY) => published.expectProblem(await verifySignIn(response, key), 401, 'Unauthenticated');

  it('registers a passkey for the signed-in traveller, then signs in with it: a session as the emailed link opens', async () => {
    const authenticator = new SoftAuthenticator();
    const cookie = await signIn('Ana@Example.com');
    const { options, expires_at } = await registrationOptions(cookie);
    expect(options.rp).to.deep.equal({ id: 'www.atlastrails.example', name: 'Atlas Trails' });
    expect(options.user.name).to.equal('ana@example.com');
    expect(options.authenticatorSelection).to.include({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.attestation).to.equal('none');
    expect(Date.parse(expires_at) - Date.now()).to.equal(5 * 60_000);

    const response = authenticator.create(options, DIRECT_SITE);
    const added = await server.request('POST', REGISTER, { ...withCookie(cookie), body: { response, name: 'Laptop' } });
    const passkey = published.expectAnswer('registerPasskey', added);
    expect(passkey).to.deep.equal({ id: passkey.id, name: 'Laptop', synced: false, created_at: new Date().toISOString(), last_used_at: null });
    expect(published.expectAnswer('listMyPasskeys', await server.request('GET', MINE, withCookie(cookie))).data).to.deep.equal([passkey]);

    const signInWith = await signInOptions();
    expect(signInWith).to.include({ rpId: 'www.atlastrails.example', userVerification: 'preferred' });
    expect(signInWith.allowCredentials ?? []).to.deep.equal([]);
    const signedIn = await verifySignIn(authenticator.get(signInWith, DIRECT_SITE));
    expect(published.expectAnswer('signInWithPasskey', signedIn)).to.deep.include({ email: 'ana@example.com', return_path: null });
    const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('tp_session='));
    expect(setCookie).to.include('HttpOnly').and.include('Secure').and.include('SameSite=Lax');

    const session = sessionCookie(signedIn);
    const sessions = published.expectAnswer('listMySessions', await server.request('GET', '/v1/public/me/sessions', withCookie(session)));
    expect(sessions.data.find((s: { current: boolean }) => s.current).method).to.equal('passkey');
    const listed = published.expectAnswer('listMyPasskeys', await server.request('GET', MINE, withCookie(session))).data;
    expect(listed).to.deep.equal([{ ...passkey, last_used_at: new Date().toISOString() }]);
  });

  it('signs in again and again, each time with a new challenge and a higher signature count', async () => {
    const authenticator = new SoftAuthenticator({ synced: true });
    const { passkey } = await registered(authenticator, 'repeat@example.com');
    expect(passkey.synced).to.equal(true);
    for (let i = 0; i < 3; i++) {
      server.clock.tick(60_000);
      published.expectAnswer('signInWithPasskey', await verifySignIn(authenticator.get(await signInOptions(), DIRECT_SITE)));
    }
  });

  it('needs a session to register, list and remove passkeys: 401 Unauthenticated without one', async () => {
    published.expectProblem(await server.request('POST', REGISTER_OPTIONS), 401, 'Unauthenticated');
    published.expectProblem(await server.request('GET', MINE), 401, 'Unauthenticated');
    published.expectProblem(await server.request('DELETE', `${MINE}/0f8fad5b-d9cb-469f-a165-70867728950e`), 401, 'Unauthenticated');
    const cookie = await signIn('nosession@example.com');
    const { options } = await registrationOptions(cookie);
    const response = new SoftAuthenticator().create(options, DIRECT_SITE);
    published.expectProblem(await server.request('POST', REGISTER, { body: { response } }), 401, 'Unauthenticated');
    // Nor may another session answer the options this one asked for.
    const other = await signIn('nosession@example.com');
    const refused = await server.request('POST', REGISTER, { ...withCookie(other), body: { response } });
    expect(published.expectProblem(refused, 422, 'InvalidInput').problems).to.deep.equal([
      {
        reason: 'passkey_not_verified',
        field: 'response',
        detail: 'the passkey could not be registered: ask for new registration options and try again',
        details: null,
      },
    ]);
  });

  it('refuses an answer to a challenge it never gave, and the challenge it gave still works', async () => {
    const authenticator = new SoftAuthenticator();
    const { cookie } = await registered(authenticator, 'wrong@example.com');
    const options = await signInOptions();
    await refusedSignIn(authenticator.get(options, DIRECT_SITE, { challenge: Buffer.from('not the challenge given').toString('base64url') }));
    published.expectAnswer('signInWithPasskey', await verifySignIn(authenticator.get(options, DIRECT_SITE)));

    const { options: creation } = await registrationOptions(cookie);
    const forged = new SoftAuthenticator().create(creation, DIRECT_SITE, { challenge: Buffer.from('made up').toString('base64url') });
    published.expectProblem(await server.request('POST', REGISTER, { ...withCookie(cookie), body: { response: forged } }), 422, 'InvalidInput');
  });

  it('takes each challenge once: a replayed sign-in or registration is refused', async () => {
    const authenticator = new SoftAuthenticator();
    const { cookie } = await registered(authenticator, 'replay@example.com');
    const options = await signInOptions();
    const assertion = authenticator.get(options, DIRECT_SITE);
    published.expectAnswer('signInWithPasskey', await verifySignIn(assertion));
    await refusedSignIn(assertion);
    // A fresh signature over the spent challenge is refused too.
    await refusedSignIn(authenticator.get(options, DIRECT_SITE));

    const { options: creation } = await registrationOptions(cookie);
    const response = new SoftAuthenticator().create(creation, DIRECT_SITE);
    published.expectAnswer('registerPasskey', await server.request('POST', REGISTER, { ...withCookie(cookie), body: { response } }));
    published.expectProblem(await server.request('POST', REGISTER, { ...withCookie(cookie), body: { response } }), 422, 'InvalidInput');
  });

  it('a challenge expires after 5 minutes; one spent on a failed answer does not serve again', async () => {
    const authenticator = new SoftAuthenticator();
    await registered(authenticator, 'late@example.com');
    const options = await signInOptions();
    server.clock.tick(5 * 60_000);
    await refusedSignIn(authenticator.get(options, DIRECT_SITE));

    const fresh = await signInOptions();
    const phished = authenticator.get(fresh, 'https://www.atlastrails.example.evil.example', { rpId: 'www.atlastrails.example' });
    await refusedSignIn(phished);
    await refusedSignIn(authenticator.get(fresh, DIRECT_SITE));
  });

  it("refuses another storefront's passkey: a passkey signs in only where it was registered", async () => {
    const authenticator = new SoftAuthenticator();
    const { credentialId } = await registered(authenticator, 'direct@example.com');
    // The same credential's real signature, made for the marketplace's site, is refused there.
    const marketOptions = await signInOptions(MARKET_KEY);
    await refusedSignIn(authenticator.get(marketOptions, MARKET_SITE, { credentialId }), MARKET_KEY);
    // And the direct storefront's own assertion, sent with the marketplace's key.
    const marketChallenge = await signInOptions(MARKET_KEY);
    await refusedSignIn(authenticator.get({ ...marketChallenge, rpId: 'www.atlastrails.example' }, DIRECT_SITE), MARKET_KEY);
    // A passkey registered on the marketplace signs in there.
    const market = new SoftAuthenticator();
    await registered(market, 'direct@example.com', { key: MARKET_KEY, site: MARKET_SITE });
    published.expectAnswer('signInWithPasskey', await verifySignIn(market.get(await signInOptions(MARKET_KEY), MARKET_SITE), MARKET_KEY));
  });

  it('refuses a bad signature, another origin, a signature count that did not grow and an unknown passkey, all alike', async () => {
    const authenticator = new SoftAuthenticator();
    await registered(authenticator, 'tampered@example.com');
    const signedOnce = await verifySignIn(authenticator.get(await signInOptions(), DIRECT_SITE));
    published.expectAnswer('signInWithPasskey', signedOnce);

    // A passkey this storefront never registered, for its very site.
    const unregistered = new SoftAuthenticator();
    unregistered.create(
      { challenge: 'AA', rp: { id: 'www.atlastrails.example', name: 'Atlas Trails' }, user: { id: 'AA', name: 'x', displayName: 'x' } },
      DIRECT_SITE,
    );

    const good = authenticator.get(await signInOptions(), DIRECT_SITE);
    const flipped = Buffer.from(good.response.signature, 'base64url');
    flipped[flipped.length - 1] ^= 0x01;
    const problems = [
      await refusedSignIn({ ...good, response: { ...good.response, signature: flipped.toString('base64url') } }),
      await refusedSignIn(authenticator.get(await signInOptions(), 'https://evil.example', { rpId: 'www.atlastrails.example' })),
      await refusedSignIn(authenticator.get(await signInOptions(), DIRECT_SITE, { signCount: 1 })),
      await refusedSignIn(unregistered.get(await signInOptions(), DIRECT_SITE)),
    ];
    expect(new Set(problems.map((p) => p.detail)).size).to.equal(1);
  });

  it('removes a passkey: it no longer signs in, and only its owner can remove it', async () => {
    const authenticator = new SoftAuthenticator();
    const { cookie, passkey } = await registered(authenticator, 'remove@example.com');
    const stranger = await signIn('stranger@example.com');
    published.expectProblem(await server.request('DELETE', `${MINE}/${passkey.id}`, withCookie(stranger)), 404, 'NotFound');

    const removed = published.expectAnswer('removeMyPasskey', await server.request('DELETE', `${MINE}/${passkey.id}`, withCookie(cookie)));
    expect(removed).to.deep.equal({ id: passkey.id, removed: true });
    expect(published.expectAnswer('listMyPasskeys', await server.request('GET', MINE, withCookie(cookie))).data).to.deep.equal([]);
    await refusedSignIn(authenticator.get(await signInOptions(), DIRECT_SITE));
    expect(published.expectProblem(await server.request('DELETE', `${MINE}/${passkey.id}`, withCookie(cookie)), 404, 'NotFound').entity).to.equal('passkey');
  });

  it("lists only the traveller's own passkeys on this storefront, newest first, and does not offer them again", async () => {
    const phone = new SoftAuthenticator();
    const laptop = new SoftAuthenticator();
    const first = await registered(phone, 'lists@example.com', { name: 'Phone' });
    server.clock.tick(1000);
    const second = await registered(laptop, 'lists@example.com', { name: 'Laptop' });
    await registered(new SoftAuthenticator(), 'someone@example.com');
    await registered(new SoftAuthenticator(), 'lists@example.com', { key: MARKET_KEY, site: MARKET_SITE });

    const mine = published.expectAnswer('listMyPasskeys', await server.request('GET', MINE, withCookie(second.cookie))).data;
    expect(mine.map((p: { name: string }) => p.name)).to.deep.equal(['Laptop', 'Phone']);
    const { options } = await registrationOptions(second.cookie);
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).to.have.members([first.credentialId, second.credentialId]);
    expect(() => phone.create(options, DIRECT_SITE)).to.throw(/InvalidStateError/);
  });

  it('refuses bodies that do not fit with 422 InvalidInput naming the field', async () => {
    const cookie = await signIn('bodies@example.com');
    const cases: [string, Record<string, unknown>, string][] = [
      [SIGN_IN, {}, 'response'],
      [SIGN_IN, { response: { id: 'a', rawId: 'a', type: 'password', response: {}, clientExtensionResults: {} } }, 'type'],
      [REGISTER, { response: { id: 'not base64url!', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} } }, 'id'],
      [
        REGISTER,
        {
          response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'a', attestationObject: 'a' }, clientExtensionResults: {} },
          name: '',
        },
        'name',
      ],
    ];
    for (const [url, body, field] of cases) {
      const problem = published.expectProblem(await server.request('POST', url, { ...withCookie(cookie), body }), 422, 'InvalidInput');
      expect(problem.problems.map((p: { field: string }) => p.field).join(' ')).to.include(field);
    }
  });

  it('gives sign-in options 20 times an hour to one client address (first X-Forwarded-For entry); the 21st is 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await server.request('POST', SIGN_IN_OPTIONS, { headers: { 'X-Forwarded-For': `192.0.2.77, 10.0.0.${i}` } })).status).to.equal(200);
      server.clock.tick(60_000);
    }
    const refused = await server.request('POST', SIGN_IN_OPTIONS, { key: MARKET_KEY, headers: { 'X-Forwarded-For': '192.0.2.77' } });
    // The first of the 20 leaves the hour 40 minutes from now.
    expect(published.expectProblem(refused, 429, 'RateLimited').retry_after_seconds).to.equal(40 * 60);
    expect(refused.headers.get('retry-after')).to.equal(String(40 * 60));
    expect((await server.request('POST', SIGN_IN_OPTIONS, { headers: { 'X-Forwarded-For': '192.0.2.78' } })).status).to.equal(200);
    server.clock.tick(40 * 60_000);
    expect((await server.request('POST', SIGN_IN_OPTIONS, { headers: { 'X-Forwarded-For': '192.0.2.77' } })).status).to.equal(200);
  });
});

describe('HTTP: passkey sign-in limits survive a restart (spec part 8)', () => {
  it('counts the sign-in options of the hour before the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-passkeys-'));
    const ask = (server: TestServer) => server.request('POST', SIGN_IN_OPTIONS, { headers: { 'X-Forwarded-For': '198.51.100.70' } });
    try {
      const first = await startTestServer({ dataDir });
      for (let i = 0; i < 20; i++) expect((await ask(first)).status).to.equal(200);
      await first.close();

      const second = await startTestServer({ dataDir }, new Date('2026-11-22T08:15:00.000Z'));
      try {
        const refused = await ask(second);
        expect(refused.status).to.equal(429);
        expect(refused.headers.get('retry-after')).to.equal(String(45 * 60));
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
