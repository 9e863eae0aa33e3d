import { type Decider, assertNever } from '../shared/decider';
import { type Refusal, refuse } from '../shared/refusal';
import type { SignInLinkEvent, SignInLinkIssued } from './events';

/** A sign-in link's token, in a stream named by the token's digest: issued, then spent once. */
export type SignInLink = { status: 'none' } | { status: 'issued' | 'spent'; issued: SignInLinkIssued['data'] };

export type IssueSignInLink = {
  type: 'IssueSignInLink';
  storefrontId: string;
  email: string;
  returnPath: string | null;
  now: string;
  expiresAt: string;
};
export type SpendSignInLink = { type: 'SpendSignInLink'; storefrontId: string; sessionId: string; now: string };

export type SignInLinkCommand = IssueSignInLink | SpendSignInLink;

export const initialSignInLink = (): SignInLink => ({ status: 'none' });

export function evolveSignInLink(state: SignInLink, event: SignInLinkEvent): SignInLink {
  switch (event.type) {
    case 'SignInLinkIssued':
      return { status: 'issued', issued: event.data };
    case 'SignInLinkSpent':
      return state.status === 'none' ? state : { status: 'spent', issued: state.issued };
  }
}

/** Whether the link would sign its traveller in on this storefront now: issued here, not spent, not expired. */
export function signInLinkUsable(state: SignInLink, storefrontId: string, now: string): state is { status: 'issued'; issued: SignInLinkIssued['data'] } {
  return state.status === 'issued' && state.issued.storefrontId === storefrontId && Date.parse(state.issued.expiresAt) > Date.parse(now);
}

/** Wrong, spent and expired links are refused alike, so an answer never tells which. */
export const signInLinkRefused = (): Refusal =>
  refuse('Unauthenticated', 'this sign-in link does not sign in: it is wrong, used or expired; ask for a new one');

function issueSignInLink(command: IssueSignInLink, state: SignInLink): SignInLinkEvent[] | Refusal {
  // Tokens have 192 random bits: a digest met twice would be a repeated command, never a new link.
  if (state.status !== 'none') return [];
  const { storefrontId, email, returnPath, now, expiresAt } = command;
  return [{ type: 'SignInLinkIssued', data: { storefrontId, email, returnPath, issuedAt: now, expiresAt } }];
}

function spendSignInLink(command: SpendSignInLink, state: SignInLink): SignInLinkEvent[] | Refusal {
  if (!signInLinkUsable(state, command.storefrontId, command.now)) return signInLinkRefused();
  return [{ type: 'SignInLinkSpent', data: { sessionId: command.sessionId, at: command.now } }];
}

export function decideSignInLink(command: SignInLinkCommand, state: SignInLink): SignInLinkEvent[] | Refusal {
  switch (command.type) {
    case 'IssueSignInLink':
      return issueSignInLink(command, state);
    case 'SpendSignInLink':
      return spendSignInLink(command, state);
    default:
      return assertNever(command);
  }
}

export const signInLinkDecider: Decider<SignInLinkCommand, SignInLinkEvent, SignInLink> = {
  initialState: initialSignInLink,
  evolve: evolveSignInLink,
  decide: decideSignInLink,
};

export const signInLinkStream = (tokenDigest: string): string => `traveller-sign-in-link-${tokenDigest}`;
