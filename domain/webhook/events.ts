import type { Event } from '../shared/decider';

/**
 * An endpoint's signing secret as kept: sealed (encrypted) under the server's webhook key, so the
 * service can sign with it while the log and read models never hold it in plain text.
 */
export interface SealedSecret {
  sealed: string;
  /** When a rolled-away secret stops signing; null for the current one. */
  expiresAt: string | null;
}

export interface WebhookEndpointRegisteredData {
  endpointId: string;
  sellerId: string;
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  at: string;
}

export interface WebhookEndpointChangedData {
  endpointId: string;
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
  at: string;
}

export interface WebhookSecretRolledData {
  endpointId: string;
  /** The secrets that sign from now on: the new one first, the previous one beside it until its expiresAt. */
  secrets: SealedSecret[];
  at: string;
}

export type WebhookEndpointRegistered = Event<'WebhookEndpointRegistered', WebhookEndpointRegisteredData>;
export type WebhookEndpointChanged = Event<'WebhookEndpointChanged', WebhookEndpointChangedData>;
export type WebhookSecretRolled = Event<'WebhookSecretRolled', WebhookSecretRolledData>;
export type WebhookEndpointDeleted = Event<'WebhookEndpointDeleted', { endpointId: string; at: string }>;
/** Turned off by the service: no successful delivery since `failingSince`, 3 days or more before `at`. */
export type WebhookEndpointTurnedOff = Event<
  'WebhookEndpointTurnedOff',
  { endpointId: string; sellerId: string; url: string; failingSince: string; at: string }
>;

export type WebhookEvent = WebhookEndpointRegistered | WebhookEndpointChanged | WebhookSecretRolled | WebhookEndpointDeleted | WebhookEndpointTurnedOff;

export interface Endpoint {
  endpointId: string;
  sellerId: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  secrets: SealedSecret[];
}

export type WebhookEndpoint = { status: 'none' } | ({ status: 'registered' } & Endpoint) | { status: 'deleted'; sellerId: string };

export const initialWebhookEndpoint = (): WebhookEndpoint => ({ status: 'none' });

export function evolveWebhookEndpoint(state: WebhookEndpoint, event: WebhookEvent): WebhookEndpoint {
  switch (event.type) {
    case 'WebhookEndpointRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        endpointId: d.endpointId,
        sellerId: d.sellerId,
        url: d.url,
        events: d.events,
        description: d.description,
        enabled: true,
        secrets: [{ sealed: d.secret, expiresAt: null }],
      };
    }
    case 'WebhookEndpointChanged': {
      if (state.status !== 'registered') return state;
      const { endpointId: _id, at: _at, ...changes } = event.data;
      return { ...state, ...changes };
    }
    case 'WebhookSecretRolled': {
      if (state.status !== 'registered') return state;
      return { ...state, secrets: event.data.secrets };
    }
    case 'WebhookEndpointTurnedOff':
      return state.status === 'registered' ? { ...state, enabled: false } : state;
    case 'WebhookEndpointDeleted':
      return state.status === 'registered' ? { status: 'deleted', sellerId: state.sellerId } : state;
  }
}

/** The secrets that sign at `now`: the current one, and a rolled-away one for its last 24 hours. */
export function signingSecrets(secrets: readonly SealedSecret[], now: Date): SealedSecret[] {
  return secrets.filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime());
}
