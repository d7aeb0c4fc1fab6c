import { describe, expect, it } from 'vitest';
import { monthlyPrice } from '../src/index.js';

describe('§9 Calculation: monthly price = total / (12 × years), rounded half-up to 2 decimals', () => {
  it.each([
    [551.76, 2, 22.99],
    [259, 2, 10.79],
    [299.88, 1, 24.99],
    [144, 1, 12],
    [149.99, 1, 12.5], // 12.4991… → 12.50
    [0.06, 1, 0.01], // 0.005 → 0.01 (half-up)
    [0.05, 1, 0], // 0.00416… → 0.00
    [0.3, 2, 0.01], // 0.0125 → 0.01
    [0.36, 2, 0.02], // 0.015 → 0.02 (half-up, not banker's)
    [0, 2, 0],
  ])('§9 monthlyPrice(%s, %s) → %s', (total, years, monthly) => {
    expect(monthlyPrice(total, years as 1 | 2)).toBe(monthly);
  });

  it('§9 rejects a length other than 1 or 2 years and a non-finite total', () => {
    expect(() => monthlyPrice(100, 3 as 1)).toThrow(RangeError);
    expect(() => monthlyPrice(Number.NaN, 1)).toThrow(RangeError);
  });
});
