/*
 * Signups and parents of join-api (docs/CONTRACTS.md "HTTP API"): `POST /signups`, the parent state, pricing
 * group, terms, billing address, co-parent email, language, security questions and credentials.
 */
import { z } from 'zod';
import { BillingAddressSchema, FlowSchema, PricingGroupSchema, SubscriptionStatusSchema } from '@ofw/domain';
import { IdSchema } from '../ids.js';
import { ParentSubscriptionSchema } from '../subscription.js';
import { JoinCountryCodeSchema, LanguageLocaleSchema } from './common.js';

// ---------------------------------------------------------------- POST /signups

const name = z.string().trim().min(1, 'Required').max(80);

/** `POST /signups` parent (§3 "Join state" parent): phoneCountryCode defaults to '+1', timeZone to America/New_York. */
export const SignupParentSchema = z.object({
  firstName: name,
  lastName: name,
  email: z.email().max(254),
  phoneCountryCode: z
    .string()
    .regex(/^\+[0-9]{1,4}$/, 'Expected a code like +1')
    .default('+1'),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^[0-9 ()\-.]{4,20}$/, 'Expected a phone number'),
  timeZone: z.string().min(1).max(64).default('America/New_York'),
});

/**
 * `POST /signups`. `flow` 'join' is the regular join; 'pro' is the professional-referred join (spec §1): with a
 * `proReferralToken` issued for a professional it creates a pro-created account (`userCreatedByPro`) keeping the
 * professional's name from the referral, and without one join-api makes the regular join (flow 'join'; the pro
 * package is not sold to it, spec §9); 'ctj' needs the `inviteToken` of an invited co-parent (single-use).
 */
export const SignupRequestSchema = z.object({
  flow: FlowSchema.default('join'),
  languageLocale: LanguageLocaleSchema.default('en-US'),
  address: z.object({ country: JoinCountryCodeSchema, line1: z.string().max(200).optional() }),
  parent: SignupParentSchema,
  proFirstName: name.optional(),
  proLastName: name.optional(),
  proReferralToken: z.string().min(16).max(128).optional(),
  inviteToken: z.string().min(16).max(128).optional(),
  referral: z.object({ selection: z.string().max(80), other: z.string().max(200).optional() }).optional(),
});
/** `POST /signups` body before defaults (see {@link SignupRequestSchema}). */
export type SignupRequest = z.input<typeof SignupRequestSchema>;

/**
 * `POST /signups` answer: `{ signupId, registrationKey, authToken?, userId, emailVerified }` (docs/CONTRACTS.md "HTTP API"). The server
 * also sets the `__Host-ofw_session` cookie (the browser's session): a browser (a request with `Origin` or
 * `Sec-Fetch-Site`) gets the token only as that cookie, another client gets `authToken` for `Authorization: Bearer`.
 * A replay under the same `Idempotency-Key` (and body) answers the same `signupId` and `userId` with a fresh
 * `authToken` and `registrationKey` (tokens are stored only as hashes, never replayed). `emailVerified`: whether the
 * address is already proven — only an invited co-parent who kept the address the invitation reached; every other join
 * proves it with a code (`POST /parents/{userId}/email-code`) before paying (docs/IDENTITY.md). An older server
 * omits it (parses as false).
 */
export const SignupResponseSchema = z.object({
  signupId: z.string(),
  registrationKey: z.string(),
  authToken: z.string().optional(),
  userId: IdSchema,
  emailVerified: z.boolean().default(false),
});
/** `POST /signups` answer (see {@link SignupResponseSchema}). */
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

// ---------------------------------------------------------------- GET /parents/{userId}

/** Parent and join-state fields (§3 "Join state") as the server knows them. */
export const ParentStateSchema = z.object({
  parent: z.object({
    userId: IdSchema,
    familyId: IdSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneCountryCode: z.string(),
    phoneNumber: z.string(),
    timeZone: z.string(),
  }),
  address: z.object({ country: z.string(), line1: z.string().optional() }),
  flow: FlowSchema,
  languageLocale: z.string(),
  agreedToTerms: z.boolean(),
  billingAddressComplete: z.boolean(),
  subscriptionStatus: SubscriptionStatusSchema,
  isSubscriptionCurrent: z.boolean(),
  requireCredentials: z.boolean(),
  securityQuestionsComplete: z.boolean(),
  userCreatedByPro: z.boolean(),
  proFirstName: z.string().nullable(),
  proLastName: z.string().nullable(),
  isInvitedJoin: z.boolean(),
  coparentPricing: PricingGroupSchema,
  migrationPricingGroup: PricingGroupSchema.nullable(),
  parentAccountType: z.string(),
  graceLogins: z.number().int(),
  /**
   * The co-parent email the parent gave (§2 "A co-parent email question"), or null. Absent in an older
   * server's answer (parses as null).
   */
  coParentEmail: z.string().nullable().default(null),
  /** Whether the parent answered the co-parent email question (with an email, or null = not now). */
  coParentEmailAnswered: z.boolean().default(false),
  /**
   * Whether the parent proved they receive mail at `parent.email` (a one-time code or the invitation that reached it;
   * docs/IDENTITY.md): payment and the co-parent invitation wait for it. An older server omits it (parses as true).
   */
  emailVerified: z.boolean().default(true),
  /** `@ofw/domain`'s `isJoinComplete` over these fields (§4 Completion). */
  isJoinComplete: z.boolean(),
  /**
   * The parent's latest subscription with its renewal (see {@link ParentSubscriptionSchema}), or null when they never
   * had one (an older server omits it: null).
   */
  subscription: ParentSubscriptionSchema.nullable().default(null),
});
/** Parent and join-state fields of `GET /parents/{userId}` (§3 "Join state", §7). */
export type ParentState = z.infer<typeof ParentStateSchema>;

/** `GET /parents/{userId}/pricing-group` (§7). */
export const PricingGroupResponseSchema = z.object({
  eligiblePricingGroup: PricingGroupSchema,
  hasMigratedTo2kPackaging: z.boolean(),
});
/** `GET /parents/{userId}/pricing-group` answer (§7). */
export type PricingGroupResponse = z.infer<typeof PricingGroupResponseSchema>;

// ---------------------------------------------------------------- PUT /parents/{userId}/terms

/** `PUT /parents/{userId}/terms` body: `{ agreedToTerms: true }` (§3 "Join state" agreedToTerms). */
export const TermsRequestSchema = z.object({ agreedToTerms: z.literal(true) });

// ---------------------------------------------------------------- PUT /parents/{userId}/billing-address, /coparent-email

/**
 * `PUT /parents/{userId}/billing-address` (docs/CONTRACTS.md): the billing address without a payment, how a
 * pro-created account (§4 "Completion": no subscription needed) completes `billingAddressComplete`.
 * Same fields as an order's `billingAddress` ({@link BillingAddressSchema}).
 */
export const BillingAddressRequestSchema = BillingAddressSchema;
/** `PUT /parents/{userId}/billing-address` body (see {@link BillingAddressRequestSchema}). */
export type BillingAddressRequest = z.input<typeof BillingAddressRequestSchema>;

/**
 * `PUT /parents/{userId}/coparent-email` (docs/CONTRACTS.md, §2 "A co-parent email question"):
 * `coParentEmail` is the other parent's email, or null when the parent chose not to invite now.
 */
export const CoParentEmailRequestSchema = z.object({
  coParentEmail: z.email('Expected an email address').max(254).nullable(),
});
/** `PUT /parents/{userId}/coparent-email` body (see {@link CoParentEmailRequestSchema}). */
export type CoParentEmailRequest = z.input<typeof CoParentEmailRequestSchema>;

/**
 * `PUT /parents/{userId}/language` (§3 "Join state" `languageLocale`, §1 languages): the language the parent switched
 * to after signing up, so that what join-api sends later — the receipt, the co-parent invitation — speaks it too.
 */
export const LanguageRequestSchema = z.object({ languageLocale: LanguageLocaleSchema });
/** `PUT /parents/{userId}/language` body (see {@link LanguageRequestSchema}). */
export type LanguageRequest = z.input<typeof LanguageRequestSchema>;

// ---------------------------------------------------------------- security questions, credentials

/** One security question (§2 "Security questions"): id and localized text. */
export const SecurityQuestionSchema = z.object({ id: IdSchema, text: z.string() });
/** One security question (see {@link SecurityQuestionSchema}). */
export type SecurityQuestion = z.infer<typeof SecurityQuestionSchema>;
/** `GET /security-questions` answer: the question list, localized. */
export const SecurityQuestionsResponseSchema = z.array(SecurityQuestionSchema);

/**
 * `PUT /parents/{userId}/credentials` body (§3 "Join state" requireCredentials): username and password. Credentials
 * are set once while the account is registering; any later change needs `currentPassword` (403
 * `current_password_required` / `current_password_incorrect` otherwise).
 */
export const CredentialsRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._@+-]+$/, 'Letters, digits and . _ @ + - only'),
  password: z.string().min(12, 'At least 12 characters').max(128),
  /** The password set before: required to change credentials once they are set. */
  currentPassword: z.string().min(1).max(128).optional(),
});
/** `PUT /parents/{userId}/credentials` body (see {@link CredentialsRequestSchema}). */
export type CredentialsRequest = z.infer<typeof CredentialsRequestSchema>;

/**
 * `PUT /parents/{userId}/credentials` answer: the join state, and — for a client authenticated with
 * `Authorization: Bearer` — the new `authToken` (setting credentials rotates the session: every earlier auth token of
 * the parent is revoked). A browser authenticated by the session cookie gets the new token only as its cookie.
 */
export const CredentialsResponseSchema = ParentStateSchema.extend({ authToken: z.string().optional() });
/** `PUT /parents/{userId}/credentials` answer (see {@link CredentialsResponseSchema}). */
export type CredentialsResponse = z.infer<typeof CredentialsResponseSchema>;

/**
 * `PUT /parents/{userId}/security-questions` body (§2): three answers, at least 3 characters each, to three different
 * questions. Answers are set once while joining; changing them once the account is active needs `currentPassword`
 * (403 `current_password_required` / `current_password_incorrect` otherwise), as credentials do.
 */
export const SecurityAnswersRequestSchema = z.object({
  answers: z
    .array(z.object({ questionId: IdSchema, answer: z.string().trim().min(3, 'At least 3 characters').max(200) }))
    .length(3)
    .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, 'Choose three different questions'),
  /** The account's password: required to change answers once they are set and the account is active. */
  currentPassword: z.string().min(1).max(128).optional(),
});
/** `PUT /parents/{userId}/security-questions` body (see {@link SecurityAnswersRequestSchema}). */
export type SecurityAnswersRequest = z.infer<typeof SecurityAnswersRequestSchema>;
