import { DateTime } from 'luxon';
import type { OptionDefinition } from '../catalog/definitions';
import { InputProblem, Refusal, invalidInput, refuse } from '../shared/refusal';

export type StartStatus = 'open' | 'sold_out' | 'closed' | 'past_cutoff';

export interface CalendarStart {
  time: string | null;
  status: StartStatus;
  remaining: number | null;
}

export interface CalendarDay {
  date: string;
  status: StartStatus;
  starts: CalendarStart[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export function isRealDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const day = Number(date.slice(8, 10));
  return isRealMonth(date.slice(0, 7)) && day >= 1 && day <= daysInMonth(date.slice(0, 7));
}

/** A real month 'YYYY-MM'. */
export function isRealMonth(month: string): boolean {
  if (!/^\d{4}-\d{2}$/.test(month)) return false;
  const m = Number(month.slice(5, 7));
  return m >= 1 && m <= 12;
}

/** Days of a real month 'YYYY-MM', by the Gregorian calendar's leap years. */
export function daysInMonth(month: string): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (m === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a calendar date, without time zones: a date is a date. */
export function isoWeekday(date: string): number {
  let weekday = WEEKDAYS.get(date);
  if (weekday === undefined) {
    weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (WEEKDAYS.size >= WEEKDAYS_KEPT) WEEKDAYS.clear();
    WEEKDAYS.set(date, weekday);
  }
  return weekday;
}

/** A list for a month asks every trip's options about the same thirty dates: their weekdays are kept. */
const WEEKDAYS = new Map<string, number>();
const WEEKDAYS_KEPT = 10_000;

/**
 * Whether the option runs on a local date by its availability rule (not whether places are left).
 * `weekday` (1 = Monday) may be given when the caller already knows it.
 */
export function runsOn(option: OptionDefinition, date: string, weekday = isoWeekday(date)): boolean {
  const rule = option.availability;
  if (date < rule.from || (rule.until !== null && date > rule.until)) return false;
  if (rule.closed_dates.includes(date)) return false;
  return rule.weekdays.includes(weekday);
}

/** The local starts of a date: 'YYYY-MM-DDTHH:MM' per time, or the date itself when open all day. */
export function startsOn(option: OptionDefinition, date: string): string[] {
  if (!runsOn(option, date)) return [];
  const times = option.availability.times;
  return times.length === 0 ? [date] : [...times].sort().map((time) => `${date}T${time}`);
}

/**
 * The instant a start is counted from for cutoffs and deadlines, in UTC (invalid for a local time
 * that is not one, like 12:60). An option open all day can be booked through its day, so its start
 * counts from the end of that day (the next local midnight).
 */
export function startInstant(start: string, timezone: string): DateTime {
  const key = `${timezone}|${start}`;
  let instant = INSTANTS.get(key);
  if (!instant) {
    const local = start.length === 10 ? DateTime.fromISO(`${start}T00:00`, { zone: timezone }).plus({ days: 1 }) : DateTime.fromISO(start, { zone: timezone });
    instant = local.toUTC();
    if (INSTANTS.size >= INSTANTS_KEPT) INSTANTS.clear();
    INSTANTS.set(key, instant);
  }
  return instant;
}

/**
 * Zone arithmetic is the dearest part of checking a start, and a quote, a hold and a checkout of
 * one start ask for the same instant several times: the answers (immutable DateTimes) are kept.
 * They are kept in UTC: deadlines are so many hours before a start (exact time, not wall-clock
 * time), and moving a UTC instant needs no zone offset, which costs as much as the parse itself.
 */
const INSTANTS = new Map<string, DateTime>();
const INSTANTS_KEPT = 50_000;

/** The last moment the start can be booked. */
export function cutoffAt(option: OptionDefinition, start: string, timezone: string): DateTime {
  return startInstant(start, timezone).minus({ hours: option.availability.cutoff_hours });
}

export function isPastCutoff(option: OptionDefinition, start: string, timezone: string, now: Date): boolean {
  return startInstant(start, timezone).toMillis() - option.availability.cutoff_hours * 3_600_000 <= now.getTime();
}

/**
 * Checks a requested start: its shape (InvalidInput), that the option runs then
 * (SlotClosed) and that it is not too late (PastCutoff). Places are the departure's business.
 */
export function checkStart(option: OptionDefinition, start: string, timezone: string, now: Date): Refusal | null {
  const refusal = checkStartRuns(option, start, timezone);
  if (refusal) return refusal;
  if (isPastCutoff(option, start, timezone, now)) {
    const cutoff = cutoffAt(option, start, timezone).toUTC().toISO() as string;
    return refuse('PastCutoff', 'too late to book this start', { cutoffAt: cutoff });
  }
  return null;
}

/** A start's shape (InvalidInput) and that the option runs then (SlotClosed), whenever it is. */
export function checkStartRuns(option: OptionDefinition, start: string, timezone: string): Refusal | null {
  const allDay = option.availability.times.length === 0;
  const dateTime = DATE_TIME.exec(start);
  const date = allDay ? (DATE.test(start) ? start : null) : dateTime ? dateTime[1] : null;
  if (date === null || !isRealDate(date) || (dateTime && !startInstant(start, timezone).isValid)) {
    const problem: InputProblem = {
      reason: 'invalid_start',
      field: 'start',
      detail: allDay ? 'start must be a real date YYYY-MM-DD for this option' : 'start must be a real local start YYYY-MM-DDTHH:MM for this option',
    };
    return invalidInput([problem]);
  }
  if (option.sales_paused || !startsOn(option, date).includes(start)) {
    return refuse('SlotClosed', 'the option does not run at that start');
  }
  return null;
}

/** Places a start of the option counts, or null when places are not counted. */
export function capacityOf(option: OptionDefinition): number | null {
  return option.capacity_mode === 'free_sale' ? null : option.availability.capacity;
}

const DAY_STATUS_ORDER: StartStatus[] = ['open', 'sold_out', 'past_cutoff', 'closed'];

/** A day is as open as its most open start: open, else sold out, else past its cutoff, else closed. */
export function dayStatus(starts: readonly { status: StartStatus }[]): StartStatus {
  return DAY_STATUS_ORDER.find((s) => starts.some((start) => start.status === s)) ?? 'closed';
}

/**
 * The local wall-clock time 'YYYY-MM-DDTHH:MM' up to which starts are past their cutoff:
 * a start is too late when it begins before now + cutoff_hours.
 */
export function cutoffHorizon(option: OptionDefinition, timezone: string, now: Date): string {
  return localMinute(timezone, Math.floor((now.getTime() + option.availability.cutoff_hours * 3_600_000) / 60_000));
}

/** The month 'YYYY-MM' it is in a zone at `now`. */
export function monthIn(timezone: string, now: Date): string {
  // A month starts at a local midnight, a whole minute: the minute now is in tells the month.
  return localMinute(timezone, Math.floor(now.getTime() / 60_000)).slice(0, 7);
}

/** The local wall-clock minute 'YYYY-MM-DDTHH:MM' of a minute since the epoch in a zone. */
function localMinute(timezone: string, minute: number): string {
  // Zones are offset by whole minutes: one instant's minute in one zone is one answer.
  let inZone = LOCAL_MINUTES.get(timezone);
  if (!inZone) LOCAL_MINUTES.set(timezone, (inZone = new Map()));
  let local = inZone.get(minute);
  if (local === undefined) {
    local = DateTime.fromMillis(minute * 60_000, { zone: timezone }).toFormat("yyyy-MM-dd'T'HH:mm");
    if (inZone.size >= LOCAL_MINUTES_KEPT) inZone.clear();
    inZone.set(minute, local);
  }
  return local;
}

/**
 * A list for a date asks a thousand trips for their horizons at one moment, and they share a few
 * zones and cutoffs; every calendar asks what month it is in its zone: time-zone formatting is the
 * dearest step, so its answers are kept, by zone then minute.
 */
const LOCAL_MINUTES = new Map<string, Map<number, string>>();
const LOCAL_MINUTES_KEPT = 1_000;

/** Whether a local start is past a cutoff horizon (local wall-clock time, as cutoffHorizon gives). */
export function beforeHorizon(start: string, horizon: string): boolean {
  // An all-day start counts from the end of its day, like startInstant: "T24:00" sorts after every time of that day.
  return (start.length === 10 ? `${start}T24:00` : start) <= horizon;
}

/**
 * The first start of the option on these local dates (in their order, each day's times in order)
 * that can still be booked at `now` (before its cutoff) and that `fits` (places for a group, say);
 * null when none. It stops at the first: a list only asks whether there is one.
 */
export function firstBookableStart(
  option: OptionDefinition,
  timezone: string,
  dates: readonly string[],
  now: Date,
  fits: (start: string) => boolean = () => true,
): string | null {
  if (option.sales_paused) return null;
  const horizon = cutoffHorizon(option, timezone, now);
  const horizonDate = horizon.slice(0, 10);
  const times = option.availability.times.length === 0 ? null : [...option.availability.times].sort();
  for (const date of dates) {
    // A day before the horizon's day is past its cutoff whatever the time.
    if (date < horizonDate || !runsOn(option, date)) continue;
    for (const start of times === null ? [date] : times.map((time) => `${date}T${time}`)) {
      if (!beforeHorizon(start, horizon) && fits(start)) return start;
    }
  }
  return null;
}

/**
 * One month of the option's calendar. `remainingAt` gives the places left at a start
 * (departure state at `now`), or null when the option does not count places.
 * Local starts compare as wall-clock strings against one horizon, so a month costs one
 * time-zone conversion rather than one per start.
 */
export function calendarMonth(
  option: OptionDefinition,
  timezone: string,
  month: string,
  now: Date,
  remainingAt: (start: string) => number | null,
): CalendarDay[] {
  const horizon = cutoffHorizon(option, timezone, now);
  const firstWeekday = isoWeekday(`${month}-01`);
  const length = daysInMonth(month);
  const days: CalendarDay[] = [];
  const times = [...option.availability.times].sort();
  for (let i = 0; i < length; i++) {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    const runs = runsOn(option, date, ((firstWeekday - 1 + i) % 7) + 1);
    const starts = !runs
      ? []
      : (times.length === 0 ? [date] : times.map((t) => `${date}T${t}`)).map((start): CalendarStart => {
          const time = start.length === 10 ? null : start.slice(11);
          if (option.sales_paused) return { time, status: 'closed', remaining: null };
          const remaining = remainingAt(start);
          if (beforeHorizon(start, horizon)) return { time, status: 'past_cutoff', remaining };
          return { time, status: remaining === 0 ? 'sold_out' : 'open', remaining };
        });
    days.push({ date, status: dayStatus(starts), starts });
  }
  return days;
}
