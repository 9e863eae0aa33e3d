import type { Mail } from '../platform/ports/mailer';

interface Words {
  subject: (site: string) => string;
  text: (site: string, link: string, minutes: number) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    subject: (site) => `Sign in to ${site}`,
    text: (site, link, minutes) =>
      `Open this link to sign in to ${site} and see your bookings:\n\n${link}\n\nIt works once, for ${minutes} minutes. If you did not ask for it, ignore this email.`,
  },
  es: {
    subject: (site) => `Inicie sesión en ${site}`,
    text: (site, link, minutes) =>
      `Abra este enlace para iniciar sesión en ${site} y ver sus reservas:\n\n${link}\n\nFunciona una vez, durante ${minutes} minutos. Si no lo pidió, ignore este correo.`,
  },
  de: {
    subject: (site) => `Bei ${site} anmelden`,
    text: (site, link, minutes) =>
      `Öffnen Sie diesen Link, um sich bei ${site} anzumelden und Ihre Buchungen zu sehen:\n\n${link}\n\nEr funktioniert einmal, ${minutes} Minuten lang. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  },
  ja: {
    subject: (site) => `${site} へのサインイン`,
    text: (site, link, minutes) =>
      `次のリンクを開いて ${site} にサインインし、ご予約をご確認ください。\n\n${link}\n\nこのリンクは1回のみ、${minutes}分間有効です。お心当たりのない場合は、このメールを破棄してください。`,
  },
};

/** The sign-in link mail (spec 6.1), in the locale it was asked in when we have its words. */
export function signInLinkMail(to: string, locale: string, b: { site: string; link: string; minutes: number }): Mail {
  const w = WORDS[locale] ?? WORDS.en;
  return { to, locale, subject: w.subject(b.site), text: w.text(b.site, b.link, b.minutes) };
}
