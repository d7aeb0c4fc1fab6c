import type {
  AlaCarteSelection,
  BuildYourOwnOption,
  BuildYourOwnPackage,
  Currency,
  OptionName,
  OrderPayload,
  OrderService,
  SubscriptionLengthOption,
} from '../schemas.js';
import { fromMinor, toMinor } from '../money.js';
import { englishOptionName } from './catalogue-text.js';
import { formatPrice } from './format-price.js';

type Length = 'SUB1YEAR' | 'SUB2YEAR';

/**
 * [optionName, optionCode, price 1 year, price 2 years] — spec §9 "Build-your-own" (US prices). The English
 * `description` of each option comes from catalogue-text.ts (`byoOptionText` gives its message id).
 */
type OptionRow = readonly [OptionName, string, number, number];

const OPTIONS: readonly OptionRow[] = [
  ['MYFILES', 'MYFILES_1GB', 0, 0],
  ['MYFILES', 'MYFILES_3GB', 18, 36],
  ['MYFILES', 'MYFILES_5GB', 29, 58],
  ['MYFILES', 'MYFILES_10GB', 57, 114],
  ['TONEMETER', 'TONEMETER', 10, 20],
  ['UNLIMITEDPAYMENTS', 'UNLIMITEDPAYMENTS', 75, 150],
  // CALLSBASIC (§3) and TONEMETERENHANCED (§3) are not offered: §9 gives the calls minutes (45 or 60) but no price
  // for either, and an add-on without a price is not sold (README "Decisions").
];

/**
 * UK (GBP) 1-year prices (§9: MyFiles "UK 14 / 23 / 45", Tonemeter "UK 8"). Options without a UK price
 * (unlimited payments) are not offered in GBP; the UK build-your-own is sold for 1 year only (§9 "UK CYO is 79").
 */
const UK_PRICES: Readonly<Record<string, number>> = {
  MYFILES_1GB: 0,
  MYFILES_3GB: 14,
  MYFILES_5GB: 23,
  MYFILES_10GB: 45,
  TONEMETER: 8,
};

/** Base prices of each build-your-own package id, [1 year, 2 years] (§9 "Base: 1 year 99 or 110; 2 years 179, 198 or 220. UK CYO is 79"). */
const BASES: ReadonlyArray<readonly [packageId: number, currency: Currency, year1: number, year2?: number]> = [
  [1, 'USD', 99, 179],
  [7, 'USD', 99, 179],
  [900, 'USD', 99, 198],
  [2050, 'USD', 110, 220],
  [4, 'GBP', 79],
  [2064, 'GBP', 79],
];

function lengthOption(packageId: number, currency: Currency, length: Length, base: number): SubscriptionLengthOption {
  const twoYears = length === 'SUB2YEAR';
  const options: BuildYourOwnOption[] = [];
  for (const [name, optionCode, price1, price2] of OPTIONS) {
    const price = currency === 'GBP' ? UK_PRICES[optionCode] : twoYears ? price2 : price1;
    if (price === undefined) continue;
    options.push({
      code: name,
      description: englishOptionName(optionCode) ?? optionCode,
      duration: length,
      optionCode,
      optionName: name,
      price,
      priceFormatted: formatPrice(price, currency),
    });
  }
  return { price: base, productId: packageId * 10 + (twoYears ? 2 : 1), options };
}

/**
 * The build-your-own packages of the catalogue (ids 1, 7, 900, 2050 in USD; 4 and 2064 in GBP) with their
 * subscription length options (SUB1YEAR, SUB2YEAR), base prices and add-on options.
 *
 * Source: spec §3 "Build-your-own package", §9 "Build-your-own". productId = packageId × 10 + years (decision).
 */
export const buildYourOwnPackages: readonly BuildYourOwnPackage[] = /* @__PURE__ */ BASES.map(
  ([packageId, currency, year1, year2]) => ({
    packageId,
    currencyCode: currency,
    subscriptionLengthOptions: {
      SUB1YEAR: lengthOption(packageId, currency, 'SUB1YEAR', year1),
      ...(year2 === undefined ? {} : { SUB2YEAR: lengthOption(packageId, currency, 'SUB2YEAR', year2) }),
    },
  }),
);

/** The build-your-own package with this package id (§3, §9), or `undefined`. */
export function getBuildYourOwnPackage(packageId: number): BuildYourOwnPackage | undefined {
  return buildYourOwnPackages.find((b) => b.packageId === packageId);
}

function lengthOf(byo: BuildYourOwnPackage, productIdOrLength: number | Length): [Length, SubscriptionLengthOption] {
  for (const key of ['SUB1YEAR', 'SUB2YEAR'] as const) {
    const option = byo.subscriptionLengthOptions[key];
    if (option && (key === productIdOrLength || option.productId === productIdOrLength)) return [key, option];
  }
  throw new RangeError(
    `Build-your-own package ${byo.packageId} has no subscription length ${String(productIdOrLength)}`,
  );
}

function findOption(length: SubscriptionLengthOption, code: OptionName, optionCode: string): BuildYourOwnOption {
  const option = length.options.find((o) => o.optionName === code && o.optionCode === optionCode);
  if (!option) throw new RangeError(`Option ${code}/${optionCode} is not offered for product ${length.productId}`);
  return option;
}

/**
 * The order payload of an a-la-carte selection: `{ packageId, productId, services: [{ code, option }] }` with the
 * services in the order MYFILES, TONEMETER, UNLIMITEDPAYMENTS, CALLSBASIC.
 *
 * Source: spec §3 "Build-your-own package" (order payload, a la carte selection).
 *
 * @throws RangeError when the subscription length or an option is not offered by `byo`.
 */
export function byoOrderPayload(selection: AlaCarteSelection, byo: BuildYourOwnPackage): OrderPayload {
  const [, length] = lengthOf(byo, selection.subscription);
  const wanted: Array<[OptionName, string | null | undefined | false]> = [
    ['MYFILES', selection.myfiles],
    ['TONEMETER', selection.tonemeter === true && 'TONEMETER'],
    ['UNLIMITEDPAYMENTS', selection.unlimitedPayments === true && 'UNLIMITEDPAYMENTS'],
    ['CALLSBASIC', selection.calls],
  ];
  const services: OrderService[] = [];
  for (const [code, optionCode] of wanted) {
    if (optionCode) services.push({ code, option: findOption(length, code, optionCode).optionCode });
  }
  return { packageId: byo.packageId, productId: length.productId, services };
}

/**
 * The price of an order payload: base price of its product + each service's option price, in integer minor units.
 * This is the server-side re-pricing of a build-your-own order.
 *
 * Source: spec §3, §9 "Build-your-own".
 *
 * @deprecated Apps: use `quote({ packageId, productId, services }, context)` — it re-prices the payload the same way
 *   and adds the offer check, coupon, proration and VAT.
 * @returns major units, 2 decimals.
 * @throws RangeError when the payload names another package, an unknown product, an unknown option, or a service twice.
 */
export function orderPayloadPrice(payload: OrderPayload, byo: BuildYourOwnPackage): number {
  if (payload.packageId !== byo.packageId) {
    throw new RangeError(`Order payload is for package ${payload.packageId}, not ${byo.packageId}`);
  }
  const [, length] = lengthOf(byo, payload.productId);
  let minor = toMinor(length.price);
  const seen = new Set<string>();
  for (const service of payload.services) {
    if (seen.has(service.code)) throw new RangeError(`Service ${service.code} appears twice`);
    seen.add(service.code);
    minor += toMinor(findOption(length, service.code, service.option).price);
  }
  return fromMinor(minor);
}

/**
 * The price of an a-la-carte selection: base price of the chosen length + the chosen options.
 *
 * Source: spec §3 "A la carte selection", §9 "Build-your-own" (e.g. 2050 for 2 years 220 + MyFiles 5GB 58 +
 * Tonemeter 20 → 298).
 *
 * @returns major units, 2 decimals.
 * @throws RangeError when the length or an option is not offered by `byo`.
 */
export function byoPrice(selection: AlaCarteSelection, byo: BuildYourOwnPackage): number {
  return orderPayloadPrice(byoOrderPayload(selection, byo), byo);
}

/** Pay-feature quotas (§9 "Pay-feature quota: 8, 12, 16, 24"). */
export const PAY_FEATURE_QUOTAS = [8, 12, 16, 24] as const;

/** Calls feature minutes (§9 "Calls feature: 45 or 60 minutes"). */
export const CALL_MINUTES = [45, 60] as const;

/** MyFiles storage included free (§9 "MyFiles: 1GB free"). */
export const FREE_MYFILES_GB = 1;
