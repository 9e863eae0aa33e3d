import type { DomainEvent, Recorded } from '../../../domain/shared/decider';
import type { RecordedEvent } from '../ports/event-store';
import type { Platform } from '../platform';

type ReactorHandler = (event: RecordedEvent, platform: Platform) => Promise<void>;

/**
 * Turns events into commands or side effects (mail, webhook deliveries, follow-up commands)
 * after the append. The runner gives each reactor its own checkpoint and retries a failing
 * handler with backoff: a handler runs at least once per event and must be idempotent.
 */
export interface Reactor {
  name: string;
  handlers: Record<string, ReactorHandler>;
}

/** Event type -> what to do about that event as recorded, typed by the event union. */
export type ReactorHandlers<E extends DomainEvent> = {
  [T in E['type']]?: (event: Recorded<Extract<E, { type: T }>, RecordedEvent>, platform: Platform) => Promise<void>;
};

export function defineReactor<E extends DomainEvent>(name: string, handlers: ReactorHandlers<E>): Reactor {
  // The runner hands each handler only events of its own type, as recorded.
  return { name, handlers: handlers as unknown as Record<string, ReactorHandler> };
}
