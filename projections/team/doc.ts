import type { Doc } from '../../application/platform/ports/document-store';
import type { Role } from '../../domain/team';

/** The team read model's collection: one document per member on a seller's team. */
export const TEAM_MEMBERS = 'team_members';

export interface TeamMemberDoc extends Doc {
  seller_id: string;
  email: string;
  name: string;
  role: Role;
  added_at: string;
  /** A member who left keeps their document, so the keys they made can say who made them. */
  left: boolean;
}

/** One document per seller whose team changed a setting. */
export const TEAM_SETTINGS = 'team_settings';

export interface TeamSettingsDoc extends Doc {
  rate_limit_per_minute: number | null;
}
