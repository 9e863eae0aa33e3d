import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, type TestServer, startTestServer, simpleTrip, openStart } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { book, linkToken, requestLink, sessionCookie, signInMails } from './traveller-sign-in';

const LINK = '/v1/public/auth/sign-in-link';

describe('HTTP: signing in by emailed link (spec 4.6, 5.6, part 8)', () => {
  let server: TestServer;
  let published: PublishedSchemas;

  beforeEach(async () => {
    server = await startTestServer();
    published = await publishedSchemas(server);
  });
  afterEach(() => server.close());

  const ask = (email: string, address = '198.51.100.1', extra: Record<string, unknown> = {}) =>
    server.request('POST', LINK, { body: { email, locale: 'en', ...extra }, headers: { 'X-Forwarded-For': address } });
  const check = (token: string, key = DIRECT_KEY) => server.request('POST', '/v1/public/auth/check', { key, body: { token } });
  const verify = (token: string, key = DIRECT_KEY) => server.request('POST', '/v1/public/auth/verify', { key, body: { token } });

  it('mails a one-time link to the manage page; check does not spend it; verify signs in with the session cookie', async () => {
    const asked = await ask('Ana.Lima@Example.com', '198.51.100.1', { return_path: '/bookings?tab=next' });
    expect(published.expectAnswer('requestSignInLink', asked)).to.deep.equal({ sent: true });

    const [mail] = await signInMails(server, 'ana.lima@example.com');
    expect(mail.locale).to.equal('en');
    expect(mail.text).to.match(/https:\/\/www\.atlastrails\.example\/manage\?token=sl_[A-Za-z0-9_-]+/);
    const token = linkToken(mail);
    // 192 random bits: 32 base64url characters after the prefix.
    expect(token.length - 'sl_'.length).to.be.at.least(22);
    expect(JSON.stringify(await server.engine.events.readAll(-1, 100_000))).not.to.include(token);

    expect(published.expectAnswer('checkSignInLink', await check(token)).usable).to.equal(true);
    expect((await check(token)).body.usable).to.equal(true);

    const verified = await verify(token);
    expect(published.expectAnswer('verifySignInLink', verified)).to.deep.include({ email: 'ana.lima@example.com', return_path: '/bookings?tab=next' });
    expect(Date.parse(verified.body.expires_at) - Date.now()).to.equal(30 * 86_400_000);
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith('tp_session='));
    expect(setCookie).to.be.a('string');
    const attributes = (setCookie as string).split(';').map((a) => a.trim());
    expect(attributes).to.include.members(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', `Max-Age=${30 * 86_400}`]);
    expect(sessionCookie(verified).length).to.be.greaterThan('tp_session=ts_'.length + 22);

    expect((await check(token)).body.usable).to.equal(false);
    const again = await verify(token);
    const wrong = await verify('sl_not-a-token-at-all');
    published.expectProblem(again, 401, 'Unauthenticated');
    expect(again.body).to.deep.equal(wrong.body);
  });

  it('mails in the locale asked when the storefront has it, else in its default language', async () => {
    await ask('es@example.com', '198.51.100.1', { locale: 'es' });
    await ask('ja@example.com', '198.51.100.1', { locale: 'ja' });
    expect((await signInMails(server, 'es@example.com'))[0].locale).to.equal('es');
    expect((await signInMails(server, 'ja@example.com'))[0].locale).to.equal('en');
  });

  it('a link expires after SIGN_IN_LINK_MINUTES (15): then it answers as a wrong one', async () => {
    const token = await requestLink(server, 'late@example.com');
    server.clock.tick(15 * 60_000 - 1000);
    expect((await check(token)).body.usable).to.equal(true);
    server.clock.tick(1000);
    expect((await check(token)).body.usable).to.equal(false);
    const expired = await verify(token);
    const wrong = await verify('sl_wrong');
    expect(expired.status).to.equal(401);
    expect(expired.body).to.deep.equal(wrong.body);
  });

  it("a link signs in only on its own storefront: another storefront's key finds it unusable and it stays usable at home", async () => {
    const token = await requestLink(server, 'ana@example.com');
    expect((await check(token, MARKET_KEY)).body.usable).to.equal(false);
    expect((await verify(token, MARKET_KEY)).status).to.equal(401);
    expect((await check(token)).body.usable).to.equal(true);
  });

  it('answers the same whether or not the email has bookings, and mails a link either way (no enumeration)', async () => {
    const trip = await simpleTrip(server);
    await book(server, trip, 'booked@example.com', await openStart(server, trip.optionId));
    const booked = await ask('booked@example.com');
    const unknown = await ask('nobody@example.com');
    expect(booked.status).to.equal(unknown.status);
    expect(booked.body).to.deep.equal(unknown.body);
    expect([...booked.headers.keys()].filter((h) => h !== 'date' && h !== 'x-request-id')).to.deep.equal(
      [...unknown.headers.keys()].filter((h) => h !== 'date' && h !== 'x-request-id'),
    );
    expect(await signInMails(server, 'booked@example.com')).to.have.length(1);
    expect(await signInMails(server, 'nobody@example.com')).to.have.length(1);
  });

  it('sends 5 links an hour to one email (any case, any address); the 6th is 429 RateLimited with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await ask(i % 2 ? 'Many@Example.com' : 'many@example.com', `203.0.113.${i + 1}`)).status).to.equal(202);
      server.clock.tick(60_000);
    }
    const refused = await ask('many@example.com', '203.0.113.99');
    const problem = published.expectProblem(refused, 429, 'RateLimited');
    // The first link leaves the hour 55 minutes from now.
    expect(problem.retry_after_seconds).to.equal(55 * 60);
    expect(refused.headers.get('retry-after')).to.equal(String(55 * 60));
    expect(await signInMails(server, 'many@example.com')).to.have.length(5);

    server.clock.tick(55 * 60_000);
    expect((await ask('many@example.com', '203.0.113.99')).status).to.equal(202);
  });

  it('takes 20 links an hour from one client address (first X-Forwarded-For entry); the 21st is 429, other addresses go on', async () => {
    const from = '192.0.2.10, 10.0.0.1';
    for (let i = 0; i < 20; i++) expect((await ask(`person${i}@example.com`, from)).status).to.equal(202);
    const refused = await ask('person20@example.com', '192.0.2.10, 10.9.9.9');
    const problem = published.expectProblem(refused, 429, 'RateLimited');
    expect(problem.retry_after_seconds).to.equal(3600);
    expect(refused.headers.get('retry-after')).to.equal('3600');
    expect((await ask('person20@example.com', '192.0.2.11')).status).to.equal(202);
    // A refused address did not spend the email's own limit.
    expect(await signInMails(server, 'person20@example.com')).to.have.length(1);
  });

  it('refuses a body that does not fit with 422 InvalidInput naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', locale: 'en' }, 'email'],
      [{ email: 'a@example.com' }, 'locale'],
      [{ email: 'a@example.com', locale: 'en', return_path: '//evil.example/' }, 'return_path'],
      [{ email: 'a@example.com', locale: 'en', return_path: 'https://evil.example/' }, 'return_path'],
      [{ email: 'a@example.com', locale: 'en', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const refused = await server.request('POST', LINK, { body });
      const problem = published.expectProblem(refused, 422, 'InvalidInput');
      expect(problem.problems.map((p: { field: string }) => p.field).join(' ')).to.include(field);
    }
    published.expectProblem(await server.request('POST', '/v1/public/auth/verify', { body: {} }), 422, 'InvalidInput');
  });

  it('a secret key opens no traveller endpoint: no website key is 401, and a secret key beside one signs no one in', async () => {
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings', { key: null, secret: OWNER_KEY }), 401, 'Unauthenticated');
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings', { secret: OWNER_KEY }), 401, 'Unauthenticated');
  });
});

describe('HTTP: sign-in limits survive a restart (spec part 8)', () => {
  it('counts the links of the hour before the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-sign-in-'));
    try {
      const first = await startTestServer({ dataDir });
      for (let i = 0; i < 5; i++) {
        const asked = await first.request('POST', LINK, { body: { email: 'again@example.com', locale: 'en' }, headers: { 'X-Forwarded-For': '198.51.100.7' } });
        expect(asked.status).to.equal(202);
      }
      await first.close();

      const second = await startTestServer({ dataDir }, new Date('2026-11-22T08:10:00.000Z'));
      try {
        const refused = await second.request('POST', LINK, {
          body: { email: 'again@example.com', locale: 'en' },
          headers: { 'X-Forwarded-For': '198.51.100.8' },
        });
        expect(refused.status).to.equal(429);
        expect(refused.headers.get('retry-after')).to.equal(String(50 * 60));
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
