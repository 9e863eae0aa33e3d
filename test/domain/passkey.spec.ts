import { expect } from 'chai';
import {
  type PasskeyChallengeEvent,
  type PasskeyEvent,
  type PasskeyRegistered,
  passkeyChallengeDecider,
  passkeyDecider,
  relyingParty,
} from '../../domain/passkey';
import { given } from './given-when-then';

const STOREFRONT = 'sf-direct';
const NOW = '2026-05-01T10:00:00.000Z';
const LATER = '2026-05-01T10:04:59.999Z';
const EXPIRES = '2026-05-01T10:05:00.000Z';

const passkey: PasskeyRegistered['data'] = {
  passkeyId: 'pk-1',
  storefrontId: STOREFRONT,
  email: 'ana@example.com',
  credentialId: 'cred-1',
  publicKey: 'cose-key',
  counter: 0,
  transports: ['internal'],
  aaguid: '00000000-0000-0000-0000-000000000000',
  deviceType: 'singleDevice',
  backedUp: false,
  name: 'My phone',
  registeredAt: NOW,
};
const registered: PasskeyEvent = { type: 'PasskeyRegistered', data: passkey };
const signedIn = (counter: number): PasskeyEvent => ({
  type: 'PasskeySignedIn',
  data: { passkeyId: 'pk-1', storefrontId: STOREFRONT, counter, backedUp: false, at: NOW },
});
const removed: PasskeyEvent = { type: 'PasskeyRemoved', data: { passkeyId: 'pk-1', storefrontId: STOREFRONT, at: NOW } };
const signIn = (counter: number, storefrontId = STOREFRONT) => ({ type: 'SignInWithPasskey' as const, storefrontId, counter, backedUp: false, now: NOW });
const remove = (email: string, storefrontId = STOREFRONT) => ({ type: 'RemovePasskey' as const, storefrontId, email, now: NOW });

describe('passkey decider', () => {
  describe('RegisterPasskey', () => {
    it('registers a new passkey for its storefront and email', () => {
      given(passkeyDecider).when({ type: 'RegisterPasskey', passkey }).then([registered]);
    });

    it('is a Conflict passkey_already_registered while the credential is registered', () => {
      given(passkeyDecider, [registered]).when({ type: 'RegisterPasskey', passkey }).thenRefused('Conflict', { reason: 'passkey_already_registered' });
    });

    it('registers a removed credential again', () => {
      given(passkeyDecider, [registered, removed]).when({ type: 'RegisterPasskey', passkey }).then([registered]);
    });
  });

  describe('SignInWithPasskey', () => {
    it('signs in with a count past the last one seen', () => {
      given(passkeyDecider, [registered, signedIn(4)])
        .when(signIn(5))
        .then([signedIn(5)]);
    });

    it('refuses a count that did not grow (a cloned authenticator, or a replayed assertion)', () => {
      given(passkeyDecider, [registered, signedIn(4)])
        .when(signIn(4))
        .thenRefused('Unauthenticated');
      given(passkeyDecider, [registered, signedIn(4)])
        .when(signIn(3))
        .thenRefused('Unauthenticated');
    });

    it('signs in again and again with an authenticator that keeps no count (always 0)', () => {
      given(passkeyDecider, [registered, signedIn(0)])
        .when(signIn(0))
        .then([signedIn(0)]);
    });

    it('refuses a removed passkey, an unknown one and another storefront alike', () => {
      const failed = [
        given(passkeyDecider, [registered, removed]).when(signIn(1)).thenRefused('Unauthenticated'),
        given(passkeyDecider).when(signIn(1)).thenRefused('Unauthenticated'),
        given(passkeyDecider, [registered]).when(signIn(1, 'sf-market')).thenRefused('Unauthenticated'),
      ];
      expect(new Set(failed.map((r) => r.detail)).size).to.equal(1);
    });
  });

  describe('RemovePasskey', () => {
    it("removes its owner's passkey", () => {
      given(passkeyDecider, [registered]).when(remove('ana@example.com')).then([removed]);
    });

    it('answers NotFound (entity passkey) to another email, another storefront, or a second removal', () => {
      given(passkeyDecider, [registered]).when(remove('bob@example.com')).thenRefused('NotFound', { entity: 'passkey' });
      given(passkeyDecider, [registered]).when(remove('ana@example.com', 'sf-market')).thenRefused('NotFound', { entity: 'passkey' });
      given(passkeyDecider, [registered, removed]).when(remove('ana@example.com')).thenRefused('NotFound', { entity: 'passkey' });
    });
  });
});

describe('passkey challenge decider', () => {
  const issued = (purpose: 'registration' | 'sign_in', sessionId: string | null): PasskeyChallengeEvent => ({
    type: 'PasskeyChallengeIssued',
    data: { purpose, storefrontId: STOREFRONT, sessionId, email: sessionId ? 'ana@example.com' : null, expiresAt: EXPIRES, issuedAt: NOW },
  });
  const spent: PasskeyChallengeEvent = { type: 'PasskeyChallengeSpent', data: { at: LATER } };
  const spend = (purpose: 'registration' | 'sign_in', sessionId: string | null, now = LATER, storefrontId = STOREFRONT) => ({
    type: 'SpendChallenge' as const,
    purpose,
    storefrontId,
    sessionId,
    now,
  });

  it('issues a challenge once', () => {
    const issue = {
      type: 'IssueChallenge' as const,
      purpose: 'sign_in' as const,
      storefrontId: STOREFRONT,
      sessionId: null,
      email: null,
      expiresAt: EXPIRES,
      now: NOW,
    };
    given(passkeyChallengeDecider)
      .when(issue)
      .then([issued('sign_in', null)]);
    given(passkeyChallengeDecider, [issued('sign_in', null)])
      .when(issue)
      .thenRefused('Conflict');
  });

  it('is spent once, before it expires', () => {
    given(passkeyChallengeDecider, [issued('sign_in', null)])
      .when(spend('sign_in', null))
      .then([spent]);
    given(passkeyChallengeDecider, [issued('sign_in', null), spent])
      .when(spend('sign_in', null))
      .thenRefused('Unauthenticated');
    given(passkeyChallengeDecider, [issued('sign_in', null)])
      .when(spend('sign_in', null, EXPIRES))
      .thenRefused('Unauthenticated');
  });

  it('serves only the ceremony, storefront and session it was given to', () => {
    given(passkeyChallengeDecider, [issued('registration', 'session-1')])
      .when(spend('sign_in', null))
      .thenRefused('Unauthenticated');
    given(passkeyChallengeDecider, [issued('sign_in', null)])
      .when(spend('sign_in', null, LATER, 'sf-market'))
      .thenRefused('Unauthenticated');
    given(passkeyChallengeDecider, [issued('registration', 'session-1')])
      .when(spend('registration', 'session-2'))
      .thenRefused('InvalidInput');
    given(passkeyChallengeDecider, [issued('registration', 'session-1')])
      .when(spend('registration', 'session-1'))
      .then([spent]);
  });

  it('refuses a registration as 422 passkey_not_verified on the response, and an unknown challenge alike', () => {
    const refusal = given(passkeyChallengeDecider).when(spend('registration', 'session-1')).thenRefused('InvalidInput');
    expect(refusal.fields.problems).to.deep.equal([
      { reason: 'passkey_not_verified', field: 'response', detail: 'the passkey could not be registered: ask for new registration options and try again' },
    ]);
  });
});

describe('relying party of a storefront', () => {
  const storefront = (allowed_origins: string[], manage_url?: string | null) => ({ name: 'Atlas Trails', allowed_origins, manage_url });

  it("is the first allowed origin's site, answering from it and allowed origins on its subdomains", () => {
    expect(
      relyingParty(storefront(['https://atlastrails.example', 'https://www.atlastrails.example', 'https://other.example', 'http://localhost:3000'])),
    ).to.deep.equal({
      id: 'atlastrails.example',
      name: 'Atlas Trails',
      origins: ['https://atlastrails.example', 'https://www.atlastrails.example'],
    });
  });

  it("is the manage page's site when the page is an address (spec 4.6: sign-in belongs to that site)", () => {
    expect(relyingParty(storefront(['https://www.atlastrails.example'], 'https://account.atlastrails.example/manage?x=1'))).to.deep.equal({
      id: 'account.atlastrails.example',
      name: 'Atlas Trails',
      origins: ['https://account.atlastrails.example'],
    });
    expect(relyingParty(storefront(['https://www.atlastrails.example'], '/account'))?.id).to.equal('www.atlastrails.example');
  });

  it('works on http://localhost for development', () => {
    expect(relyingParty(storefront(['http://localhost:3000']))).to.deep.equal({ id: 'localhost', name: 'Atlas Trails', origins: ['http://localhost:3000'] });
  });

  it('is none without a site a browser runs WebAuthn on', () => {
    expect(relyingParty(storefront([]))).to.equal(null);
    expect(relyingParty(storefront(['http://www.atlastrails.example']))).to.equal(null);
    expect(relyingParty(storefront(['https://www.atlastrails.example'], 'not an address'))).to.equal(null);
  });
});
