import { locale, uuid } from '../kernel/params';
import { int, obj, ref, str, withDefault } from '../kernel/schema';
import { operationsFor } from '../kernel/operation';
import { isRefusal } from '../../domain/shared/refusal';
import { SESSION_COOKIE, type SessionCaller } from '../middleware/traveller-session';

/** Operations of the traveller's account: their caller carries the session exchange (cookie, client address). */
const accountOperation = operationsFor<SessionCaller>();

const email = str({ format: 'email', maxLength: 320, 'x-expected': 'an email address, e.g. ana@example.com' });
const returnPath = str({
  maxLength: 2000,
  pattern: '^/(?![/\\\\])[^\\s\\\\]*$',
  'x-expected': 'a path on the site starting with a single /, e.g. /bookings',
});
// Generous bounds: a token of any plausible size that is wrong answers like a spent one.
const token = str({ minLength: 1, maxLength: 2000 });

const COOKIE =
  `The session is the ${SESSION_COOKIE} cookie (HttpOnly, Secure, SameSite=Lax, Path=/), set by verify: ` +
  "the website's server passes it on with the website key exactly as received (spec 5.6). It belongs to this storefront and one email.";
const SIGNED_IN = `Needs the traveller's session (${SESSION_COOKIE} cookie): without a live one of this storefront the answer is 401 Unauthenticated.`;

export const requestSignInLink = accountOperation({
  id: 'requestSignInLink',
  method: 'post',
  path: '/v1/public/auth/sign-in-link',
  summary: 'Email a sign-in link',
  description:
    "Emails a one-time link to the storefront's manage page (its manage_url, /manage on the site by default) with `token`; the page checks it " +
    '(auth/check) and signs in with it (auth/verify). The answer is the same whether or not the email has bookings, and a link is sent either way. ' +
    `The link works once, for SIGN_IN_LINK_MINUTES (15 by default). Limits: 5 links per hour per email, 20 per hour per client address (first X-Forwarded-For entry); ` +
    'beyond, 429 RateLimited with retry_after_seconds and Retry-After. The mail is in `locale` when the storefront has that language, else in its default.',
  body: obj({ email, locale, return_path: returnPath }, ['email', 'locale']),
  bodyRequired: true,
  bodyDescription: '{email, locale, return_path}: return_path (optional) is the path on the site to go back to once signed in; verify answers it',
  success: { status: 202, description: '{sent: true}' },
  response: ref('SignInLinkSent'),
  handle: async ({ caller, body }, app) =>
    app.travellerAccount.requestSignInLink(caller, {
      email: body.email,
      locale: body.locale,
      returnPath: body.return_path ?? null,
      address: caller.exchange.clientAddress(),
    }),
});

export const checkSignInLink = accountOperation({
  id: 'checkSignInLink',
  method: 'post',
  path: '/v1/public/auth/check',
  summary: 'Whether a sign-in token would sign in now',
  description: 'Answers `usable`: whether verify would sign in now with this token on this storefront, without spending it.',
  body: obj({ token }, ['token']),
  bodyRequired: true,
  success: { status: 200, description: '{usable}' },
  response: ref('SignInLinkCheck'),
  handle: async ({ caller, body }, app) => app.travellerAccount.checkSignInLink(caller, body.token),
});

export const verifySignInLink = accountOperation({
  id: 'verifySignInLink',
  method: 'post',
  path: '/v1/public/auth/verify',
  summary: 'Sign in with the emailed token',
  description:
    `Spends the sign-in link's token and signs in: the answer sets the session cookie. ${COOKIE} ` +
    `Sessions last TRAVELLER_SESSION_DAYS (30 by default) unless signed out. A wrong, used or expired token, or another storefront's, answers 401 Unauthenticated alike.`,
  body: obj({ token }, ['token']),
  bodyRequired: true,
  responseHeaders: {
    'Set-Cookie': {
      description:
        "The traveller session: tp_session=<token>; Max-Age=<seconds>; Path=/; HttpOnly; Secure; SameSite=Lax. The website's server passes it on with the website key exactly as received",
    },
  },
  success: { status: 200, description: '{email, expires_at, return_path}; Set-Cookie: tp_session' },
  response: ref('SignedIn'),
  handle: async ({ caller, body }, app) => {
    const signedIn = await app.travellerAccount.verifySignInLink(caller, body.token);
    if (isRefusal(signedIn)) return signedIn;
    caller.exchange.openSession(signedIn.token, signedIn.maxAgeSeconds);
    return { email: signedIn.email, expires_at: signedIn.expiresAt, return_path: signedIn.returnPath };
  },
});

export const signOut = accountOperation({
  id: 'signOut',
  method: 'post',
  path: '/v1/public/auth/sign-out',
  summary: 'Sign out',
  description: `Ends the request's session, if any, and clears the ${SESSION_COOKIE} cookie. Without a session it still answers 200: there is nothing to end.`,
  responseHeaders: {
    'Set-Cookie': { description: 'Clears the traveller session: tp_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax' },
  },
  success: { status: 200, description: '{signed_out: true}' },
  response: ref('SignedOut'),
  handle: async ({ caller }, app) => {
    const signedOut = await app.travellerAccount.signOut(caller);
    if (!isRefusal(signedOut)) caller.exchange.clearSession();
    return signedOut;
  },
});

export const listMySessions = accountOperation({
  id: 'listMySessions',
  method: 'get',
  path: '/v1/public/me/sessions',
  summary: "The traveller's sessions",
  description: `The signed-in traveller's live sessions on this storefront, newest first; \`current\` marks this request's. ${SIGNED_IN}`,
  success: { status: 200, description: '{data: [{id, method, opened_at, expires_at, current}]}' },
  response: ref('TravellerSessionList'),
  handle: async ({ caller }, app) => app.travellerAccount.sessions(caller),
});

export const revokeMySession = accountOperation({
  id: 'revokeMySession',
  method: 'delete',
  path: '/v1/public/me/sessions/{sessionId}',
  summary: "End one of the traveller's sessions",
  description:
    `Ends one of the signed-in traveller's sessions on this storefront (e.g. on a lost device); ending the current one also clears the cookie. ` +
    `A session that is not the traveller's answers 404 NotFound (entity session). ${SIGNED_IN}`,
  params: { sessionId: uuid },
  success: { status: 200, description: '{revoked: true}' },
  response: ref('SessionRevoked'),
  handle: async ({ caller, params }, app) => {
    const revoked = await app.travellerAccount.revokeSession(caller, params.sessionId);
    if (!isRefusal(revoked) && params.sessionId === caller.traveller?.sessionId) caller.exchange.clearSession();
    return revoked;
  },
});

export const listMyBookings = accountOperation({
  id: 'listMyBookings',
  method: 'get',
  path: '/v1/public/me/bookings',
  summary: "The signed-in traveller's bookings",
  description:
    "The bookings on this storefront whose lead email is the session's, newest start first, a page at a time: {data, next_cursor, total}; " +
    `each item is the booking view. Each opens without a token while signed in (GET /v1/public/bookings/{ref}, refund, cancel). ${SIGNED_IN}`,
  query: { limit: withDefault(int(1, 100), 20), cursor: str({ minLength: 1, maxLength: 500 }) },
  success: { status: 200, description: '{data, next_cursor, total}' },
  response: ref('MyBookingList'),
  handle: async ({ caller, query }, app) => app.manageBooking.myBookings(caller, query.cursor, query.limit),
});

export const travellerAccountOperations = [requestSignInLink, checkSignInLink, verifySignInLink, signOut, listMySessions, revokeMySession, listMyBookings];
