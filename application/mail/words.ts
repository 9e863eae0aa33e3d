/** The words a composed mail adds to what its feature wrote, by the booking's language. */
interface Words {
  manage: string;
}

const WORDS: Record<string, Words> = {
  en: { manage: 'Manage your booking' },
  es: { manage: 'Gestione su reserva' },
  de: { manage: 'Buchung verwalten' },
  ja: { manage: 'ご予約の管理' },
};

/** Unknown or no locale: English. */
export const wordsFor = (locale: string | null): Words => WORDS[locale ?? 'en'] ?? WORDS.en;
