import { expect } from 'chai';
import {
  type SignInLinkIssued,
  type SignInLinkRequested,
  type TravellerSessionOpened,
  signInAddressDecider,
  signInLinkAddress,
  signInLinkDecider,
  signInLinkUsable,
  signInRequestsDecider,
  travellerSessionDecider,
} from '../../domain/traveller';
import { fold, given } from './given-when-then';

const NOW = '2026-11-22T08:00:00.000Z';
const minutesAfter = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

describe('traveller sign-in (spec 4.6, 5.6, part 8)', () => {
  describe('sign-in links asked for one email: 5 an hour', () => {
    const requested = (at: string): SignInLinkRequested => ({
      type: 'SignInLinkRequested',
      data: { storefrontId: 'sf-1', email: 'ana@example.com', locale: 'en', returnPath: null, requestedAt: at, expiresAt: minutesAfter(at, 15) },
    });
    const ask = (now: string) =>
      ({
        type: 'RequestSignInLink',
        storefrontId: 'sf-1',
        email: 'ana@example.com',
        locale: 'en',
        returnPath: null,
        now,
        expiresAt: minutesAfter(now, 15),
      }) as const;
    const fourBefore = [0, 10, 20, 30].map((m) => requested(minutesAfter(NOW, m)));

    it('given four links this hour, when a fifth is asked, then it is requested', () => {
      given(signInRequestsDecider, fourBefore)
        .when(ask(minutesAfter(NOW, 40)))
        .then([requested(minutesAfter(NOW, 40))]);
    });

    it('given five links this hour, when a sixth is asked, then 429 RateLimited until the first leaves the hour', () => {
      const five = [...fourBefore, requested(minutesAfter(NOW, 40))];
      given(signInRequestsDecider, five)
        .when(ask(minutesAfter(NOW, 45)))
        .thenRefused('RateLimited', { retry_after_seconds: 15 * 60 });
      given(signInRequestsDecider, five)
        .when(ask(minutesAfter(NOW, 60)))
        .then([requested(minutesAfter(NOW, 60))]);
    });

    it('keeps no more of the past than the limit needs', () => {
      const many = Array.from({ length: 40 }, (_, i) => requested(minutesAfter(NOW, i)));
      expect(fold(signInRequestsDecider, many).requestedAt).to.have.length(5);
    });
  });

  describe('sign-in attempts of one client address: 20 an hour for each purpose', () => {
    const counted = (purpose: 'link' | 'passkey', at: string) => ({ type: 'SignInAttemptCounted', data: { purpose, at } }) as const;
    const twenty = Array.from({ length: 20 }, (_, i) => counted('link', minutesAfter(NOW, i)));

    it('given 20 link attempts this hour, when another comes, then 429; a passkey attempt has its own count', () => {
      given(signInAddressDecider, twenty)
        .when({ type: 'CountSignInAttempt', purpose: 'link', now: minutesAfter(NOW, 30) })
        .thenRefused('RateLimited', { retry_after_seconds: 30 * 60 });
      given(signInAddressDecider, twenty)
        .when({ type: 'CountSignInAttempt', purpose: 'passkey', now: minutesAfter(NOW, 30) })
        .then([counted('passkey', minutesAfter(NOW, 30))]);
    });
  });

  describe('a sign-in link: issued, spent once, until it expires', () => {
    const issued: SignInLinkIssued = {
      type: 'SignInLinkIssued',
      data: { storefrontId: 'sf-1', email: 'ana@example.com', returnPath: '/bookings', issuedAt: NOW, expiresAt: minutesAfter(NOW, 15) },
    };
    const spend = (now: string, storefrontId = 'sf-1') => ({ type: 'SpendSignInLink', storefrontId, sessionId: 'session-1', now }) as const;

    it('given an issued link, when spent in time on its storefront, then it is spent', () => {
      given(signInLinkDecider, [issued])
        .when(spend(minutesAfter(NOW, 14)))
        .then([{ type: 'SignInLinkSpent', data: { sessionId: 'session-1', at: minutesAfter(NOW, 14) } }]);
    });

    it('refuses alike (401) a link never issued, spent, expired or of another storefront', () => {
      const spent = { type: 'SignInLinkSpent', data: { sessionId: 'session-0', at: NOW } } as const;
      const refusals = [
        given(signInLinkDecider).when(spend(NOW)).thenRefused('Unauthenticated'),
        given(signInLinkDecider, [issued, spent]).when(spend(NOW)).thenRefused('Unauthenticated'),
        given(signInLinkDecider, [issued])
          .when(spend(minutesAfter(NOW, 15)))
          .thenRefused('Unauthenticated'),
        given(signInLinkDecider, [issued]).when(spend(NOW, 'sf-2')).thenRefused('Unauthenticated'),
      ];
      for (const refusal of refusals) expect(refusal).to.deep.equal(refusals[0]);
    });

    it('is usable only while verify would spend it', () => {
      expect(signInLinkUsable(fold(signInLinkDecider, [issued]), 'sf-1', minutesAfter(NOW, 14))).to.equal(true);
      expect(signInLinkUsable(fold(signInLinkDecider, [issued]), 'sf-1', minutesAfter(NOW, 15))).to.equal(false);
      expect(signInLinkUsable(fold(signInLinkDecider, []), 'sf-1', NOW)).to.equal(false);
    });

    it("leads to the storefront's manage page: a path joins the site's first origin; an address is taken as it is", () => {
      const site = { allowed_origins: ['https://www.atlas.example', 'http://localhost:3000'] };
      expect(signInLinkAddress({ ...site }, 'sl_abc')).to.equal('https://www.atlas.example/manage?token=sl_abc');
      expect(signInLinkAddress({ ...site, manage_url: '/account' }, 'sl_abc')).to.equal('https://www.atlas.example/account?token=sl_abc');
      expect(signInLinkAddress({ ...site, manage_url: 'https://book.atlas.example/m?lang=en' }, 'sl_abc')).to.equal(
        'https://book.atlas.example/m?lang=en&token=sl_abc',
      );
    });
  });

  describe('a traveller session', () => {
    const opened: TravellerSessionOpened = {
      type: 'TravellerSessionOpened',
      data: {
        sessionId: 's-1',
        storefrontId: 'sf-1',
        email: 'ana@example.com',
        tokenHash: 'digest',
        method: 'link',
        openedAt: NOW,
        expiresAt: '2026-12-22T08:00:00.000Z',
      },
    };
    const open = { type: 'OpenTravellerSession', ...opened.data, now: NOW } as const;

    it('opens once; opening it again changes nothing', () => {
      const { openedAt: _openedAt, ...command } = open;
      given(travellerSessionDecider).when(command).then([opened]);
      given(travellerSessionDecider, [opened]).when(command).thenNothing();
    });

    it('is revoked once; a session that never opened is not found', () => {
      const revoked = { type: 'TravellerSessionRevoked', data: { sessionId: 's-1', at: NOW } } as const;
      given(travellerSessionDecider, [opened]).when({ type: 'RevokeTravellerSession', now: NOW }).then([revoked]);
      given(travellerSessionDecider, [opened, revoked]).when({ type: 'RevokeTravellerSession', now: NOW }).thenNothing();
      given(travellerSessionDecider).when({ type: 'RevokeTravellerSession', now: NOW }).thenRefused('NotFound', { entity: 'session' });
    });
  });
});
