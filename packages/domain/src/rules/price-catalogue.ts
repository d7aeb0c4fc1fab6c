import type { BuildYourOwnPackage, Package, UpgradeOptions } from '../schemas.js';
import { applyDiscount } from './discount.js';
import { offeredCatalogue } from './offer.js';
import { applyUpgradeOption } from './purchase-flow.js';
import { quoteUpgradeOptions, type QuoteContext } from './quote.js';

/** The package data of `GET /packages`, priced for one caller (see {@link priceCatalogue}). */
export interface PricedCatalogue {
  /** The offered fixed tiers with their §3 `discount` (§4 "Discount") and, for an upgrade, `proratedPriceInfo`. */
  packages: Package[];
  /** The offered build-your-own package (options priced as §9 lists them), or null. */
  byo: BuildYourOwnPackage | null;
  /** §3 upgrade options: the prorated price of each fixed tier that is an upgrade of `context.currentTerm`, or null. */
  upgradeOptions: UpgradeOptions | null;
}

/**
 * The §3 package data a caller is shown, priced by the same rules as {@link quote}: the catalogue offered to the
 * pricing group in the currency and flow ({@link offeredCatalogue}), each fixed tier with the caller's coupons applied
 * (§4 "Discount") and, when `context.currentTerm` (with `context.now`) is given, the upgrade options of §3 with
 * `proratedPriceInfo` on the packages that are upgrades (§4 "Purchase flow"). Every price in major units, 2 decimals.
 * A package's `proratedPriceInfo.proratedPrice` is exactly `quote({ packageId }, context).charged`.
 *
 * Source: spec §3 "Package", "Upgrade options"; §4 "Discount", "Purchase flow".
 * @throws QuoteError `bad_context` when `currentTerm` comes without a valid `now`.
 */
export function priceCatalogue(context: QuoteContext): PricedCatalogue {
  const offer = offeredCatalogue(context.pricingGroup, context.currency, context.flow);
  const upgradeOptions = quoteUpgradeOptions(context);
  const packages = offer.packages.map((p) =>
    applyUpgradeOption(applyDiscount(p, context.coupons ?? []), upgradeOptions),
  );
  return { packages, byo: offer.byo, upgradeOptions };
}
