import fc from 'fast-check';
import { Temporal } from '@js-temporal/polyfill';
import { describe, expect, it } from 'vitest';
import { termDate, termEnd, termTimeZone } from '../src/index.js';

const NY = 'America/New_York';

describe('§3 Package subDurationInYears: a term ends on the same calendar date 1 or 2 years later', () => {
  it('§3 a term bought on 29 February 2028 ends on 28 February 2029', () => {
    const end = termEnd(new Date('2028-02-29T12:00:00Z'), 1, 'UTC');
    expect(end.toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  it('§3 parent.timeZone: bought 29 Feb 2028 23:30 in New York (1 March in UTC) ends 28 Feb 2029 23:30 New York', () => {
    const start = new Date('2028-03-01T04:30:00Z'); // 2028-02-29 23:30 EST
    const end = termEnd(start, 1, NY);
    expect(end.toISOString()).toBe('2029-03-01T04:30:00.000Z'); // 2029-02-28 23:30 EST
    expect(termDate(start, NY)).toBe('2028-02-29');
    expect(termDate(end, NY)).toBe('2029-02-28');
  });

  it('§3 a 2-year term bought on 29 February 2028 ends on 28 February 2030; one bought 29 Feb 2024 ends 29 Feb 2028', () => {
    expect(termEnd(new Date('2028-02-29T00:00:00Z'), 2, 'UTC').toISOString()).toBe('2030-02-28T00:00:00.000Z');
    expect(termEnd(new Date('2026-02-28T00:00:00Z'), 2, 'UTC').toISOString()).toBe('2028-02-28T00:00:00.000Z');
  });

  it('§3 a year is 366 days when it spans 29 February (calendar, not 365 × 24 h)', () => {
    const start = new Date('2027-03-01T10:00:00Z');
    expect(termEnd(start, 1, 'UTC').toISOString()).toBe('2028-03-01T10:00:00.000Z');
  });

  it('§3 parent.timeZone: the wall-clock time is kept across daylight saving (New York, bought in winter)', () => {
    // 2027-01-15 09:00 EST; the end is 2028-01-15 09:00 EST
    expect(termEnd(new Date('2027-01-15T14:00:00Z'), 1, NY).toISOString()).toBe('2028-01-15T14:00:00.000Z');
    // 2027-03-12 02:30 EST exists; 2028-03-12 02:30 falls in the spring-forward gap → 03:30 EDT
    expect(termEnd(new Date('2027-03-12T07:30:00Z'), 1, NY).toISOString()).toBe('2028-03-12T07:30:00.000Z');
  });

  it('§3 parent.timeZone: a missing or unknown zone dates the term in UTC instead of failing the order', () => {
    const start = new Date('2028-03-01T04:30:00Z');
    expect(termEnd(start, 1, 'Not/AZone').toISOString()).toBe('2029-03-01T04:30:00.000Z');
    expect(termEnd(start, 1, undefined).toISOString()).toBe('2029-03-01T04:30:00.000Z');
    expect(termTimeZone('')).toBe('UTC');
    expect(termTimeZone(null)).toBe('UTC');
    expect(termTimeZone('Not/AZone')).toBe('UTC');
    expect(termTimeZone('Europe/London')).toBe('Europe/London');
  });

  it('rejects an invalid start or a term that is not 1 or 2 years', () => {
    expect(() => termEnd(new Date(Number.NaN), 1, 'UTC')).toThrow(RangeError);
    expect(() => termEnd(new Date(), 3 as 1, 'UTC')).toThrow(RangeError);
  });
});

/** Instants from 2020 to 2040 (ms), covering five leap days. */
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 11, 31) }).map((ms) => new Date(ms));
const zone = fc.constantFrom('UTC', NY, 'Europe/London', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata');
const years = fc.constantFrom<1 | 2>(1, 2);
const local = (d: Date, tz: string) => Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(tz);

describe('§3 term end invariants across leap years (fast-check)', () => {
  it('§3 the end date is the start date `years` later in the parent zone, 29 February → 28 February', () => {
    fc.assert(
      fc.property(instant, years, zone, (start, y, tz) => {
        const s = local(start, tz);
        const e = local(termEnd(start, y, tz), tz);
        const leapDay = s.month === 2 && s.day === 29;
        const inLeapYear = Temporal.PlainDate.from({ year: s.year + y, month: 2, day: 1 }).inLeapYear;
        const day = leapDay && !inLeapYear ? 28 : s.day;
        return e.year === s.year + y && e.month === s.month && e.day === day;
      }),
      { numRuns: 200 },
    );
  });

  it('§3 a term lasts 365 × years to 366 × years days (± 1 h of daylight saving), never a fixed 365 × 24 h', () => {
    const DAY = 86_400_000;
    fc.assert(
      fc.property(instant, years, zone, (start, y, tz) => {
        const ms = termEnd(start, y, tz).getTime() - start.getTime();
        return ms >= (365 * y - 1) * DAY && ms <= (365 * y + 1) * DAY + 3_600_000;
      }),
      { numRuns: 200 },
    );
  });

  it('§3 the wall-clock time is kept, but for a daylight-saving gap or overlap (at most 1 h off)', () => {
    fc.assert(
      fc.property(instant, years, zone, (start, y, tz) => {
        const s = local(start, tz).toPlainTime();
        const e = local(termEnd(start, y, tz), tz).toPlainTime();
        return Math.abs(s.since(e).total({ unit: 'minutes' })) <= 60;
      }),
      { numRuns: 200 },
    );
  });
});
