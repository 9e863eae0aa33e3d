import { type Money, formatMoney } from '../../domain/shared/money';
import type { Mail } from '../platform/ports/mailer';

interface Words {
  subject: (reference: string) => string;
  text: (o: { trip: string; start: string; pax: number; total: string; validUntil: string; link: string; note: string | null }) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    subject: (reference) => `Your price for ${reference}`,
    text: (o) =>
      `${o.trip}, ${o.start}, ${o.pax} travellers: ${o.total}.${o.note ? `\n\n${o.note}` : ''}\n\nThe offer is open until ${o.validUntil}. See it and book: ${o.link}`,
  },
  es: {
    subject: (reference) => `Su precio para ${reference}`,
    text: (o) =>
      `${o.trip}, ${o.start}, ${o.pax} viajeros: ${o.total}.${o.note ? `\n\n${o.note}` : ''}\n\nLa oferta es válida hasta ${o.validUntil}. Véala y reserve: ${o.link}`,
  },
  de: {
    subject: (reference) => `Ihr Preis für ${reference}`,
    text: (o) =>
      `${o.trip}, ${o.start}, ${o.pax} Reisende: ${o.total}.${o.note ? `\n\n${o.note}` : ''}\n\nDas Angebot gilt bis ${o.validUntil}. Ansehen und buchen: ${o.link}`,
  },
  ja: {
    subject: (reference) => `${reference} のお見積もり`,
    text: (o) =>
      `${o.trip}、${o.start}、${o.pax}名: ${o.total}。${o.note ? `\n\n${o.note}` : ''}\n\nこのお見積もりは ${o.validUntil} まで有効です。確認と予約: ${o.link}`,
  },
};

/** The traveller's mail with the seller's price and the link to the offer's page, in the enquiry's language. */
export function offerMadeMail(
  to: string,
  locale: string | null,
  o: { reference: string; trip: string; start: string; pax: number; total: Money; validUntil: string; link: string; note: string | null },
): Mail {
  const words = WORDS[locale ?? 'en'] ?? WORDS.en;
  return { to, locale, subject: words.subject(o.reference), text: words.text({ ...o, total: formatMoney(o.total) }) };
}
