import type { Template } from '../catalog/definitions';

/** How long a hold keeps places, in minutes, by kind of trip (configured at start). */
export interface HoldLengths {
  holdMinutes: number;
  multiDayHoldMinutes: number;
}

/** When a hold placed at `now` runs out: multi-day trips keep theirs longer. */
export function holdExpiresAt(now: Date, template: Template, lengths: HoldLengths): string {
  const minutes = template === 'multi_day' ? lengths.multiDayHoldMinutes : lengths.holdMinutes;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}
