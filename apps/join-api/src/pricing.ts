import {
  applyDiscount,
  chargeAmount,
  getBuildYourOwnPackage,
  getPackage,
  listPackages,
  orderPayloadPrice,
  toMinor,
  formatMoney,
  fromMinor,
  applyUpgradeOption,
  isUpgrade,
  prorate,
  type CurrentTerm,
  type ProrationQuote,
  type BuildYourOwnPackage,
  type UpgradeOptions,
  type CouponAvailability,
  type Currency,
  type Flow,
  type Package,
  type PricingGroup,
} from '@ofw/domain';
import { HttpProblem } from './lib/problem.js';

/**
 * Which catalogue series a pricing group is offered (README "Pricing groups"): P0 and P1 are the
 * pre-2k groups and see the USD 900 series; P2 and P3 (default) see the 2k series of every currency.
 */
export function seriesFor(group: PricingGroup, currency: Currency): '900' | '2k' {
  return (group === 'P0' || group === 'P1') && currency === 'USD' ? '900' : '2k';
}

/** The fixed-tier parent packages offered to a caller (§3, §4), ordered by id. */
export function offeredPackages(currency: Currency, _flow: Flow, group: PricingGroup): Package[] {
  const series = seriesFor(group, currency);
  return listPackages({ currency, packageType: 'parent' }).filter((p) => p.variant === series && p.family !== 'BYO');
}

/** The build-your-own package offered for a currency and group, or null. */
export function offeredByo(currency: Currency, group: PricingGroup): BuildYourOwnPackage | null {
  const series = seriesFor(group, currency);
  const base = listPackages({ currency, packageType: 'parent', family: 'BYO' }).find((p) => p.variant === series);
  return (base && getBuildYourOwnPackage(base.id)) ?? null;
}

/** A priced order line: what the server charges, whatever the browser showed. */
export interface PricedOrder {
  packageId: number;
  productId: number | null;
  services: { code: string; option: string }[];
  packageName: string;
  receiptText: string;
  currency: Currency;
  years: 1 | 2;
  /** Charge in minor units, after discount. */
  amountMinor: number;
  discountMinor: number;
  vatAmount?: number;
}

/**
 * Re-prices an order with `@ofw/domain` (DESIGN.md §4: the server trusts no amount from the browser):
 * a fixed-tier package offered to the caller, or the build-your-own package with its product and services,
 * then the caller's coupon availability entries (§4 "Discount").
 * @throws HttpProblem 422 `package_unavailable` for a package, product or service not offered.
 */
export function priceOrder(
  input: { packageId: number; productId?: number; services?: { code: string; option: string }[] },
  ctx: { flow: Flow; group: PricingGroup; availability: readonly CouponAvailability[] },
): PricedOrder {
  const pkg = getPackage(input.packageId);
  const unavailable = (detail: string) =>
    new HttpProblem(422, 'package_unavailable', detail, { errors: [{ field: 'packageId', message: detail }] });
  if (!pkg || pkg.packageType !== 'parent') throw unavailable(`Package ${input.packageId} is not offered.`);
  const currency = pkg.currencyCode;
  if (pkg.family === 'BYO') {
    const byo = offeredByo(currency, ctx.group);
    if (!byo || byo.packageId !== pkg.id || input.productId === undefined) {
      throw unavailable(`Build-your-own package ${input.packageId} needs an offered productId.`);
    }
    let price: number;
    try {
      price = orderPayloadPrice(
        { packageId: pkg.id, productId: input.productId, services: (input.services ?? []) as never },
        byo,
      );
    } catch (e) {
      throw new HttpProblem(422, 'package_unavailable', (e as Error).message, {
        errors: [{ field: 'services', message: (e as Error).message }],
      });
    }
    const years = byo.subscriptionLengthOptions.SUB2YEAR?.productId === input.productId ? 2 : 1;
    const discounted = applyDiscount({ ...pkg, totalPrice: price, subDurationInYears: years }, ctx.availability);
    const amount = chargeAmount(discounted);
    return {
      packageId: pkg.id,
      productId: input.productId,
      services: input.services ?? [],
      packageName: pkg.displayName,
      receiptText: pkg.receiptText,
      currency,
      years,
      amountMinor: toMinor(amount),
      discountMinor: toMinor(price) - toMinor(amount),
    };
  }
  if (!offeredPackages(currency, ctx.flow, ctx.group).some((p) => p.id === pkg.id)) {
    throw unavailable(`Package ${input.packageId} is not offered to this account.`);
  }
  if (input.productId !== undefined || input.services?.length) {
    throw new HttpProblem(422, 'package_unavailable', 'Only build-your-own packages take a productId and services.', {
      errors: [{ field: 'services', message: 'Not allowed for a fixed-tier package' }],
    });
  }
  const discounted = applyDiscount(pkg, ctx.availability);
  const amount = chargeAmount(discounted);
  return {
    packageId: pkg.id,
    productId: null,
    services: [],
    packageName: pkg.displayName,
    receiptText: pkg.receiptText,
    currency,
    years: pkg.subDurationInYears,
    amountMinor: toMinor(amount),
    discountMinor: toMinor(pkg.totalPrice) - toMinor(amount),
    ...(pkg.vatAmount === undefined ? {} : { vatAmount: pkg.vatAmount }),
  };
}

/**
 * The proration of an upgrade from the current term to a priced order, or null when it is not an upgrade
 * (README "Upgrade and proration"; rule in `proration.ts`).
 */
export function upgradeQuote(term: CurrentTerm, priced: PricedOrder, now: Date): ProrationQuote | null {
  const target = {
    packageId: priced.packageId,
    currency: priced.currency,
    years: priced.years,
    listPriceMinor: priced.amountMinor + priced.discountMinor,
    priceMinor: priced.amountMinor,
  };
  return isUpgrade(term, target) ? prorate(term, priced.amountMinor, now) : null;
}

/**
 * `GET /packages` for a parent with a current subscription (§3 "Upgrade options", §4 "Purchase flow"): the
 * `subscriptionUpgradeOptions` map (packageId → { packageId, price, priceFormatted }, price = the prorated price
 * the order will charge) over the offered fixed-tier packages that are upgrades, and those packages with their
 * `proratedPriceInfo` (through `@ofw/domain`'s `applyUpgradeOption`). Packages that are not upgrades stay as they are.
 * `upgradeOptions` is null when nothing is an upgrade.
 */
export function withUpgradeOptions(
  term: CurrentTerm,
  packages: Package[],
  ctx: { flow: Flow; group: PricingGroup; availability: readonly CouponAvailability[]; now: Date },
): { packages: Package[]; upgradeOptions: UpgradeOptions | null } {
  const map: UpgradeOptions['subscriptionUpgradeOptions'] = {};
  for (const pkg of packages) {
    const quote = upgradeQuote(term, priceOrder({ packageId: pkg.id }, ctx), ctx.now);
    if (!quote) continue;
    const price = fromMinor(quote.proratedMinor);
    map[String(pkg.id)] = { packageId: pkg.id, price, priceFormatted: formatMoney(price, pkg.currencyCode) };
  }
  const upgradeOptions = Object.keys(map).length ? { subscriptionUpgradeOptions: map } : null;
  return { packages: packages.map((p) => applyUpgradeOption(p, upgradeOptions)), upgradeOptions };
}

/** "216.00" from 21600 minor units. */
export function minorToDecimal(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
