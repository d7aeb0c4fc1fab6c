import { z } from 'zod';
import {
  BillingAddressRequestSchema,
  CanadianPhoneQuerySchema,
  CanadianPhoneResponseSchema,
  CoParentEmailRequestSchema,
  LanguageRequestSchema,
  CountriesResponseSchema,
  CouponCheckRequestSchema,
  CouponCheckResponseSchema,
  CouponsQuerySchema,
  CouponsResponseSchema,
  CredentialsRequestSchema,
  CredentialsResponseSchema,
  ExperimentsResponseSchema,
  InviteFamilyResponseSchema,
  JoinCountriesResponseSchema,
  OrderRequestSchema,
  OrderResponseSchema,
  PackagesQuerySchema,
  PackagesResponseSchema,
  ParentStateSchema,
  PaymentsConfigQuerySchema,
  PaymentsConfigSchema,
  PricingGroupResponseSchema,
  SecurityAnswersRequestSchema,
  SecurityQuestionsResponseSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  TermsRequestSchema,
  IdParamSchema,
  IdempotencyKeySchema,
} from './schemas.js';
import {
  AutoRenewRequestSchema,
  RenewalLinkParamsSchema,
  RenewalLinkSchema,
  RenewalPaymentMethodRequestSchema,
  RenewalPaymentMethodResponseSchema,
  RenewalSessionResponseSchema,
} from './subscription.js';
import {
  EmailCodeResponseSchema,
  EmailVerificationRequestSchema,
  EmailVerificationResponseSchema,
} from './email-proof.js';

/**
 * The HTTP contract of join-api (docs/CONTRACTS.md "HTTP API", docs/CONTRACTS.md), written once: every operation by its
 * `operationId` — method, path (OpenAPI style, relative to `API_PREFIX`), path params, query, headers, body, the
 * success response, who may call it, the error statuses it answers (application/problem+json, `ProblemSchema`)
 * and its documentation. From this one table come:
 * - the typed client (`createApiClient`: each method sends its entry's method and path and parses the answer with
 *   the entry's response schema);
 * - join-api's route registration and request validation (`apps/join-api/src/lib/operation.ts`);
 * - the OpenAPI 3.1 document join-api serves at `/api/v1/openapi.json` (built from this table by zod-openapi).
 * Plain zod, no server framework: the table loads in a browser.
 */

/**
 * Who may call an operation: anyone (`none`); a parent, by Bearer token or the `__Host-ofw_session` cookie
 * (`parent`, or `parent-optional` when an absent session is no error); an invite token as Bearer (`invite`).
 */
export type OperationAuth = 'none' | 'parent' | 'parent-optional' | 'invite';

/**
 * A request header an operation reads. With a `schema`, join-api's `operation()` validates it before the handler
 * runs (a missing required one: 400 `<name in snake case>_required`, e.g. `idempotency_key_required`; a malformed
 * one: 400 `validation_failed`, field `header.<name>`) and the typed client takes it as an argument; without one it
 * is documentation only (read by the handler, e.g. `Accept-Language`).
 */
export interface OperationHeader {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema?: z.ZodType;
}

/** One operation of the contract (see {@link contract}). */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** OpenAPI-style path relative to `API_PREFIX`, with `{name}` for each path param. */
  readonly path: string;
  readonly auth: OperationAuth;
  readonly summary: string;
  readonly description?: string;
  /** The path params (text on the wire), when the path has any. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: readonly OperationHeader[];
  /** The JSON request body (`application/json`). */
  readonly body?: z.ZodType;
  /** The success answer: its status and JSON schema, or no body (204). */
  readonly response: { readonly status: 200 | 201 | 204; readonly schema?: z.ZodType; readonly description?: string };
  /** The 4xx/5xx statuses it answers besides 500, each with a problem+json body (`ProblemSchema`). */
  readonly problems: readonly number[];
}

/** Path params of the `/parents/{userId}/…` operations: a positive integer id given as text. */
export const UserIdParamsSchema = z.object({ userId: IdParamSchema });

/** Every join-api operation by `operationId` (see the module comment). */
export const contract = {
  getCountries: {
    method: 'GET',
    path: '/countries',
    auth: 'none',
    summary: 'Country options, priority countries first (§1, §7)',
    headers: [{ name: 'Accept-Language', required: false, description: 'Locale of the names' }],
    response: { status: 200, schema: CountriesResponseSchema },
    problems: [400],
  },
  getJoinCountries: {
    method: 'GET',
    path: '/join/countries',
    auth: 'none',
    summary: 'Countries a parent can join from (§1)',
    response: { status: 200, schema: JoinCountriesResponseSchema },
    problems: [400],
  },
  getPackages: {
    method: 'GET',
    path: '/packages',
    auth: 'parent-optional',
    summary: 'Packages priced for the caller (§3, §4)',
    description:
      'For a parent with a current subscription, upgradeOptions.subscriptionUpgradeOptions maps each package that is an upgrade (same currency, higher catalogue price, term at least as long) to its prorated price, and those packages carry proratedPriceInfo. Prorated price = max(0, price − unused value of the current term by whole days remaining); see the join-api README "Upgrade and proration". Otherwise upgradeOptions is null. A signed-in parent is offered only their country\'s currency: another currency answers 422 currency_not_offered. An anonymous answer comes from memory with a strong ETag: If-None-Match with it answers 304 Not Modified.',
    headers: [
      {
        name: 'If-None-Match',
        required: false,
        description: 'The ETag of an earlier anonymous answer (304 if unchanged)',
      },
    ],
    query: PackagesQuerySchema,
    response: { status: 200, schema: PackagesResponseSchema },
    problems: [400, 401, 422],
  },
  checkCanadianPhone: {
    method: 'GET',
    path: '/phone/canadian',
    auth: 'none',
    summary: 'Is a +1 national number Canadian (§5)',
    query: CanadianPhoneQuerySchema,
    response: { status: 200, schema: CanadianPhoneResponseSchema },
    problems: [400, 429],
  },
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
  putAutoRenew: {
    method: 'PUT',
    path: '/parents/{userId}/auto-renew',
    params: UserIdParamsSchema,
    summary: "Turn the subscription's automatic renewal on or off (docs/RENEWAL.md)",
    description:
      "Renewal charges the saved payment method on the term's last day at the package's price for a new term. Turning it on needs a current subscription (409 no_subscription) and a saved payment method (409 no_saved_payment_method: pay again with one that can be saved). Turning it off stops every reminder and charge not yet made; the subscription runs to its end.",
    auth: 'parent',
    body: AutoRenewRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 404, 409, 415],
  },
  getRenewalLink: {
    method: 'GET',
    path: '/renewal-links/{token}',
    params: RenewalLinkParamsSchema,
    summary: "What a renewal e-mail's link is for, without signing in (docs/RENEWAL.md)",
    description:
      'The token is single-use and expires (turn-off: at the renewal; update card: at the last retry; come back: 30 days). An unknown, used or expired token answers 404 link_invalid, whatever the reason. Reading changes nothing.',
    auth: 'none',
    response: { status: 200, schema: RenewalLinkSchema },
    problems: [400, 404, 429],
  },
  turnOffRenewalByLink: {
    method: 'POST',
    path: '/renewal-links/{token}/turn-off',
    params: RenewalLinkParamsSchema,
    summary: "A reminder's link: turn automatic renewal off, nothing else",
    description:
      'Only a turn_off_renewal link (any other: 404 link_invalid). The subscription runs to its end; sent again, the same answer.',
    auth: 'none',
    response: { status: 200, schema: RenewalLinkSchema },
    problems: [400, 404, 429],
  },
  getRenewalLinkPaymentsConfig: {
    method: 'GET',
    path: '/renewal-links/{token}/payments-config',
    params: RenewalLinkParamsSchema,
    summary: "Client token for the update-card page, in the subscription's currency",
    auth: 'none',
    response: { status: 200, schema: PaymentsConfigSchema },
    problems: [400, 404, 429, 503],
  },
  saveRenewalPaymentMethod: {
    method: 'POST',
    path: '/renewal-links/{token}/payment-method',
    params: RenewalLinkParamsSchema,
    summary: 'A declined renewal: save a new payment method and pay the renewal with it',
    description:
      'Only an update_payment_method link. The method is saved in the vault for the parent (a card needs a 3D Secure-verified nonce) and becomes the one renewals charge; a renewal due is charged at once, exactly once per Idempotency-Key and renewal. A decline answers 402 (the link stays usable for another method).',
    auth: 'none',
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'Same key for every retry of one attempt (8–255 visible ASCII characters)',
        schema: IdempotencyKeySchema,
      },
    ],
    body: RenewalPaymentMethodRequestSchema,
    response: { status: 200, schema: RenewalPaymentMethodResponseSchema },
    problems: [400, 402, 404, 409, 415, 422, 429, 503],
  },
  createRenewalSession: {
    method: 'POST',
    path: '/renewal-links/{token}/session',
    params: RenewalLinkParamsSchema,
    summary: "A come-back link: sign the parent in to join again at the expired subscription's pricing (§4)",
    auth: 'none',
    response: { status: 200, schema: RenewalSessionResponseSchema },
    problems: [400, 404, 429],
  },
  getExperiments: {
    method: 'GET',
    path: '/experiments',
    summary: 'Experiments of the parent (§3, §7)',
    auth: 'parent',
    response: { status: 200, schema: ExperimentsResponseSchema },
    problems: [401],
  },
  getPaymentsConfig: {
    method: 'GET',
    path: '/payments/config',
    summary: 'Payment provider authorization and wallet flags',
    description:
      'authorization is a client token issued for this request (Braintree clientToken.generate in the merchant account of the currency, or the sandbox POST /v1/client_token); 3D Secure needs one and runs in that currency. When the gateway cannot issue one the answer is 503 payment_gateway_unavailable with Retry-After.',
    auth: 'parent',
    query: PaymentsConfigQuerySchema,
    response: { status: 200, schema: PaymentsConfigSchema },
    problems: [400, 401, 429, 503],
  },
  createOrder: {
    method: 'POST',
    path: '/orders',
    summary: 'Pay for a package: re-priced by the server, charged once per Idempotency-Key',
    description:
      "A parent with a current subscription can only upgrade: the server charges the prorated price (as GET /packages shows it), ends the old subscription and starts the new one in one transaction, and answers purchaseFlow 'upgrade'; the package already held answers 409 order_already_paid; any other package that is not an upgrade (a downgrade, a shorter term) answers 409 not_an_upgrade. A package priced in another currency than the parent's country's answers 422 currency_not_offered. The parent's address must be proven first (403 email_unverified, docs/IDENTITY.md), and another account proven at the same address must not hold a current subscription or a payment in progress (409 already_subscribed: sign in to it instead). The bank's soft decline asking for 3D Secure (processor response 2099) answers 402 authentication_required: the key stays open for ONE retry with the same body but a new paymentMethodNonce (and deviceData), authenticated with a challenge; a replay of the first request answers the same 402, a second 2099 is a final 402 processor_declined, any other body 422 idempotency_key_reused. expectedCharge is what the page showed (the Pay button and the 3D Secure amount): when the server's quote for the order differs (a coupon switched off, a pricing-group change, a proration day boundary) the answer is 409 price_changed with the new quote, and nothing is charged or stored under the Idempotency-Key (the same key may be sent again with the confirmed amount).",
    auth: 'parent',
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'Same key for every retry of one payment attempt (8–255 visible ASCII characters, e.g. a UUID)',
        schema: IdempotencyKeySchema,
      },
    ],
    body: OrderRequestSchema,
    response: { status: 201, schema: OrderResponseSchema },
    problems: [400, 401, 402, 403, 409, 415, 422, 429, 503],
  },
  getSecurityQuestions: {
    method: 'GET',
    path: '/security-questions',
    auth: 'none',
    summary: 'Security questions in en or es',
    headers: [{ name: 'Accept-Language', required: false, description: 'en or es' }],
    response: { status: 200, schema: SecurityQuestionsResponseSchema },
    problems: [400],
  },
  checkInvite: {
    method: 'GET',
    path: '/invites/check',
    summary: "Invite token check (§7): 204, or 401 logged as 'Invalid Invite Registration Token'",
    auth: 'invite',
    response: { status: 204, description: 'Valid' },
    problems: [401, 429],
  },
  getInviteFamily: {
    method: 'GET',
    path: '/invites/family',
    summary: 'Family by invite token; may rotate the token (§4 Invited flow)',
    auth: 'invite',
    response: { status: 200, schema: InviteFamilyResponseSchema },
    problems: [401, 429],
  },
  getInviteCoupons: {
    method: 'GET',
    path: '/invites/coupons',
    summary: 'Coupons by invite token (§7)',
    auth: 'invite',
    response: { status: 200, schema: CouponsResponseSchema },
    problems: [401, 429],
  },
  getInviteExperiments: {
    method: 'GET',
    path: '/invites/experiments',
    summary: 'Experiments by invite token (§7)',
    auth: 'invite',
    response: { status: 200, schema: ExperimentsResponseSchema },
    problems: [401, 429],
  },
} as const satisfies Record<string, Operation>;

/** The operationIds of {@link contract}. */
export type OperationId = keyof typeof contract;

/**
 * The path of `operation` with its params filled in (URI-encoded), relative to `API_PREFIX`.
 * @throws Error when a `{name}` of the path has no value in `params`.
 */
export function operationPath(
  operation: Pick<Operation, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${operation.path}`);
    return encodeURIComponent(String(value));
  });
}
