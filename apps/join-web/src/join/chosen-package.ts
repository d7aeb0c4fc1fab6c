import type { PackagesResponse } from '@ofw/api-client';
import { couponsQuery, inviteCouponsQuery, packageDataQuery } from '@ofw/api-client/query';
import {
  BuildYourOwnPackageSchema,
  currencyForCountry,
  formatCatalogueText,
  packageText,
  type CatalogueText,
  type BuildYourOwnPackage,
  type CouponAvailability,
  type Currency,
  type Flow,
  type Quote,
  type QuoteErrorCode,
} from '@ofw/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { useServices } from '../services.js';
import type { JoinProgress } from '../state/join-state.js';
import { quoteContextOf, tryQuote, tryRenewalQuote } from './pricing.js';
import { useSignedInUserId } from './server-state.js';
import { useJoin } from './use-join.js';

/** The build-your-own package of a /packages answer, validated by the domain schema (or undefined). */
export function byoOf(data: Pick<PackagesResponse, 'byo'> | undefined): BuildYourOwnPackage | undefined {
  const parsed = BuildYourOwnPackageSchema.safeParse(data?.byo);
  return parsed.success ? parsed.data : undefined;
}

/** What the parent is about to pay for: the name shown and the `quote` that prices it ("One price"). */
export interface ChosenPackage {
  /** The name shown for a build-your-own plan (the caller's localized text). */
  name: string;
  /** A fixed tier's name as `@ofw/domain`'s message id (`packageText`), shown in the parent's locale instead of `name`. */
  nameText?: CatalogueText | undefined;
  /**
   * `@ofw/domain`'s quote of the selection with the page's context (`quoteContextOf`): `charged` is the amount shown
   * in the summary and on the Pay button, authenticated by 3D Secure and charged by join-api; `payload` is the order.
   */
  quote: Quote;
  /** The promotion code applied on the plans step when it discounts this plan: the order's `couponCode`. */
  couponCode?: string | undefined;
  /**
   * What renewing costs (docs/RENEWAL.md): `@ofw/domain`'s `renewalQuote` of the same selection in the charge
   * currency, flow and pricing group — no coupon or upgrade credit carries over. `undefined` when the package cannot
   * renew (no longer offered): the terms step then offers no automatic renewal.
   */
  renewal?: Quote | undefined;
}

/** {@link resolveChosen}'s answer: the chosen package, nothing chosen yet (or no data), or why it cannot be bought. */
export type ChosenResult = ChosenPackage | { refused: QuoteErrorCode } | undefined;

/**
 * Resolves the chosen package (fixed tier or build-your-own) from the progress and the package data, priced by
 * `quote`: coupons, GBP VAT, proration of an upgrade (build-your-own too, with the answer's `currentTerm`).
 */
export function resolveChosen(
  progress: Pick<JoinProgress, 'packageId' | 'alaCarte' | 'coupon'>,
  data: PackagesResponse | undefined,
  coupons: readonly CouponAvailability[] | undefined,
  currency: Currency,
  flow: Flow,
  byoName: string,
): ChosenResult {
  if (progress.packageId === undefined || !data) return undefined;
  const context = quoteContextOf(data, currency, flow, coupons);
  const byo = byoOf(data);
  const isByo = Boolean(progress.alaCarte && byo && byo.packageId === progress.packageId);
  const pkg = isByo ? undefined : data.packages.find((p) => p.id === progress.packageId);
  if (!isByo && !pkg) return undefined;
  const result = tryQuote(
    isByo ? { packageId: progress.packageId, alaCarte: progress.alaCarte! } : { packageId: progress.packageId },
    context,
  );
  if (!result.ok) return { refused: result.code };
  const renewal = tryRenewalQuote(result.quote.payload, { currency, flow, pricingGroup: data.pricingGroup });
  // the order carries the code whose entry discounts this plan, so join-api prices it with the same entry
  const entered = progress.coupon;
  const couponCode =
    entered && entered.packageId === progress.packageId && result.quote.discount > 0 ? entered.code : undefined;
  return pkg
    ? { name: pkg.displayName, nameText: packageText(pkg).name, quote: result.quote, couponCode, renewal }
    : { name: byoName, quote: result.quote, couponCode, renewal };
}

/** The chosen plan's name in the parent's locale: a fixed tier's `nameText` through react-intl, else `name`. */
export function chosenName(intl: Pick<IntlShape, 'formatMessage'>, chosen: ChosenPackage): string {
  return chosen.nameText ? formatCatalogueText(chosen.nameText, intl.formatMessage) : chosen.name;
}

/** Narrows a {@link ChosenResult} to a chosen package. */
export function isChosen(result: ChosenResult): result is ChosenPackage {
  return result !== undefined && 'quote' in result;
}

/**
 * The package data query for the parent's currency (from their country) and flow. join-api prices `GET /packages` for
 * the caller (its upgrade options and prorated prices need the parent's session, §3 "Upgrade options"), so the query is
 * api-client's `packageDataQuery` with the caller (the user id, or 'anonymous' before the signup): an authed parent's
 * answer is never the anonymous one (or another parent's).
 */
export function usePackageData(flow: Flow) {
  const { api } = useServices();
  const { state } = useJoin();
  const currency = currencyForCountry(state.address.country);
  const caller = useSignedInUserId() ?? 'anonymous';
  return { currency, query: useQuery(packageDataQuery(api, { currency, flow, caller })) };
}

/**
 * The package the parent chose, priced by `quote` with this join's package data and coupons ({@link resolveChosen});
 * `undefined` while they load.
 */
export function useChosenPackage(flow: Flow, byoName: string): ChosenResult {
  const { progress } = useJoin();
  const { currency, query } = usePackageData(flow);
  const coupons = useCoupons(flow);
  return resolveChosen(progress, query.data, coupons.data, currency, flow, byoName);
}

/**
 * The join's coupons with the promotion code the parent applied (its §3 availability entry) first, as join-api
 * prices an order's `couponCode` first among the audience's coupons (§4 "Discount": the first entry of a package
 * applies).
 */
export function withEnteredCoupon(
  coupons: readonly CouponAvailability[] | undefined,
  entered: Pick<CouponAvailability, 'packageId' | 'status' | 'discountAmount'> | undefined,
): readonly CouponAvailability[] | undefined {
  if (!entered) return coupons;
  const entry = { packageId: entered.packageId, status: entered.status, discountAmount: entered.discountAmount };
  return [entry, ...(coupons ?? [])];
}

/**
 * The coupon availability entries (§3) of this join — by signup once signed up, or by invite token for an invited
 * co-parent not signed up yet — with the promotion code applied on the plans step first ({@link withEnteredCoupon});
 * `data` is `undefined` while there is neither (or while loading).
 */
export function useCoupons(flow: Flow): { data: readonly CouponAvailability[] | undefined; isLoading: boolean } {
  const { progress } = useJoin();
  const query = useServerCoupons(flow);
  const entered = progress.coupon;
  const data = useMemo(() => withEnteredCoupon(query.data, entered), [query.data, entered]);
  return { data, isLoading: query.isLoading };
}

/** The coupons join-api offers this join's audience (`GET /coupons`, or `GET /invites/coupons`; §7). */
function useServerCoupons(flow: Flow) {
  const { api } = useServices();
  const { state, progress } = useJoin();
  const byInvite = flow === 'ctj' && !progress.signedIn && Boolean(state.inviteToken);
  const { signupId, registrationKey } = progress;
  const invite = useQuery(inviteCouponsQuery(api, byInvite && state.inviteToken ? state.inviteToken : skipToken));
  const signup = useQuery(
    couponsQuery(api, !byInvite && signupId && registrationKey ? { signupId, registrationKey } : skipToken),
  );
  return byInvite ? invite : signup;
}
