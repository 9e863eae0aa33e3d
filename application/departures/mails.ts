import { type Money, formatMoney } from '../../domain/shared/money';
import type { Mail } from '../platform/ports/mailer';

interface Words {
  reasons: Record<string, string>;
  moved: (ref: string) => string;
  movedText: (trip: string, from: string, to: string, reason: string) => string;
  instead: (to: string, refund: string) => string;
  insteadFree: (to: string) => string;
  cancelled: (ref: string) => string;
  cancelledText: (trip: string, start: string, reason: string) => string;
  refunded: (refund: string) => string;
  nothingOwed: string;
  message: (ref: string) => string;
  messageText: (trip: string, start: string) => string;
  note: string;
}

const WORDS: Record<string, Words> = {
  en: {
    reasons: {
      weather: 'the weather',
      too_few_travellers: 'too few travellers',
      guide_unavailable: 'the lack of a guide',
      vehicle_unavailable: 'the lack of a vehicle',
      safety: 'safety reasons',
      other: 'circumstances beyond our control',
    },
    moved: (ref) => `Booking ${ref}: your trip has a new date`,
    movedText: (trip, from, to, reason) =>
      `${trip} on ${from} is called off because of ${reason}. Your booking now stands for ${to}: your places are kept there.`,
    instead: (to, refund) =>
      `If the new date does not suit you, you can take a refund of ${refund} instead until ${to}, from the page that manages your booking.`,
    insteadFree: (to) => `If the new date does not suit you, you can cancel free of charge instead until ${to}, from the page that manages your booking.`,
    cancelled: (ref) => `Booking ${ref} cancelled by the seller`,
    cancelledText: (trip, start, reason) => `${trip} on ${start} is called off because of ${reason}, and your booking is cancelled.`,
    refunded: (refund) => `Refund: ${refund}, everything you paid.`,
    nothingOwed: 'Nothing was paid, and nothing is owed.',
    message: (ref) => `A message about your booking ${ref}`,
    messageText: (trip, start) => `The seller writes about ${trip} on ${start}:`,
    note: 'Note from the seller',
  },
  es: {
    reasons: {
      weather: 'el tiempo',
      too_few_travellers: 'falta de viajeros',
      guide_unavailable: 'falta de guía',
      vehicle_unavailable: 'falta de vehículo',
      safety: 'motivos de seguridad',
      other: 'causas ajenas a nosotros',
    },
    moved: (ref) => `Reserva ${ref}: su viaje tiene nueva fecha`,
    movedText: (trip, from, to, reason) => `${trip} del ${from} se cancela por ${reason}. Su reserva pasa al ${to}: sus plazas se mantienen.`,
    instead: (to, refund) =>
      `Si la nueva fecha no le conviene, puede pedir en su lugar un reembolso de ${refund} hasta el ${to}, desde la página de su reserva.`,
    insteadFree: (to) => `Si la nueva fecha no le conviene, puede cancelar sin coste hasta el ${to}, desde la página de su reserva.`,
    cancelled: (ref) => `Reserva ${ref} cancelada por el vendedor`,
    cancelledText: (trip, start, reason) => `${trip} del ${start} se cancela por ${reason} y su reserva queda cancelada.`,
    refunded: (refund) => `Reembolso: ${refund}, todo lo que pagó.`,
    nothingOwed: 'No pagó nada y no debe nada.',
    message: (ref) => `Un mensaje sobre su reserva ${ref}`,
    messageText: (trip, start) => `El vendedor le escribe sobre ${trip} del ${start}:`,
    note: 'Nota del vendedor',
  },
  de: {
    reasons: {
      weather: 'des Wetters',
      too_few_travellers: 'zu weniger Reisender',
      guide_unavailable: 'eines fehlenden Reiseleiters',
      vehicle_unavailable: 'eines fehlenden Fahrzeugs',
      safety: 'der Sicherheit',
      other: 'unvorhersehbarer Umstände',
    },
    moved: (ref) => `Buchung ${ref}: Ihre Reise hat einen neuen Termin`,
    movedText: (trip, from, to, reason) => `${trip} am ${from} fällt wegen ${reason} aus. Ihre Buchung gilt nun für ${to}: Ihre Plätze sind dort reserviert.`,
    instead: (to, refund) =>
      `Passt Ihnen der neue Termin nicht, können Sie stattdessen bis ${to} eine Erstattung von ${refund} auf der Seite Ihrer Buchung wählen.`,
    insteadFree: (to) => `Passt Ihnen der neue Termin nicht, können Sie stattdessen bis ${to} kostenlos auf der Seite Ihrer Buchung stornieren.`,
    cancelled: (ref) => `Buchung ${ref} vom Anbieter storniert`,
    cancelledText: (trip, start, reason) => `${trip} am ${start} fällt wegen ${reason} aus, Ihre Buchung ist storniert.`,
    refunded: (refund) => `Erstattung: ${refund}, alles, was Sie bezahlt haben.`,
    nothingOwed: 'Sie haben nichts bezahlt und schulden nichts.',
    message: (ref) => `Eine Nachricht zu Ihrer Buchung ${ref}`,
    messageText: (trip, start) => `Der Anbieter schreibt Ihnen zu ${trip} am ${start}:`,
    note: 'Hinweis des Anbieters',
  },
  ja: {
    reasons: {
      weather: '天候',
      too_few_travellers: '参加者不足',
      guide_unavailable: 'ガイドの手配不可',
      vehicle_unavailable: '車両の手配不可',
      safety: '安全上の理由',
      other: 'やむを得ない事情',
    },
    moved: (ref) => `予約 ${ref}: 日程が変更されました`,
    movedText: (trip, from, to, reason) => `${from} の${trip}は${reason}のため中止となりました。ご予約は ${to} に変更され、お席は確保されています。`,
    instead: (to, refund) => `新しい日程がご都合に合わない場合は、${to} まで予約管理ページから代わりに ${refund} の返金を選べます。`,
    insteadFree: (to) => `新しい日程がご都合に合わない場合は、${to} まで予約管理ページから無料でキャンセルできます。`,
    cancelled: (ref) => `予約 ${ref} は販売者によりキャンセルされました`,
    cancelledText: (trip, start, reason) => `${start} の${trip}は${reason}のため中止となり、ご予約はキャンセルされました。`,
    refunded: (refund) => `返金額: ${refund}（お支払い全額）。`,
    nothingOwed: 'お支払いはなく、お支払いいただくものもありません。',
    message: (ref) => `ご予約 ${ref} に関するお知らせ`,
    messageText: (trip, start) => `${start} の${trip}について販売者からのメッセージです:`,
    note: '販売者からのメモ',
  },
};

const wordsFor = (locale: string | null): Words => WORDS[locale ?? 'en'] ?? WORDS.en;
const reasonIn = (w: Words, reason: string): string => w.reasons[reason] ?? reason;
const withNote = (w: Words, text: string, note: string | null): string => (note ? `${text}\n\n${w.note}: ${note}` : text);

interface MailTo {
  to: string;
  locale: string | null;
  ref: string;
  trip: string;
}

/** The traveller of a booking moved to a later start: the new start, why, and the refund offered instead until then. */
export function bookingMovedMail(m: MailTo, move: { from: string; to: string; reason: string; note: string | null; refund: Money }): Mail {
  const w = wordsFor(m.locale);
  // Nothing paid (paid on arrival, nothing collected): the offer is to cancel free of charge, not a refund of nothing.
  const instead = move.refund.amount > 0 ? w.instead(move.to, formatMoney(move.refund)) : w.insteadFree(move.to);
  const text = `${w.movedText(m.trip, move.from, move.to, reasonIn(w, move.reason))} ${instead}`;
  return { to: m.to, locale: m.locale, subject: w.moved(m.ref), text: withNote(w, text, move.note), booking: { ref: m.ref } };
}

/** The traveller of a booking the seller cancelled when calling off its start: why, and the full refund. */
export function calledOffCancelledMail(m: MailTo, c: { start: string; reason: string; note: string | null; refund: Money }): Mail {
  const w = wordsFor(m.locale);
  const refund = c.refund.amount > 0 ? w.refunded(formatMoney(c.refund)) : w.nothingOwed;
  const text = `${w.cancelledText(m.trip, c.start, reasonIn(w, c.reason))} ${refund}`;
  return { to: m.to, locale: m.locale, subject: w.cancelled(m.ref), text: withNote(w, text, c.note), booking: { ref: m.ref } };
}

/** Staff's message to the travellers of a start, as sent: the seller's own subject when given. */
export function departureMessageMail(m: MailTo, msg: { start: string; subject: string | null; message: string }): Mail {
  const w = wordsFor(m.locale);
  const subject = msg.subject ? `${msg.subject} (${m.ref})` : w.message(m.ref);
  return { to: m.to, locale: m.locale, subject, text: `${w.messageText(m.trip, msg.start)}\n\n${msg.message}`, booking: { ref: m.ref } };
}
