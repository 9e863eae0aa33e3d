import type { Context, Next } from 'koa';
import type { StorefrontContext, TravellerSession } from '../../application/platform/context';

export { requireTraveller } from '../../application/traveller-account';

/** The traveller session cookie (spec 5.6): set by sign-in, passed on by the website's server with the website key. */
export const SESSION_COOKIE = 'tp_session';

/** What sign-in and sign-out do to the cookie the answer carries. */
export interface SessionCookie {
  /** Sets the cookie to the session's token until `expiresAt`. */
  open(token: string, expiresAt: string, now: Date): void;
  /** Tells the browser to forget the cookie. */
  clear(): void;
}

/** The public caller once the session middleware ran: who calls, and the session cookie of the answer. */
export type SessionCaller = StorefrontContext & { sessionCookie: SessionCookie };

export interface TravellerSessions {
  /** The live session a cookie's value opens on this storefront, or null. */
  session(storefrontId: string, token: string): Promise<TravellerSession | null>;
}

const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

function sessionCookie(ctx: Context): SessionCookie {
  return {
    open: (token, expiresAt, now) => {
      const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000));
      ctx.append('Set-Cookie', `${SESSION_COOKIE}=${token}; Max-Age=${maxAge}; ${COOKIE_ATTRIBUTES}`);
    },
    clear: () => ctx.append('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${COOKIE_ATTRIBUTES}`),
  };
}

/**
 * Spec 5.6: the traveller session cookie, resolved after the website key. Only a live session of
 * the key's own storefront signs the traveller in; an unknown, expired, revoked or other
 * storefront's cookie is simply no session, never an error by itself.
 */
export function travellerSession(sessions: TravellerSessions) {
  return function travellerSession(ctx: Context, next: Next): Promise<void> {
    const caller = ctx.state.caller as SessionCaller;
    caller.sessionCookie = sessionCookie(ctx);
    const token = ctx.cookies.get(SESSION_COOKIE);
    // Most calls carry no session: they pass straight on.
    if (!token) return next();
    return sessions.session(caller.storefront._id, token).then((session) => {
      if (session) caller.traveller = session;
      return next();
    });
  };
}
