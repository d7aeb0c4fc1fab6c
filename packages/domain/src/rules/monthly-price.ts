import type { Years } from '../schemas.js';
import { divideHalfUp, fromMinor, toMinor } from '../money.js';

/**
 * Monthly price = total price / (12 × years), rounded half-up to 2 decimals, computed in integer minor units.
 *
 * Source: spec §9 "Calculation" (Max 2 years 551.76 → 22.99; Essentials 2 years 259 → 10.79).
 *
 * @param totalPrice - total for the whole subscription, major units.
 * @param years - subscription length, 1 or 2.
 * @returns major units, 2 decimals.
 * @throws RangeError when `totalPrice` is not finite or `years` is not 1 or 2.
 */
export function monthlyPrice(totalPrice: number, years: Years): number {
  if (years !== 1 && years !== 2) throw new RangeError(`years must be 1 or 2, got ${String(years)}`);
  return fromMinor(divideHalfUp(toMinor(totalPrice), 12 * years));
}
