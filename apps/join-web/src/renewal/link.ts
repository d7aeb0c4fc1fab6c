import { isApiError } from '@ofw/api-client/errors';
import type { RenewalLink } from '@ofw/api-client';
import { queryOptionsFor } from '@ofw/api-client/query';
import type { ApiClient } from '@ofw/api-client';
import type { Currency } from '@ofw/domain';

/**
 * `GET /renewal-links/{token}` (reading changes nothing), never retried by itself: an unknown, used or expired link
 * answers 404 `link_invalid` and asking again cannot change that.
 */
export function renewalLinkQuery(api: ApiClient, token: string) {
  return queryOptionsFor(api, 'getRenewalLink', { params: { token } }, { retry: false, staleTime: Infinity });
}

/**
 * Whether a failed link request means the link is dead (404 `link_invalid`, or a token join-api or the client refuses
 * as malformed, 400): the page shows the dead end instead of Try again.
 */
export function isDeadLink(error: unknown): boolean {
  return isApiError(error, 'link_invalid') || (isApiError(error) && (error.status === 404 || error.status === 400));
}

/**
 * The billing country the update-card form writes its address for. A link carries no address, so it is the country
 * of the subscription's currency (GBP → GB, CAD → CA, AUD → AU, NZD → NZ, else US); an Irish parent (GBP) gets the
 * British wording, whose postcode is optional as Ireland's Eircode is.
 */
export function billingCountryOf(currency: Currency | undefined): string {
  const byCurrency: Partial<Record<Currency, string>> = { GBP: 'GB', CAD: 'CA', AUD: 'AU', NZD: 'NZ' };
  return (currency && byCurrency[currency]) ?? 'US';
}

/** The renewal's amount and currency (the update-card form's 3D Secure amount), or undefined when none is due. */
export function renewalAmountOf(link: RenewalLink): { amount: number; currency: Currency } | undefined {
  const r = link.subscription.renewal;
  return r ? { amount: r.amount, currency: r.currencyCode } : undefined;
}

/** The subscription's term in whole years (1 or 2), from its start and end: what a renewal buys again. */
export function termYears(link: RenewalLink): 1 | 2 {
  const days = (Date.parse(link.subscription.expiresAt) - Date.parse(link.subscription.startsAt)) / 86_400_000;
  return days > 548 ? 2 : 1;
}
