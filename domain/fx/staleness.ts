/** What /readyz reports about exchange rates: the currencies whose newest rate is older than the limit, and the oldest date. */
export interface RatesFreshness {
  stale: string[];
  oldest_as_of: string | null;
}

export function ratesFreshness(latest: readonly { quote: string; as_of: string }[], now: Date, maxAgeHours: number): RatesFreshness {
  const limit = now.getTime() - maxAgeHours * 3_600_000;
  // The dollar is the base: its rate is 1 however old.
  const dated = latest.filter((rate) => rate.quote !== 'USD');
  const stale = dated.filter((rate) => Date.parse(rate.as_of) < limit).map((rate) => rate.quote);
  const oldest = dated.reduce<string | null>((found, rate) => (found === null || Date.parse(rate.as_of) < Date.parse(found) ? rate.as_of : found), null);
  return { stale: stale.sort(), oldest_as_of: oldest };
}
