/**
 * Money arithmetic in integer minor units (cents, pence).
 *
 * Source: spec §9 "Calculation" — "Currency is rounded to 2 decimals". Every public price in `@ofw/domain` is a
 * `number` in major units with at most 2 decimals; every computation converts to integer minor units first so that
 * no binary floating-point error (e.g. `0.1 + 0.2`) can leak into a price.
 *
 * @module
 */

/** Integer amount in minor units (1/100 of the currency unit). */
export type Minor = number;

/**
 * Converts a major-unit amount to integer minor units, rounding half away from zero at the third decimal using the
 * number's shortest decimal representation (so `1.005` → `101`, not the binary `100.4999…`).
 *
 * @param amount - major units, finite.
 * @returns integer minor units.
 * @throws RangeError when `amount` is not a finite number.
 */
export function toMinor(amount: number): Minor {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new RangeError(`Money amount must be a finite number, got ${String(amount)}`);
  }
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const scaled = abs * 100;
  const fraction = scaled - Math.floor(scaled);
  let minor: number;
  if (Math.abs(fraction - 0.5) > 1e-6 || scaled >= 1e15) {
    // Not near a half cent: binary rounding of `abs × 100` cannot change the result (fast path for prices).
    minor = Math.round(scaled);
  } else {
    // Near a half cent (e.g. 1.005 is 100.4999… × 100 in binary): round half-up on the shortest decimal digits.
    const [whole = '0', decimals = ''] = abs.toString().split('.');
    const digits = (decimals + '000').slice(0, 3);
    minor = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  }
  return negative && minor !== 0 ? -minor : minor;
}

/**
 * Converts integer minor units back to a major-unit number with at most 2 decimals.
 *
 * @param minor - integer minor units.
 * @returns major units (`minor / 100`).
 * @throws RangeError when `minor` is not a safe integer.
 */
export function fromMinor(minor: Minor): number {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Minor units must be a safe integer, got ${String(minor)}`);
  }
  return minor / 100;
}

/**
 * Integer division rounded half away from zero ("half-up" for the non-negative amounts money takes here).
 *
 * @param numerator - integer.
 * @param denominator - positive integer.
 * @throws RangeError when `denominator` is not a positive integer.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Denominator must be a positive integer, got ${String(denominator)}`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const result = Math.floor((2 * abs + denominator) / (2 * denominator));
  return result === 0 ? 0 : sign * result;
}

/**
 * Rounds a major-unit amount to 2 decimals, half away from zero (spec §9 "Currency is rounded to 2 decimals").
 *
 * @param amount - major units, finite.
 * @returns major units, at most 2 decimals.
 * @throws RangeError when `amount` is not a finite number.
 */
export function roundMoney(amount: number): number {
  return fromMinor(toMinor(amount));
}

/**
 * A major-unit amount as the decimal string payment gateways and `POST /orders`' `expectedCharge` take: 2 decimals,
 * no grouping, no symbol (`216` → `"216.00"`, `107.99` → `"107.99"`), rounded as {@link roundMoney} rounds.
 *
 * @param amount - major units, finite, not negative.
 * @returns e.g. `"149.99"`.
 * @throws RangeError when `amount` is not a finite number.
 */
export function decimalAmount(amount: number): string {
  const minor = toMinor(amount);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
