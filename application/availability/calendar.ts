import { calendarMonth, capacityOf, CalendarDay, dayStatus, isRealMonth, monthIn, type StartStatus } from '../../domain/calendar/schedule';
import { remainingPlaces } from '../../domain/departure';
import { paymentWindowClosed } from '../../domain/payment/methods';
import { pricedOn } from '../../domain/pricing/tables';
import { Refusal, invalidInput, notFound } from '../../domain/shared/refusal';
import type { StorefrontDoc } from '../platform/context';
import type { SellingPlatform } from './deps';
import { visibleOption } from './options';

/** The day with the starts `closes` names closed (no places shown), its own status worked out again. */
function closing(day: CalendarDay, closes: (start: string, status: StartStatus) => boolean): CalendarDay {
  const starts = day.starts.map((s) =>
    closes(s.time === null ? day.date : `${day.date}T${s.time}`, s.status) ? { ...s, status: 'closed' as const, remaining: null } : s,
  );
  return { ...day, starts, status: dayStatus(starts) };
}

/** A day whose vehicles are all taken (issue 7) sells none of its starts: every one needs a vehicle. */
function withoutVehicles(day: CalendarDay): CalendarDay {
  const starts = day.starts.map((s) => (s.status === 'open' ? { ...s, status: 'sold_out' as const } : s));
  return { ...day, starts, status: dayStatus(starts) };
}

/** One month of an option's calendar (spec 2.5), with places left as of now; no prices. */
export async function calendar(
  deps: Pick<SellingPlatform, 'catalog' | 'departures' | 'vehicleDays' | 'clock'>,
  storefront: StorefrontDoc,
  optionId: string,
  month: string | undefined,
): Promise<CalendarDay[] | Refusal> {
  if (month !== undefined && !isRealMonth(month)) {
    return invalidInput([{ reason: 'invalid_value', field: 'month', detail: 'month must be a real month YYYY-MM, e.g. 2026-12' }]);
  }
  const found = await visibleOption(deps.catalog, storefront, optionId);
  if (!found) return notFound('option');
  const { product, option } = found;
  const now = deps.clock.now();
  const zone = product.definition.timezone;
  const wanted = month ?? monthIn(zone, now);
  const capacity = capacityOf(option);
  const { entries, calledOff } = await deps.departures.startsBetween(option.id, `${wanted}-01`, `${wanted}-31T99`);
  const noVehicles = await deps.vehicleDays.daysWithout(option, `${wanted}-01`, `${wanted}-31`, now);
  const methods = option.capacity_mode === 'on_request' ? [] : ((await deps.catalog.seller(product.seller_id))?.payment_methods ?? []);
  const unpayable = (start: string) => paymentWindowClosed(methods, start, zone, now) !== null;
  const days = calendarMonth(option, zone, wanted, now, (start) => remainingPlaces(entries.get(start), capacity, now))
    // A start the seller called off is closed, whatever places it has left.
    .map((day) => (calledOff.size === 0 ? day : closing(day, (start) => calledOff.has(start))))
    .map((day) => (noVehicles.has(day.date) ? withoutVehicles(day) : day))
    // A start no way to pay can be paid before any more is closed (quotes and holds refuse it
    // PaymentWindowClosed); a request, sent without paying, is not refused it: on-request options keep it.
    .map((day) => (methods.length === 0 ? day : closing(day, (start, status) => (status === 'open' || status === 'sold_out') && unpayable(start))));
  // A day no price table prices is not offered: a quote would refuse it (PriceNotAvailable outside_season or weekday).
  return days.map((day) => (day.starts.length === 0 || pricedOn(option, day.date) ? day : { date: day.date, status: 'closed', starts: [] }));
}
