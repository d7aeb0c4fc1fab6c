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

/** The VAT lines of a GBP invoice, in major units (2 decimals): `net + vat = gross`. */
export interface VatBreakdown {
  /** The VAT rate in percent ({@link GBP_VAT_PERCENT}). */
  ratePercent: number;
  /** The price before VAT: `gross − vat`. */
  net: number;
  /** The VAT included in `gross` ({@link vatForPrice}). */
  vat: number;
  /** The price charged, VAT included. */
  gross: number;
}

/**
 * The lines a VAT invoice prints for a GBP amount charged (spec §9 "Prices": GBP prices include 20 % VAT; "Currency is
 * rounded to 2 decimals"): the rate, the net, the VAT ({@link vatForPrice}) and the gross, computed in integer minor
 * units so that `net + vat` is exactly `gross`. E.g. £107.99 → net 89.99, VAT 18.00, gross 107.99.
 *
 * @param totalPrice - gross amount charged, VAT included, major units.
 * @returns the breakdown for GBP, `undefined` for every other currency (no VAT invoice).
 * @throws RangeError when the currency is GBP and `totalPrice` is not a finite number.
 */
export function vatBreakdown(totalPrice: number, currency: Currency): VatBreakdown | undefined {
  const vat = vatForPrice(totalPrice, currency);
  if (vat === undefined) return undefined;
  const grossMinor = toMinor(totalPrice);
  return {
    ratePercent: GBP_VAT_PERCENT,
    net: fromMinor(grossMinor - toMinor(vat)),
    vat,
    gross: fromMinor(grossMinor),
  };
}
