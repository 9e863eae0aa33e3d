import type { PaymentMethodDefinition } from '../catalog/definitions';
import { startInstant } from '../calendar/schedule';
import { Refusal, refuse } from '../shared/refusal';

/** The instant by which a method must be paid for a start, or null when it is paid on the day. */
export function payBefore(method: PaymentMethodDefinition, start: string, timezone: string): Date | null {
  if (method.deadline_hours === null) return null;
  // Hours are exact durations: plain arithmetic on the instant says what luxon's minus says, for less.
  return new Date(startInstant(start, timezone).toMillis() - method.deadline_hours * 3_600_000);
}

/** Methods whose time to pay ends in time for the start (spec 4.3 payment-methods). */
export function methodsOpen(methods: PaymentMethodDefinition[], start: string, timezone: string, now: Date): PaymentMethodDefinition[] {
  return methods.filter((m) => {
    const before = payBefore(m, start, timezone);
    return before === null || before.getTime() > now.getTime();
  });
}

/**
 * A quote or hold for a start no way to pay can be paid before (spec part 7 PaymentWindowClosed):
 * only where the seller has ways to pay at all, and all of them close too soon.
 */
export function paymentWindowClosed(methods: PaymentMethodDefinition[], start: string, timezone: string, now: Date): Refusal | null {
  if (methods.length === 0 || methodsOpen(methods, start, timezone, now).length > 0) return null;
  const hours = Math.min(...methods.map((m) => m.deadline_hours ?? 0));
  const earliest = new Date(now.getTime() + hours * 3_600_000);
  return refuse('PaymentWindowClosed', 'no way to pay can be paid before this start', {
    details: { offered: methods.map((m) => m.kind), earliest_start: earliest.toISOString(), pay_before_start_hours: hours },
  });
}

/** Whether paying by this method leaves the booking waiting for money (pending) rather than settled. */
export function paymentIsDue(method: PaymentMethodDefinition | null): boolean {
  return method !== null && method.kind !== 'pay_on_arrival';
}
