import type { PackagesResponse } from '@ofw/api-client';
import {
  formatPrice,
  quote,
  QuoteError,
  renewalQuote,
  type RenewalContext,
  type CouponAvailability,
  type Currency,
  type Flow,
  type Quote,
  type QuoteContext,
  type QuoteErrorCode,
  type QuoteSelection,
} from '@ofw/domain';

/**
 * One price everywhere (docs/CONTRACTS.md "One price"): every price join-web shows — package cards, the build-your-own total, the payment
 * summary, the Pay button, the 3D Secure and wallet amounts — comes from `@ofw/domain`'s `quote(selection, context)`,
 * the call join-api charges by (`quote(...).charged` with the same inputs). This module builds that context and
 * formats amounts; join-web does no arithmetic on money.
 */

/**
 * The quote context of the page (README "Prices"): the parent's currency and flow, the pricing group and current
 * term of `GET /packages`, the coupons of `GET /coupons` (or the invite's), and `now` = the server's `quotedAt`.
 * With `currentTerm` every selection — build-your-own included — is quoted as an upgrade exactly as `POST /orders`
 * charges it; without it (an older join-api) the §3 `upgradeOptions` map is the fallback (fixed tiers only).
 */
export function quoteContextOf(
  data: Pick<PackagesResponse, 'pricingGroup' | 'currentTerm' | 'quotedAt' | 'upgradeOptions'>,
  currency: Currency,
  flow: Flow,
  coupons: readonly CouponAvailability[] | null | undefined,
): QuoteContext {
  const base = { currency, flow, pricingGroup: data.pricingGroup, coupons: coupons ?? [] };
  return data.currentTerm
    ? { ...base, currentTerm: data.currentTerm, now: data.quotedAt ?? new Date() }
    : { ...base, upgradeOptions: data.upgradeOptions ?? null };
}

/** The same context as a new purchase (no current term, no upgrade map): what the plan itself costs. */
export function purchaseContextOf(context: QuoteContext): QuoteContext {
  return { ...context, currentTerm: null, upgradeOptions: null, now: null };
}

/** Whether the context quotes upgrades (the parent holds a current subscription, §4 "Purchase flow"). */
export function isUpgradeContext(context: QuoteContext): boolean {
  return Boolean(
    context.currentTerm ||
    (context.upgradeOptions && Object.keys(context.upgradeOptions.subscriptionUpgradeOptions).length > 0),
  );
}

/** A quote, or why `quote` refused the selection. */
export type QuoteResult = { ok: true; quote: Quote } | { ok: false; code: QuoteErrorCode };

/** `quote` without throwing: a refused selection answers its `QuoteError` code (any other error is rethrown). */
export function tryQuote(selection: QuoteSelection, context: QuoteContext): QuoteResult {
  try {
    return { ok: true, quote: quote(selection, context) };
  } catch (e) {
    if (e instanceof QuoteError) return { ok: false, code: e.code };
    throw e;
  }
}

/**
 * `@ofw/domain`'s `renewalQuote` (docs/RENEWAL.md: the package's price for a new term, what join-api's renewal charges),
 * or `undefined` when the package cannot renew (`QuoteError`: no longer offered, or a selection that no longer prices).
 */
export function tryRenewalQuote(selection: QuoteSelection, context: RenewalContext): Quote | undefined {
  try {
    return renewalQuote(selection, context);
  } catch (e) {
    if (e instanceof QuoteError) return undefined;
    throw e;
  }
}

/**
 * A price as the parent reads it: `formatPrice` in the §4 payment currency region locale, never the UI locale
 * (`$149.99` for USD in every UI locale, `£107.99` for GBP, `CA$179.99` for CAD).
 */
export function price(amount: number, currency: Currency): string {
  return formatPrice(amount, currency);
}
