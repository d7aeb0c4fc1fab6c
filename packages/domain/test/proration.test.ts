import { describe, expect, it } from 'vitest';
import { DAY_MS, isUpgrade, prorate, termEnd, type CurrentTerm } from '../src/index.js';

const START = new Date('2030-01-01T00:00:00Z');
const YEAR = 365 * DAY_MS;
/** Premium 1 year (2053) bought at START for 216.00. */
const PREMIUM_1Y: CurrentTerm = {
  packageId: 2053,
  currency: 'USD',
  years: 1,
  startsAt: START,
  expiresAt: new Date(START.getTime() + YEAR),
  valueMinor: 21600,
  listPriceMinor: 21600,
};
const at = (ms: number) => new Date(START.getTime() + ms);

describe('§3 Upgrade options, §4 Purchase flow: proration', () => {
  it.each([
    // [when, days remaining, credit, prorated price of Max 1y (299.88)]
    ['§3 Upgrade options: start of term — the whole term is credited', at(0), 365, 21600, 8388],
    ['an hour in — the day in progress counts as used', at(3_600_000), 364, 21541, 8447],
    ['mid-term (day 100, 264 whole days left)', at(100 * DAY_MS + 3_600_000), 264, 15623, 14365],
    ['half-way (182.5 days left → 182)', at(YEAR / 2), 182, 10770, 19218],
    ['last day — nothing is credited', at(YEAR - 3_600_000), 0, 0, 29988],
    ['after expiry — clamped at 0 days', at(YEAR + DAY_MS), 0, 0, 29988],
    ['before the start — clamped at the term', at(-DAY_MS), 365, 21600, 8388],
  ] as const)('%s', (_name, now, days, credit, prorated) => {
    expect(prorate(PREMIUM_1Y, 29988, now)).toEqual({
      daysRemaining: days,
      termDays: 365,
      creditMinor: credit,
      proratedMinor: prorated,
    });
  });

  it('the prorated price is floored at 0 and stays integer minor units', () => {
    expect(prorate(PREMIUM_1Y, 10000, START)).toMatchObject({ creditMinor: 21600, proratedMinor: 0 });
    const q = prorate({ ...PREMIUM_1Y, valueMinor: 1 }, 5, at(YEAR / 3));
    expect(Number.isInteger(q.creditMinor) && Number.isInteger(q.proratedMinor)).toBe(true);
    expect(() => prorate(PREMIUM_1Y, -1, START)).toThrow(RangeError);
    expect(() => prorate({ ...PREMIUM_1Y, expiresAt: START }, 100, START)).toThrow(RangeError);
  });

  it('a 2-year term is prorated over 730 days', () => {
    const twoYears = {
      ...PREMIUM_1Y,
      packageId: 2054,
      years: 2,
      expiresAt: new Date(START.getTime() + 2 * YEAR),
      valueMinor: 39600,
      listPriceMinor: 39600,
    };
    expect(prorate(twoYears, 55176, at(365 * DAY_MS))).toEqual({
      daysRemaining: 365,
      termDays: 730,
      creditMinor: 19800,
      proratedMinor: 35376,
    });
  });

  it('§3 subDurationInYears: a calendar year spanning 29 February is prorated over 366 days, in the parent zone', () => {
    const startsAt = new Date('2027-03-01T05:00:00Z'); // 1 March 2027, midnight in New York
    const leap = { ...PREMIUM_1Y, startsAt, expiresAt: termEnd(startsAt, 1, 'America/New_York') };
    expect(prorate(leap, 29988, startsAt)).toMatchObject({ daysRemaining: 366, termDays: 366, creditMinor: 21600 });
    // 29 February 2028 in New York: 1 day left of 366
    expect(prorate(leap, 29988, new Date('2028-02-29T05:00:00Z'))).toMatchObject({ daysRemaining: 1, creditMinor: 59 });
  });

  it('§3 Upgrade options: a downgrade, the same package, a shorter term or another currency is not an upgrade', () => {
    const target = (packageId: number, listPriceMinor: number, years = 1, currency = 'USD') => ({
      packageId,
      currency,
      years,
      listPriceMinor,
      priceMinor: listPriceMinor,
    });
    expect(isUpgrade(PREMIUM_1Y, target(2055, 29988))).toBe(true); // Max 1y
    expect(isUpgrade(PREMIUM_1Y, target(2052, 27600, 2))).toBe(true); // Essentials 2y costs more
    expect(isUpgrade(PREMIUM_1Y, target(2051, 14999))).toBe(false); // Essentials 1y: downgrade
    expect(isUpgrade(PREMIUM_1Y, target(2053, 21600))).toBe(false); // same package
    expect(isUpgrade({ ...PREMIUM_1Y, years: 2 }, target(2055, 99999, 1))).toBe(false); // shorter term
    expect(isUpgrade(PREMIUM_1Y, target(2063, 99999, 1, 'GBP'))).toBe(false);
  });
});
