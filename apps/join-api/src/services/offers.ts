import { asc, eq } from 'drizzle-orm';
import {
  fromMinor,
  resolvePricingGroup,
  type CouponAvailability,
  type FeatureFlags,
  type PricingGroup,
} from '@ofw/domain';
import type { Db } from '../db/client.js';
import { coupons, experiments, featureFlags } from '../db/schema.js';
import { hashToken } from '../lib/tokens.js';
import { subscriptionStatus, type UserRow } from '../accounts.js';

/**
 * Offers (issue 14 services): what a parent is offered beside the priced catalogue — auto-applied coupons, the pricing
 * group, experiments and feature flags — read from the database for the routes (packages, coupons, payments config,
 * invites) and for the order service. No HTTP here.
 */

/** Auto-applied coupon availability entries for an audience (§3). */
export async function availabilityFor(db: Db, audience: 'join' | 'invite'): Promise<CouponAvailability[]> {
  const rows = await db.select().from(coupons).where(eq(coupons.audience, audience));
  return rows
    .filter((r) => r.active && r.autoApply)
    .map((r) => ({ packageId: r.packageId, status: 'available', discountAmount: fromMinor(r.discountMinor) }));
}

/** The pricing group a parent's packages are priced for (§4 "Pricing group"). */
export async function pricingGroupOf(db: Db, user: UserRow, now: Date): Promise<PricingGroup> {
  return resolvePricingGroup({
    subscriptionStatus: await subscriptionStatus(db, user.id, now),
    coparentPricing: user.coparentPricing as PricingGroup,
    migrationPricingGroup: user.migrationPricingGroup as PricingGroup | null,
    eligiblePricingGroup: user.migrationPricingGroup as PricingGroup | null,
    hasMigratedTo2kPackaging: user.hasMigratedTo2k,
  });
}

/** Value of an experiment for a user: a stable hash of (user, experiment) against the rollout (§3, §9). */
export function experimentValue(userId: number, name: string, rolloutPercent: number): 'treatment' | 'control' {
  const h = Number.parseInt(hashToken(`${name}:${userId}`).slice(0, 8), 16) % 100;
  return h < rolloutPercent ? 'treatment' : 'control';
}

export async function experimentsFor(db: Db, userId: number) {
  const rows = await db.select().from(experiments).orderBy(asc(experiments.name));
  return rows.map((r) => ({ name: r.name, value: experimentValue(userId, r.name, r.rolloutPercent) }));
}

export async function flagsOf(db: Db): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags);
  const on = (n: string) => rows.some((r) => r.name === n && r.enabled);
  return { applePay: on('applePay'), cadPayPal: on('cadPayPal'), venmo: on('venmo') };
}
