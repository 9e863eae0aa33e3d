import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { TeamEvent } from '../../domain/team';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import { TEAM_MEMBERS, TEAM_SETTINGS } from './doc';

const handlers: HandlersOf<TeamEvent, RecordedEvent, Write[]> = {
  TeamMemberAdded: (e) => [
    {
      collection: TEAM_MEMBERS,
      replaceOne: {
        filter: { _id: e.data.memberId },
        doc: {
          _id: e.data.memberId,
          seller_id: e.data.sellerId,
          email: e.data.email,
          name: e.data.name,
          role: e.data.role,
          added_at: e.recordedAt,
          left: false,
        },
        upsert: true,
      },
    },
  ],
  TeamMemberRoleChanged: (e) => [{ collection: TEAM_MEMBERS, updateOne: { filter: { _id: e.data.memberId }, update: { $set: { role: e.data.role } } } }],
  TeamMemberRemoved: (e) => [{ collection: TEAM_MEMBERS, updateOne: { filter: { _id: e.data.memberId }, update: { $set: { left: true } } } }],
  TeamRateLimitSet: (e) => [
    {
      collection: TEAM_SETTINGS,
      updateOne: { filter: { _id: e.data.sellerId }, update: { $set: { rate_limit_per_minute: e.data.perMinute } }, upsert: true },
    },
  ],
};

export const teamProjector = defineProjector<TeamEvent>('team', { [TEAM_MEMBERS]: [{ seller_id: 1 }], [TEAM_SETTINGS]: [] }, handlers);
