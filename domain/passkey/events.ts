import type { Event } from '../shared/decider';

/** How a passkey's key was made (WebAuthn's backup eligibility): kept on one device or synced between a traveller's devices. */
export type PasskeyDeviceType = 'singleDevice' | 'multiDevice';

/**
 * A traveller's passkey on one storefront: a WebAuthn credential that signs the traveller in as
 * the email that registered it. `publicKey` is the credential's COSE key (base64url); `counter`
 * the authenticator's signature count at registration.
 */
export type PasskeyRegistered = Event<
  'PasskeyRegistered',
  {
    passkeyId: string;
    storefrontId: string;
    email: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    aaguid: string;
    deviceType: PasskeyDeviceType;
    backedUp: boolean;
    name: string | null;
    registeredAt: string;
  }
>;

/** A sign-in the passkey's signature proved; `counter` is the count the authenticator signed. */
export type PasskeySignedIn = Event<'PasskeySignedIn', { passkeyId: string; storefrontId: string; counter: number; backedUp: boolean; at: string }>;

/** The traveller took the passkey off their account: it signs no one in any more. */
export type PasskeyRemoved = Event<'PasskeyRemoved', { passkeyId: string; storefrontId: string; at: string }>;

export type PasskeyEvent = PasskeyRegistered | PasskeySignedIn | PasskeyRemoved;

export type Passkey =
  | { status: 'none' }
  | {
      status: 'active' | 'removed';
      passkeyId: string;
      storefrontId: string;
      email: string;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
    };

export const initialPasskey = (): Passkey => ({ status: 'none' });

export function evolvePasskey(state: Passkey, event: PasskeyEvent): Passkey {
  switch (event.type) {
    case 'PasskeyRegistered': {
      const { passkeyId, storefrontId, email, credentialId, publicKey, counter, transports } = event.data;
      return { status: 'active', passkeyId, storefrontId, email, credentialId, publicKey, counter, transports };
    }
    case 'PasskeySignedIn':
      return state.status === 'none' ? state : { ...state, counter: event.data.counter };
    case 'PasskeyRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
  }
}
