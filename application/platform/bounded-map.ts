/**
 * Drops the oldest entries of a Map kept in use order once it holds more than `max`: a tenth of
 * them at a time, in one walk. Dropping one per insert walks past every entry deleted before it
 * (a Map keeps their slots until it rehashes), which made each insert into a full cache slower.
 */
export function keepNewest<K, V>(map: Map<K, V>, max: number): void {
  if (map.size <= max) return;
  let drop = map.size - max + Math.floor(max / 10);
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}
