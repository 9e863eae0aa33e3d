import { assertNever } from '../shared/decider';
import { type Refusal, conflict, notFound } from '../shared/refusal';
import { ceremonyFailed } from './ceremony';
import type { Passkey, PasskeyEvent, PasskeyRegistered } from './events';

export type RegisterPasskey = { type: 'RegisterPasskey'; passkey: PasskeyRegistered['data'] };
/** `counter` is the signature count the authenticator signed, already checked by the WebAuthn verification. */
export type SignInWithPasskey = { type: 'SignInWithPasskey'; storefrontId: string; counter: number; backedUp: boolean; now: string };
export type RemovePasskey = { type: 'RemovePasskey'; storefrontId: string; email: string; now: string };

export type PasskeyCommand = RegisterPasskey | SignInWithPasskey | RemovePasskey;

/** A credential is registered once; after its removal its owner may add it again. */
function registerPasskey(command: RegisterPasskey, state: Passkey): PasskeyEvent[] | Refusal {
  if (state.status === 'active') return conflict('passkey_already_registered', 'this passkey is already registered on this site');
  return [{ type: 'PasskeyRegistered', data: command.passkey }];
}

/**
 * Only an active passkey of this storefront signs in, and only with a signature count past the
 * last one seen (WebAuthn's clone detection; authenticators that keep no count send 0 always).
 * Deciding it on the stream makes two sign-ins with the same count impossible, even at once.
 */
function signInWithPasskey(command: SignInWithPasskey, state: Passkey): PasskeyEvent[] | Refusal {
  if (state.status !== 'active' || state.storefrontId !== command.storefrontId) return ceremonyFailed('sign_in');
  if ((command.counter > 0 || state.counter > 0) && command.counter <= state.counter) return ceremonyFailed('sign_in');
  return [
    {
      type: 'PasskeySignedIn',
      data: { passkeyId: state.passkeyId, storefrontId: command.storefrontId, counter: command.counter, backedUp: command.backedUp, at: command.now },
    },
  ];
}

/** Only its owner removes a passkey; anyone else, or a second removal, finds nothing. */
function removePasskey(command: RemovePasskey, state: Passkey): PasskeyEvent[] | Refusal {
  if (state.status !== 'active' || state.storefrontId !== command.storefrontId || state.email !== command.email) return notFound('passkey');
  return [{ type: 'PasskeyRemoved', data: { passkeyId: state.passkeyId, storefrontId: command.storefrontId, at: command.now } }];
}

export function decidePasskey(command: PasskeyCommand, state: Passkey): PasskeyEvent[] | Refusal {
  switch (command.type) {
    case 'RegisterPasskey':
      return registerPasskey(command, state);
    case 'SignInWithPasskey':
      return signInWithPasskey(command, state);
    case 'RemovePasskey':
      return removePasskey(command, state);
    default:
      return assertNever(command);
  }
}
