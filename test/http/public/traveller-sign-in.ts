import { expect } from 'chai';
import type { Mail } from '../../../application/platform/ports/mailer';
import { DIRECT_KEY, type SimpleTrip, type TestServer } from '../harness';

/** The token of the sign-in link in a mail (the link is the manage page's address with ?token=). */
export function linkToken(mail: Mail): string {
  const found = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!found) throw new Error(`no sign-in link in: ${mail.text}`);
  return found[1];
}

/** The sign-in mails sent to `email` so far, oldest first (after the reactors caught up). */
export async function signInMails(server: TestServer, email: string): Promise<Mail[]> {
  await server.engine.reactors.catchUp();
  // A mail about a booking links its manage page with a token too: sign-in mails are about none.
  return server.mails.filter((m) => m.to === email.toLowerCase() && !m.booking && /token=/.test(m.text));
}

/** Asks for a link from `address` and reads its token from the newest mail to `email`. */
export async function requestLink(server: TestServer, email: string, options: { key?: string; address?: string } = {}): Promise<string> {
  const asked = await server.request('POST', '/v1/public/auth/sign-in-link', {
    key: options.key ?? DIRECT_KEY,
    body: { email, locale: 'en' },
    headers: { 'X-Forwarded-For': options.address ?? '198.51.100.1' },
  });
  expect(asked.status, asked.text).to.equal(202);
  const mails = await signInMails(server, email);
  return linkToken(mails[mails.length - 1]);
}

/** The `name=value` of the session cookie an answer sets. */
export function sessionCookie(answer: { headers: Headers }): string {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('tp_session='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0];
}

/** Signs in by emailed link, as a site would: answers the Cookie header to pass on with the website key. */
export async function signIn(server: TestServer, email: string, key = DIRECT_KEY): Promise<string> {
  const token = await requestLink(server, email, { key });
  const verified = await server.request('POST', '/v1/public/auth/verify', { key, body: { token } });
  expect(verified.status, verified.text).to.equal(200);
  return sessionCookie(verified);
}

/** A confirmed booking of `qty` places at `start` with `email` as its lead. */
export async function book(server: TestServer, trip: SimpleTrip, email: string, start: string): Promise<{ ref: string; token: string }> {
  const selection = { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] };
  const hold = await server.request('POST', '/v1/public/holds', { body: selection });
  expect(hold.status, hold.text).to.equal(201);
  const lead = { name: 'Ana Lima', email, phone: '+351 912 345 678' };
  const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
  expect(checkout.status, checkout.text).to.equal(200);
  return { ref: checkout.body.ref, token: checkout.body.booking_token };
}
