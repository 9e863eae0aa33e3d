import type { Decider, Event } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { Refusal, notFound } from '../shared/refusal';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** After the first attempt fails: retried after 1, 5 and 30 minutes, then 2, 6, 12 and 24 hours; then it has failed. */
export const RETRY_DELAYS_MS: readonly number[] = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

/** An endpoint without a successful delivery for this long is turned off. */
export const FAILING_ENDPOINT_OFF_AFTER_MS = 3 * 24 * HOUR;

export interface WebhookDeliveryScheduledData {
  deliveryId: string;
  endpointId: string;
  sellerId: string;
  /** The webhook event's id: the same on every attempt, so receivers can drop repeats. */
  eventId: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface WebhookDeliveryAttemptedData {
  deliveryId: string;
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when it did not answer (timeout, refused, address not allowed). */
  status: number | null;
  error: string | null;
  succeeded: boolean;
  /** When the next attempt is due; null once it succeeded or every retry failed. */
  nextAttemptAt: string | null;
}

export type WebhookDeliveryScheduled = Event<'WebhookDeliveryScheduled', WebhookDeliveryScheduledData>;
export type WebhookDeliveryAttempted = Event<'WebhookDeliveryAttempted', WebhookDeliveryAttemptedData>;
export type WebhookDeliveryResent = Event<'WebhookDeliveryResent', { deliveryId: string; at: string }>;
export type WebhookDeliveryEvent = WebhookDeliveryScheduled | WebhookDeliveryAttempted | WebhookDeliveryResent;

export type WebhookDelivery = { status: 'none' } | { status: 'scheduled'; scheduled: WebhookDeliveryScheduledData; attempts: number; succeeded: boolean };

export type ScheduleDelivery = { type: 'ScheduleDelivery'; delivery: WebhookDeliveryScheduledData };
/** `attempt` is the attempt's number: recording the same attempt twice changes nothing. */
export type RecordAttempt = { type: 'RecordAttempt'; attempt: number; status: number | null; error: string | null; now: Date };
export type ResendDelivery = { type: 'ResendDelivery'; sellerId: string; now: Date };
export type WebhookDeliveryCommand = ScheduleDelivery | RecordAttempt | ResendDelivery;

/** When the attempt after `attempt` failed ones is due, or null when the retries are spent. */
export function nextAttemptAfter(attempt: number, now: Date): string | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay).toISOString();
}

function evolve(state: WebhookDelivery, event: WebhookDeliveryEvent): WebhookDelivery {
  switch (event.type) {
    case 'WebhookDeliveryScheduled':
      return { status: 'scheduled', scheduled: event.data, attempts: 0, succeeded: false };
    case 'WebhookDeliveryAttempted':
      return state.status === 'scheduled' ? { ...state, attempts: event.data.attempt, succeeded: state.succeeded || event.data.succeeded } : state;
    case 'WebhookDeliveryResent':
      return state;
  }
}

function decide(command: WebhookDeliveryCommand, state: WebhookDelivery): WebhookDeliveryEvent[] | Refusal {
  switch (command.type) {
    case 'ScheduleDelivery':
      return state.status === 'none' ? [{ type: 'WebhookDeliveryScheduled', data: command.delivery }] : [];
    case 'RecordAttempt': {
      if (state.status !== 'scheduled') return notFound('delivery');
      if (command.attempt !== state.attempts + 1) return [];
      const succeeded = command.status !== null && command.status >= 200 && command.status < 300;
      const at = command.now.toISOString();
      const nextAttemptAt = succeeded ? null : nextAttemptAfter(command.attempt, command.now);
      const data = {
        deliveryId: state.scheduled.deliveryId,
        attempt: command.attempt,
        at,
        status: command.status,
        error: command.error,
        succeeded,
        nextAttemptAt,
      };
      return [{ type: 'WebhookDeliveryAttempted', data }];
    }
    case 'ResendDelivery':
      if (state.status !== 'scheduled' || state.scheduled.sellerId !== command.sellerId) return notFound('delivery');
      return [{ type: 'WebhookDeliveryResent', data: { deliveryId: state.scheduled.deliveryId, at: command.now.toISOString() } }];
    default:
      return assertNever(command);
  }
}

export const webhookDeliveryDecider: Decider<WebhookDeliveryCommand, WebhookDeliveryEvent, WebhookDelivery> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};

/** One event's delivery to one endpoint, with its attempts. */
export const webhookDeliveryStream = (deliveryId: string): string => `webhook-delivery-${deliveryId}`;
