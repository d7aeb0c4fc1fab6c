import {
  currencyForCountry,
  getPackage,
  decimalAmount,
  fromMinor,
  quote,
  QuoteError,
  type CouponAvailability,
  type Currency,
  type CurrentTerm,
  type Flow,
  type PricingGroup,
  type Quote,
} from '@ofw/domain';

/*
 * join-api prices nothing itself: every amount comes from `@ofw/domain`'s `quote` (docs/ARCHITECTURE.md "The @ofw/domain contract"), the same
 * call the page makes, so what is shown is what is charged. This module only builds the quote context of a parent.
 */

/** What an order asks for (the `POST /orders` body's selection fields). */
export interface OrderSelection {
  packageId: number;
  productId?: number | undefined;
  services?: readonly { code: string; option: string }[] | undefined;
}

/**
 * Who is buying: the currency they pay in (their country's, {@link buyerCurrency}), the parent's flow, pricing group
 * and coupon availability entries; their current term, if any.
 */
export interface BuyerContext {
  currency: Currency;
  flow: Flow;
  group: PricingGroup;
  availability: readonly CouponAvailability[];
  term?: CurrentTerm | undefined;
  now: Date;
}

/**
 * The currency a parent pays in: their country's (spec §1 join countries; `@ofw/domain` `currencyForCountry` —
 * US USD, AU AUD, CA CAD, GB and IE GBP, NZ NZD, USD elsewhere).
 * @param country - the parent's ISO alpha-2 country code (`users.country`).
 */
export function buyerCurrency(country: string | null | undefined): Currency {
  return currencyForCountry(country);
}

/**
 * A package in another currency than the parent's country's (a GB parent buying USD without VAT, a US
 * parent the NZD prices). join-api answers it 422 `currency_not_offered`.
 */
export class CurrencyNotOfferedError extends Error {
  override readonly name = 'CurrencyNotOfferedError';
  constructor(
    /** The package's currency. */
    readonly packageCurrency: Currency,
    /** The parent's country's currency. */
    readonly buyerCurrency: Currency,
  ) {
    super(`This package is priced in ${packageCurrency}; this account pays in ${buyerCurrency}.`);
  }
}

/**
 * `quote(...)` for an order, in the parent's currency (the package must be priced in it), the parent's flow and pricing group, their coupons and — with a
 * current subscription — their term, so an upgrade is prorated exactly as `GET /packages` showed it.
 * @throws CurrencyNotOfferedError when the package's currency is not `buyer.currency` (the parent's country's).
 * @throws QuoteError `not_offered` (unknown package or not offered to this parent), `bad_selection` (build-your-own
 * product or services not offered), `not_an_upgrade` (a current subscription and a package that is not an upgrade).
 */
export function quoteOrder(selection: OrderSelection, buyer: BuyerContext): Quote {
  const pkg = getPackage(selection.packageId);
  if (!pkg) throw new QuoteError('not_offered', `Package ${selection.packageId} is not in the catalogue.`);
  if (pkg.currencyCode !== buyer.currency) throw new CurrencyNotOfferedError(pkg.currencyCode, buyer.currency);
  return quote(
    { packageId: selection.packageId, productId: selection.productId ?? null, services: selection.services ?? null },
    {
      currency: buyer.currency,
      flow: buyer.flow,
      pricingGroup: buyer.group,
      coupons: buyer.availability,
      currentTerm: buyer.term ?? null,
      now: buyer.now,
    },
  );
}

/** "216.00" from 21600 minor units (the decimal string both gateways take): `@ofw/domain`'s `decimalAmount`. */
export function minorToDecimal(minor: number): string {
  return decimalAmount(fromMinor(minor));
}
