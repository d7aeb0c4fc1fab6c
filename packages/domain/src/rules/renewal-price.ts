import { quote, type Quote, type QuoteContext, type QuoteSelection } from './quote.js';

/** Who renews: the currency of the first term, the flow the parent joined by and their pricing group now (§4). */
export type RenewalContext = Pick<QuoteContext, 'currency' | 'flow' | 'pricingGroup'>;

/**
 * The price of renewing a subscription for one more term: the package's own price for a new term, as {@link quote}
 * prices a purchase of the same selection (the same fixed tier, or the same build-your-own product and services) in
 * the first term's currency — spec §4 "Discount" coupons are entries of one join's availability list and §3 proration
 * ("proratedPriceInfo") belongs to an upgrade, so neither carries over to a renewal. What the reminders announce,
 * what the terms step shows next to "Renew automatically" and what the renewal charges: `charged` (major units,
 * 2 decimals, VAT included for GBP as `vat` says, §9).
 *
 * @param selection - the subscription's package (and build-your-own `productId` + `services`).
 * @param context - currency, flow and the parent's pricing group (spec §4 "Pricing group": a current subscription
 *   keeps coparentPricing).
 * @returns the quote of a purchase: `discount` 0, `credit` 0, `prorated` null.
 * @throws QuoteError `not_offered` when the package is no longer offered to the context (the renewal cannot happen:
 *   the parent is told before the term ends), `bad_selection` for a build-your-own selection that no longer prices.
 */
export function renewalQuote(selection: QuoteSelection, context: RenewalContext): Quote {
  return quote(selection, {
    currency: context.currency,
    flow: context.flow,
    pricingGroup: context.pricingGroup,
    coupons: null,
    upgradeOptions: null,
    currentTerm: null,
  });
}
