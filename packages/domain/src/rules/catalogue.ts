import type { Currency, Package, PackageFamily, PackageType, Years } from '../schemas.js';
import { englishFamilyName, englishFeatures } from './catalogue-text.js';
import { formatPrice } from './format-price.js';
import { monthlyPrice } from './monthly-price.js';
import { vatForPrice } from './vat.js';

/**
 * One row of the §9 catalogue: id, family, years, total price (major units), currency, package type, series.
 * The id → tier mapping where §9 leaves it open is this library's decision, published in the README table.
 */
type Row = readonly [
  id: number,
  family: PackageFamily,
  years: Years,
  total: number,
  currency: Currency,
  type: PackageType,
  series: string,
];

/** Spec §9 "Package ids" and "Prices" — the whole catalogue. */
const ROWS: readonly Row[] = [
  // Legacy series (§9: 1 CYO, 2 A, 3 B, 4 UK CYO, 5 UK A, 7 ES CYO, 8 C, 9 D)
  [1, 'BYO', 1, 99, 'USD', 'parent', 'legacy'],
  [2, 'A', 1, 119.97, 'USD', 'pro', 'legacy'],
  [3, 'B', 2, 209.97, 'USD', 'parent', 'legacy'],
  [4, 'BYO', 1, 79, 'GBP', 'parent', 'legacy-uk'],
  [5, 'A', 1, 99, 'GBP', 'pro', 'legacy-uk'],
  [7, 'BYO', 1, 99, 'USD', 'parent', 'legacy-es'],
  [8, 'C', 1, 111.97, 'USD', 'parent', 'legacy'],
  [9, 'D', 2, 194.98, 'USD', 'parent', 'legacy'],
  // 900 series (§9: 900 CYO, 901–904 Essentials and Premium; 903 = Essentials 2y 259; Premium 901 series 204 / 367)
  [900, 'BYO', 1, 99, 'USD', 'parent', '900'],
  [901, 'ESSENTIALS', 1, 144, 'USD', 'parent', '900'],
  [902, 'PREMIUM', 1, 204, 'USD', 'parent', '900'],
  [903, 'ESSENTIALS', 2, 259, 'USD', 'parent', '900'],
  [904, 'PREMIUM', 2, 367, 'USD', 'parent', '900'],
  // 2k series, USD (§9: 2050 CYO, 2051–2056 Essentials, Premium and Max)
  [2050, 'BYO', 1, 110, 'USD', 'parent', '2k'],
  [2051, 'ESSENTIALS', 1, 149.99, 'USD', 'parent', '2k'],
  [2052, 'ESSENTIALS', 2, 276, 'USD', 'parent', '2k'],
  [2053, 'PREMIUM', 1, 216, 'USD', 'parent', '2k'],
  [2054, 'PREMIUM', 2, 396, 'USD', 'parent', '2k'],
  [2055, 'MAX', 1, 299.88, 'USD', 'parent', '2k'],
  [2056, 'MAX', 2, 551.76, 'USD', 'parent', '2k'],
  // 2k series, GBP (§9: 2061–2065; Essentials £107.99, Premium £155.99, Max £215.99, UK CYO 79, UK A £99)
  [2061, 'ESSENTIALS', 1, 107.99, 'GBP', 'parent', '2k'],
  [2062, 'PREMIUM', 1, 155.99, 'GBP', 'parent', '2k'],
  [2063, 'MAX', 1, 215.99, 'GBP', 'parent', '2k'],
  [2064, 'BYO', 1, 79, 'GBP', 'parent', '2k'],
  [2065, 'A', 1, 99, 'GBP', 'pro', '2k'],
  // 2k series, CAD (§9: 2071–2078)
  [2071, 'ESSENTIALS', 1, 179.99, 'CAD', 'parent', '2k'],
  [2072, 'ESSENTIALS', 2, 335.99, 'CAD', 'parent', '2k'],
  [2073, 'PREMIUM', 1, 264.99, 'CAD', 'parent', '2k'],
  [2074, 'PREMIUM', 2, 479.99, 'CAD', 'parent', '2k'],
  [2075, 'MAX', 1, 359.99, 'CAD', 'parent', '2k'],
  [2076, 'MAX', 2, 669.99, 'CAD', 'parent', '2k'],
  [2077, 'BASIC', 1, 149.99, 'CAD', 'parent', '2k'],
  [2078, 'BASIC', 2, 275.76, 'CAD', 'parent', '2k'],
  // 2k series, AUD (§9: 2081–2088)
  [2081, 'ESSENTIALS', 1, 199.99, 'AUD', 'parent', '2k'],
  [2082, 'ESSENTIALS', 2, 369, 'AUD', 'parent', '2k'],
  [2083, 'PREMIUM', 1, 299.99, 'AUD', 'parent', '2k'],
  [2084, 'PREMIUM', 2, 549.99, 'AUD', 'parent', '2k'],
  [2085, 'MAX', 1, 399.99, 'AUD', 'parent', '2k'],
  [2086, 'MAX', 2, 739, 'AUD', 'parent', '2k'],
  [2087, 'BASIC', 1, 169.99, 'AUD', 'parent', '2k'],
  [2088, 'BASIC', 2, 314.99, 'AUD', 'parent', '2k'],
  // 2k series, NZD (§9: 2091–2098)
  [2091, 'ESSENTIALS', 1, 219, 'NZD', 'parent', '2k'],
  [2092, 'ESSENTIALS', 2, 400, 'NZD', 'parent', '2k'],
  [2093, 'PREMIUM', 1, 319.99, 'NZD', 'parent', '2k'],
  [2094, 'PREMIUM', 2, 589, 'NZD', 'parent', '2k'],
  [2095, 'MAX', 1, 439, 'NZD', 'parent', '2k'],
  [2096, 'MAX', 2, 809, 'NZD', 'parent', '2k'],
  [2097, 'BASIC', 1, 179.99, 'NZD', 'parent', '2k'],
  [2098, 'BASIC', 2, 329.99, 'NZD', 'parent', '2k'],
];

const SYMBOLS: Record<Currency, string> = { USD: '$', GBP: '£', CAD: '$', AUD: '$', NZD: '$' };

function toPackage([id, family, years, totalPrice, currency, type, series]: Row): Package {
  const name = englishFamilyName(family);
  const term = years === 1 ? '1 year' : '2 years';
  const slug = `${family.toLowerCase()}-${years}y`;
  const vat = vatForPrice(totalPrice, currency);
  // English of the catalogue texts (catalogue-text.ts): UIs show packageText(pkg) in the parent's locale instead
  const [primary, secondary] = englishFeatures(family);
  return {
    id,
    packageName: `${family}_${years}Y_${currency}`,
    packageType: type,
    family,
    displayName: name,
    description: `${name}, ${term}`,
    receiptText: `OurFamilyWizard ${name} (${term})`,
    variant: series,
    analyticsPackage: `${slug}-${currency.toLowerCase()}`,
    selectButtonId: `select-package-${id}`,
    totalPrice,
    pricePerMonth: monthlyPrice(totalPrice, years),
    currencyCode: currency,
    currencySymbol: SYMBOLS[currency],
    currencyTickerForReceipt: currency,
    ...(vat === undefined ? {} : { vatAmount: vat }),
    subDurationInYears: years,
    yearlyPriceFormat: formatPrice(totalPrice, currency),
    primaryFeatures: primary,
    secondaryFeatures: secondary,
  };
}

/**
 * The whole catalogue of spec §9 "Package ids" / "Prices": 49 packages in USD, GBP, CAD, AUD and NZD, ordered by id.
 * Each entry is frozen; copy before changing (e.g. `applyDiscount` returns a new object).
 */
export const packages: readonly Package[] = /* @__PURE__ */ Object.freeze(
  ROWS.map((row) => Object.freeze(toPackage(row))),
);

const byId: ReadonlyMap<number, Package> = /* @__PURE__ */ new Map(packages.map((p) => [p.id, p]));

/**
 * The package with this id (spec §9 "Package ids").
 *
 * @returns the package, or `undefined` for an id §9 does not list.
 */
export function getPackage(id: number): Package | undefined {
  return byId.get(id);
}

/** Filters of {@link listPackages}; every filter is optional. */
export interface PackageQuery {
  currency?: Currency;
  packageType?: PackageType;
  family?: PackageFamily;
  years?: Years;
}

/**
 * Packages of the catalogue matching every given filter, ordered by id (spec §9).
 *
 * @example listPackages({ currency: 'USD', family: 'MAX' }) // → [2055, 2056]
 */
export function listPackages(q: PackageQuery = {}): Package[] {
  return packages.filter(
    (p) =>
      (q.currency === undefined || p.currencyCode === q.currency) &&
      (q.packageType === undefined || p.packageType === q.packageType) &&
      (q.family === undefined || p.family === q.family) &&
      (q.years === undefined || p.subDurationInYears === q.years),
  );
}
