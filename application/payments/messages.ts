import { DateTime } from 'luxon';
import { type Money, formatMoney } from '../../domain/shared/money';
import type { Mail } from '../platform/ports/mailer';

/** What the mail tells about the booking and the link to pay it. */
export interface LinkTold {
  ref: string;
  trip: string;
  start: string;
  amount: Money;
  /** The deadline to pay, and the trip's zone it is shown in. */
  dueAt: string;
  timezone: string;
  url: string;
}

interface Words {
  subject: (ref: string) => string;
  text: (b: LinkTold, amount: string, due: string) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    subject: (ref) => `Booking ${ref}: your link to pay`,
    text: (b, amount, due) =>
      `Please pay ${amount} for your booking ${b.ref} (${b.trip}, ${b.start}) by ${due} on this page:\n${b.url}\n\nYour booking is confirmed once paid.`,
  },
  es: {
    subject: (ref) => `Reserva ${ref}: su enlace de pago`,
    text: (b, amount, due) =>
      `Pague ${amount} por su reserva ${b.ref} (${b.trip}, ${b.start}) antes del ${due} en esta página:\n${b.url}\n\nSu reserva queda confirmada al recibir el pago.`,
  },
  de: {
    subject: (ref) => `Buchung ${ref}: Ihr Zahlungslink`,
    text: (b, amount, due) =>
      `Bitte zahlen Sie ${amount} für Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) bis ${due} auf dieser Seite:\n${b.url}\n\nNach Zahlungseingang ist Ihre Buchung bestätigt.`,
  },
  ja: {
    subject: (ref) => `予約 ${ref}: お支払いリンク`,
    text: (b, amount, due) =>
      `ご予約 ${b.ref}（${b.trip}、${b.start}）の ${amount} を ${due} までに次のページでお支払いください:\n${b.url}\n\nお支払い後にご予約が確定します。`,
  },
};

/** The link to pay the seller sent, mailed to the traveller in the booking's language with what is still due and by when. */
export function paymentLinkMail(to: string, locale: string | null, told: LinkTold): Mail {
  const w = WORDS[locale ?? 'en'] ?? WORDS.en;
  const due = `${DateTime.fromISO(told.dueAt).setZone(told.timezone).toFormat('yyyy-MM-dd HH:mm')} (${told.timezone})`;
  return { to, locale, subject: w.subject(told.ref), text: w.text(told, formatMoney(told.amount), due), booking: { ref: told.ref } };
}
