import type { Doc } from './ports/document-store';
import type { SellerDefinition, StorefrontDefinition } from '../../domain/catalog/definitions';

export type StorefrontDoc = Doc & StorefrontDefinition;
export type SellerDoc = Doc & SellerDefinition;

/**
 * A signed-in traveller (spec 4.6, 5.6): the session belongs to one storefront and one email,
 * proven by an emailed link or a passkey. Set on the caller by the traveller-session middleware
 * when the request carries a valid session cookie for the key's storefront.
 */
export interface TravellerSession {
  sessionId: string;
  /** The proven email, normalised as bookings keep their lead's (domain/shared/email.ts). */
  email: string;
}

/** Who is asking: the storefront comes from the website key alone (spec part 5); the traveller from a session, when there is one. */
export interface StorefrontContext {
  storefront: StorefrontDoc;
  correlationId: string;
  traveller?: TravellerSession;
}
