import type {
  AlaCarteSelection,
  BuildYourOwnPackage,
  CouponAvailability,
  Currency,
  Flow,
  OrderPayload,
  Package,
  PricingGroup,
  UpgradeOptions,
  Years,
} from '../schemas.js';
import { fromMinor, toMinor, type Minor } from '../money.js';
import { getPackage } from './catalogue.js';
import { byoOrderPayload, orderPayloadPrice } from './build-your-own.js';
import { applyDiscount } from './discount.js';
import { formatPrice } from './format-price.js';
import { monthlyPrice } from './monthly-price.js';
import { offeredCatalogue } from './offer.js';
import { isUpgrade, prorate, type CurrentTerm } from './proration.js';
import { vatForPrice } from './vat.js';

/**
 * Why {@link quote} refused a selection:
 * - `not_offered` — the package id is not in the catalogue, or not offered for the context's pricing group, currency
 *   and flow (`offeredCatalogue`), or is in another currency;
 * - `bad_selection` — a build-your-own package without a product (or with both `alaCarte` and `productId`), an
 *   unknown product or option, a service twice, or a fixed-tier package given a product, options or services;
 * - `not_an_upgrade` — the parent has a current term (or upgrade options) and the package is not an upgrade of it;
 * - `bad_context` — `currentTerm` without a valid `now`, or a coupon entry with a negative amount.
 */
export type QuoteErrorCode = 'not_offered' | 'bad_selection' | 'not_an_upgrade' | 'bad_context';

/** The error {@link quote} throws; `code` says why (see {@link QuoteErrorCode}). join-api answers 422 or 409 with it. */
export class QuoteError extends Error {
  /** Why the selection cannot be quoted. */
  readonly code: QuoteErrorCode;

  constructor(code: QuoteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QuoteError';
    this.code = code;
  }
}

/** A build-your-own service as the order payload carries it (§3 `services[{code, option}]`), unvalidated. */
export interface QuoteService {
  code: string;
  option: string;
}

/**
 * What the parent picked (§3). A fixed-tier package is `{ packageId }`. A build-your-own package takes either the
 * browser's a-la-carte selection (`alaCarte`) or the order payload's `productId` + `services` (what `POST /orders`
 * receives) — not both.
 */
export interface QuoteSelection {
  packageId: number;
  /** §3 "A la carte selection" of the build-your-own package `packageId`. */
  alaCarte?: AlaCarteSelection | null;
  /** §3 order payload productId (build-your-own only). */
  productId?: number | null;
  /** §3 order payload services (build-your-own only); missing or empty = the base product alone. */
  services?: readonly QuoteService[] | null;
}

/**
 * Who asks and what they hold. Give `currentTerm` + `now` on the server (it prorates from the term) or
 * `upgradeOptions` in the browser (it takes the prorated price of the server's map); with neither it is a purchase.
 */
export interface QuoteContext {
  /** The currency the parent pays in (`currencyForCountry`); the package must be in it. */
  currency: Currency;
  /** The join flow (§1): 'join', 'pro' or 'ctj'. */
  flow: Flow;
  /** The resolved pricing group (§4, `resolvePricingGroup`). */
  pricingGroup: PricingGroup;
  /** §3 coupon or package availability entries (§4 "Discount"); major units. */
  coupons?: readonly CouponAvailability[] | null;
  /** §3 upgrade options of `GET /packages` (browser, fixed tiers): a non-empty map makes every quote an upgrade. */
  upgradeOptions?: UpgradeOptions | null;
  /** The parent's current subscription (server); integer minor units as `prorate` takes them. Wins over the map. */
  currentTerm?: CurrentTerm | null;
  /** The moment of the quote; required with `currentTerm`. */
  now?: Date | null;
}

/**
 * The price of one selection. Money in major units, 2 decimals, in `currency`; every amount is computed in integer
 * minor units: `charged = max(0, list − discount − credit)`.
 */
export interface Quote {
  packageId: number;
  /** The build-your-own product id, `null` for a fixed tier. */
  productId: number | null;
  /** The build-your-own services (copies), `[]` for a fixed tier. */
  services: QuoteService[];
  /** The `POST /orders` body fields for this selection: `{ packageId }` or `{ packageId, productId, services }`. */
  payload: { packageId: number; productId?: number; services?: QuoteService[] };
  currency: Currency;
  /** Subscription length (§3 subDurationInYears; SUB2YEAR = 2). */
  years: Years;
  /** The catalogue price: the fixed tier's total, or build-your-own base + options (§9). */
  list: number;
  /** The coupon's amount off `list` (§4 "Discount"), 0 without one; `list − discount` is floored at 0. */
  discount: number;
  /** The coupon's percent, a floored integer 0–100 (§4 "Discount"). */
  discountPercent: number;
  /** The unused value of the current term credited to an upgrade; 0 for a purchase. */
  credit: number;
  /** The prorated price of an upgrade (= `charged`), `null` for a purchase (§3 proratedPriceInfo). */
  prorated: number | null;
  /** What the parent pays now: join-api charges exactly this; the 3DS amount and every shown total come from it. */
  charged: number;
  /** The GBP VAT included in `charged` (`vatForPrice`, §9), `null` in other currencies. */
  vat: number | null;
  /** `charged / (12 × years)`, rounded half-up (§9 "Calculation"). */
  monthly: number;
}

function fail(code: QuoteErrorCode, message: string, cause?: unknown): never {
  throw new QuoteError(code, message, cause === undefined ? undefined : { cause });
}

/** The list price, years, payload and discountable package of a selection, or a QuoteError. */
function priceSelection(
  selection: QuoteSelection,
  pkg: Package,
  byo: BuildYourOwnPackage | null,
): { list: Minor; years: Years; payload: OrderPayload | null; priced: Package } {
  const hasProduct = selection.productId !== undefined && selection.productId !== null;
  const hasAlaCarte = selection.alaCarte !== undefined && selection.alaCarte !== null;
  if (pkg.family !== 'BYO') {
    if (hasProduct || hasAlaCarte || (selection.services?.length ?? 0) > 0) {
      fail('bad_selection', `Package ${pkg.id} is a fixed tier: it takes no product, options or services.`);
    }
    return { list: toMinor(pkg.totalPrice), years: pkg.subDurationInYears, payload: null, priced: pkg };
  }
  if (!byo || byo.packageId !== pkg.id) fail('not_offered', `Build-your-own package ${pkg.id} is not offered.`);
  if (hasProduct === hasAlaCarte) {
    fail('bad_selection', `Build-your-own package ${pkg.id} needs either alaCarte or productId (with services).`);
  }
  let payload: OrderPayload;
  let list: Minor;
  try {
    payload = hasAlaCarte
      ? byoOrderPayload(selection.alaCarte!, byo)
      : {
          packageId: pkg.id,
          productId: selection.productId!,
          services: (selection.services ?? []).map((s) => ({ code: s.code, option: s.option })) as never,
        };
    list = toMinor(orderPayloadPrice(payload, byo));
  } catch (e) {
    return fail('bad_selection', (e as Error).message, e);
  }
  const years: Years = byo.subscriptionLengthOptions.SUB2YEAR?.productId === payload.productId ? 2 : 1;
  return { list, years, payload, priced: { ...pkg, totalPrice: fromMinor(list), subDurationInYears: years } };
}

/**
 * The one pricing entry point (docs/ARCHITECTURE.md "The @ofw/domain contract"): what a selection costs a caller now. join-api charges
 * `quote(...).charged`; the browser shows `list`, `discount`, `charged`, `vat` and `monthly` from the same call.
 *
 * 1. The package must be offered to the context (`offeredCatalogue(pricingGroup, currency, flow)`).
 * 2. `list`: the fixed tier's total, or the build-your-own price of `alaCarte` / `productId` + `services` (§3, §9).
 * 3. `discount`: the first `'available'` coupon entry of the package, parent packages only, floored at 0 (§4
 *    "Discount", `applyDiscount`).
 * 4. Upgrade (§3 "Upgrade options", §4 "Purchase flow"): with `currentTerm` (+ `now`) the package must be an upgrade
 *    of it (`isUpgrade`: same currency, another package, higher list price, term at least as long — build-your-own
 *    included) and `charged = prorated = max(0, list − discount − credit)` by `prorate`; with a non-empty
 *    `upgradeOptions` map (browser) `charged = prorated =` the map's price of a fixed tier. Otherwise a purchase:
 *    `charged = list − discount`, `prorated = null`, `credit = 0`.
 * 5. `vat` = the VAT included in `charged` for GBP (§9), `null` otherwise; `monthly` = charged / (12 × years) (§9).
 *
 * Pure; integer minor units inside.
 *
 * @throws QuoteError with `code` `not_offered`, `bad_selection`, `not_an_upgrade` or `bad_context` (see
 *   {@link QuoteErrorCode}).
 * @example quote({ packageId: 2061 }, { currency: 'GBP', flow: 'join', pricingGroup: 'P3' })
 * // → { list: 107.99, discount: 0, charged: 107.99, vat: 18, monthly: 9, years: 1, prorated: null, … }
 */
export function quote(selection: QuoteSelection, context: QuoteContext): Quote {
  const { currency } = context;
  const pkg = getPackage(selection.packageId);
  if (!pkg) fail('not_offered', `Package ${selection.packageId} is not in the catalogue.`);
  if (pkg.currencyCode !== currency) {
    fail('not_offered', `Package ${pkg.id} is sold in ${pkg.currencyCode}, not ${currency}.`);
  }
  const offer = offeredCatalogue(context.pricingGroup, currency, context.flow);
  if (pkg.family !== 'BYO' && !offer.packages.some((p) => p.id === pkg.id)) {
    fail('not_offered', `Package ${pkg.id} is not offered to this account (${context.pricingGroup}, ${context.flow}).`);
  }
  const { list, years, payload, priced } = priceSelection(selection, pkg, offer.byo);

  let discounted: Package;
  try {
    discounted = applyDiscount(priced, context.coupons ?? []);
  } catch (e) {
    return fail('bad_context', (e as Error).message, e);
  }
  const afterDiscount = discounted.discount ? toMinor(discounted.discount.discountedYearlyPrice) : list;

  let charged = afterDiscount;
  let credit = 0;
  let prorated: number | null = null;
  const term = context.currentTerm;
  const map = context.upgradeOptions?.subscriptionUpgradeOptions;
  if (term) {
    const now = context.now;
    if (!(now instanceof Date) || Number.isNaN(now.getTime())) fail('bad_context', 'currentTerm needs a valid now.');
    const target = { packageId: pkg.id, currency, years, listPriceMinor: list, priceMinor: afterDiscount };
    if (!isUpgrade(term, target)) {
      fail('not_an_upgrade', `Package ${pkg.id} is not an upgrade of the current subscription (${term.packageId}).`);
    }
    const q = prorate(term, afterDiscount, now);
    charged = q.proratedMinor;
    credit = q.creditMinor;
    prorated = charged;
  } else if (map && Object.keys(map).length > 0) {
    const option = payload ? undefined : map[String(pkg.id)];
    if (!option) {
      fail('not_an_upgrade', `Package ${pkg.id} is not among the upgrade options of the current subscription.`);
    }
    charged = toMinor(option.price);
    credit = Math.max(0, afterDiscount - charged);
    prorated = charged;
  }

  const chargedMajor = fromMinor(charged);
  return {
    packageId: pkg.id,
    productId: payload ? payload.productId : null,
    services: payload ? payload.services.map((s) => ({ code: s.code, option: s.option })) : [],
    payload: payload
      ? {
          packageId: pkg.id,
          productId: payload.productId,
          services: payload.services.map((s) => ({ code: s.code, option: s.option })),
        }
      : { packageId: pkg.id },
    currency,
    years,
    list: fromMinor(list),
    discount: fromMinor(list - afterDiscount),
    discountPercent: discounted.discount?.discountPercent ?? 0,
    credit: fromMinor(credit),
    prorated: prorated === null ? null : fromMinor(prorated),
    charged: chargedMajor,
    vat: vatForPrice(chargedMajor, currency) ?? null,
    monthly: monthlyPrice(chargedMajor, years),
  };
}

/**
 * The §3 upgrade options map of a parent with a current term (what `GET /packages` answers): every offered
 * fixed-tier package that is an upgrade, with `price` = its prorated `quote(...).charged` and `priceFormatted` by
 * `formatPrice`. `null` without a current term or when nothing is an upgrade (then `purchaseFlow` says 'purchase').
 *
 * Source: spec §3 "Upgrade options", §4 "Purchase flow".
 *
 * @throws QuoteError `bad_context` when `currentTerm` is given without a valid `now`.
 */
export function quoteUpgradeOptions(context: QuoteContext): UpgradeOptions | null {
  if (!context.currentTerm) return null;
  const map: UpgradeOptions['subscriptionUpgradeOptions'] = {};
  for (const pkg of offeredCatalogue(context.pricingGroup, context.currency, context.flow).packages) {
    let q: Quote;
    try {
      q = quote({ packageId: pkg.id }, { ...context, upgradeOptions: null });
    } catch (e) {
      if (e instanceof QuoteError && e.code === 'not_an_upgrade') continue;
      throw e;
    }
    map[String(pkg.id)] = { packageId: pkg.id, price: q.charged, priceFormatted: formatPrice(q.charged, q.currency) };
  }
  return Object.keys(map).length > 0 ? { subscriptionUpgradeOptions: map } : null;
}
