import type { ContactField } from '../../domain/contact-change';
import type { Mail } from '../platform/ports/mailer';

interface Words {
  fields: Record<ContactField, string>;
  subject: (field: string, ref: string) => string;
  text: (code: string, field: string, ref: string, value: string, minutes: number) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    fields: { email: 'email', phone: 'phone number' },
    subject: (field, ref) => `Your code to change the ${field} of booking ${ref}`,
    text: (code, field, ref, value, minutes) =>
      `Your code is ${code}\n\nEnter it to change the ${field} of booking ${ref} to ${value}. It works for ${minutes} minutes.\n\n` +
      'If you did not ask for this change, ignore this email: nothing changes without the code.',
  },
  es: {
    fields: { email: 'correo electrónico', phone: 'teléfono' },
    subject: (field, ref) => `Su código para cambiar el ${field} de la reserva ${ref}`,
    text: (code, field, ref, value, minutes) =>
      `Su código es ${code}\n\nIntrodúzcalo para cambiar el ${field} de la reserva ${ref} a ${value}. Funciona durante ${minutes} minutos.\n\n` +
      'Si no pidió este cambio, ignore este correo: nada cambia sin el código.',
  },
  de: {
    fields: { email: 'E-Mail-Adresse', phone: 'Telefonnummer' },
    subject: (field, ref) => `Ihr Code, um die ${field} der Buchung ${ref} zu ändern`,
    text: (code, field, ref, value, minutes) =>
      `Ihr Code lautet ${code}\n\nGeben Sie ihn ein, um die ${field} der Buchung ${ref} in ${value} zu ändern. Er gilt ${minutes} Minuten.\n\n` +
      'Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne den Code ändert sich nichts.',
  },
  ja: {
    fields: { email: 'メールアドレス', phone: '電話番号' },
    subject: (field, ref) => `予約 ${ref} の${field}変更用コード`,
    text: (code, field, ref, value, minutes) =>
      `コード: ${code}\n\n予約 ${ref} の${field}を ${value} に変更するには、このコードを入力してください。有効期間は${minutes}分です。\n\n` +
      'この変更にお心当たりのない場合は、このメールを破棄してください。コードがなければ何も変更されません。',
  },
};

/**
 * The code of a contact change (spec 6.1), in the booking's language (en when we lack its words).
 * It names no `booking`, so it carries no manage link: the address may be a new, unproven one.
 */
export function contactCodeMail(
  to: string,
  locale: string | null,
  c: { ref: string; field: ContactField; value: string; code: string; minutes: number },
): Mail {
  const w = WORDS[locale ?? 'en'] ?? WORDS.en;
  const field = w.fields[c.field];
  return { to, locale, subject: w.subject(field, c.ref), text: w.text(c.code, field, c.ref, c.value, c.minutes) };
}
