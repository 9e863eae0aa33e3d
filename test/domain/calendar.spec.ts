import { expect } from 'chai';
import { CalendarDay, calendarMonth, capacityOf, checkStart, cutoffAt, isRealDate, isRealMonth, runsOn, startsOn } from '../../domain/calendar/schedule';
import type { InputProblem } from '../../domain/shared/refusal';
import { at, availability, option } from './fixtures';

const LISBON = 'Europe/Lisbon'; // UTC+1 in May (WEST)
// May 2026: Friday 1, Saturday 2, Sunday 3, Monday 4 ...

describe('calendar schedule', () => {
  describe('runsOn', () => {
    const opt = option({
      availability: availability({ weekdays: [1, 3, 5], from: '2026-05-04', until: '2026-05-20', closed_dates: ['2026-05-08'] }),
    });

    it('runs on its ISO weekdays only', () => {
      expect(runsOn(opt, '2026-05-04')).to.equal(true); // Monday
      expect(runsOn(opt, '2026-05-05')).to.equal(false); // Tuesday
      expect(runsOn(opt, '2026-05-06')).to.equal(true); // Wednesday
      expect(runsOn(option({ availability: availability({ weekdays: [7] }) }), '2026-05-03')).to.equal(true); // Sunday is 7
      expect(runsOn(option({ availability: availability({ weekdays: [7] }) }), '2026-05-04')).to.equal(false);
    });

    it('runs from `from` to `until`, both included', () => {
      expect(runsOn(opt, '2026-05-01')).to.equal(false); // Friday before from
      expect(runsOn(opt, '2026-05-04')).to.equal(true);
      expect(runsOn(opt, '2026-05-20')).to.equal(true); // Wednesday = until
      expect(runsOn(opt, '2026-05-22')).to.equal(false); // Friday after until
      expect(runsOn(option({ availability: availability({ from: '2026-01-01', until: null }) }), '2030-06-05')).to.equal(true);
    });

    it('does not run on closed dates', () => {
      expect(runsOn(opt, '2026-05-08')).to.equal(false); // a Friday, closed
      expect(runsOn(opt, '2026-05-15')).to.equal(true);
    });
  });

  describe('startsOn', () => {
    it('lists the local starts of a day, times sorted', () => {
      const opt = option({ availability: availability({ times: ['14:00', '09:00', '11:30'] }) });
      expect(startsOn(opt, '2026-05-04')).to.deep.equal(['2026-05-04T09:00', '2026-05-04T11:30', '2026-05-04T14:00']);
    });

    it('lists the date itself for an option open all day', () => {
      expect(startsOn(option({ availability: availability({ times: [] }) }), '2026-05-04')).to.deep.equal(['2026-05-04']);
    });

    it('lists nothing on a day it does not run', () => {
      expect(startsOn(option({ availability: availability({ weekdays: [1] }) }), '2026-05-05')).to.deep.equal([]);
    });
  });

  describe('checkStart', () => {
    const now = at('2026-05-01T10:00:00.000Z');
    const timed = option({ availability: availability({ times: ['09:00', '13:00'], cutoff_hours: 2 }) });
    const allDay = option({ availability: availability({ times: [], cutoff_hours: 2 }) });

    const invalid = (opt: typeof timed, start: string) => {
      const refusal = checkStart(opt, start, LISBON, now);
      expect(refusal, start).to.not.equal(null);
      expect(refusal!.code, start).to.equal('InvalidInput');
      const problems = refusal!.fields.problems as InputProblem[];
      expect(problems).to.have.length(1);
      expect(problems[0]).to.deep.include({ reason: 'invalid_start', field: 'start' });
    };

    it('accepts a start the option runs at, before its cutoff', () => {
      expect(checkStart(timed, '2026-05-10T09:00', LISBON, now)).to.equal(null);
      expect(checkStart(allDay, '2026-05-10', LISBON, now)).to.equal(null);
    });

    it('is InvalidInput for a start of the wrong shape', () => {
      invalid(timed, '2026-05-10');
      invalid(timed, '2026-05-10 09:00');
      invalid(timed, '2026-05-10T09:00:00');
      invalid(timed, '10/05/2026 09:00');
      invalid(allDay, '2026-05-10T09:00');
      invalid(allDay, '2026-5-10');
    });

    it('is InvalidInput for dates and times that do not exist', () => {
      invalid(timed, '2026-02-30T09:00');
      invalid(timed, '2026-13-01T09:00');
      invalid(timed, '2026-05-10T25:00');
      invalid(allDay, '2026-02-30');
      invalid(allDay, '2025-02-29');
    });

    it('is SlotClosed for a time not in the schedule or a day it does not run', () => {
      expect(checkStart(timed, '2026-05-10T10:00', LISBON, now)?.code).to.equal('SlotClosed');
      const weekdays = option({ availability: availability({ weekdays: [1, 2, 3, 4, 5] }) });
      expect(checkStart(weekdays, '2026-05-09T09:00', LISBON, now)?.code).to.equal('SlotClosed'); // Saturday
      const closed = option({ availability: availability({ closed_dates: ['2026-05-11'] }) });
      expect(checkStart(closed, '2026-05-11T09:00', LISBON, now)?.code).to.equal('SlotClosed');
    });

    it('is SlotClosed while sales are paused', () => {
      expect(checkStart({ ...timed, sales_paused: true }, '2026-05-10T09:00', LISBON, now)?.code).to.equal('SlotClosed');
    });

    it('is PastCutoff within cutoff_hours of the start, with cutoffAt as an ISO UTC timestamp', () => {
      // 13:00 in Lisbon is 12:00Z; 2 hours before is 10:00Z = now.
      const refusal = checkStart(timed, '2026-05-01T13:00', LISBON, now);
      expect(refusal?.code).to.equal('PastCutoff');
      expect(refusal?.fields).to.deep.equal({ cutoffAt: '2026-05-01T10:00:00.000Z' });
      expect(checkStart(timed, '2026-05-01T13:00', LISBON, new Date(now.getTime() - 1))).to.equal(null);
    });

    it('is PastCutoff for a start that has begun', () => {
      const refusal = checkStart(timed, '2026-05-01T09:00', LISBON, now);
      expect(refusal?.code).to.equal('PastCutoff');
      expect(refusal?.fields).to.deep.equal({ cutoffAt: '2026-05-01T06:00:00.000Z' });
    });

    it('lets an all-day start be booked through its day: the cutoff counts from the end of the local day', () => {
      // 2026-05-02 ends at 2026-05-02T23:00Z in Lisbon; 2 hours before is 21:00Z that day.
      expect(checkStart(allDay, '2026-05-02', LISBON, at('2026-05-02T20:59:59.999Z'))).to.equal(null);
      const refusal = checkStart(allDay, '2026-05-02', LISBON, at('2026-05-02T21:00:00.000Z'));
      expect(refusal?.code).to.equal('PastCutoff');
      expect(refusal?.fields).to.deep.equal({ cutoffAt: '2026-05-02T21:00:00.000Z' });
    });

    it("counts the cutoff in the trip's zone (Asia/Tokyo vs UTC)", () => {
      const tokyo = option({ availability: availability({ times: ['09:00'], cutoff_hours: 24 }) });
      const early = at('2026-05-01T00:30:00.000Z');
      // 09:00 on 2026-05-02 in Tokyo is 2026-05-02T00:00Z; booking closed 24 hours before.
      const refusal = checkStart(tokyo, '2026-05-02T09:00', 'Asia/Tokyo', early);
      expect(refusal?.code).to.equal('PastCutoff');
      expect(refusal?.fields).to.deep.equal({ cutoffAt: '2026-05-01T00:00:00.000Z' });
      // Read as UTC the same start would still be open.
      expect(checkStart(tokyo, '2026-05-02T09:00', 'UTC', early)).to.equal(null);
      expect(cutoffAt(tokyo, '2026-05-02T09:00', 'Asia/Tokyo').toUTC().toISO()).to.equal('2026-05-01T00:00:00.000Z');
    });

    it('checks the shape before the schedule and the schedule before the cutoff', () => {
      const paused = { ...timed, sales_paused: true };
      expect(checkStart(paused, '2026-02-30T09:00', LISBON, now)?.code).to.equal('InvalidInput');
      expect(checkStart(timed, '2026-04-30T10:00', LISBON, now)?.code).to.equal('SlotClosed'); // past and not in schedule
    });
  });

  describe('calendarMonth', () => {
    const opt = option({
      availability: availability({ times: ['14:00', '09:00'], weekdays: [1, 2, 3, 4, 5], capacity: 10, cutoff_hours: 2, closed_dates: ['2026-05-12'] }),
    });
    // Monday 2026-05-04 08:30 in Lisbon.
    const now = at('2026-05-04T07:30:00.000Z');
    const left: Record<string, number> = {
      '2026-05-05T09:00': 0,
      '2026-05-05T14:00': 3,
      '2026-05-06T09:00': 0,
      '2026-05-06T14:00': 0,
      '2026-05-07T14:00': 0,
    };
    const remainingAt = (start: string) => left[start] ?? 10;
    const days = calendarMonth(opt, LISBON, '2026-05', now, remainingAt);
    const day = (date: string): CalendarDay => days.find((d) => d.date === date)!;

    it('has every day of the month, in order', () => {
      expect(days).to.have.length(31);
      expect(days[0]!.date).to.equal('2026-05-01');
      expect(days[30]!.date).to.equal('2026-05-31');
      expect(calendarMonth(opt, LISBON, '2026-02', now, remainingAt)).to.have.length(28);
    });

    it('shows open starts with the places left', () => {
      expect(day('2026-05-11')).to.deep.equal({
        date: '2026-05-11',
        status: 'open',
        starts: [
          { time: '09:00', status: 'open', remaining: 10 },
          { time: '14:00', status: 'open', remaining: 10 },
        ],
      });
    });

    it('shows sold_out starts; a day with any open start is open', () => {
      expect(day('2026-05-05')).to.deep.equal({
        date: '2026-05-05',
        status: 'open',
        starts: [
          { time: '09:00', status: 'sold_out', remaining: 0 },
          { time: '14:00', status: 'open', remaining: 3 },
        ],
      });
    });

    it('shows a day sold_out when all its starts are', () => {
      expect(day('2026-05-06').status).to.equal('sold_out');
      expect(day('2026-05-06').starts.map((s) => s.status)).to.deep.equal(['sold_out', 'sold_out']);
    });

    it('shows past_cutoff starts and days', () => {
      expect(day('2026-05-01').status).to.equal('past_cutoff');
      expect(day('2026-05-01').starts.map((s) => [s.time, s.status])).to.deep.equal([
        ['09:00', 'past_cutoff'],
        ['14:00', 'past_cutoff'],
      ]);
      // Today: 09:00 (08:00Z) closed for booking at 06:00Z; 14:00 still open.
      expect(day('2026-05-04').status).to.equal('open');
      expect(day('2026-05-04').starts.map((s) => [s.time, s.status])).to.deep.equal([
        ['09:00', 'past_cutoff'],
        ['14:00', 'open'],
      ]);
    });

    it('ranks a day open > sold_out > past_cutoff > closed', () => {
      const later = at('2026-05-07T07:30:00.000Z'); // Thursday: 09:00 past cutoff, 14:00 sold out
      const thursday = calendarMonth(opt, LISBON, '2026-05', later, remainingAt).find((d) => d.date === '2026-05-07')!;
      expect(thursday.starts.map((s) => s.status)).to.deep.equal(['past_cutoff', 'sold_out']);
      expect(thursday.status).to.equal('sold_out');
    });

    it('shows days it does not run as closed, with no starts', () => {
      expect(day('2026-05-02')).to.deep.equal({ date: '2026-05-02', status: 'closed', starts: [] }); // Saturday
      expect(day('2026-05-12')).to.deep.equal({ date: '2026-05-12', status: 'closed', starts: [] }); // closed date
    });

    it('shows every start closed while sales are paused', () => {
      const paused = calendarMonth({ ...opt, sales_paused: true }, LISBON, '2026-05', now, remainingAt);
      expect(paused.find((d) => d.date === '2026-05-11')).to.deep.equal({
        date: '2026-05-11',
        status: 'closed',
        starts: [
          { time: '09:00', status: 'closed', remaining: null },
          { time: '14:00', status: 'closed', remaining: null },
        ],
      });
      expect(paused.every((d) => d.status === 'closed')).to.equal(true);
    });

    it('shows remaining null on a free-sale option (places not counted)', () => {
      const free = option({ capacity_mode: 'free_sale', availability: availability({ times: [], capacity: null }) });
      expect(capacityOf(free)).to.equal(null);
      const month = calendarMonth(free, LISBON, '2026-05', now, () => (capacityOf(free) === null ? null : 0));
      expect(month.find((d) => d.date === '2026-05-11')).to.deep.equal({
        date: '2026-05-11',
        status: 'open',
        starts: [{ time: null, status: 'open', remaining: null }],
      });
    });

    it('counts places for limited options', () => {
      expect(capacityOf(opt)).to.equal(10);
    });

    it("takes the cutoff in the trip's zone (Asia/Tokyo)", () => {
      const tokyo = option({ availability: availability({ times: ['09:00'], cutoff_hours: 24 }) });
      const early = at('2026-05-01T00:30:00.000Z');
      const inTokyo = calendarMonth(tokyo, 'Asia/Tokyo', '2026-05', early, () => 10);
      const inUtc = calendarMonth(tokyo, 'UTC', '2026-05', early, () => 10);
      expect(inTokyo.slice(0, 3).map((d) => d.status)).to.deep.equal(['past_cutoff', 'past_cutoff', 'open']);
      expect(inUtc.slice(0, 3).map((d) => d.status)).to.deep.equal(['past_cutoff', 'open', 'open']);
    });
  });

  it('isRealDate and isRealMonth refuse dates that do not exist', () => {
    expect(isRealDate('2028-02-29')).to.equal(true);
    expect(isRealDate('2026-02-29')).to.equal(false);
    expect(isRealDate('2026-04-31')).to.equal(false);
    expect(isRealDate('2026-4-01')).to.equal(false);
    expect(isRealMonth('2026-12')).to.equal(true);
    expect(isRealMonth('2026-13')).to.equal(false);
    expect(isRealMonth('2026-1')).to.equal(false);
  });
});
