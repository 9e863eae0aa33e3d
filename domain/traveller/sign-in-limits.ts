import type { Decider } from '../shared/decider';
import { type Refusal, refuse } from '../shared/refusal';
import type { SignInAddressEvent, SignInPurpose, SignInRequestEvent } from './events';

/** Spec part 8: sign-in links one email may be sent in an hour. */
export const SIGN_IN_LINKS_PER_EMAIL_PER_HOUR = 5;

/** Spec part 8: sign-in attempts one client address may make in an hour, by purpose. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_HOUR: Record<SignInPurpose, number> = { link: 20, passkey: 20 };

const HOUR_MS = 3_600_000;

/**
 * The limit over the last hour (a sliding window): null while fewer than `limit` attempts fall in
 * it, else 429 RateLimited with the seconds until the oldest of them leaves it. `times` are the
 * latest attempts, oldest first.
 */
export function hourlyLimit(times: readonly string[], limit: number, now: string, what: string): Refusal | null {
  const at = Date.parse(now);
  const recent = times.filter((t) => Date.parse(t) > at - HOUR_MS);
  if (recent.length < limit) return null;
  const freedAt = Date.parse(recent[recent.length - limit]) + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((freedAt - at) / 1000));
  return refuse('RateLimited', `${what} ${limit} times this hour: try again in ${retryAfter} s`, { retry_after_seconds: retryAfter });
}

/** Keeps the latest `count` times: all a limit of `count` per hour needs, so a state never grows. */
const latest = (times: readonly string[], at: string, count: number): string[] => [...times, at].slice(-count);

/** The sign-in links asked for one email, in a stream of its own (named by the email's digest). */
export interface SignInRequests {
  requestedAt: string[];
}

export type RequestSignInLink = {
  type: 'RequestSignInLink';
  storefrontId: string;
  email: string;
  locale: string;
  returnPath: string | null;
  now: string;
  expiresAt: string;
};

export function evolveSignInRequests(state: SignInRequests, event: SignInRequestEvent): SignInRequests {
  return { requestedAt: latest(state.requestedAt, event.data.requestedAt, SIGN_IN_LINKS_PER_EMAIL_PER_HOUR) };
}

export function requestSignInLink(command: RequestSignInLink, state: SignInRequests): SignInRequestEvent[] | Refusal {
  const limited = hourlyLimit(state.requestedAt, SIGN_IN_LINKS_PER_EMAIL_PER_HOUR, command.now, 'a sign-in link was asked for this email');
  if (limited) return limited;
  const { storefrontId, email, locale, returnPath, now, expiresAt } = command;
  return [{ type: 'SignInLinkRequested', data: { storefrontId, email, locale, returnPath, requestedAt: now, expiresAt } }];
}

export const signInRequestsDecider: Decider<RequestSignInLink, SignInRequestEvent, SignInRequests> = {
  initialState: () => ({ requestedAt: [] }),
  evolve: evolveSignInRequests,
  decide: requestSignInLink,
};

export const signInRequestsStream = (emailDigest: string): string => `traveller-sign-in-email-${emailDigest}`;

/** The sign-in attempts of one client address, by purpose, in a stream of its own (named by the address's digest). */
export type SignInAddress = Record<SignInPurpose, string[]>;

export type CountSignInAttempt = { type: 'CountSignInAttempt'; purpose: SignInPurpose; now: string };

export function evolveSignInAddress(state: SignInAddress, event: SignInAddressEvent): SignInAddress {
  const { purpose, at } = event.data;
  return { ...state, [purpose]: latest(state[purpose], at, SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_HOUR[purpose]) };
}

export function countSignInAttempt(command: CountSignInAttempt, state: SignInAddress): SignInAddressEvent[] | Refusal {
  const limit = SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_HOUR[command.purpose];
  const limited = hourlyLimit(state[command.purpose], limit, command.now, 'this client address tried to sign in');
  return limited ?? [{ type: 'SignInAttemptCounted', data: { purpose: command.purpose, at: command.now } }];
}

export const signInAddressDecider: Decider<CountSignInAttempt, SignInAddressEvent, SignInAddress> = {
  initialState: () => ({ link: [], passkey: [] }),
  evolve: evolveSignInAddress,
  decide: countSignInAttempt,
};

export const signInAddressStream = (addressDigest: string): string => `traveller-sign-in-address-${addressDigest}`;
