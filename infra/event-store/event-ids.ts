import { randomFillSync } from 'node:crypto';

/**
 * Ids for events appended without one, in the UUIDv7 layout (RFC 9562): a millisecond time, a
 * counter within the millisecond, then random bits. The log's unique index on ids then grows at
 * its end, as the table does, instead of taking each new id on a random page: a commit writes a
 * page or two of that index rather than one per event, which was most of what an append cost.
 */
export function timeOrderedEventId(now = Date.now()): string {
  if (now > lastMillisecond) {
    lastMillisecond = now;
    counter = 0;
  } else if (++counter > MAX_COUNTER) {
    // More ids in one millisecond than the counter holds: borrow the next, so the order holds.
    lastMillisecond += 1;
    counter = 0;
  }
  if (drawn + RANDOM_BYTES > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const random = pool.toString('hex', drawn, drawn + RANDOM_BYTES);
  drawn += RANDOM_BYTES;
  const time = lastMillisecond.toString(16).padStart(12, '0');
  const variant = ((parseInt(random[0], 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}-${variant}${random.slice(1, 4)}-${random.slice(4, 16)}`;
}

const MAX_COUNTER = 0xfff;
const RANDOM_BYTES = 8;
let lastMillisecond = 0;
let counter = 0;
const pool = Buffer.alloc(4096);
let drawn = pool.length;
