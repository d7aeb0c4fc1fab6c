/**
 * `@ofw/domain` — the pure rules of the OFW join (spec §1–§5, §9): catalogue, prices, VAT, monthly price,
 * discounts, build-your-own, pricing group, countries and phone codes, payment-method visibility, currency region
 * locale, language, completion, flow from path, purchase vs upgrade and proration, calendar terms (term end in the
 * parent's time zone), join countries, and zod schemas of the §3 entities. `quote(selection, context)` with `offeredCatalogue(group, currency, flow)` is the one pricing entry
 * point: apps take every total, discount, VAT, monthly and prorated price from it.
 *
 * Money is a `number` in major units rounded to 2 decimals; internally every computation runs in integer minor units.
 *
 * @packageDocumentation
 */
export * from './schemas.js';
export { toMinor, fromMinor, divideHalfUp, roundMoney, decimalAmount, type Minor } from './money.js';
export { packages, getPackage, listPackages, type PackageQuery } from './rules/catalogue.js';
export {
  catalogueMessages,
  packageText,
  byoOptionText,
  formatCatalogueText,
  type CatalogueMessage,
  type CatalogueText,
  type PackageText,
} from './rules/catalogue-text.js';
export { monthlyPrice } from './rules/monthly-price.js';
export { vatAmount, vatForPrice, vatBreakdown, GBP_VAT_PERCENT, type VatBreakdown } from './rules/vat.js';
export { termEnd, termDate, type TermYears } from './rules/term-end.js';
export { renewalQuote, type RenewalContext } from './rules/renewal-price.js';
export {
  renewalChargeAt,
  renewalReminderAt,
  renewalRetryAt,
  RENEWAL_REMINDER_DAYS,
  RENEWAL_RETRY_DAYS,
} from './rules/renewal-schedule.js';
export { termTimeZone, FALLBACK_TERM_TIME_ZONE } from './rules/term-time-zone.js';
export { formatMoney } from './rules/format-money.js';
export { formatPrice, type FormatPriceOptions } from './rules/format-price.js';
export {
  paymentRegionLocale,
  toBcp47,
  type PaymentRegionLocale,
  type PaymentRegionLocaleInput,
} from './rules/payment-region-locale.js';
export {
  countryFromPhoneCode,
  needsCanadianPhoneCheck,
  isUK,
  PHONE_CODES,
  type CountryFromPhoneCodeOptions,
} from './rules/country-from-phone-code.js';
export {
  JOIN_COUNTRIES,
  PRIORITY_COUNTRIES,
  JOIN_COUNTRY_CURRENCIES,
  isJoinCountry,
  currencyForCountry,
  type JoinCountry,
  type PriorityCountry,
} from './rules/countries.js';
export { normalizePostalCode, isValidPostalCode, POSTAL_CODE_EXAMPLES } from './rules/postal-code.js';
export {
  checkBillingAddress,
  normalizeRegion,
  regionRequired,
  SUBDIVISIONS,
  SUBDIVISION_NAMES_ES,
  subdivisionOptions,
  type BillingAddressCheck,
  type BillingAddressIssue,
  type SubdivisionCountry,
  type SubdivisionOption,
} from './rules/billing-address.js';
export { paymentMethodVisibility } from './rules/payment-method-visibility.js';
export { isJoinComplete, type JoinCompletionInput } from './rules/join-complete.js';
export { flowFromPath } from './rules/flow-from-path.js';
export { createJoinState } from './rules/join-state-defaults.js';
export { initialJoinState } from './rules/initial-join-state.js';
export { JOIN_STATE_DEFAULTS } from './rules/join-state-default-values.js';
export { applyDiscount, computeDiscount, chargeAmount, AVAILABLE_STATUS } from './rules/discount.js';
export {
  buildYourOwnPackages,
  getBuildYourOwnPackage,
  byoOrderPayload,
  byoPrice,
  orderPayloadPrice,
  PAY_FEATURE_QUOTAS,
  CALL_MINUTES,
  FREE_MYFILES_GB,
} from './rules/build-your-own.js';
export { computePack } from './rules/pack.js';
export {
  resolvePricingGroup,
  KEPT_PRICING_GROUPS,
  DEFAULT_PRICING_GROUP,
  type PricingGroupInput,
} from './rules/pricing-group.js';
export { purchaseFlow, applyUpgradeOption } from './rules/purchase-flow.js';
export {
  isUpgrade,
  prorate,
  DAY_MS,
  type CurrentTerm,
  type UpgradeTarget,
  type ProrationQuote,
} from './rules/proration.js';
export {
  seriesFor,
  offeredCatalogue,
  PRO_PACKAGE_IDS,
  NOT_SOLD_THROUGH_JOIN,
  type CatalogueSeries,
  type OfferedCatalogue,
} from './rules/offer.js';
export {
  quote,
  quoteUpgradeOptions,
  QuoteError,
  type Quote,
  type QuoteContext,
  type QuoteSelection,
  type QuoteService,
  type QuoteErrorCode,
} from './rules/quote.js';
export { priceCatalogue, type PricedCatalogue } from './rules/price-catalogue.js';
export { languageFor, uiLanguageFor, LOCALES, type Locale } from './rules/language.js';
export {
  preferredLocale,
  localeForTag,
  acceptLanguageTags,
  BRITISH_ENGLISH_REGIONS,
  MEXICAN_SPANISH_REGIONS,
} from './rules/preferred-locale.js';
export { isAuthedParent, type AuthedParentInput } from './rules/authed-parent.js';
export {
  EXPERIMENTS,
  TREATMENT,
  isInTreatment,
  FEATURE_FLAGS,
  type ExperimentName,
  type FeatureFlagName,
} from './rules/experiments.js';
