/**
 * The event types a webhook endpoint may subscribe to, by group. A subscription names types
 * (`booking.confirmed`) or whole groups as `<group>.*` (`bookings.*`); `*` is every type.
 */
export const WEBHOOK_EVENT_GROUPS = {
  bookings: [
    'booking.requested',
    'booking.confirmed',
    'booking.cancelled',
    'booking.rejected',
    'booking.lapsed',
    'booking.moved',
    'booking.messaged',
    'departure.cancelled',
  ],
  payments: ['payment.link_sent', 'payment.proof_submitted', 'payment.received'],
  enquiries: ['enquiry.received'],
  trips: ['trip.published', 'trip.updated', 'trip.unpublished'],
  pages: ['page.published'],
} as const;

export type WebhookGroup = keyof typeof WEBHOOK_EVENT_GROUPS;
export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[WebhookGroup][number];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.values(WEBHOOK_EVENT_GROUPS).flat();

/** Sent only by POST /v1/webhooks/{id}/test, whatever the endpoint subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Every name a subscription may use: the types, each group as `<group>.*`, and `*`. */
export const WEBHOOK_SUBSCRIPTIONS: readonly string[] = ['*', ...Object.keys(WEBHOOK_EVENT_GROUPS).map((g) => `${g}.*`), ...WEBHOOK_EVENT_TYPES];

/** Whether an endpoint subscribed to `subscriptions` receives events of `type`. */
export function subscribes(subscriptions: readonly string[], type: string): boolean {
  return subscriptions.some((s) => {
    if (s === '*' || s === type) return true;
    if (!s.endsWith('.*')) return false;
    const group = WEBHOOK_EVENT_GROUPS[s.slice(0, -2) as WebhookGroup] as readonly string[] | undefined;
    return group?.includes(type) ?? false;
  });
}
