import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { type ContactChangeRequest, confirmContactChange, requestContactChange } from './changes';
import { contactCodeMailReactor } from './reactors/code-mail';

export type { ContactChangeAsked, ContactChangeRequest } from './changes';

/**
 * Spec 4.5: the traveller fixes the lead's email or phone with the booking's contact_token and a
 * six-digit code emailed to prove it. The changes live in their own stream per booking
 * (domain/contact-change); the bookings read model and the booking's mails follow them.
 */
export const contactChangesFeature = defineFeature({
  name: 'contactChanges',
  reactors: [contactCodeMailReactor],
  create(platform) {
    return {
      /** `tokens`: the contact_token as sent in the query and in the body (either, or both alike). */
      request: (ctx: StorefrontContext, ref: string, tokens: (string | undefined)[], request: ContactChangeRequest) =>
        requestContactChange(platform, ctx, ref, tokens, request),
      confirm: (ctx: StorefrontContext, ref: string, tokens: (string | undefined)[], changeId: string, code: string) =>
        confirmContactChange(platform, ctx, ref, tokens, changeId, code),
    };
  },
});
