import { type Decider, assertNever } from '../shared/decider';
import { type Refusal, notFound } from '../shared/refusal';
import type { SignInMethod, TravellerSessionEvent, TravellerSessionOpened } from './events';

/** A traveller's session: one storefront, one email, until it expires or is revoked (spec 5.6). */
export type TravellerSession = { status: 'none' } | { status: 'open' | 'revoked'; opened: TravellerSessionOpened['data'] };

export type OpenTravellerSession = {
  type: 'OpenTravellerSession';
  sessionId: string;
  storefrontId: string;
  email: string;
  tokenHash: string;
  method: SignInMethod;
  now: string;
  expiresAt: string;
};
export type RevokeTravellerSession = { type: 'RevokeTravellerSession'; now: string };

export type TravellerSessionCommand = OpenTravellerSession | RevokeTravellerSession;

export const initialTravellerSession = (): TravellerSession => ({ status: 'none' });

export function evolveTravellerSession(state: TravellerSession, event: TravellerSessionEvent): TravellerSession {
  switch (event.type) {
    case 'TravellerSessionOpened':
      return { status: 'open', opened: event.data };
    case 'TravellerSessionRevoked':
      return state.status === 'none' ? state : { status: 'revoked', opened: state.opened };
  }
}

/** Whether the session still signs its traveller in at `now`. */
export function sessionLive(session: { revoked: boolean; expiresAt: string }, now: Date): boolean {
  return !session.revoked && Date.parse(session.expiresAt) > now.getTime();
}

function openSession(command: OpenTravellerSession, state: TravellerSession): TravellerSessionEvent[] {
  // A repeated open of the same session (a retried command) changes nothing.
  if (state.status !== 'none') return [];
  const { sessionId, storefrontId, email, tokenHash, method, now, expiresAt } = command;
  return [{ type: 'TravellerSessionOpened', data: { sessionId, storefrontId, email, tokenHash, method, openedAt: now, expiresAt } }];
}

function revokeSession(command: RevokeTravellerSession, state: TravellerSession): TravellerSessionEvent[] | Refusal {
  if (state.status === 'none') return notFound('session');
  // Revoking twice is signing out twice: nothing more happens.
  if (state.status === 'revoked') return [];
  return [{ type: 'TravellerSessionRevoked', data: { sessionId: state.opened.sessionId, at: command.now } }];
}

export function decideTravellerSession(command: TravellerSessionCommand, state: TravellerSession): TravellerSessionEvent[] | Refusal {
  switch (command.type) {
    case 'OpenTravellerSession':
      return openSession(command, state);
    case 'RevokeTravellerSession':
      return revokeSession(command, state);
    default:
      return assertNever(command);
  }
}

export const travellerSessionDecider: Decider<TravellerSessionCommand, TravellerSessionEvent, TravellerSession> = {
  initialState: initialTravellerSession,
  evolve: evolveTravellerSession,
  decide: decideTravellerSession,
};

export const travellerSessionStream = (sessionId: string): string => `traveller-session-${sessionId}`;
