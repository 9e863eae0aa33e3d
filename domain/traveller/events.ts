import type { Event } from '../shared/decider';

/** How a traveller proved their email when a session opened: an emailed link or a passkey. */
export type SignInMethod = 'link' | 'passkey';

/**
 * A sign-in link was asked for (spec 4.6). Counted against the email's hourly limit in its own
 * stream; the reactor that mails the link issues its token, so no token is ever in the log.
 */
export type SignInLinkRequested = Event<
  'SignInLinkRequested',
  {
    storefrontId: string;
    /** Normalised (domain/shared/email.ts). */
    email: string;
    locale: string;
    /** Where the site sends the traveller once signed in: a path on the site, or null. */
    returnPath: string | null;
    requestedAt: string;
    /** When the link stops working, fixed when it is asked for. */
    expiresAt: string;
  }
>;

/** One sign-in attempt from a client address, counted against that address's hourly limit for its purpose. */
export type SignInAttemptCounted = Event<'SignInAttemptCounted', { purpose: SignInPurpose; at: string }>;

/** What an address's sign-in attempts are counted for, each with its own limit (spec part 8). */
export type SignInPurpose = 'link' | 'passkey';

/** The link's token was made and is on its way; its stream is named by the token's digest. */
export type SignInLinkIssued = Event<
  'SignInLinkIssued',
  { storefrontId: string; email: string; returnPath: string | null; issuedAt: string; expiresAt: string }
>;

export type SignInLinkSpent = Event<'SignInLinkSpent', { sessionId: string; at: string }>;

export type TravellerSessionOpened = Event<
  'TravellerSessionOpened',
  {
    sessionId: string;
    storefrontId: string;
    email: string;
    /** Digest of the session cookie's value. */
    tokenHash: string;
    method: SignInMethod;
    openedAt: string;
    expiresAt: string;
  }
>;

export type TravellerSessionRevoked = Event<'TravellerSessionRevoked', { sessionId: string; at: string }>;

export type SignInRequestEvent = SignInLinkRequested;
export type SignInAddressEvent = SignInAttemptCounted;
export type SignInLinkEvent = SignInLinkIssued | SignInLinkSpent;
export type TravellerSessionEvent = TravellerSessionOpened | TravellerSessionRevoked;

export type TravellerEvent = SignInRequestEvent | SignInAddressEvent | SignInLinkEvent | TravellerSessionEvent;
