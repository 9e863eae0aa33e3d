import type { RecordedEvent } from '../ports/event-store';
import type { Platform } from '../platform';

/**
 * Turns events into commands or side effects (mail, webhook deliveries, follow-up commands)
 * after the append. The runner gives each reactor its own checkpoint and retries a failing
 * handler with backoff: a handler runs at least once per event and must be idempotent.
 */
export interface Reactor {
  name: string;
  handlers: Record<string, (event: RecordedEvent, platform: Platform) => Promise<void>>;
}

export function defineReactor(name: string, handlers: Reactor['handlers']): Reactor {
  return { name, handlers };
}
