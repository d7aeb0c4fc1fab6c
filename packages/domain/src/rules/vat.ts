import type { Currency, Package } from '../schemas.js';
import { divideHalfUp, fromMinor, toMinor } from '../money.js';

/** UK VAT rate in percent, included in GBP prices (§9 "Prices"). */
export const GBP_VAT_PERCENT = 20;

/**
 * The VAT included in a gross GBP price: gross × 20 / 120, rounded half-up to 2 decimals.
 *
 * Source: spec §9 "Prices" (£107.99 → 18, £155.99 → 26, £215.99 → 36).
 *
 * @param totalPrice - gross price including VAT, major units.
 * @returns major units for GBP, `undefined` for every other currency.
 * @throws RangeError when the currency is GBP and `totalPrice` is not a finite number.
 */
export function vatForPrice(totalPrice: number, currency: Currency): number | undefined {
  if (currency !== 'GBP') return undefined;
  return fromMinor(divideHalfUp(toMinor(totalPrice) * GBP_VAT_PERCENT, 100 + GBP_VAT_PERCENT));
}

/**
 * VAT of a package (spec §3 "Package" vatAmount, GBP only; §9).
 *
 * @returns major units for GBP packages, `undefined` otherwise.
 * @throws RangeError when the package is GBP and its `totalPrice` is not a finite number.
 */
export function vatAmount(pkg: Pick<Package, 'totalPrice' | 'currencyCode'>): number | undefined {
  return vatForPrice(pkg.totalPrice, pkg.currencyCode);
}
