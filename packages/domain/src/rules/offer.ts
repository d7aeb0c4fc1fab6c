import type { BuildYourOwnPackage, Currency, Flow, Package, PricingGroup } from '../schemas.js';
import { getPackage, listPackages } from './catalogue.js';
import { getBuildYourOwnPackage } from './build-your-own.js';

/** A catalogue series a pricing group is offered (README "Pricing group → series"). */
export type CatalogueSeries = '900' | '2k';

/**
 * The catalogue series a pricing group is offered in a currency: P0 and P1 (the pre-2k groups) see the USD 900 series
 * (900–904); P2 and P3 (the default, §3 coparentPricing) see the 2k series of every currency (2050–2098). §9 has no
 * 900 series outside USD, so P0/P1 see the 2k series there.
 *
 * Source: spec §4 "Pricing group", §9 "Package ids"; the mapping is this library's (README "Pricing group → series"),
 * moved unchanged from join-api.
 */
export function seriesFor(group: PricingGroup, currency: Currency): CatalogueSeries {
  return (group === 'P0' || group === 'P1') && currency === 'USD' ? '900' : '2k';
}

/**
 * The pro package sold in the professional-referred flow, per currency (§9 "A: 119.97 (pro)", "UK A: £99"): USD
 * package 2 (legacy A, the only USD pro package), GBP package 2065 (the 2k series' UK A; the legacy 5 has the same
 * price and is not sold). CAD, AUD and NZD have no pro package in §9.
 */
export const PRO_PACKAGE_IDS: Readonly<Partial<Record<Currency, number>>> = { USD: 2, GBP: 2065 };

/**
 * Catalogue ids never offered through the join, with the reason (README "Not sold through join"). They stay in the
 * catalogue because existing subscriptions reference them (receipts, and a current term on one can be upgraded,
 * `quote` with `currentTerm`). Every other §9 id is offered by {@link offeredCatalogue} for some pricing group,
 * currency and flow.
 */
export const NOT_SOLD_THROUGH_JOIN: Readonly<Record<number, string>> = {
  1: 'Legacy build-your-own (99 / 179): no pricing group sees the legacy series; replaced by 900 (P0/P1) and 2050 (P2/P3).',
  3: 'Legacy Package B (209.97, 2 years): no pricing group sees the legacy series; existing B subscriptions keep it.',
  4: 'Legacy UK build-your-own (£79): replaced by 2064, the same price in the 2k GBP series.',
  5: 'Legacy UK A (£99, pro): replaced by 2065, the same price in the 2k GBP series, sold in the pro flow.',
  7: 'Legacy Spanish build-your-own (99 / 179): the offer does not depend on language; Spanish parents buy 900 or 2050.',
  8: 'Legacy Package C (111.97): no pricing group sees the legacy series; existing C subscriptions keep it.',
  9: 'Legacy Package D (194.98, 2 years): no pricing group sees the legacy series; existing D subscriptions keep it.',
};

/** What {@link offeredCatalogue} answers: the fixed-tier packages and the build-your-own package offered. */
export interface OfferedCatalogue {
  /** Fixed-tier packages (catalogue entries, frozen, undiscounted): the pro package first (pro flow), then by id. */
  packages: Package[];
  /** The build-your-own package of the series, or `null` when the series has none in this currency. */
  byo: BuildYourOwnPackage | null;
}

/**
 * The packages a caller can buy through the join, before coupons and proration (those are `quote`'s):
 *
 * - every flow ('join', 'ctj', 'pro'): the parent fixed-tier packages of {@link seriesFor}(group, currency) and that
 *   series' build-your-own package (P2/P3 USD: 2051–2056 + 2050; P0/P1 USD: 901–904 + 900; GBP 2061–2063 + 2064;
 *   CAD 2071–2078; AUD 2081–2088; NZD 2091–2098, no build-your-own);
 * - the professional-referred flow 'pro' adds the pro package of the currency ({@link PRO_PACKAGE_IDS}: USD 2
 *   at 119.97, GBP 2065 at £99), listed first.
 *
 * The ids of {@link NOT_SOLD_THROUGH_JOIN} are never offered.
 *
 * Source: spec §1 (flows), §3 "Package" (packageType parent or pro), §4 "Pricing group", §9 "Package ids", "Prices".
 */
export function offeredCatalogue(group: PricingGroup, currency: Currency, flow: Flow): OfferedCatalogue {
  const series = seriesFor(group, currency);
  const parent = listPackages({ currency, packageType: 'parent' }).filter((p) => p.variant === series);
  const proId = flow === 'pro' ? PRO_PACKAGE_IDS[currency] : undefined;
  const pro = proId === undefined ? undefined : getPackage(proId);
  const base = parent.find((p) => p.family === 'BYO');
  return {
    packages: [...(pro ? [pro] : []), ...parent.filter((p) => p.family !== 'BYO')],
    byo: (base && getBuildYourOwnPackage(base.id)) ?? null,
  };
}
