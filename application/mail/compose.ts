import { DEFAULT_MANAGE_PATH } from '../../domain/traveller';
import type { StorefrontDefinition } from '../../domain/catalog/definitions';
import type { Mail } from '../platform/ports/mailer';
import { wordsFor } from './words';

/**
 * The manage page of a booking: the storefront's manage_url (a path on the site, joined to its
 * first allowed origin, or an address; /manage by default) with `ref` and, when known, `token`.
 */
export function manageBookingAddress(storefront: Pick<StorefrontDefinition, 'manage_url' | 'allowed_origins'>, ref: string, token: string | null): string {
  const page = storefront.manage_url ?? DEFAULT_MANAGE_PATH;
  const address = page.startsWith('/') ? `${storefront.allowed_origins[0] ?? ''}${page}` : page;
  const query = `ref=${encodeURIComponent(ref)}${token === null ? '' : `&token=${encodeURIComponent(token)}`}`;
  return `${address}${address.includes('?') ? '&' : '?'}${query}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Addresses in a mail's text become links in its HTML (already escaped, so an address cannot leave its attribute). */
const ADDRESS = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (block) =>
        `<p>${escapeHtml(block)
          .replace(ADDRESS, (a) => `<a href="${a}">${a}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

/**
 * The mail as it is sent: its text with the manage link when it is about a booking, and the
 * same words as HTML with every value escaped.
 */
export function composeMail(mail: Mail, manageLink: string | null): Mail {
  const words = wordsFor(mail.locale);
  const text = manageLink === null ? mail.text : `${mail.text}\n\n${words.manage}: ${manageLink}`;
  const link = manageLink === null ? '' : `\n<p><a href="${escapeHtml(manageLink)}">${escapeHtml(words.manage)}</a></p>`;
  const lang = mail.locale ? ` lang="${escapeHtml(mail.locale)}"` : '';
  const html = `<!DOCTYPE html>\n<html${lang}><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body>\n${paragraphs(mail.text)}${link}\n</body></html>\n`;
  return { ...mail, text, html };
}
