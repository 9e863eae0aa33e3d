import type { Context, Next } from 'koa';
import type { StorefrontContext, TravellerSession } from '../../application/platform/context';

export { requireTraveller } from '../../application/traveller-account';

/** The traveller session cookie (spec 5.6): set by sign-in, passed on by the website's server with the website key. */
export const SESSION_COOKIE = 'tp_session';

const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

/** What an operation of the traveller's account may ask of the HTTP exchange it answers. */
export class SessionExchange {
  constructor(private readonly ctx: Context) {}

  /** The client's address: the first X-Forwarded-For entry (spec 5.8), else the connection's. */
  clientAddress(): string {
    return this.ctx.ip;
  }

  /** Sets the session cookie on the answer for `maxAgeSeconds`. */
  openSession(token: string, maxAgeSeconds: number): void {
    this.ctx.append('Set-Cookie', `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${COOKIE_ATTRIBUTES}`);
  }

  /** Tells the browser to forget the session cookie. */
  clearSession(): void {
    this.ctx.append('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${COOKIE_ATTRIBUTES}`);
  }
}

/** The public caller once this middleware ran: who calls, and the exchange for cookies and the client's address. */
export type SessionCaller = StorefrontContext & { exchange: SessionExchange };

export interface TravellerSessions {
  /** The live session a cookie's value opens on this storefront, or null. */
  session(storefrontId: string, token: string): Promise<TravellerSession | null>;
}

/**
 * Spec 5.6: the traveller session cookie, resolved after the website key. Only a live session of
 * the key's own storefront signs the traveller in; an unknown, expired, revoked or other
 * storefront's cookie is simply no session, never an error by itself.
 */
export function travellerSession(sessions: TravellerSessions) {
  return function travellerSession(ctx: Context, next: Next): Promise<void> {
    const caller = ctx.state.caller as SessionCaller;
    caller.exchange = new SessionExchange(ctx);
    // Most calls carry no cookie at all: they pass straight on without parsing one.
    const token = ctx.get('Cookie') === '' ? undefined : ctx.cookies.get(SESSION_COOKIE);
    if (!token) return next();
    return sessions.session(caller.storefront._id, token).then((session) => {
      if (session) caller.traveller = session;
      return next();
    });
  };
}
