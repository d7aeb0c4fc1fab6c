/*
 * The catalogue reads of join-api (docs/CONTRACTS.md "HTTP API"): countries, packages and the payments config
 * query, the Canadian phone check, coupons and experiments.
 */
import { z } from 'zod';
import {
  BuildYourOwnPackageSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  CurrencySchema,
  ExperimentSchema,
  FlowSchema,
  PackageSchema,
  PricingGroupSchema,
  UpgradeOptionsSchema,
} from '@ofw/domain';

// ---------------------------------------------------------------- GET /countries, /join/countries

/** `GET /countries` (§7): the §3 country options, priority countries first. */
export const CountriesResponseSchema = z.array(CountryOptionSchema);
/** `GET /join/countries` (§7): the §3 country options a parent can join from. */
export const JoinCountriesResponseSchema = z.array(CountryOptionSchema);

// ---------------------------------------------------------------- GET /packages

/** `GET /packages` query: `currency` (default USD) and `flow` (default 'join'), §3, §4. */
export const PackagesQuerySchema = z.object({
  currency: CurrencySchema.default('USD'),
  flow: FlowSchema.default('join'),
});
/**
 * `GET /payments/config?currency=` — the currency the parent will be charged in: the client token is issued for that
 * currency's merchant account, so 3D Secure authenticates in the currency charged (default USD).
 */
export const PaymentsConfigQuerySchema = z.object({ currency: CurrencySchema.default('USD') });
/** `GET /payments/config` query before defaults (see {@link PaymentsConfigQuerySchema}). */
export type PaymentsConfigQuery = z.input<typeof PaymentsConfigQuerySchema>;

/** `GET /packages` query before defaults (see {@link PackagesQuerySchema}). */
export type PackagesQuery = z.input<typeof PackagesQuerySchema>;

/**
 * `GET /packages` → `{ packages, byo, upgradeOptions, pricingGroup, currentTerm, quotedAt }` priced for the caller (§3, §4).
 * For a parent with a current subscription, `upgradeOptions.subscriptionUpgradeOptions` maps each package that is
 * an upgrade to `{ packageId, price, priceFormatted }` (price = the prorated amount `POST /orders` charges) and those
 * packages carry `proratedPriceInfo`; otherwise `upgradeOptions` is null (§4 purchase flow 'purchase').
 */
/**
 * The caller's current subscription as `@ofw/domain`'s proration rule takes it (`CurrentTerm`; money in integer minor
 * units): with it and `quotedAt`, the page quotes any upgrade — build-your-own included — exactly as `POST /orders`
 * will charge it (`quote(selection, { …, currentTerm, now: quotedAt })`).
 */
export const CurrentTermSchema = z.object({
  packageId: z.number().int(),
  currency: CurrencySchema,
  years: z.number().int().min(1).max(2),
  startsAt: z.coerce.date(),
  expiresAt: z.coerce.date(),
  /** What the term is worth (its price after coupons), minor units. */
  valueMinor: z.number().int().nonnegative(),
  /** Its catalogue price, minor units: the upgrade ladder is ordered by it. */
  listPriceMinor: z.number().int().nonnegative(),
});
/** See {@link CurrentTermSchema}. */
export type CurrentTermView = z.infer<typeof CurrentTermSchema>;

export const PackagesResponseSchema = z.object({
  packages: z.array(PackageSchema),
  byo: BuildYourOwnPackageSchema.nullable(),
  upgradeOptions: UpgradeOptionsSchema.nullable(),
  pricingGroup: PricingGroupSchema,
  /** The caller's current subscription (the page quotes upgrades with it), null without one. */
  currentTerm: CurrentTermSchema.nullable().default(null),
  /** The server's clock when it priced this answer (ISO 8601): the `now` of the page's quotes. */
  quotedAt: z.coerce.date().optional(),
});
/**
 * `GET /packages` answer (see {@link PackagesResponseSchema}); every price (package, build-your-own option, upgrade
 * option) in major units, 2 decimals, in the package's currency.
 */
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

// ---------------------------------------------------------------- GET /phone/canadian

/** National digits of a +1 number (no `+1`), e.g. `4165550123`. */
export const CanadianPhoneQuerySchema = z.object({
  phoneNumber: z.string().regex(/^[0-9 ()\-.]{4,20}$/, 'Expected national phone digits'),
});
/** `GET /phone/canadian` answer (§5, §7): `{ isCanadianPhoneNumber }`. */
export const CanadianPhoneResponseSchema = z.object({ isCanadianPhoneNumber: z.boolean() });
/** `GET /phone/canadian` answer (§5, §7). */
export type CanadianPhoneResponse = z.infer<typeof CanadianPhoneResponseSchema>;

// ---------------------------------------------------------------- GET /coupons, /experiments

/** `GET /coupons` query: registration key and signup id of `POST /signups` (§7). */
export const CouponsQuerySchema = z.object({
  registrationKey: z.string().min(1).max(128),
  signupId: z.string().min(1).max(64),
});
/** `GET /coupons`, `GET /invites/coupons` (§7): §3 coupon availability entries (`discountAmount` in major units). */
export const CouponsResponseSchema = z.array(CouponAvailabilitySchema);
/**
 * `POST /coupons/check` body: a promotion code the parent typed (§3 coupons, §7 "Coupons by registration key and
 * signup id"). Compared without case and surrounding spaces, as `POST /orders` compares its `couponCode`.
 */
export const CouponCheckRequestSchema = z.object({ couponCode: z.string().trim().min(1).max(40) });
/** `POST /coupons/check` body (see {@link CouponCheckRequestSchema}). */
export type CouponCheckRequest = z.input<typeof CouponCheckRequestSchema>;
/**
 * `POST /coupons/check` answer: the code as join-api knows it (upper case) and its §3 availability entry
 * (`discountAmount` in major units). Quoted first among the parent's coupons it prices exactly as `POST /orders` with
 * this `couponCode` charges (§4 "Discount").
 */
export const CouponCheckResponseSchema = CouponAvailabilitySchema.extend({ code: z.string() });
/** `POST /coupons/check` answer (see {@link CouponCheckResponseSchema}). */
export type CouponCheckResponse = z.infer<typeof CouponCheckResponseSchema>;
/** `GET /experiments`, `GET /invites/experiments` (§7): a list of §3 experiments `{ name, value }`. */
export const ExperimentsResponseSchema = z.array(ExperimentSchema);
