import type { Event } from '../shared/decider';

/** Who filled in a traveller's details: the lead (booking token or session) or the traveller with the link the lead forwarded. */
export type DetailsGivenBy = 'lead' | 'traveller_link';

/**
 * One traveller's details, as asked by the booking's rule (only the fields it asks for, trimmed). Position 1 is the lead.
 * At rest the identity numbers (isSensitiveField) are not in `details` but in `sealed` (AES-256-GCM under the server's
 * sealing key, for this booking and position); events written before keep them in `details` and read as they were.
 */
export type TravellerDetailsSaved = Event<
  'TravellerDetailsSaved',
  { ref: string; position: number; details: Record<string, string>; by: DetailsGivenBy; at: string; sealed?: string }
>;
/** A link for one traveller to fill in their own details; only the token's digest is kept. It replaces that position's earlier link. */
export type TravellerLinkIssued = Event<'TravellerLinkIssued', { ref: string; position: number; linkTokenHash: string; expiresAt: string; at: string }>;

export type TravellerDetailsEvent = TravellerDetailsSaved | TravellerLinkIssued;

export interface TravellerEntry {
  details: Record<string, string>;
  by: DetailsGivenBy;
  at: string;
}

export interface TravellerLink {
  linkTokenHash: string;
  expiresAt: string;
}

/** The traveller details given after checkout for one booking, and each position's current link; keyed by position. */
export interface TravellerDetails {
  entries: Record<string, TravellerEntry>;
  links: Record<string, TravellerLink>;
}

export const initialTravellerDetails = (): TravellerDetails => ({ entries: {}, links: {} });

export function evolveTravellerDetails(state: TravellerDetails, event: TravellerDetailsEvent): TravellerDetails {
  switch (event.type) {
    case 'TravellerDetailsSaved': {
      const { position, details, by, at } = event.data;
      return { ...state, entries: { ...state.entries, [position]: { details, by, at } } };
    }
    case 'TravellerLinkIssued': {
      const { position, linkTokenHash, expiresAt } = event.data;
      return { ...state, links: { ...state.links, [position]: { linkTokenHash, expiresAt } } };
    }
  }
}
