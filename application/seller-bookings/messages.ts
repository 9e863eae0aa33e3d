import { DateTime } from 'luxon';
import type { PaymentMethodDefinition } from '../../domain/catalog/definitions';
import { type Money, formatMoney } from '../../domain/shared/money';
import type { Mail } from '../platform/ports/mailer';

/** What the mails tell about one booking. */
export interface Told {
  ref: string;
  trip: string;
  start: string;
}

interface Words {
  rejected: (ref: string) => string;
  rejectedText: (b: Told, reason: string) => string;
  accepted: (ref: string) => string;
  acceptedText: (b: Told, amount: string, due: string) => string;
  payNow: (ref: string) => string;
  payNowText: (b: Told, amount: string, due: string) => string;
  unpaidText: (b: Told) => string;
  bank: (account: NonNullable<PaymentMethodDefinition['bank']>, ref: string) => string;
  link: string;
  lapsed: (ref: string) => string;
  lapsedText: (b: Told) => string;
  refunded: (amount: string) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    rejected: (ref) => `Booking ${ref}: declined`,
    rejectedText: (b, reason) => `The seller could not accept your booking ${b.ref} (${b.trip}, ${b.start}). Their reason: ${reason}`,
    accepted: (ref) => `Booking ${ref}: accepted, please pay`,
    acceptedText: (b, amount, due) =>
      `The seller accepted your booking ${b.ref} (${b.trip}, ${b.start}). Please pay ${amount} by ${due}; it is confirmed once paid.`,
    bank: (a, ref) => `Bank transfer to ${a.account_name}, ${a.bank_name}, IBAN ${a.iban}, BIC ${a.bic}. Reference: ${ref}.`,
    link: 'The seller sends you a link to pay.',
    payNow: (ref) => `Booking ${ref}: please pay`,
    payNowText: (b, amount, due) => `Your booking ${b.ref} (${b.trip}, ${b.start}) is kept for you: please pay ${amount} by ${due}; it is confirmed once paid.`,
    unpaidText: (b) => `Your booking ${b.ref} (${b.trip}, ${b.start}) was not paid in time and has lapsed; its places went back on sale. You owe nothing.`,
    lapsed: (ref) => `Booking ${ref}: lapsed`,
    lapsedText: (b) => `Your booking ${b.ref} (${b.trip}, ${b.start}) was not confirmed in time and has lapsed. You owe nothing.`,
    refunded: (amount) => `Everything you paid (${amount}) is refunded.`,
  },
  es: {
    rejected: (ref) => `Reserva ${ref}: rechazada`,
    rejectedText: (b, reason) => `El vendedor no pudo aceptar su reserva ${b.ref} (${b.trip}, ${b.start}). Su motivo: ${reason}`,
    accepted: (ref) => `Reserva ${ref}: aceptada, pendiente de pago`,
    acceptedText: (b, amount, due) =>
      `El vendedor aceptó su reserva ${b.ref} (${b.trip}, ${b.start}). Pague ${amount} antes del ${due}; queda confirmada al recibir el pago.`,
    bank: (a, ref) => `Transferencia a ${a.account_name}, ${a.bank_name}, IBAN ${a.iban}, BIC ${a.bic}. Concepto: ${ref}.`,
    link: 'El vendedor le envía un enlace de pago.',
    payNow: (ref) => `Reserva ${ref}: pendiente de pago`,
    payNowText: (b, amount, due) =>
      `Le guardamos su reserva ${b.ref} (${b.trip}, ${b.start}): pague ${amount} antes del ${due}; queda confirmada al recibir el pago.`,
    unpaidText: (b) => `Su reserva ${b.ref} (${b.trip}, ${b.start}) no se pagó a tiempo y ha caducado. No debe nada.`,
    lapsed: (ref) => `Reserva ${ref}: caducada`,
    lapsedText: (b) => `Su reserva ${b.ref} (${b.trip}, ${b.start}) no se confirmó a tiempo y ha caducado. No debe nada.`,
    refunded: (amount) => `Se le reembolsa todo lo pagado (${amount}).`,
  },
  de: {
    rejected: (ref) => `Buchung ${ref}: abgelehnt`,
    rejectedText: (b, reason) => `Der Anbieter konnte Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) nicht annehmen. Begründung: ${reason}`,
    accepted: (ref) => `Buchung ${ref}: angenommen, bitte bezahlen`,
    acceptedText: (b, amount, due) =>
      `Der Anbieter hat Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) angenommen. Bitte zahlen Sie ${amount} bis ${due}; nach Zahlungseingang ist sie bestätigt.`,
    bank: (a, ref) => `Überweisung an ${a.account_name}, ${a.bank_name}, IBAN ${a.iban}, BIC ${a.bic}. Verwendungszweck: ${ref}.`,
    link: 'Der Anbieter sendet Ihnen einen Zahlungslink.',
    payNow: (ref) => `Buchung ${ref}: bitte bezahlen`,
    payNowText: (b, amount, due) =>
      `Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) ist für Sie reserviert: Bitte zahlen Sie ${amount} bis ${due}; nach Zahlungseingang ist sie bestätigt.`,
    unpaidText: (b) => `Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) wurde nicht rechtzeitig bezahlt und ist verfallen. Sie schulden nichts.`,
    lapsed: (ref) => `Buchung ${ref}: verfallen`,
    lapsedText: (b) => `Ihre Buchung ${b.ref} (${b.trip}, ${b.start}) wurde nicht rechtzeitig bestätigt und ist verfallen. Sie schulden nichts.`,
    refunded: (amount) => `Alles Gezahlte (${amount}) wird erstattet.`,
  },
  ja: {
    rejected: (ref) => `予約 ${ref}: お受けできませんでした`,
    rejectedText: (b, reason) => `販売者はご予約 ${b.ref}（${b.trip}、${b.start}）をお受けできませんでした。理由: ${reason}`,
    accepted: (ref) => `予約 ${ref}: 承認されました（お支払いをお願いします）`,
    acceptedText: (b, amount, due) =>
      `販売者がご予約 ${b.ref}（${b.trip}、${b.start}）を承認しました。${due} までに ${amount} をお支払いください。お支払い後に確定します。`,
    bank: (a, ref) => `振込先: ${a.account_name}、${a.bank_name}、IBAN ${a.iban}、BIC ${a.bic}。振込名義に ${ref} をご記入ください。`,
    link: '販売者から支払いリンクが届きます。',
    payNow: (ref) => `予約 ${ref}: お支払いをお願いします`,
    payNowText: (b, amount, due) =>
      `ご予約 ${b.ref}（${b.trip}、${b.start}）をお取りしています。${due} までに ${amount} をお支払いください。お支払い後に確定します。`,
    unpaidText: (b) => `ご予約 ${b.ref}（${b.trip}、${b.start}）は期限内にお支払いがなく、失効しました。お支払いは不要です。`,
    lapsed: (ref) => `予約 ${ref}: 期限切れ`,
    lapsedText: (b) => `ご予約 ${b.ref}（${b.trip}、${b.start}）は期限内に確定されず、失効しました。お支払いは不要です。`,
    refunded: (amount) => `お支払い済みの ${amount} は全額返金されます。`,
  },
};

const wordsFor = (locale: string | null): Words => WORDS[locale ?? 'en'] ?? WORDS.en;

const refundLine = (w: Words, paid: Money): string => (paid.amount > 0 ? `\n\n${w.refunded(formatMoney(paid))}` : '');

/** The seller declined the booking: their reason, and the refund of anything paid. */
export function bookingRejectedMail(to: string, locale: string | null, b: Told, reason: string, paid: Money): Mail {
  const w = wordsFor(locale);
  return { to, locale, subject: w.rejected(b.ref), text: w.rejectedText(b, reason) + refundLine(w, paid), booking: { ref: b.ref } };
}

/** The booking lapsed (unanswered, or unpaid when it waited for its money): nothing more is owed, anything paid goes back. */
export function bookingLapsedMail(to: string, locale: string | null, b: Told, paid: Money, unpaid = false): Mail {
  const w = wordsFor(locale);
  return { to, locale, subject: w.lapsed(b.ref), text: (unpaid ? w.unpaidText(b) : w.lapsedText(b)) + refundLine(w, paid), booking: { ref: b.ref } };
}

/**
 * The traveller is asked to pay what is due by the due date (in the trip's zone), and how: once the
 * seller accepted a request, or at once for a booking that waits only for its money.
 */
export function bookingAcceptedMail(
  to: string,
  locale: string | null,
  b: Told & { due: Money; dueAt: string; timezone: string; method: PaymentMethodDefinition | null },
  accepted = true,
): Mail {
  const w = wordsFor(locale);
  const due = `${DateTime.fromISO(b.dueAt).setZone(b.timezone).toFormat('yyyy-MM-dd HH:mm')} (${b.timezone})`;
  const how = b.method?.kind === 'bank_transfer' && b.method.bank ? w.bank(b.method.bank, b.ref) : b.method?.kind === 'payment_link' ? w.link : '';
  const asked = accepted ? w.acceptedText(b, formatMoney(b.due), due) : w.payNowText(b, formatMoney(b.due), due);
  const text = asked + (how ? `\n\n${how}` : '');
  return { to, locale, subject: accepted ? w.accepted(b.ref) : w.payNow(b.ref), text, booking: { ref: b.ref } };
}
