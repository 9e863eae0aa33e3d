/** Where new refs, tokens and UUIDs come from, so tests can fix them. */
export interface Ids {
  /** A booking ref, TP-XXXX-XXXX. */
  bookingRef(): string;
  /** A secret of at least 128 random bits, URL-safe, with its prefix (bt_, ct_, ...). */
  token(prefix?: string): string;
  uuid(): string;
}
