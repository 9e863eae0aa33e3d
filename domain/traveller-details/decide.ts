import type { BookingStatus } from '../booking/events';
import { type AgeCheck, checkTraveller, missingEntry, unknownFields } from '../booking/travellers';
import type { TravellerDetailsRule } from '../catalog/definitions';
import { assertNever } from '../shared/decider';
import { type Refusal, conflict, invalidInput, isRefusal, refuse } from '../shared/refusal';
import type { DetailsGivenBy, TravellerDetails, TravellerDetailsEvent } from './events';

/** What the decisions need to know of the booking: its group, how it stands, the rule it was sold with and the trip's dates. */
export interface BookingFacts {
  ref: string;
  pax: number;
  status: BookingStatus | 'placed';
  rule: TravellerDetailsRule;
  /** The trip's last day and today, in the trip's zone (YYYY-MM-DD): a passport must outlast the trip, a birth date be past. */
  lastDay: string;
  today: string;
  /** The ages the booked units admit, on the start's day: a birth date must fit one (null: not checked). */
  ages?: AgeCheck | null;
}

export type SaveTravellerDetails = {
  type: 'SaveTravellerDetails';
  booking: BookingFacts;
  position: number;
  details: Record<string, unknown>;
  by: DetailsGivenBy;
  now: Date;
};
export type IssueTravellerLink = { type: 'IssueTravellerLink'; booking: BookingFacts; position: number; linkTokenHash: string; expiresAt: string; now: Date };
export type TravellerDetailsCommand = SaveTravellerDetails | IssueTravellerLink;

/** Bookings whose travellers are no longer expected: nothing more is asked of them or kept for them. */
const CLOSED: readonly string[] = ['cancelled', 'rejected', 'lapsed'];

/** The path a PUT's problems name a field by: the traveller's position, then the field (travellers[2].passport_number). */
export const travellerFieldPath = (position: number, field: string): string => `travellers[${position}].${field}`;

export function decideTravellerDetails(command: TravellerDetailsCommand, state: TravellerDetails): TravellerDetailsEvent[] | Refusal {
  const refused = changeable(command.booking, command.position);
  if (refused) return refused;
  const { ref } = command.booking;
  switch (command.type) {
    case 'SaveTravellerDetails': {
      const checked = checkedDetails(command.booking, command.position, command.details);
      if (isRefusal(checked)) return checked;
      const before = state.entries[command.position];
      if (before && sameDetails(before.details, checked)) return [];
      return [
        {
          type: 'TravellerDetailsSaved',
          data: { ref, position: command.position, details: checked, by: command.by, at: command.now.toISOString() },
        },
      ];
    }
    case 'IssueTravellerLink':
      if (Date.parse(command.expiresAt) <= command.now.getTime()) {
        return conflict('trip_started', 'the trip has started: links to fill in traveller details are no longer made', {
          ref,
          start_at: command.expiresAt,
        });
      }
      return [
        {
          type: 'TravellerLinkIssued',
          data: { ref, position: command.position, linkTokenHash: command.linkTokenHash, expiresAt: command.expiresAt, at: command.now.toISOString() },
        },
      ];
    default:
      return assertNever(command);
  }
}

/** A traveller of this booking (1..pax) whose details the trip asks for, on a booking still going ahead. */
function changeable(booking: BookingFacts, position: number): Refusal | null {
  if (!Number.isInteger(position) || position < 1 || position > booking.pax) {
    return refuse('NotFound', `this booking has travellers 1 to ${booking.pax}; there is no traveller ${position}`, { entity: 'traveller' });
  }
  if (CLOSED.includes(booking.status)) {
    return conflict('booking_not_active', `the booking is ${booking.status}: its traveller details can no longer be changed`, {
      ref: booking.ref,
      booking_status: booking.status,
    });
  }
  if (booking.rule.fields.length === 0) {
    return conflict('details_not_needed', 'this trip asks for no traveller details', { ref: booking.ref });
  }
  return null;
}

/**
 * One traveller's details checked as at checkout (only the fields the rule asks for, every one of
 * them, real dates, an age a booked unit admits, a passport outlasting the trip); kept trimmed.
 * Problems name the field under this traveller's position.
 */
function checkedDetails(booking: BookingFacts, position: number, given: Record<string, unknown>): Record<string, string> | Refusal {
  const { fields } = booking.rule;
  const path = (field: string): string => travellerFieldPath(position, field);
  const unknown = unknownFields(fields, given, path);
  if (unknown.length > 0) return invalidInput(unknown);
  const { absent, problems } = checkTraveller(fields, given, path, booking.lastDay, booking.today, booking.ages ?? null);
  if (absent.length > 0) {
    return refuse('TravellerDetailsRequired', `traveller ${position} is missing ${absent.join(', ')}`, { missing: [missingEntry(position, fields, absent)] });
  }
  if (problems.length > 0) return refuse('TravellerDetailsInvalid', problems.map((p) => p.detail).join('; '), { problems });
  return Object.fromEntries(fields.map((field) => [field, (given[field] as string).trim()]));
}

const sameDetails = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(b).every((field) => a[field] === b[field]);
