/**
 * What a first purchase of a fixed package charges, as literal figures copied from spec §9 "Prices" (major units,
 * 2 decimals, the package's currency; package ids from spec §9 "Package ids" as @ofw/domain's catalogue numbers them).
 * join-api's tests send these as the order's `expectedCharge` — what the page showed (docs/PAYMENTS.md "Shown = charged")
 * — and assert charged amounts against them: never the server's own quote, which a test must check, not copy. A
 * price the table does not hold (a coupon, an upgrade's proration, build-your-own options) is stated by the test.
 */
export const SPEC_PRICES = {
  2: { amount: '119.97', currencyCode: 'USD' }, // A (pro)
  3: { amount: '209.97', currencyCode: 'USD' }, // B, 2 years
  5: { amount: '99.00', currencyCode: 'GBP' }, // UK A (pro)
  8: { amount: '111.97', currencyCode: 'USD' }, // C
  9: { amount: '194.98', currencyCode: 'USD' }, // D, 2 years
  901: { amount: '144.00', currencyCode: 'USD' }, // Essentials, 1 year
  902: { amount: '204.00', currencyCode: 'USD' }, // Premium (901 series), 1 year
  903: { amount: '259.00', currencyCode: 'USD' }, // Essentials, 2 years
  904: { amount: '367.00', currencyCode: 'USD' }, // Premium (901 series), 2 years
  2051: { amount: '149.99', currencyCode: 'USD' }, // Essentials (other series), 1 year
  2052: { amount: '276.00', currencyCode: 'USD' }, // Essentials (other series), 2 years
  2053: { amount: '216.00', currencyCode: 'USD' }, // Premium, 1 year
  2054: { amount: '396.00', currencyCode: 'USD' }, // Premium, 2 years
  2055: { amount: '299.88', currencyCode: 'USD' }, // Max, 1 year
  2056: { amount: '551.76', currencyCode: 'USD' }, // Max, 2 years
  2061: { amount: '107.99', currencyCode: 'GBP' }, // Essentials (VAT 18)
  2062: { amount: '155.99', currencyCode: 'GBP' }, // Premium (VAT 26)
  2063: { amount: '215.99', currencyCode: 'GBP' }, // Max (VAT 36)
  2065: { amount: '99.00', currencyCode: 'GBP' }, // UK A (pro)
  2071: { amount: '179.99', currencyCode: 'CAD' }, // Essentials, 1 year
  2081: { amount: '199.99', currencyCode: 'AUD' }, // Essentials, 1 year
  2091: { amount: '219.00', currencyCode: 'NZD' }, // Essentials, 1 year
  2093: { amount: '319.99', currencyCode: 'NZD' }, // Premium, 1 year
} as const satisfies Record<number, { amount: string; currencyCode: string }>;

/** A package id of {@link SPEC_PRICES}. */
export type PricedPackageId = keyof typeof SPEC_PRICES;

/** The literal spec §9 charge of a first purchase of `packageId`; undefined for a package the table does not price. */
export function specCharge(packageId: unknown): { amount: string; currencyCode: string } | undefined {
  return typeof packageId === 'number' && packageId in SPEC_PRICES
    ? SPEC_PRICES[packageId as PricedPackageId]
    : undefined;
}
