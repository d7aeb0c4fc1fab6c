/**
 * Money and the enumerations of spec §3 "Enumerations" (with §4 and §9): currencies, pricing groups, package
 * families, subscription lengths and statuses, package types, flows, years and country codes.
 *
 * @module
 */
import * as z from 'zod';

/** Money in major units, ≥ 0, at most 2 decimals (spec §9 "Currency is rounded to 2 decimals"). */
export const MoneySchema = z
  .number()
  .finite()
  .nonnegative()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'Money has at most 2 decimals' });

// ── Enumerations (§3 "Enumerations", §4, §9) ─────────────────────────────────────────────────────────────────

/** Currencies of the catalogue (§9 "Package ids"). */
export const CURRENCIES = ['USD', 'GBP', 'CAD', 'AUD', 'NZD'] as const;
/** zod schema of a catalogue currency (§3 Package.currencyCode, §9 "Package ids"): one of {@link CURRENCIES}. */
export const CurrencySchema = z.enum(CURRENCIES);
/** A catalogue currency (ISO 4217), §3 Package.currencyCode. */
export type Currency = z.infer<typeof CurrencySchema>;

/** Pricing groups (§3 "Enumerations"). */
export const PRICING_GROUPS = ['P0', 'P1', 'P2', 'P3'] as const;
/** zod schema of a pricing group (§3 "Enumerations"): P0, P1, P2 or P3. */
export const PricingGroupSchema = z.enum(PRICING_GROUPS);
/** A pricing group (§3 "Enumerations", §4 "Pricing group"). */
export type PricingGroup = z.infer<typeof PricingGroupSchema>;

/** Package families (§3 "Enumerations"). */
export const PACKAGE_FAMILIES = ['A', 'B', 'BASIC', 'BYO', 'C', 'ESSENTIALS', 'D', 'MAX', 'PREMIUM'] as const;
/** zod schema of a package family (§3 "Enumerations"). */
export const PackageFamilySchema = z.enum(PACKAGE_FAMILIES);
/** A package family (§3 "Enumerations"). */
export type PackageFamily = z.infer<typeof PackageFamilySchema>;

/** Subscription lengths (§3 "Enumerations"). */
export const SUBSCRIPTION_LENGTHS = ['DEFAULT', 'SUB1YEAR', 'SUB2YEAR'] as const;
/** zod schema of a subscription length (§3 "Enumerations"): DEFAULT, SUB1YEAR or SUB2YEAR. */
export const SubscriptionLengthSchema = z.enum(SUBSCRIPTION_LENGTHS);
/** A subscription length (§3 "Enumerations"). */
export type SubscriptionLength = z.infer<typeof SubscriptionLengthSchema>;

/** Subscription status values (§4 "Subscription status"). */
export const SUBSCRIPTION_STATUSES = ['current', 'expired', 'none'] as const;
/** zod schema of a subscription status (§4 "Subscription status"): current, expired or none. */
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
/** A subscription status (§4 "Subscription status"). */
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Package types (§3 "Package": parent or pro). */
export const PackageTypeSchema = z.enum(['parent', 'pro']);
/** A package type (§3 "Package"): `'parent'` or `'pro'`. */
export type PackageType = z.infer<typeof PackageTypeSchema>;

/** Join flows (§1, §2). */
export const FlowSchema = z.enum(['join', 'pro', 'ctj']);
/** A join flow (§1, §2): `'join'`, `'pro'` or `'ctj'`. */
export type Flow = z.infer<typeof FlowSchema>;

/** Subscription duration in years (§3 "Package" subDurationInYears). */
export const YearsSchema = z.union([z.literal(1), z.literal(2)]);
/** Subscription duration in years, 1 or 2 (§3 "Package" subDurationInYears). */
export type Years = z.infer<typeof YearsSchema>;

/** ISO 3166-1 alpha-2 country code, upper case (§1 "Countries"). */
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, upper case');
/** ISO 3166-1 alpha-2 country code, upper case (§1 "Countries"). */
export type CountryCode = z.infer<typeof CountryCodeSchema>;
