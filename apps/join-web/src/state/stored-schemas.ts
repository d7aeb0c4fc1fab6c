import { JoinStateSchema } from '@ofw/domain';
import * as z from 'zod/mini';
import { BROWSER_JOIN_STATE_FIELDS } from './browser-join-state.js';
import { STEP_IDS } from './steps.js';

/*
 * The schemas a stored join is validated with when it is read back from sessionStorage (join-state.ts). Loaded only
 * when a join is stored (`loadStoredJoinValidation`), so a fresh visitor's first load of /join carries no zod
 *.
 */

const BillingSchema = z.object({
  streetAddress: z.string(),
  /** Address line 2; absent in joins stored before the field existed. */
  extendedAddress: z.optional(z.string()),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string(),
});

export const ProgressSchema = z.object({
  /** The step the parent is on. */
  step: z.enum(STEP_IDS),
  /** The 1/2-year switch of the package step. */
  years: z.union([z.literal(1), z.literal(2)]),
  /** The chosen package id (fixed tier or build-your-own). */
  packageId: z.optional(z.int()),
  /** Build-your-own selection (§3 "A la carte selection"), when the parent builds their own. */
  alaCarte: z.optional(
    z.object({
      subscription: z.enum(['SUB1YEAR', 'SUB2YEAR']),
      myfiles: z.nullish(z.string()),
      tonemeter: z.nullish(z.boolean()),
      unlimitedPayments: z.nullish(z.boolean()),
      calls: z.nullish(z.string()),
    }),
  ),
  /**
   * The terms step's automatic renewal choice (docs/RENEWAL.md): true only when the parent ticked it; unset (never
   * ticked) and false are no renewal. Sent as the order's `autoRenew`.
   */
  autoRenew: z.optional(z.boolean()),
  /** Whether the chosen package is an upgrade (§4 purchase flow 'upgrade'). */
  upgrade: z.optional(z.boolean()),
  /**
   * The promotion code the parent applied on the plans step, as `POST /coupons/check` answered it: its code (sent as
   * the order's `couponCode`) and §3 availability entry (quoted first among the join's coupons, §4 "Discount").
   */
  coupon: z.optional(
    z.object({ code: z.string(), packageId: z.int(), status: z.string(), discountAmount: z.number() }),
  ),
  /**
   * POST /signups succeeded in this tab: the browser holds join-api's `__Host-ofw_session` cookie (HttpOnly), so the
   * API calls that need a parent are made. A flag only: the auth token itself is never stored.
   */
  signedIn: z.optional(z.boolean()),
  /**
   * The signup attempt whose answer may have been lost: its `Idempotency-Key` and the exact body (JSON) it was sent
   * with, so that a retry of the same attempt — also after a reload — sends the same key, and join-api answers the
   * same signup instead of failing on an invite or referral token already used. Cleared on an answer.
   */
  signupAttempt: z.optional(z.object({ key: z.string(), body: z.string() })),
  /** Signup handles returned by POST /signups (needed for GET /coupons). */
  signupId: z.optional(z.string()),
  registrationKey: z.optional(z.string()),
  /** Billing address typed on the payment step (not card data). */
  billing: BillingSchema,
  /** The co-parent email question. */
  coParentEmail: z.object({ hasEmail: z.optional(z.boolean()), email: z.string() }),
});

/**
 * The stored join state: the browser's fields of §3's join state, picked from @ofw/domain's `JoinStateSchema` (one home
 * per field). Other keys — the server's flags and the `authToken` a join stored by an older version holds — are dropped
 * on read.
 */
export const BrowserJoinStateSchema = JoinStateSchema.pick(BROWSER_JOIN_STATE_FIELDS);

/** The validators of the stored join: the browser's join state and the join's progress. */
export const storedJoinSchemas = { joinState: BrowserJoinStateSchema, progress: ProgressSchema };
/** See {@link storedJoinSchemas}. */
export type StoredJoinSchemas = typeof storedJoinSchemas;
