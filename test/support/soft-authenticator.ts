import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

/**
 * A software WebAuthn authenticator that makes real signatures: an ES256 key pair per credential
 * (node:crypto), "none" attestation, authenticator data with the rpID's hash, flags, signature
 * count and, on creation, the attested credential (AAGUID, credential id, COSE key). What the
 * browser adds (clientDataJSON with type, challenge and origin) is made here too, so responses go
 * to the server exactly as @simplewebauthn/browser would send them.
 */

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();

export interface StoredCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  /** The COSE public key, as registered. */
  publicKey: Uint8Array;
  signCount: number;
}

export interface AuthenticatorOptions {
  /** Whether it verifies its user (PIN, biometrics): sets UV. */
  userVerification?: boolean;
  /** Whether its credentials are synced (backup eligible and backed up: BE and BS). */
  synced?: boolean;
  /** How much the signature count grows per use; 0 for authenticators that keep no count. */
  counterStep?: number;
  aaguid?: Uint8Array;
}

/** What the browser was given: the `options` of a ceremony's options answer. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** Overrides for tests that tamper with what a browser would send. */
export interface Tampering {
  challenge?: string;
  origin?: string;
  rpId?: string;
  /** Sign with this count instead of the next one. */
  signCount?: number;
}

export class SoftAuthenticator {
  readonly credentials = new Map<string, StoredCredential>();

  constructor(private readonly options: AuthenticatorOptions = {}) {}

  private flags(extra: number): number {
    const verified = this.options.userVerification === false ? 0 : UV;
    const synced = this.options.synced ? BE | BS : 0;
    return UP | verified | synced | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create(): a new credential for the options' rp and user, its response as JSON. */
  create(options: CreationOptions, origin: string, tampering: Tampering = {}) {
    const rpId = tampering.rpId ?? options.rp.id ?? new URL(origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    for (const credential of this.credentials.values()) {
      if (excluded.has(credential.id)) throw new Error('InvalidStateError: this authenticator already holds a passkey the options exclude');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
    const credentialId = randomBytes(32);
    const signCount = tampering.signCount ?? 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(AT)]),
      counter(signCount),
      Buffer.from(this.options.aaguid ?? new Uint8Array(16)),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = b64url(credentialId);
    this.credentials.set(id, { id, rpId, userHandle: options.user.id, privateKey, publicKey: cose, signCount });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', tampering.challenge ?? options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * navigator.credentials.get(): an assertion by one of its credentials for the rpID (the one
   * named, else the allowed one, else its newest for that rpID, as a passkey picker would).
   */
  get(options: RequestOptions, origin: string, tampering: Tampering & { credentialId?: string } = {}) {
    const rpId = tampering.rpId ?? options.rpId ?? new URL(origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const candidates = [...this.credentials.values()].filter((c) => (allowed.size === 0 || allowed.has(c.id)) && c.rpId === rpId);
    const credential = tampering.credentialId ? this.credentials.get(tampering.credentialId) : candidates[candidates.length - 1];
    if (!credential) throw new Error(`NotAllowedError: no passkey for ${rpId} on this authenticator`);
    const step = this.options.counterStep ?? 1;
    const signCount = tampering.signCount ?? credential.signCount + step;
    credential.signCount = signCount;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0)]), counter(signCount)]);
    const clientDataJSON = this.clientData('webauthn.get', tampering.challenge ?? options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

function counter(count: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(count);
  return bytes;
}
