import { isRefusal } from '../../../domain/shared/refusal';
import { type SignInRequestEvent, signInLinkAddress, signInLinkDecider, signInLinkStream } from '../../../domain/traveller';
import { CatalogReads } from '../../../projections/catalog/queries';
import { defineReactor } from '../../platform/processing/reactor';
import { secretHash } from '../../platform/secrets';
import { signInLinkMail } from '../messages';

/**
 * Mails the sign-in link once it is asked for. The token is made here and only its digest is
 * recorded, so no token is ever in the log; the request's event id is the mail's dedupe key. A
 * handler run again after a crash issues another token whose mail is never sent: a token nobody
 * knows, which signs no one in.
 */
export const signInLinkMailReactor = defineReactor<SignInRequestEvent>('sign-in-link-mail', {
  SignInLinkRequested: async (event, platform) => {
    const { storefrontId, email, locale, returnPath, requestedAt, expiresAt } = event.data;
    const now = platform.clock.now();
    // A link that has run out before it could be sent is of no use to anyone.
    if (Date.parse(expiresAt) <= now.getTime()) return;
    const storefront = await new CatalogReads(platform.docs).storefront(storefrontId);
    if (!storefront) return;
    const token = platform.ids.token('sl_');
    const issued = await platform.commands.handle(
      signInLinkStream(secretHash(token)),
      signInLinkDecider,
      { type: 'IssueSignInLink', storefrontId, email, returnPath, now: now.toISOString(), expiresAt },
      { correlationId: event.metadata.correlationId, causationId: event.id, storefrontId, at: now.toISOString() },
    );
    if (isRefusal(issued)) throw new Error(`sign-in link not issued: ${issued.detail}`);
    const minutes = Math.round((Date.parse(expiresAt) - Date.parse(requestedAt)) / 60_000);
    const mail = signInLinkMail(email, locale, { site: storefront.name, link: signInLinkAddress(storefront, token), minutes });
    await platform.mailer.send(mail, { dedupeKey: event.id });
  },
});
