import type { ContactChangeEvent } from '../../../domain/contact-change';
import { defineReactor } from '../../platform/processing/reactor';
import { openCode } from '../code';
import { contactCodeMail } from '../messages';

/**
 * Mails a contact change's code once it is asked for: to the new address for an email, to the
 * booking's email for a phone. The code is opened from its sealed copy in the event; the event id
 * is the mail's dedupe key, so a handler run again sends nothing twice.
 */
export const contactCodeMailReactor = defineReactor<ContactChangeEvent>('contact-code-mail', {
  ContactChangeRequested: async (event, platform) => {
    const { ref, changeId, field, value, sendTo, locale, sealedCode, expiresAt, at } = event.data;
    // A code that ran out before it could be sent is of no use to anyone.
    if (Date.parse(expiresAt) <= platform.clock.now().getTime()) return;
    const code = openCode(platform.settings.contactCodeSecretKey, sealedCode);
    if (code === null) {
      // Sealed under a secret this process does not have (CONTACT_CODE_SECRET_KEY changed): the traveller asks again.
      platform.log.error('contact change code cannot be opened: not sent', { ref, changeId });
      return;
    }
    const minutes = Math.round((Date.parse(expiresAt) - Date.parse(at)) / 60_000);
    await platform.mailer.send(contactCodeMail(sendTo, locale, { ref, field, value, code, minutes }), { dedupeKey: event.id });
  },
});
