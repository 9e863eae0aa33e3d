import type { Doc } from '../../application/platform/ports/document-store';
import type { PasskeyDeviceType } from '../../domain/passkey';

/** The passkeys read model: one document per passkey ever registered. */
export const PASSKEYS = 'passkeys';

export interface PasskeyDoc extends Doc {
  storefront_id: string;
  email: string;
  credential_id: string;
  transports: string[];
  name: string | null;
  device_type: PasskeyDeviceType;
  backed_up: boolean;
  created_at: string;
  last_used_at: string | null;
  /** A removed passkey stays as a tombstone: projector writes never remove documents. */
  removed: boolean;
}
