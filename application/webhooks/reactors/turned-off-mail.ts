import type { WebhookEvent } from '../../../domain/webhook';
import { TeamReads } from '../../../projections/team/queries';
import { defineReactor } from '../../platform/processing/reactor';
import { roleAllows } from '../../team';

/** Emails the seller's members who manage webhooks when the service turned one of its endpoints off. */
export const webhookTurnedOffMailReactor = defineReactor<WebhookEvent>('webhook-turned-off-mail', {
  WebhookEndpointTurnedOff: async (event, platform) => {
    const { endpointId, sellerId, url, failingSince } = event.data;
    const managers = (await new TeamReads(platform.docs).members(sellerId)).filter((m) => roleAllows(m.role, 'webhooks:manage'));
    if (managers.length === 0) {
      platform.log.error('webhook endpoint turned off; its seller has no team member who manages webhooks to email', { endpointId, sellerId, failingSince });
      return;
    }
    for (const manager of managers) {
      await platform.mailer.send(
        {
          to: manager.email,
          subject: 'A webhook endpoint was turned off',
          text:
            `Hello ${manager.name},\n\nNo event could be delivered to your webhook endpoint ${url} (${endpointId}) since ${failingSince}, ` +
            'so after 3 days we turned it off. Fix the receiver, then turn it back on (PATCH /v1/webhooks/{id} with enabled: true) ' +
            'and resend what it missed from GET /v1/webhooks/{id}/deliveries.\n',
          locale: null,
        },
        { dedupeKey: `${event.id}:${manager._id}` },
      );
    }
  },
});
