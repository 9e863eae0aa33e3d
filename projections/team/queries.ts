import type { DocumentStore } from '../../application/platform/ports/document-store';
import { TEAM_MEMBERS, TEAM_SETTINGS, type TeamMemberDoc, type TeamSettingsDoc } from './doc';

export type { TeamMemberDoc } from './doc';

/** Reads of the team read model. */
export class TeamReads {
  constructor(private readonly docs: DocumentStore) {}

  /** A member of this seller's team; null when there is none by that id (or they left). */
  member(sellerId: string, memberId: string): Promise<Readonly<TeamMemberDoc> | null> {
    return this.docs.collection<TeamMemberDoc>(TEAM_MEMBERS).findOne({ _id: memberId, seller_id: sellerId, left: false });
  }

  /** Calls per minute the team set for its secret keys; null when it set none. */
  async rateLimit(sellerId: string): Promise<number | null> {
    return (await this.docs.collection<TeamSettingsDoc>(TEAM_SETTINGS).findOne({ _id: sellerId }))?.rate_limit_per_minute ?? null;
  }

  /** The seller's team, in the order members joined. */
  members(sellerId: string): Promise<Readonly<TeamMemberDoc>[]> {
    return this.docs.collection<TeamMemberDoc>(TEAM_MEMBERS).find({ seller_id: sellerId, left: false }, { sort: { added_at: 1 } });
  }
}
