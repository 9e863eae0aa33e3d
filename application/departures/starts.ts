import { DateTime } from 'luxon';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { checkStart, isRealDate, startInstant, startsOn } from '../../domain/calendar/schedule';
import { type Refusal, invalidInput, refuse } from '../../domain/shared/refusal';
import { BOOKINGS, type BookingDoc } from '../../projections/bookings/doc';
import { CatalogReads, type ProductDoc } from '../../projections/catalog/queries';
import type { DocumentStore } from '../platform/ports/document-store';

/** Statuses of the bookings a call-off moves or cancels and a message reaches. */
const STANDING = ['pending', 'confirmed'];

export interface SellersStart {
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  timezone: string;
}

/** The option when it is the seller's own (published or not); another seller's option answers like a missing one. */
export async function sellersOption(docs: DocumentStore, sellerId: string, optionId: string): Promise<SellersStart | Refusal> {
  const [product] = await new CatalogReads(docs).productsOf({ seller_id: sellerId, option_ids: optionId });
  const option = product?.definition.options.find((o) => o.id === optionId);
  if (!product || !option) return refuse('NotFound', 'no such option of this seller', { entity: 'option' });
  return { product, option, timezone: product.definition.timezone };
}

/** A date or time that does not exist (2026-13-40T09:00) is a mistake in the request (InvalidInput start), not a start the option lacks. */
export function realStart(start: string, timezone: string): Refusal | null {
  if (isRealDate(start.slice(0, 10)) && DateTime.fromISO(start, { zone: timezone }).isValid) return null;
  return invalidInput([
    { reason: 'invalid_start', field: 'start', detail: 'start must be a real local start YYYY-MM-DDTHH:MM (or YYYY-MM-DD for an all-day option)' },
  ]);
}

/**
 * A start the seller acts on: a real start of the option's schedule that has not begun. Its
 * cutoff does not matter (a start is called off on the day too), nor whether sales are paused.
 */
export function checkSellersStart(option: OptionDefinition, start: string, timezone: string, now: Date): Refusal | null {
  const unreal = realStart(start, timezone);
  if (unreal) return unreal;
  if (!startsOn(option, start.slice(0, 10)).includes(start)) return refuse('NotFound', 'the option has no such start', { entity: 'start' });
  if (startInstant(start, timezone).toMillis() <= now.getTime()) {
    return invalidInput([{ reason: 'start_begun', field: 'start', detail: 'this start has begun already' }]);
  }
  return null;
}

/**
 * The start bookings are moved to: open for sale now (the option runs then and it is before its
 * cutoff: SlotClosed, PastCutoff, InvalidInput as for a hold) and later than the start called off.
 */
export function checkOfferedStart(option: OptionDefinition, start: string, offered: string, timezone: string, now: Date): Refusal | null {
  const closed = checkStart(option, offered, timezone, now);
  if (closed && closed.code === 'InvalidInput') {
    return invalidInput([{ reason: 'invalid_start', field: 'offered_start', detail: 'offered_start must be a real local start of this option' }]);
  }
  if (closed) return refuse(closed.code, `offered_start: ${closed.detail}`, { ...closed.fields });
  if (startInstant(offered, timezone).toMillis() <= startInstant(start, timezone).toMillis()) {
    return invalidInput([{ reason: 'not_later', field: 'offered_start', detail: 'offered_start must be later than the start called off' }]);
  }
  return null;
}

/** Refs of the pending and confirmed bookings of a start, as the bookings read model knows them. */
export async function standingRefs(docs: DocumentStore, optionId: string, start: string): Promise<string[]> {
  const found = await docs.collection<BookingDoc>(BOOKINGS).find({ option_id: optionId, start, status: { $in: STANDING } });
  return found.map((doc) => doc._id);
}
