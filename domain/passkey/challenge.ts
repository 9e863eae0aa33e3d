import type { Decider, Event } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { type Refusal, conflict } from '../shared/refusal';
import { type CeremonyPurpose, ceremonyFailed } from './ceremony';

/** How long the options of a ceremony may be answered (spec: single use, expiring). */
export const CHALLENGE_MINUTES = 5;

/**
 * A challenge given with a ceremony's options. The stream is named by the challenge's digest,
 * so the challenge itself is never stored; a registration's is bound to the session that asked.
 */
export type PasskeyChallengeIssued = Event<
  'PasskeyChallengeIssued',
  { purpose: CeremonyPurpose; storefrontId: string; sessionId: string | null; email: string | null; expiresAt: string; issuedAt: string }
>;

/** The challenge was answered: it never serves again, whatever the verification then found. */
export type PasskeyChallengeSpent = Event<'PasskeyChallengeSpent', { at: string }>;

export type PasskeyChallengeEvent = PasskeyChallengeIssued | PasskeyChallengeSpent;

export type PasskeyChallenge =
  | { status: 'none' }
  | { status: 'issued' | 'spent'; purpose: CeremonyPurpose; storefrontId: string; sessionId: string | null; email: string | null; expiresAt: string };

export type IssueChallenge = {
  type: 'IssueChallenge';
  purpose: CeremonyPurpose;
  storefrontId: string;
  sessionId: string | null;
  email: string | null;
  expiresAt: string;
  now: string;
};

/** `sessionId` is the session answering a registration (null for a sign-in). */
export type SpendChallenge = { type: 'SpendChallenge'; purpose: CeremonyPurpose; storefrontId: string; sessionId: string | null; now: string };

export type PasskeyChallengeCommand = IssueChallenge | SpendChallenge;

function issueChallenge(command: IssueChallenge, state: PasskeyChallenge): PasskeyChallengeEvent[] | Refusal {
  if (state.status !== 'none') return conflict('challenge_exists', 'this challenge was given before');
  const { purpose, storefrontId, sessionId, email, expiresAt, now } = command;
  return [{ type: 'PasskeyChallengeIssued', data: { purpose, storefrontId, sessionId, email, expiresAt, issuedAt: now } }];
}

/** Once, before it expires, for the ceremony, storefront (and, registering, session) it was given to. */
function spendChallenge(command: SpendChallenge, state: PasskeyChallenge): PasskeyChallengeEvent[] | Refusal {
  const usable =
    state.status === 'issued' &&
    state.purpose === command.purpose &&
    state.storefrontId === command.storefrontId &&
    state.sessionId === command.sessionId &&
    Date.parse(command.now) < Date.parse(state.expiresAt);
  if (!usable) return ceremonyFailed(command.purpose);
  return [{ type: 'PasskeyChallengeSpent', data: { at: command.now } }];
}

export function evolvePasskeyChallenge(state: PasskeyChallenge, event: PasskeyChallengeEvent): PasskeyChallenge {
  switch (event.type) {
    case 'PasskeyChallengeIssued': {
      const { purpose, storefrontId, sessionId, email, expiresAt } = event.data;
      return { status: 'issued', purpose, storefrontId, sessionId, email, expiresAt };
    }
    case 'PasskeyChallengeSpent':
      return state.status === 'none' ? state : { ...state, status: 'spent' };
  }
}

export const passkeyChallengeDecider: Decider<PasskeyChallengeCommand, PasskeyChallengeEvent, PasskeyChallenge> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolvePasskeyChallenge,
  decide: (command, state) => {
    switch (command.type) {
      case 'IssueChallenge':
        return issueChallenge(command, state);
      case 'SpendChallenge':
        return spendChallenge(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const passkeyChallengeStream = (challengeHash: string): string => `passkey-challenge-${challengeHash}`;
