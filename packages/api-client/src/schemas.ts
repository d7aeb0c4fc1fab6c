/*
 * Request and response shapes of join-api (docs/CONTRACTS.md "HTTP API"), defined once and used by the server
 * (validation + OpenAPI) and by browsers (response parsing). Entity fields follow the spec's §3. Each operation
 * area has its module under `schemas/`; this module re-exports them all beside the entities from @ofw/domain.
 */

// ---------------------------------------------------------------- shared pieces (entities from @ofw/domain)

// `PaymentsConfigSchema` (GET /payments/config) and `BillingAddressSchema` (POST /orders, PUT
// /parents/{userId}/billing-address) come from @ofw/domain: their one home.
export {
  CurrencySchema,
  FlowSchema,
  PricingGroupSchema,
  SubscriptionStatusSchema,
  PackageSchema,
  BuildYourOwnPackageSchema,
  UpgradeOptionsSchema,
  ProratedPriceInfoSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  ExperimentSchema,
  FeatureFlagsSchema,
  OrderServiceSchema,
  PaymentsConfigSchema,
  BillingAddressSchema,
} from '@ofw/domain';
export type {
  Currency,
  Flow,
  PricingGroup,
  SubscriptionStatus,
  Package,
  BuildYourOwnPackage,
  UpgradeOptions,
  ProratedPriceInfo,
  CountryOption,
  CouponAvailability,
  Experiment,
  FeatureFlags,
  PaymentsConfig,
  BillingAddress,
} from '@ofw/domain';
export { IdSchema } from './ids.js';
export * from './schemas/common.js';
export * from './schemas/catalogue.js';
export * from './schemas/parents.js';
export * from './schemas/orders.js';
export * from './schemas/invites.js';
