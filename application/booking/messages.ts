import { type Money, formatMoney } from '../../domain/shared/money';
import type { Mail } from '../platform/ports/mailer';

interface Words {
  booked: (ref: string, status: string) => string;
  bookedText: (trip: string, start: string, pax: number, ref: string, status: string) => string;
  cancelled: (ref: string) => string;
  cancelledText: (trip: string, start: string, ref: string, refund: string) => string;
  cancelledUnpaidText: (trip: string, start: string, ref: string) => string;
  statuses: Record<string, string>;
}

const WORDS: Record<string, Words> = {
  en: {
    booked: (ref, status) => `Booking ${ref}: ${status}`,
    bookedText: (trip, start, pax, ref, status) => `${trip}, ${start}, ${pax} travellers. Status: ${status}. Your booking reference is ${ref}.`,
    cancelled: (ref) => `Booking ${ref} cancelled`,
    cancelledText: (trip, start, ref, refund) => `Your booking ${ref} (${trip}, ${start}) is cancelled. Refund: ${refund}.`,
    cancelledUnpaidText: (trip, start, ref) => `Your booking ${ref} (${trip}, ${start}) is cancelled. Nothing was paid, and nothing is owed.`,
    statuses: { confirmed: 'confirmed', pending: 'waiting for the seller' },
  },
  es: {
    booked: (ref, status) => `Reserva ${ref}: ${status}`,
    bookedText: (trip, start, pax, ref, status) => `${trip}, ${start}, ${pax} viajeros. Estado: ${status}. Su referencia de reserva es ${ref}.`,
    cancelled: (ref) => `Reserva ${ref} cancelada`,
    cancelledText: (trip, start, ref, refund) => `Su reserva ${ref} (${trip}, ${start}) está cancelada. Reembolso: ${refund}.`,
    cancelledUnpaidText: (trip, start, ref) => `Su reserva ${ref} (${trip}, ${start}) está cancelada. No se pagó nada y no debe nada.`,
    statuses: { confirmed: 'confirmada', pending: 'pendiente del vendedor' },
  },
  de: {
    booked: (ref, status) => `Buchung ${ref}: ${status}`,
    bookedText: (trip, start, pax, ref, status) => `${trip}, ${start}, ${pax} Reisende. Status: ${status}. Ihre Buchungsnummer ist ${ref}.`,
    cancelled: (ref) => `Buchung ${ref} storniert`,
    cancelledText: (trip, start, ref, refund) => `Ihre Buchung ${ref} (${trip}, ${start}) ist storniert. Erstattung: ${refund}.`,
    cancelledUnpaidText: (trip, start, ref) => `Ihre Buchung ${ref} (${trip}, ${start}) ist storniert. Es wurde nichts bezahlt, und Sie schulden nichts.`,
    statuses: { confirmed: 'bestätigt', pending: 'wartet auf den Anbieter' },
  },
  ja: {
    booked: (ref, status) => `予約 ${ref}: ${status}`,
    bookedText: (trip, start, pax, ref, status) => `${trip}、${start}、${pax}名。状況: ${status}。予約番号は ${ref} です。`,
    cancelled: (ref) => `予約 ${ref} はキャンセルされました`,
    cancelledText: (trip, start, ref, refund) => `ご予約 ${ref}（${trip}、${start}）はキャンセルされました。返金額: ${refund}。`,
    cancelledUnpaidText: (trip, start, ref) => `ご予約 ${ref}（${trip}、${start}）はキャンセルされました。お支払いはなく、お支払いいただくものもありません。`,
    statuses: { confirmed: '確定', pending: '販売者の確認待ち' },
  },
};

const wordsFor = (locale: string | null): Words => WORDS[locale ?? 'en'] ?? WORDS.en;

export function bookingMadeMail(to: string, locale: string | null, b: { ref: string; trip: string; start: string; pax: number; status: string }): Mail {
  const w = wordsFor(locale);
  const status = w.statuses[b.status] ?? b.status;
  return { to, locale, subject: w.booked(b.ref, status), text: w.bookedText(b.trip, b.start, b.pax, b.ref, status), booking: { ref: b.ref } };
}

/** A cancellation and its refund; where nothing was ever paid, no refund (of nothing) is promised. */
export function bookingCancelledMail(
  to: string,
  locale: string | null,
  b: { ref: string; trip: string; start: string; refund: Money; nothingPaid?: boolean },
): Mail {
  const w = wordsFor(locale);
  const text = b.nothingPaid ? w.cancelledUnpaidText(b.trip, b.start, b.ref) : w.cancelledText(b.trip, b.start, b.ref, formatMoney(b.refund));
  return { to, locale, subject: w.cancelled(b.ref), text, booking: { ref: b.ref } };
}
