/**
 * Catalogue entities of spec §3: the package, the build-your-own package and its order payload, the a la carte
 * selection and pack, coupon availability and upgrade options. Money fields are numbers in major units, 2 decimals.
 *
 * @module
 */
import * as z from 'zod';
import {
  CurrencySchema,
  MoneySchema,
  PackageFamilySchema,
  PackageTypeSchema,
  SubscriptionLengthSchema,
  YearsSchema,
} from './enumerations.js';

// ── Package (§3 "Package") ─────────────────────────────────────────────────────────────────────────────────────

/** §3 Package.proratedPriceInfo */
export const ProratedPriceInfoSchema = z.object({
  proratedPrice: MoneySchema,
  proratedPriceFormatted: z.string(),
});
/** §3 Package.proratedPriceInfo; `proratedPrice` in major units, 2 decimals. */
export type ProratedPriceInfo = z.infer<typeof ProratedPriceInfoSchema>;

/** §3 Package.discount (set by `applyDiscount`, §4 "Discount"). */
export const DiscountSchema = z.object({
  discountAmount: MoneySchema,
  discountedYearlyPrice: MoneySchema,
  discountedMonthlyPrice: MoneySchema,
  discountPercent: z.number().int().min(0).max(100),
});
/**
 * §3 Package.discount (§4 "Discount"); `discountAmount`, `discountedYearlyPrice` and `discountedMonthlyPrice` in
 * major units, 2 decimals; `discountPercent` a floored integer 0–100.
 */
export type Discount = z.infer<typeof DiscountSchema>;

/** §3 Package. `family` is this library's addition (the §3 "Package families" enumeration value of the package). */
export const PackageSchema = z.object({
  id: z.number().int().positive(),
  packageName: z.string(),
  packageType: PackageTypeSchema,
  family: PackageFamilySchema,
  displayName: z.string(),
  description: z.string(),
  receiptText: z.string(),
  variant: z.string(),
  analyticsPackage: z.string(),
  selectButtonId: z.string(),
  totalPrice: MoneySchema,
  pricePerMonth: MoneySchema,
  currencyCode: CurrencySchema,
  currencySymbol: z.string(),
  currencyTickerForReceipt: z.string(),
  vatAmount: MoneySchema.optional(),
  subDurationInYears: YearsSchema,
  yearlyPriceFormat: z.string(),
  primaryFeatures: z.array(z.string()),
  secondaryFeatures: z.array(z.string()),
  proratedPriceInfo: ProratedPriceInfoSchema.optional(),
  discount: DiscountSchema.optional(),
});
/**
 * §3 Package; `totalPrice`, `pricePerMonth`, `vatAmount` (GBP only) and the money fields of `discount` and
 * `proratedPriceInfo` in major units, 2 decimals, in `currencyCode`.
 */
export type Package = z.infer<typeof PackageSchema>;

// ── Build-your-own (§3 "Build-your-own package") ───────────────────────────────────────────────────────────────

/** Option names (§3). */
export const OPTION_NAMES = ['MYFILES', 'TONEMETER', 'TONEMETERENHANCED', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'] as const;
/** zod schema of a build-your-own option name (§3 "Build-your-own package"): one of {@link OPTION_NAMES}. */
export const OptionNameSchema = z.enum(OPTION_NAMES);
/** A build-your-own option name (§3 "Build-your-own package"). */
export type OptionName = z.infer<typeof OptionNameSchema>;

/** §3 options[code, description, duration, optionCode, optionName, price, priceFormatted]. */
export const BuildYourOwnOptionSchema = z.object({
  code: OptionNameSchema,
  description: z.string(),
  duration: SubscriptionLengthSchema,
  optionCode: z.string(),
  optionName: OptionNameSchema,
  price: MoneySchema,
  priceFormatted: z.string(),
});
/** §3 build-your-own option; `price` in major units, 2 decimals, for the whole `duration`. */
export type BuildYourOwnOption = z.infer<typeof BuildYourOwnOptionSchema>;

/** §3 one entry of subscriptionLengthOptions: price, productId and options. */
export const SubscriptionLengthOptionSchema = z.object({
  price: MoneySchema,
  productId: z.number().int().positive(),
  options: z.array(BuildYourOwnOptionSchema),
});
/** §3 subscription length option; `price` (the base price) in major units, 2 decimals. */
export type SubscriptionLengthOption = z.infer<typeof SubscriptionLengthOptionSchema>;

/** §3 Build-your-own package: subscriptionLengthOptions SUB1YEAR and SUB2YEAR. */
export const BuildYourOwnPackageSchema = z.object({
  packageId: z.number().int().positive(),
  currencyCode: CurrencySchema,
  subscriptionLengthOptions: z.object({
    SUB1YEAR: SubscriptionLengthOptionSchema.optional(),
    SUB2YEAR: SubscriptionLengthOptionSchema.optional(),
  }),
});
/** §3 Build-your-own package; every `price` in major units, 2 decimals, in `currencyCode`. */
export type BuildYourOwnPackage = z.infer<typeof BuildYourOwnPackageSchema>;

/** §3 Order payload service entry. */
export const OrderServiceSchema = z.object({ code: OptionNameSchema, option: z.string() });
/** §3 Order payload service entry: option `code` and chosen `option` (an optionCode). */
export type OrderService = z.infer<typeof OrderServiceSchema>;

/** §3 Order payload: packageId, productId, services[{code, option}]. */
export const OrderPayloadSchema = z.object({
  packageId: z.number().int().positive(),
  productId: z.number().int().positive(),
  services: z.array(OrderServiceSchema),
});
/** §3 Order payload: packageId, productId, services[{code, option}] (no prices: the server re-prices it). */
export type OrderPayload = z.infer<typeof OrderPayloadSchema>;

/**
 * §3 A la carte selection: subscription, myfiles, tonemeter, unlimitedPayments, calls. `myfiles` and `calls` hold an
 * optionCode of the chosen length (e.g. `'MYFILES_5GB'`, `'CALLSBASIC_60'`); `tonemeter` and `unlimitedPayments`
 * are on/off.
 */
export const AlaCarteSelectionSchema = z.object({
  subscription: z.enum(['SUB1YEAR', 'SUB2YEAR']),
  myfiles: z.string().nullish(),
  tonemeter: z.boolean().nullish(),
  unlimitedPayments: z.boolean().nullish(),
  calls: z.string().nullish(),
});
/** §3 A la carte selection (see {@link AlaCarteSelectionSchema}). */
export type AlaCarteSelection = z.infer<typeof AlaCarteSelectionSchema>;

/** §4 "Pack": the order payload of the selected build-your-own package. */
export const PackSchema = OrderPayloadSchema;
/** §4 "Pack": the order payload of the selected build-your-own package. */
export type Pack = z.infer<typeof PackSchema>;

// ── Other entities (§3 "Other entities") ───────────────────────────────────────────────────────────────────────

/** §3 Coupon or package availability entry. */
export const CouponAvailabilitySchema = z.object({
  packageId: z.number().int().positive(),
  status: z.string(),
  discountAmount: MoneySchema,
});
/** §3 Coupon or package availability entry; `discountAmount` in major units, 2 decimals. */
export type CouponAvailability = z.infer<typeof CouponAvailabilitySchema>;

/** §3 one upgrade option: packageId, price, priceFormatted. */
export const UpgradeOptionSchema = z.object({
  packageId: z.number().int().positive(),
  price: MoneySchema,
  priceFormatted: z.string(),
});
/** §3 one upgrade option; `price` (the prorated upgrade price) in major units, 2 decimals. */
export type UpgradeOption = z.infer<typeof UpgradeOptionSchema>;

/** §3 Upgrade options: a subscriptionUpgradeOptions map keyed by packageId. */
export const UpgradeOptionsSchema = z.object({
  subscriptionUpgradeOptions: z.record(z.string(), UpgradeOptionSchema),
});
/** §3 Upgrade options: the subscriptionUpgradeOptions map keyed by packageId (prices in major units). */
export type UpgradeOptions = z.infer<typeof UpgradeOptionsSchema>;
