import { divideHalfUp } from '../money.js';

/** One day in ms; terms and days remaining are counted in whole days of 24 h (UTC, no DST). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The parent's current subscription as the proration rule sees it (all money in integer minor units). */
export interface CurrentTerm {
  packageId: number;
  currency: string;
  /** Term length in years (1 or 2). */
  years: number;
  startsAt: Date;
  expiresAt: Date;
  /**
   * What the term is worth: the price of its package after coupons, before any proration credit
   * (for an upgraded subscription, the full new price — the credit carried the old term's value over).
   */
  valueMinor: number;
  /** Catalogue (list) price before coupons and proration: the upgrade ladder is ordered by it. */
  listPriceMinor: number;
}

/** A package the parent might move to (all money in integer minor units). */
export interface UpgradeTarget {
  packageId: number;
  currency: string;
  years: number;
  /** Catalogue price before coupons. */
  listPriceMinor: number;
  /** What a new purchase of it would charge now (after coupons). */
  priceMinor: number;
}

/** The answer of {@link prorate}. */
export interface ProrationQuote {
  /** Whole days of the current term not yet begun, 0…termDays. */
  daysRemaining: number;
  termDays: number;
  /** Unused value of the current term credited to the new package. */
  creditMinor: number;
  /** What the upgrade charges: `max(0, priceMinor − creditMinor)`. */
  proratedMinor: number;
}

/**
 * Whether moving from the current term to `target` is an upgrade (spec §3 "Upgrade options", §4
 * "Purchase flow"): same currency, another package, a strictly higher catalogue price and a term at least
 * as long. Anything else (the same package, a cheaper package, a shorter term, another currency) is not
 * offered, so a parent never trades paid time for a cheaper tier.
 */
export function isUpgrade(current: CurrentTerm, target: UpgradeTarget): boolean {
  return (
    target.currency === current.currency &&
    target.packageId !== current.packageId &&
    target.listPriceMinor > current.listPriceMinor &&
    target.years >= current.years
  );
}

/**
 * The proration rule of an upgrade (spec §3 "Upgrade options" `price`, §3 "Package" `proratedPriceInfo`, §4
 * "Purchase flow"; the spec names a prorated price but not its formula, so this is the rule join-api charges by):
 *
 * - `termDays = round((expiresAt − startsAt) / 1 day)`: the term's calendar length, 365 or 366 days a year (terms end
 *   on a calendar date, `termEnd`, spec §3 `subDurationInYears`; the rounding absorbs a daylight-saving hour);
 * - `daysRemaining = floor((expiresAt − now) / 1 day)`, clamped to `0…termDays` — the day in progress counts as
 *   used, so on the last day of the term nothing is credited;
 * - `creditMinor = round-half-up(valueMinor × daysRemaining / termDays)`;
 * - `proratedMinor = max(0, priceMinor − creditMinor)` — an upgrade never pays the parent back.
 *
 * The new subscription starts at `now` with the new package's full term; the old one ends at `now`.
 * Pure, integer minor units only. Example: Premium 1 year (21600) → Max 1 year (29988) at the start of the term:
 * credit 21600, prorated 8388; on day 100 (264 whole days left): credit 15623, prorated 14365.
 * @throws RangeError for a term shorter than one day or a negative amount.
 */
export function prorate(current: CurrentTerm, priceMinor: number, now: Date): ProrationQuote {
  if (
    !Number.isSafeInteger(priceMinor) ||
    priceMinor < 0 ||
    !Number.isSafeInteger(current.valueMinor) ||
    current.valueMinor < 0
  ) {
    throw new RangeError('prorate: amounts must be non-negative integer minor units');
  }
  const termDays = Math.round((current.expiresAt.getTime() - current.startsAt.getTime()) / DAY_MS);
  if (termDays < 1) throw new RangeError(`prorate: a term of ${termDays} days`);
  const left = Math.floor((current.expiresAt.getTime() - now.getTime()) / DAY_MS);
  const daysRemaining = Math.min(termDays, Math.max(0, left));
  const creditMinor = divideHalfUp(current.valueMinor * daysRemaining, termDays);
  return { daysRemaining, termDays, creditMinor, proratedMinor: Math.max(0, priceMinor - creditMinor) };
}
