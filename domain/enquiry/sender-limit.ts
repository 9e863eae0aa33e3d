import type { Decider, Event } from '../shared/decider';
import { type Refusal, refuse } from '../shared/refusal';

/** Enquiries one client address may send to one storefront in an hour (an abuse limit: spec 4.7, part 8). */
export const ENQUIRIES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * An enquiry from one client address to one storefront was let through. The stream is named by a
 * digest of the two, so the address itself is not kept; counting from the log keeps the limit
 * across restarts and instances.
 */
export type EnquiryAdmitted = Event<'EnquiryAdmitted', { at: string }>;

export type SenderLimitEvent = EnquiryAdmitted;

/** The newest admissions, at most as many as the limit: older ones can never refuse a request again. */
export type SenderLimit = { recent: string[] };

export type AdmitEnquiry = { type: 'AdmitEnquiry'; now: Date };

/** Refused while the address sent its 10 in the hour before now; Retry-After is when the oldest of them leaves that hour. */
export function admitEnquiry(command: AdmitEnquiry, state: SenderLimit): SenderLimitEvent[] | Refusal {
  const now = command.now.getTime();
  const inHour = state.recent.filter((at) => Date.parse(at) > now - HOUR_MS);
  if (inHour.length >= ENQUIRIES_PER_HOUR) {
    const oldest = Date.parse(inHour[inHour.length - ENQUIRIES_PER_HOUR]);
    const retryAfter = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
    return refuse('RateLimited', `this address sent ${ENQUIRIES_PER_HOUR} enquiries in the last hour: try again in ${retryAfter} s`, {
      retry_after_seconds: retryAfter,
    });
  }
  return [{ type: 'EnquiryAdmitted', data: { at: command.now.toISOString() } }];
}

export const senderLimitDecider: Decider<AdmitEnquiry, SenderLimitEvent, SenderLimit> = {
  initialState: () => ({ recent: [] }),
  evolve: (state, event) => ({ recent: [...state.recent, event.data.at].slice(-ENQUIRIES_PER_HOUR) }),
  decide: admitEnquiry,
};

/** `senderHash` is a digest of the storefront and the client address. */
export const senderLimitStream = (senderHash: string): string => `enquiry-sender-${senderHash}`;
