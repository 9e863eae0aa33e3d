import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import { FAILING_ENDPOINT_OFF_AFTER_MS } from './delivery';
import { WEBHOOK_SUBSCRIPTIONS } from './event-types';
import { Endpoint, WebhookEndpoint, WebhookEndpointChangedData, WebhookEndpointRegisteredData, WebhookEvent } from './events';

/** How long a rolled-away secret keeps signing beside the new one. */
export const ROLL_OVERLAP_MS = 24 * 60 * 60 * 1000;

export type RegisterEndpoint = { type: 'RegisterEndpoint'; endpoint: WebhookEndpointRegisteredData };
export type ChangeEndpoint = { type: 'ChangeEndpoint'; sellerId: string; change: WebhookEndpointChangedData };
export type RollSecret = { type: 'RollSecret'; sellerId: string; secret: string; now: Date };
export type DeleteEndpoint = { type: 'DeleteEndpoint'; sellerId: string; now: Date };
/** The delivery job's: `failingSince` is the first failed attempt after the last success. */
export type TurnOffFailingEndpoint = { type: 'TurnOffFailingEndpoint'; failingSince: string; now: Date };

export type WebhookCommand = RegisterEndpoint | ChangeEndpoint | RollSecret | DeleteEndpoint | TurnOffFailingEndpoint;

/** An endpoint exists only for the seller that registered it. */
function ownedBy(state: WebhookEndpoint, sellerId: string): Endpoint | Refusal {
  return state.status === 'registered' && state.sellerId === sellerId ? state : notFound('webhook');
}

function eventsProblem(events: readonly string[] | undefined): Refusal | null {
  if (events === undefined) return null;
  const unknown = events.findIndex((e) => !WEBHOOK_SUBSCRIPTIONS.includes(e));
  if (unknown >= 0) {
    return invalidInput([{ reason: 'unknown_event_type', field: `events[${unknown}]`, detail: `no event type or group is called ${events[unknown]}` }]);
  }
  return events.length === 0
    ? invalidInput([{ reason: 'required', field: 'events', detail: 'an endpoint subscribes to at least one event type or group' }])
    : null;
}

function register(command: RegisterEndpoint, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  if (state.status !== 'none') return conflict('webhook_exists', 'this endpoint id is taken', { id: command.endpoint.endpointId });
  return eventsProblem(command.endpoint.events) ?? [{ type: 'WebhookEndpointRegistered', data: command.endpoint }];
}

function change(command: ChangeEndpoint, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  const endpoint = ownedBy(state, command.sellerId);
  if ('refused' in endpoint) return endpoint;
  return eventsProblem(command.change.events) ?? [{ type: 'WebhookEndpointChanged', data: command.change }];
}

function roll(command: RollSecret, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  const endpoint = ownedBy(state, command.sellerId);
  if ('refused' in endpoint) return endpoint;
  const previousUntil = new Date(command.now.getTime() + ROLL_OVERLAP_MS).toISOString();
  // Only the secret current until now keeps signing beside the new one; one rolled away before stops at once.
  const current = endpoint.secrets.find((s) => s.expiresAt === null);
  const secrets = [{ sealed: command.secret, expiresAt: null }, ...(current ? [{ sealed: current.sealed, expiresAt: previousUntil }] : [])];
  return [{ type: 'WebhookSecretRolled', data: { endpointId: endpoint.endpointId, secrets, at: command.now.toISOString() } }];
}

function remove(command: DeleteEndpoint, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  const endpoint = ownedBy(state, command.sellerId);
  if ('refused' in endpoint) return endpoint;
  return [{ type: 'WebhookEndpointDeleted', data: { endpointId: endpoint.endpointId, at: command.now.toISOString() } }];
}

/** Only an endpoint still on, failing for 3 days, is turned off: a repeat, or one its seller turned back on since, is left alone. */
function turnOff(command: TurnOffFailingEndpoint, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  if (state.status !== 'registered' || !state.enabled) return [];
  if (command.now.getTime() - Date.parse(command.failingSince) < FAILING_ENDPOINT_OFF_AFTER_MS) return [];
  const { endpointId, sellerId, url } = state;
  return [{ type: 'WebhookEndpointTurnedOff', data: { endpointId, sellerId, url, failingSince: command.failingSince, at: command.now.toISOString() } }];
}

export function decideWebhookEndpoint(command: WebhookCommand, state: WebhookEndpoint): WebhookEvent[] | Refusal {
  switch (command.type) {
    case 'RegisterEndpoint':
      return register(command, state);
    case 'ChangeEndpoint':
      return change(command, state);
    case 'RollSecret':
      return roll(command, state);
    case 'DeleteEndpoint':
      return remove(command, state);
    case 'TurnOffFailingEndpoint':
      return turnOff(command, state);
    default:
      return assertNever(command);
  }
}
