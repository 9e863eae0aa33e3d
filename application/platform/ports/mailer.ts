export interface Mail {
  to: string;
  subject: string;
  text: string;
  locale: string | null;
}

/** Emails to travellers (spec part 6.1). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
