import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalAmount, divideHalfUp, fromMinor, roundMoney, toMinor } from '../src/money.js';

describe('§9 Calculation: currency is rounded to 2 decimals, in integer minor units', () => {
  it.each([
    [551.76, 55176],
    [0.1, 10],
    [1.005, 101],
    [2.675, 268],
    [-1.005, -101],
    [0, 0],
    [1e-9, 0],
    [123456789.99, 12345678999],
  ])('§9 toMinor(%s) → %s (half-up on the decimal digits)', (major, minor) => {
    expect(toMinor(major)).toBe(minor);
  });

  it('§9 fromMinor/roundMoney give 2-decimal major units without float error', () => {
    expect(fromMinor(30)).toBe(0.3);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(10.785)).toBe(10.79);
  });

  it.each([
    [1, 2, 1],
    [5, 2, 3],
    [4, 2, 2],
    [25900, 24, 1079],
    [-5, 2, -3],
    [0, 24, 0],
  ])('§9 divideHalfUp(%s, %s) → %s', (n, d, q) => {
    expect(divideHalfUp(n, d)).toBe(q);
  });

  it('§9 bad input is a clear RangeError', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Infinity)).toThrow(/finite/);
    expect(() => fromMinor(1.5)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(/positive integer/);
  });
});

describe('§9 Calculation: toMinor is exact half-up for any amount with 3 decimals (fast-check)', () => {
  it('§9 toMinor(k / 1000) = floor((k + 5) / 10)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (k) => {
        const expected = Math.floor((k + 5) / 10);
        return toMinor(k / 1000) === expected && toMinor(-k / 1000) === (expected === 0 ? 0 : -expected);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('§9 Calculation: decimalAmount writes the 2-decimal string gateways and expectedCharge take', () => {
  it('pads to two decimals and rounds like roundMoney', () => {
    expect(decimalAmount(216)).toBe('216.00');
    expect(decimalAmount(107.99)).toBe('107.99');
    expect(decimalAmount(0.1 + 0.2)).toBe('0.30');
    expect(decimalAmount(551.755)).toBe('551.76');
    expect(decimalAmount(0)).toBe('0.00');
  });
});
