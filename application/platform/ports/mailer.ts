export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same words as HTML, every value escaped; written where mail is composed for sending, from `text`. */
  html?: string;
  locale: string | null;
  /**
   * The booking a traveller's mail is about: the mail then carries the link to manage it
   * (the storefront's manage page with ref and token), added where mail is composed for sending.
   */
  booking?: { ref: string };
}

export interface SendOptions {
  /**
   * Names this mail for good: a mail sent again under the same key (a reactor running an event
   * twice) is not sent twice. Reactors use the id of the event the mail tells about.
   */
  dedupeKey?: string;
}

/** Emails to travellers (spec part 6.1). */
export interface Mailer {
  send(mail: Mail, options?: SendOptions): Promise<void>;
}
