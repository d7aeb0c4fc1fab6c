import type { Package, ProratedPriceInfo, UpgradeOptions } from '../schemas.js';

function exists(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * Purchase or upgrade: `'upgrade'` when upgrade options or prorated price info exist, else `'purchase'`.
 *
 * Source: spec §4 "Subscription status". "Exist" means not null/undefined and, for objects, not empty (an empty
 * `subscriptionUpgradeOptions` map offers no upgrade).
 */
export function purchaseFlow(input: { upgradeOptions?: unknown; proratedPriceInfo?: unknown }): 'purchase' | 'upgrade' {
  const options =
    input.upgradeOptions &&
    typeof input.upgradeOptions === 'object' &&
    'subscriptionUpgradeOptions' in input.upgradeOptions
      ? input.upgradeOptions.subscriptionUpgradeOptions
      : input.upgradeOptions;
  return exists(options) || exists(input.proratedPriceInfo) ? 'upgrade' : 'purchase';
}

/**
 * Sets `proratedPriceInfo` of a package from its entry in the upgrade options map (spec §3 "Upgrade options",
 * §3 "Package" proratedPriceInfo{proratedPrice, proratedPriceFormatted}).
 *
 * @returns a new package with `proratedPriceInfo`, or `pkg` itself when the map has no entry for `pkg.id`.
 */
export function applyUpgradeOption(pkg: Package, upgradeOptions: UpgradeOptions | null | undefined): Package {
  const option = upgradeOptions?.subscriptionUpgradeOptions[String(pkg.id)];
  if (!option) return pkg;
  const proratedPriceInfo: ProratedPriceInfo = {
    proratedPrice: option.price,
    proratedPriceFormatted: option.priceFormatted,
  };
  return { ...pkg, proratedPriceInfo };
}
