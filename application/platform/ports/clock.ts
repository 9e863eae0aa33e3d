/** Time comes from here only, so tests fake it (sinon) and deciders get `now` on commands. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
