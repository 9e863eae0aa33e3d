import type { EventHandler, RecordedEvent } from '../../application/platform/ports/event-store';

export const HANDLER_RETRY_DELAY_MS = 100;

/**
 * Hands the event over once: undefined when the handler took it without waiting (a reader that
 * does not handle its type), else its promise, a failure included, for deliverUntilAccepted.
 */
export function attempt(handler: EventHandler, event: RecordedEvent): Promise<void> | undefined {
  try {
    return handler(event) ?? undefined;
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Hands one event to a subscriber until it takes it: a failing handler is reported once and
 * retried after a pause, never skipped, so projections see every event in order.
 * Resolves false when the subscription stopped before the handler accepted the event.
 */
export async function deliverUntilAccepted(
  event: RecordedEvent,
  handler: EventHandler,
  stopped: () => boolean,
  pause: (ms: number) => Promise<void>,
  first?: Promise<void>,
): Promise<boolean> {
  let reported = false;
  let pending = first;
  while (!stopped()) {
    try {
      await (pending ?? handler(event));
      return true;
    } catch (error) {
      if (!reported) {
        reported = true;
        console.error(
          `event subscription: handler failed on event ${event.id} at position ${event.position}; retrying every ${HANDLER_RETRY_DELAY_MS} ms`,
          error,
        );
      }
      pending = undefined;
      await pause(HANDLER_RETRY_DELAY_MS);
    }
  }
  return false;
}

/**
 * A pause that can be cut short: `cancel()` resolves the pending `wait` at once, so a closing
 * subscription need not sit out a retry or resubscribe delay.
 */
export class CancellableDelay {
  private cancelPending: (() => void) | undefined;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        if (this.cancelPending === finish) this.cancelPending = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.cancelPending = finish;
    });
  }

  cancel(): void {
    this.cancelPending?.();
  }
}
