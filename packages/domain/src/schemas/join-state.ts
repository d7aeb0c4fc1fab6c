/**
 * Spec §3 "Join state": the parent and the join state, with their defaults (`JOIN_STATE_DEFAULTS`).
 *
 * @module
 */
import * as z from 'zod';
import { JOIN_STATE_DEFAULTS } from '../rules/join-state-default-values.js';
import { FlowSchema, PricingGroupSchema, SubscriptionStatusSchema } from './enumerations.js';
import { CouponAvailabilitySchema } from './catalogue.js';

// ── Join state (§3 "Join state") ───────────────────────────────────────────────────────────────────────────────

/** §3 Join state.parent (phoneCountryCode defaults to '+1'). */
export const ParentSchema = z.object({
  email: z.string().optional(),
  familyId: z.union([z.string(), z.number()]).optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneCountryCode: z.string().default(JOIN_STATE_DEFAULTS.phoneCountryCode),
  phoneNumber: z.string().optional(),
  timeZone: z.string().optional(),
  userId: z.union([z.string(), z.number()]).optional(),
});
/** §3 Join state.parent (phoneCountryCode defaults to '+1' when parsed). */
export type Parent = z.infer<typeof ParentSchema>;

/** §3 Join state (defaults: parent.phoneCountryCode '+1', coparentPricing 'P3', languageLocale 'en-US'). */
export const JoinStateSchema = z.object({
  address: z.object({ country: z.string().optional(), line1: z.string().optional() }).default({}),
  agreedToTerms: z.boolean().default(false),
  authToken: z.string().optional(),
  availableCoupons: z.array(CouponAvailabilitySchema).default([]),
  billingAddressComplete: z.boolean().default(false),
  coParent: z.object({ userId: z.union([z.string(), z.number()]).optional() }).default({}),
  coparentPackageId: z.number().int().optional(),
  coparentCountry: z.string().optional(),
  flow: FlowSchema.optional(),
  familyMembers: z.array(z.record(z.string(), z.unknown())).default([]),
  graceLogins: z.number().int().optional(),
  inviteToken: z.string().optional(),
  isAuthedParent: z.boolean().default(false),
  isInvitedJoin: z.boolean().default(false),
  isJoin: z.boolean().default(false),
  isSubscriptionCurrent: z.boolean().default(false),
  parent: ParentSchema.default({ phoneCountryCode: JOIN_STATE_DEFAULTS.phoneCountryCode }),
  parentAccountType: z.string().optional(),
  referral: z.object({ selection: z.string().optional(), other: z.string().optional() }).default({}),
  requireCredentials: z.boolean().default(false),
  subscriptionStatus: SubscriptionStatusSchema.default('none'),
  securityQuestionsComplete: z.boolean().default(false),
  userCreatedByPro: z.boolean().default(false),
  proFirstName: z.string().optional(),
  proLastName: z.string().optional(),
  coparentPricing: PricingGroupSchema.default(JOIN_STATE_DEFAULTS.coparentPricing),
  languageLocale: z.string().default(JOIN_STATE_DEFAULTS.languageLocale),
  migrationPricingGroup: PricingGroupSchema.optional(),
});
/** §3 Join state with its defaults applied (see {@link JoinStateSchema}). */
export type JoinState = z.infer<typeof JoinStateSchema>;
/** Join state as accepted before defaults are applied. */
export type JoinStateInput = z.input<typeof JoinStateSchema>;
