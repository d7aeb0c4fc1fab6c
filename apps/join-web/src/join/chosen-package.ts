import type { PackagesResponse } from '@ofw/api-client';
import { queryKeys } from '@ofw/api-client/query';
import {
  applyDiscount,
  applyUpgradeOption,
  BuildYourOwnPackageSchema,
  byoOrderPayload,
  byoPrice,
  chargeAmount,
  type AlaCarteSelection,
  type BuildYourOwnPackage,
  type Currency,
  type Flow,
  type Package,
  type UpgradeOptions,
  vatForPrice,
} from '@ofw/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useServices } from '../services.js';
import { currencyForCountry } from '../state/steps.js';
import type { JoinProgress } from '../state/join-state.js';
import { useJoin } from './use-join.js';

/** A package as shown: the API's package with coupon discount (§4 "Discount") and upgrade price applied. */
export function decoratePackage(
  pkg: Package,
  coupons: Parameters<typeof applyDiscount>[1],
  upgradeOptions: UpgradeOptions | null | undefined,
): Package {
  const withDiscount = pkg.discount ? pkg : applyDiscount(pkg, coupons);
  return applyUpgradeOption(withDiscount, upgradeOptions);
}

/** The build-your-own package of a /packages answer, validated by the domain schema (or undefined). */
export function byoOf(data: PackagesResponse | undefined): BuildYourOwnPackage | undefined {
  const parsed = BuildYourOwnPackageSchema.safeParse(data?.byo);
  return parsed.success ? parsed.data : undefined;
}

/** What the parent is about to pay for. */
export interface ChosenPackage {
  name: string;
  years: 1 | 2;
  currency: Currency;
  /** The amount the server will charge (discounted, or prorated for an upgrade), major units. */
  amount: number;
  pkg?: Package;
  /** GBP: the VAT included in `amount` (§9), major units; `undefined` for other currencies. */
  vatAmount?: number | undefined;
  discount?: Package['discount'];
  order: { packageId: number; productId?: string; services?: Array<{ code: string; option: string }> };
}

/** Resolves the chosen package (fixed tier or build-your-own) from the progress and the package data. */
export function resolveChosen(
  progress: Pick<JoinProgress, 'packageId' | 'alaCarte'>,
  data: PackagesResponse | undefined,
  coupons: Parameters<typeof applyDiscount>[1],
  currency: Currency,
  byoName: string,
): ChosenPackage | undefined {
  if (progress.packageId === undefined || !data) return undefined;
  const byo = byoOf(data);
  if (progress.alaCarte && byo && byo.packageId === progress.packageId) {
    const selection: AlaCarteSelection = progress.alaCarte;
    const payload = byoOrderPayload(selection, byo);
    const amount = byoPrice(selection, byo);
    return {
      name: byoName,
      years: selection.subscription === 'SUB2YEAR' ? 2 : 1,
      currency,
      amount,
      vatAmount: vatForPrice(amount, currency),
      order: { packageId: payload.packageId, productId: String(payload.productId), services: payload.services },
    };
  }
  const raw = data.packages.find((p) => p.id === progress.packageId);
  if (!raw) return undefined;
  const pkg = decoratePackage(raw, coupons, data.upgradeOptions);
  const amount = pkg.proratedPriceInfo ? pkg.proratedPriceInfo.proratedPrice : chargeAmount(pkg);
  return {
    name: pkg.displayName,
    years: pkg.subDurationInYears,
    currency: pkg.currencyCode,
    amount,
    pkg,
    // §9: the VAT included in what is charged (after a coupon or proration), as join-api's receipt states it.
    vatAmount: vatForPrice(amount, pkg.currencyCode),
    discount: pkg.discount,
    order: { packageId: pkg.id },
  };
}

/**
 * The package data query for the parent's currency (from their country) and flow. join-api prices `GET /packages` for
 * the caller (its upgrade options and prorated prices need the parent's auth token, §3 "Upgrade options"), so the key
 * `['packageData', currency, flow, userId | 'anonymous']` extends api-client's `['packageData', currency, flow]` with
 * who asks: an authed parent's answer is never the anonymous one (or another parent's).
 */
export function usePackageData(flow: Flow) {
  const { api } = useServices();
  const { state } = useJoin();
  const currency = currencyForCountry(state.address.country);
  const caller = state.authToken && state.parent.userId ? String(state.parent.userId) : 'anonymous';
  return {
    currency,
    query: useQuery({
      queryKey: [...queryKeys.packageData(currency, flow), caller],
      queryFn: ({ signal }) => api.getPackages({ currency, flow }, signal),
      staleTime: 5 * 60 * 1000,
    }),
  };
}

/**
 * Marks every package data answer stale and refetches the shown ones: after a paid order the parent has a current
 * subscription, so join-api now answers with upgrade options and prorated prices (§3, §4 "Purchase flow").
 */
export function invalidatePackageData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['packageData'] });
}
