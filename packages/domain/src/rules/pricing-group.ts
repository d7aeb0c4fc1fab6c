import type { PricingGroup, SubscriptionStatus } from '../schemas.js';

/**
 * The two coparentPricing values kept for a parent without a subscription. The spec does not name them
 * (§4 "Pricing group": "which values: not shown"); this library keeps P0 and P1 by default — pass
 * `keptPricingGroups` to override. See README "Decisions".
 */
export const KEPT_PRICING_GROUPS: readonly PricingGroup[] = ['P0', 'P1'];

/** The default pricing group (spec §3 "Join state": coparentPricing default P3). */
export const DEFAULT_PRICING_GROUP: PricingGroup = 'P3';

/** Input of {@link resolvePricingGroup}. */
export interface PricingGroupInput {
  subscriptionStatus?: SubscriptionStatus | null;
  /** Join state coparentPricing (default P3). */
  coparentPricing?: PricingGroup | null;
  /** Join state migrationPricingGroup (used for an expired subscription). */
  migrationPricingGroup?: PricingGroup | null;
  /** `eligiblePricingGroup` of `GET /parents/{userId}/pricing-group` (used when there is no subscription). */
  eligiblePricingGroup?: PricingGroup | null;
  /** `hasMigratedTo2kPackaging` of the same call. */
  hasMigratedTo2kPackaging?: boolean | null;
  /** Override of {@link KEPT_PRICING_GROUPS}. */
  keptPricingGroups?: readonly PricingGroup[];
}

/**
 * The pricing group packages are priced for.
 *
 * Source: spec §4 "Pricing group":
 * - expired subscription: the migration pricing group when the account has not migrated to 2k packaging
 *   (and one is known), else coparentPricing;
 * - no subscription: a coparentPricing among the two kept values is kept; otherwise the eligible migration group
 *   when the account has not migrated (and one is known), else coparentPricing;
 * - current subscription (or unknown status): coparentPricing.
 * coparentPricing defaults to P3.
 */
export function resolvePricingGroup(input: PricingGroupInput): PricingGroup {
  const own = input.coparentPricing ?? DEFAULT_PRICING_GROUP;
  const notMigrated = input.hasMigratedTo2kPackaging !== true;
  switch (input.subscriptionStatus) {
    case 'expired':
      return notMigrated && input.migrationPricingGroup ? input.migrationPricingGroup : own;
    case 'none': {
      const kept = input.keptPricingGroups ?? KEPT_PRICING_GROUPS;
      if (input.coparentPricing && kept.includes(input.coparentPricing)) return input.coparentPricing;
      return notMigrated && input.eligiblePricingGroup ? input.eligiblePricingGroup : own;
    }
    default:
      return own;
  }
}
