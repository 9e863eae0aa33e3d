import { expect } from 'chai';
import fc from 'fast-check';
import type { CancellationPolicy } from '../../domain/catalog/definitions';
import { daysBefore, percentOf, policyPreset, refundPct } from '../../domain/policy/refund';
import { at, MODERATE } from './fixtures';

describe('refund policy', () => {
  describe('daysBefore', () => {
    it('counts whole local days, whatever the hour', () => {
      expect(daysBefore('2026-05-10T09:00', 'Europe/Lisbon', at('2026-05-09T22:00:00.000Z'))).to.equal(1); // 23:00 local on the 9th
      expect(daysBefore('2026-05-10T09:00', 'Europe/Lisbon', at('2026-05-09T23:30:00.000Z'))).to.equal(0); // 00:30 local on the 10th
      expect(daysBefore('2026-05-10', 'Europe/Lisbon', at('2026-05-01T08:00:00.000Z'))).to.equal(9); // all-day start
    });

    it('is negative after the start day', () => {
      expect(daysBefore('2026-05-10T09:00', 'Europe/Lisbon', at('2026-05-12T10:00:00.000Z'))).to.equal(-2);
    });

    it("counts in the trip's zone: the same instant is a different day in Tokyo, UTC and Los Angeles", () => {
      const now = at('2026-05-01T23:30:00.000Z');
      expect(daysBefore('2026-05-03T10:00', 'Asia/Tokyo', now)).to.equal(1); // 2026-05-02 08:30 in Tokyo
      expect(daysBefore('2026-05-03T10:00', 'UTC', now)).to.equal(2);
      expect(daysBefore('2026-05-03T10:00', 'America/Los_Angeles', now)).to.equal(2); // 16:30 on 05-01
      expect(daysBefore('2026-05-03T10:00', 'Pacific/Kiritimati', now)).to.equal(1); // UTC+14
    });

    it('is not thrown off by a 23-hour day (spring forward)', () => {
      // Europe/Berlin moves to summer time on 2026-03-29; America/New_York on 2026-03-08.
      expect(daysBefore('2026-03-30T09:00', 'Europe/Berlin', at('2026-03-28T12:00:00.000Z'))).to.equal(2);
      expect(daysBefore('2026-03-30T09:00', 'Europe/Berlin', at('2026-03-28T23:30:00.000Z'))).to.equal(1); // 00:30 CET on 03-29
      expect(daysBefore('2026-04-01T09:00', 'Europe/Berlin', at('2026-03-25T22:59:00.000Z'))).to.equal(7); // 23:59 CET
      expect(daysBefore('2026-03-09T09:00', 'America/New_York', at('2026-03-08T04:59:00.000Z'))).to.equal(2); // 23:59 EST on 03-07
      expect(daysBefore('2026-03-09T09:00', 'America/New_York', at('2026-03-08T05:00:00.000Z'))).to.equal(1);
    });

    it('is not thrown off by a 25-hour day (fall back)', () => {
      // Europe/Berlin goes back to winter time on 2026-10-25.
      expect(daysBefore('2026-10-26T09:00', 'Europe/Berlin', at('2026-10-24T21:59:00.000Z'))).to.equal(2); // 23:59 CEST on 10-24
      expect(daysBefore('2026-10-26T09:00', 'Europe/Berlin', at('2026-10-24T22:00:00.000Z'))).to.equal(1); // 00:00 on 10-25
      expect(daysBefore('2026-10-26T09:00', 'Europe/Berlin', at('2026-10-25T22:59:00.000Z'))).to.equal(1); // 23:59 CET on 10-25
      expect(daysBefore('2026-10-26T09:00', 'Europe/Berlin', at('2026-10-25T23:00:00.000Z'))).to.equal(0);
    });

    it('property: daysBefore in any zone agrees with the local calendar dates', () => {
      const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo', 'UTC'];
      fc.assert(
        fc.property(
          fc.constantFrom(...zones),
          fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
          fc.integer({ min: -3, max: 400 }),
          (zone, ms, offset) => {
            const now = new Date(ms);
            const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
            const start = new Date(Date.parse(`${localToday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
            expect(daysBefore(`${start}T12:00`, zone, now)).to.equal(offset);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe('refundPct', () => {
    it('applies the tier by days before: from_days inclusive, to_days exclusive', () => {
      const table: [number, number][] = [
        [365, 100],
        [7, 100],
        [6, 50],
        [2, 50],
        [1, 0],
        [0, 0],
      ];
      for (const [days, pct] of table) expect(refundPct(MODERATE, days), `${days} days`).to.equal(pct);
    });

    it('gives nothing back after the start', () => {
      const always: CancellationPolicy = { name: 'Always', tiers: [{ from_days: 0, to_days: null, refund_pct: 100 }] };
      expect(refundPct(always, 0)).to.equal(100);
      expect(refundPct(always, -1)).to.equal(0);
    });

    it('gives nothing back where no tier applies', () => {
      const gap: CancellationPolicy = { name: 'Gap', tiers: [{ from_days: 10, to_days: null, refund_pct: 100 }] };
      expect(refundPct(gap, 9)).to.equal(0);
      expect(refundPct({ name: 'Non-refundable', tiers: [{ from_days: 0, to_days: null, refund_pct: 0 }] }, 100)).to.equal(0);
    });

    it('does not depend on the order tiers are listed in', () => {
      const reversed: CancellationPolicy = { name: 'Moderate', tiers: [...MODERATE.tiers].reverse() };
      for (const days of [0, 1, 2, 6, 7, 30]) expect(refundPct(reversed, days)).to.equal(refundPct(MODERATE, days));
    });
  });

  describe('percentOf', () => {
    it('rounds once, half up', () => {
      expect(percentOf(1005, 50)).to.equal(503); // 502.5
      expect(percentOf(1003, 50)).to.equal(502); // 501.5
      expect(percentOf(999, 33)).to.equal(330); // 329.67
      expect(percentOf(1001, 33)).to.equal(330); // 330.33
      expect(percentOf(5, 10)).to.equal(1); // 0.5
      expect(percentOf(10000, 100)).to.equal(10000);
      expect(percentOf(12345, 0)).to.equal(0);
    });

    it('property: an integer within half a minor unit of the exact share, never more than the amount', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, pct) => {
          const out = percentOf(amount, pct);
          expect(Number.isInteger(out)).to.equal(true);
          expect(out).to.be.within(0, amount);
          expect(Math.abs(out * 100 - amount * pct)).to.be.at.most(50);
        }),
      );
    });
  });

  it('policyPreset is the name in snake_case', () => {
    expect(policyPreset(MODERATE)).to.equal('moderate');
    expect(policyPreset({ name: 'Non-refundable', tiers: [] })).to.equal('non_refundable');
    expect(policyPreset({ name: ' Flexible 24h ', tiers: [] })).to.equal('flexible_24h');
  });
});
