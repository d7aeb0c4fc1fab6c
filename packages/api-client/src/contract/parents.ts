/*
 * The signup and parent operations of join-api's contract (docs/CONTRACTS.md "HTTP API"); `contract` (../contract.ts)
 * holds them with the other areas.
 */
import {
  BillingAddressRequestSchema,
  CoParentEmailRequestSchema,
  LanguageRequestSchema,
  CouponCheckRequestSchema,
  CouponCheckResponseSchema,
  CouponsQuerySchema,
  CouponsResponseSchema,
  CredentialsRequestSchema,
  CredentialsResponseSchema,
  ParentStateSchema,
  PricingGroupResponseSchema,
  SecurityAnswersRequestSchema,
  SecurityQuestionsResponseSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  TermsRequestSchema,
  IdempotencyKeySchema,
} from '../schemas.js';
import {
  EmailCodeResponseSchema,
  EmailVerificationRequestSchema,
  EmailVerificationResponseSchema,
} from '../email-proof.js';
import { UserIdParamsSchema, type Operation } from './operation.js';

/** Signups and parents: sign-up, logout, coupons, the parent, terms, credentials, security answers, billing address, co-parent e-mail, e-mail proof and language (§2, §3, §7). */
export const parentOperations = {
  createSignup: {
    method: 'POST',
    path: '/signups',
    auth: 'none',
    summary: 'Start a regular, pro-referred or invited join; sets the __Host-ofw_session cookie',
    description:
      'Sets the browser session cookie __Host-ofw_session (HttpOnly, Secure, SameSite=Lax, Path=/); a request from a browser (with Origin or Sec-Fetch-Site) gets no authToken in the body, any other client gets authToken for Authorization: Bearer. The answer is the same whatever the address (no enumeration); the address is unproven (emailVerified false) but for an invited co-parent who kept the address the invitation reached — POST /parents/{userId}/email-code sends the code that proves it, before payment (docs/IDENTITY.md). With an Idempotency-Key, a retry with the same key and body answers the same signupId and userId with a fresh authToken and registrationKey (Idempotent-Replayed: true) instead of failing on a used invite or referral token; the same key with another body answers 422 idempotency_key_reused; a replay after the credentials are set answers 409 signup_completed. Keys are kept 24 h.',
    headers: [
      {
        name: 'Idempotency-Key',
        required: false,
        description: 'Same key for every retry of one signup attempt (8–255 visible ASCII characters, e.g. a UUID)',
        schema: IdempotencyKeySchema,
      },
    ],
    body: SignupRequestSchema,
    response: { status: 201, schema: SignupResponseSchema },
    problems: [400, 401, 403, 409, 415, 422, 429],
  },
  logout: {
    method: 'POST',
    path: '/sessions/logout',
    summary: 'Revoke the current auth token and clear the session cookie',
    description:
      'Revokes the auth token of the request (Bearer or cookie): it answers 401 from then on. Clears the __Host-ofw_session cookie. 204 also without a live cookie session; 401 for an invalid bearer token.',
    auth: 'parent-optional',
    response: { status: 204, description: 'Logged out' },
    problems: [401, 403],
  },
  getCoupons: {
    method: 'GET',
    path: '/coupons',
    summary: 'Coupon availability entries (§3, §7)',
    auth: 'parent',
    query: CouponsQuerySchema,
    response: { status: 200, schema: CouponsResponseSchema },
    problems: [400, 401, 404],
  },
  checkCoupon: {
    method: 'POST',
    path: '/coupons/check',
    summary: 'Check a promotion code for the signed-in parent (§3, §4 "Discount")',
    description:
      "Answers the code's availability entry when it applies to a package offered to this parent: the page quotes with it first among its coupons, and POST /orders with the same couponCode charges that price. 422 coupon_unknown (no such code), coupon_expired (switched off) or coupon_not_applicable (another audience, or a package this parent is not offered). Wrong codes are limited per parent and per client address: past the limit every check answers 429 rate_limited with Retry-After, a right code too.",
    auth: 'parent',
    body: CouponCheckRequestSchema,
    response: { status: 200, schema: CouponCheckResponseSchema },
    problems: [400, 401, 403, 415, 422, 429],
  },
  getParent: {
    method: 'GET',
    path: '/parents/{userId}',
    params: UserIdParamsSchema,
    summary: 'Parent and join-state fields (§3, §7)',
    auth: 'parent',
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403],
  },
  getPricingGroup: {
    method: 'GET',
    path: '/parents/{userId}/pricing-group',
    params: UserIdParamsSchema,
    summary: 'Eligible pricing group (§7)',
    auth: 'parent',
    response: { status: 200, schema: PricingGroupResponseSchema },
    problems: [400, 401, 403],
  },
  putTerms: {
    method: 'PUT',
    path: '/parents/{userId}/terms',
    params: UserIdParamsSchema,
    summary: 'Record agreement to the terms',
    auth: 'parent',
    body: TermsRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 415],
  },
  putCredentials: {
    method: 'PUT',
    path: '/parents/{userId}/credentials',
    params: UserIdParamsSchema,
    summary: 'Username and password (argon2id); rotates the session',
    description:
      'Set once while the account is registering; any later change needs currentPassword (argon2-verified; missing → 403 current_password_required, wrong → 403 current_password_incorrect, 429 after 5 wrong ones an hour). Every earlier auth token of the parent is revoked and a new one issued: a browser gets it as a new __Host-ofw_session cookie, a Bearer client as authToken in the answer.',
    auth: 'parent',
    body: CredentialsRequestSchema,
    response: { status: 200, schema: CredentialsResponseSchema },
    problems: [400, 401, 403, 409, 415, 422, 429],
  },
  putSecurityQuestions: {
    method: 'PUT',
    path: '/parents/{userId}/security-questions',
    params: UserIdParamsSchema,
    summary: 'Three security answers (§2)',
    description:
      'Each answer at least 3 characters, argon2id-hashed. Set once while joining; changing them once the account is active and they are set needs currentPassword (argon2-verified; missing → 403 current_password_required, wrong → 403 current_password_incorrect, 429 after 5 wrong ones an hour, shared with credentials). 10 writes per parent per hour.',
    auth: 'parent',
    body: SecurityAnswersRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 415, 429],
  },
  putBillingAddress: {
    method: 'PUT',
    path: '/parents/{userId}/billing-address',
    params: UserIdParamsSchema,
    summary: 'Billing address without a payment: how a pro-created account completes it (§4 Completion)',
    description:
      "After the body's shape (400), the country rules of @ofw/domain checkBillingAddress, as join-web's form applies them: a postal code the country does not have, or a US/CA/AU address without a state, province or territory it has, answers 422 validation_failed naming the field. The address is stored written canonically (postcode SW1A 1AA, state code NY).",
    auth: 'parent',
    body: BillingAddressRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 404, 415, 422],
  },
  putCoParentEmail: {
    method: 'PUT',
    path: '/parents/{userId}/coparent-email',
    params: UserIdParamsSchema,
    summary: "Answer to the co-parent email question (§2): an email, or null for 'not now'",
    description:
      'A new address is e-mailed an invitation, so the answer is accepted only once the parent has paid (subscription current) or joined with nothing to pay (created by a professional, or invited): earlier it is 409 not_paid_yet; an address is accepted only from a parent whose own address is proven (403 email_unverified, docs/IDENTITY.md). Only proven accounts count as the co-parent already having one (then a sign-in e-mail goes instead of an invitation). 10 answers per parent and 50 per client address an hour (429), so the join is no mail relay.',
    auth: 'parent',
    body: CoParentEmailRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 404, 409, 415, 429],
  },
  sendEmailCode: {
    method: 'POST',
    path: '/parents/{userId}/email-code',
    params: UserIdParamsSchema,
    summary: "Send (or send again) a one-time code to the parent's e-mail address (docs/IDENTITY.md)",
    description:
      'A 6-digit code, valid 10 minutes for 5 tries; a new code replaces the earlier one. 30 s between two sends of one parent, 5 codes an hour and 10 a day per address, 30 an hour per client address: past them 429 rate_limited with Retry-After. The answer is the same whether or not the address already has an account (the e-mail says so). 409 email_already_verified once the address is proven.',
    auth: 'parent',
    response: { status: 200, schema: EmailCodeResponseSchema },
    problems: [400, 401, 403, 409, 429],
  },
  verifyEmail: {
    method: 'POST',
    path: '/parents/{userId}/email-verification',
    params: UserIdParamsSchema,
    summary: "Prove the parent's e-mail address with the code it received (docs/IDENTITY.md)",
    description:
      'Spaces and dashes in the code are ignored. Each try is counted before it is compared (5 per code, concurrent ones included): a wrong code answers 422 code_incorrect with triesLeft, the last wrong one and any after it 422 too_many_tries, a code past its 10 minutes (or replaced, or none sent) 422 code_expired — those two need a new code. The right code proves the address (sent again: the same answer) and says whether another account is already proven at it (existingAccount, with whether its subscription is current: then payment answers 409 already_subscribed and the parent signs in instead). 60 tries an hour per client address (429).',
    auth: 'parent',
    body: EmailVerificationRequestSchema,
    response: { status: 200, schema: EmailVerificationResponseSchema },
    problems: [400, 401, 403, 415, 422, 429],
  },
  putLanguage: {
    method: 'PUT',
    path: '/parents/{userId}/language',
    params: UserIdParamsSchema,
    summary: "The parent's language after a switch (§3 languageLocale): the receipt and invitation e-mails use it",
    description:
      'Stores the language the parent chose in the page after signing up, as the sign-up takes it (a locale like es-MX or es_MX; anything else answers 400). What join-api sends later is written in it: the payment receipt and the co-parent invitation.',
    auth: 'parent',
    body: LanguageRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 404, 415],
  },
} as const satisfies Record<string, Operation>;

/** The security questions the credentials step shows (§2 "Security questions"). */
export const securityQuestionOperations = {
  getSecurityQuestions: {
    method: 'GET',
    path: '/security-questions',
    auth: 'none',
    summary: 'Security questions in en or es',
    headers: [{ name: 'Accept-Language', required: false, description: 'en or es' }],
    response: { status: 200, schema: SecurityQuestionsResponseSchema },
    problems: [400],
  },
} as const satisfies Record<string, Operation>;
