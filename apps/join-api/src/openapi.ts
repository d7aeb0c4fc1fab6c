import { z } from 'zod';
import * as S from '@ofw/api-client';
import { API_PREFIX } from '@ofw/api-client';

type Op = {
  summary: string;
  description?: string;
  /** 'parent': Bearer or the session cookie; 'parent-optional': the same, but an absent session is no error. */
  auth?: 'parent' | 'parent-optional' | 'invite';
  query?: z.ZodObject;
  body?: z.ZodType;
  headers?: { name: string; required: boolean; description: string }[];
  ok: { status: number; schema?: z.ZodType; description?: string };
  errors?: number[];
};

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const OPS: Record<string, Record<string, Op>> = {
  '/countries': {
    get: {
      summary: 'Country options, priority countries first (§1, §7)',
      headers: [{ name: 'Accept-Language', required: false, description: 'Locale of the names' }],
      ok: { status: 200, schema: S.CountriesResponseSchema },
    },
  },
  '/join/countries': {
    get: {
      summary: 'Countries a parent can join from (§1)',
      ok: { status: 200, schema: S.JoinCountriesResponseSchema },
    },
  },
  '/packages': {
    get: {
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
      query: S.PackagesQuerySchema,
      ok: { status: 200, schema: S.PackagesResponseSchema },
      errors: [400, 401, 422],
    },
  },
  '/phone/canadian': {
    get: {
      summary: 'Is a +1 national number Canadian (§5)',
      query: S.CanadianPhoneQuerySchema,
      ok: { status: 200, schema: S.CanadianPhoneResponseSchema },
      errors: [400, 429],
    },
  },
  '/signups': {
    post: {
      summary: 'Start a regular, pro-referred or invited join; sets the __Host-ofw_session cookie',
      description:
        'Answers authToken for Authorization: Bearer (API clients) and sets the browser session cookie __Host-ofw_session (HttpOnly, Secure, SameSite=Lax, Path=/). With an Idempotency-Key, a retry with the same key and body answers the same signupId and userId with a fresh authToken and registrationKey (Idempotent-Replayed: true) instead of failing on a used invite or referral token; the same key with another body answers 422 idempotency_key_reused; a replay after the credentials are set answers 409 signup_completed. Keys are kept 24 h.',
      headers: [
        {
          name: 'Idempotency-Key',
          required: false,
          description: 'Same key for every retry of one signup attempt (8–255 visible ASCII characters, e.g. a UUID)',
        },
      ],
      body: S.SignupRequestSchema,
      ok: { status: 201, schema: S.SignupResponseSchema },
      errors: [400, 401, 403, 409, 415, 422, 429],
    },
  },
  '/sessions/logout': {
    post: {
      summary: 'Revoke the current auth token and clear the session cookie',
      description:
        'Revokes the auth token of the request (Bearer or cookie): it answers 401 from then on. Clears the __Host-ofw_session cookie. 204 also without a live cookie session; 401 for an invalid bearer token.',
      auth: 'parent-optional',
      ok: { status: 204, description: 'Logged out' },
      errors: [401, 403],
    },
  },
  '/coupons': {
    get: {
      summary: 'Coupon availability entries (§3, §7)',
      auth: 'parent',
      query: S.CouponsQuerySchema,
      ok: { status: 200, schema: S.CouponsResponseSchema },
      errors: [400, 401, 404],
    },
  },
  '/parents/{userId}': {
    get: {
      summary: 'Parent and join-state fields (§3, §7)',
      auth: 'parent',
      ok: { status: 200, schema: S.ParentStateSchema },
      errors: [400, 401, 403],
    },
  },
  '/parents/{userId}/pricing-group': {
    get: {
      summary: 'Eligible pricing group (§7)',
      auth: 'parent',
      ok: { status: 200, schema: S.PricingGroupResponseSchema },
      errors: [400, 401, 403],
    },
  },
  '/parents/{userId}/terms': {
    put: {
      summary: 'Record agreement to the terms',
      auth: 'parent',
      body: S.TermsRequestSchema,
      ok: { status: 200, schema: S.ParentStateSchema },
      errors: [400, 401, 403],
    },
  },
  '/parents/{userId}/credentials': {
    put: {
      summary: 'Username and password (argon2id); rotates the session',
      description:
        'Set once while the account is registering; any later change needs currentPassword (argon2-verified; missing → 403 current_password_required, wrong → 403 current_password_incorrect, 429 after 5 wrong ones an hour). Every earlier auth token of the parent is revoked and a new one issued: a browser gets it as a new __Host-ofw_session cookie, a Bearer client as authToken in the answer.',
      auth: 'parent',
      body: S.CredentialsRequestSchema,
      ok: { status: 200, schema: S.CredentialsResponseSchema },
      errors: [400, 401, 403, 409, 422, 429],
    },
  },
  '/parents/{userId}/security-questions': {
    put: {
      summary: 'Three security answers (§2)',
      auth: 'parent',
      body: S.SecurityAnswersRequestSchema,
      ok: { status: 200, schema: S.ParentStateSchema },
      errors: [400, 401, 403, 429],
    },
  },
  '/parents/{userId}/billing-address': {
    put: {
      summary: 'Billing address without a payment: how a pro-created account completes it (§4 Completion)',
      auth: 'parent',
      body: S.BillingAddressRequestSchema,
      ok: { status: 200, schema: S.ParentStateSchema },
      errors: [400, 401, 403, 415],
    },
  },
  '/parents/{userId}/coparent-email': {
    put: {
      summary: "Answer to the co-parent email question (§2): an email, or null for 'not now'",
      auth: 'parent',
      body: S.CoParentEmailRequestSchema,
      ok: { status: 200, schema: S.ParentStateSchema },
      errors: [400, 401, 403, 415],
    },
  },
  '/experiments': {
    get: {
      summary: 'Experiments of the parent (§3, §7)',
      auth: 'parent',
      ok: { status: 200, schema: S.ExperimentsResponseSchema },
      errors: [401],
    },
  },
  '/payments/config': {
    get: {
      summary: 'Payment provider authorization and wallet flags',
      description:
        'authorization is a client token issued for this request (Braintree clientToken.generate in the merchant account of the currency, or the sandbox POST /v1/client_token); 3D Secure needs one and runs in that currency. When the gateway cannot issue one the answer is 503 payment_gateway_unavailable with Retry-After.',
      auth: 'parent',
      query: S.PaymentsConfigQuerySchema,
      ok: { status: 200, schema: S.PaymentsConfigSchema },
      errors: [400, 401, 429, 503],
    },
  },
  '/orders': {
    post: {
      summary: 'Pay for a package: re-priced by the server, charged once per Idempotency-Key',
      description:
        "A parent with a current subscription can only upgrade: the server charges the prorated price (as GET /packages shows it), ends the old subscription and starts the new one in one transaction, and answers purchaseFlow 'upgrade'; the package already held answers 409 order_already_paid; any other package that is not an upgrade (a downgrade, a shorter term) answers 409 not_an_upgrade. A package priced in another currency than the parent's country's answers 422 currency_not_offered.",
      auth: 'parent',
      headers: [
        { name: 'Idempotency-Key', required: true, description: 'Same key for every retry of one payment attempt' },
      ],
      body: S.OrderRequestSchema,
      ok: { status: 201, schema: S.OrderResponseSchema },
      errors: [400, 401, 402, 403, 409, 422, 429, 503],
    },
  },
  '/security-questions': {
    get: {
      summary: 'Security questions in en or es',
      headers: [{ name: 'Accept-Language', required: false, description: 'en or es' }],
      ok: { status: 200, schema: S.SecurityQuestionsResponseSchema },
    },
  },
  '/invites/check': {
    get: {
      summary: "Invite token check (§7): 204, or 401 logged as 'Invalid Invite Registration Token'",
      auth: 'invite',
      ok: { status: 204, description: 'Valid' },
      errors: [401, 429],
    },
  },
  '/invites/family': {
    get: {
      summary: 'Family by invite token; may rotate the token (§4 Invited flow)',
      auth: 'invite',
      ok: { status: 200, schema: S.InviteFamilyResponseSchema },
      errors: [401, 429],
    },
  },
  '/invites/coupons': {
    get: {
      summary: 'Coupons by invite token (§7)',
      auth: 'invite',
      ok: { status: 200, schema: S.CouponsResponseSchema },
      errors: [401, 429],
    },
  },
  '/invites/experiments': {
    get: {
      summary: 'Experiments by invite token (§7)',
      auth: 'invite',
      ok: { status: 200, schema: S.ExperimentsResponseSchema },
      errors: [401, 429],
    },
  },
};

let cached: unknown;

/** OpenAPI 3.1 document of join-api, generated from `@ofw/api-client`'s zod schemas (zod 4 `z.toJSONSchema`). */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const problem = { $ref: '#/components/schemas/Problem' };
  const paths: Record<string, unknown> = {};
  for (const [path, methods] of Object.entries(OPS)) {
    const item: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(methods)) {
      const parameters: unknown[] = [];
      if (path.includes('{userId}'))
        parameters.push({ name: 'userId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
      if (op.query) {
        const q = json(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
        for (const [name, schema] of Object.entries(q.properties ?? {})) {
          parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
        }
      }
      for (const h of op.headers ?? [])
        parameters.push({
          name: h.name,
          in: 'header',
          required: h.required,
          description: h.description,
          schema: { type: 'string' },
        });
      const responses: Record<string, unknown> = {
        [op.ok.status]: op.ok.schema
          ? {
              description: op.ok.description ?? 'OK',
              content: { 'application/json': { schema: json(op.ok.schema, 'output') } },
            }
          : { description: op.ok.description ?? 'No content' },
      };
      for (const status of [...(op.errors ?? []), 500]) {
        responses[status] = {
          description: 'Problem (RFC 9457)',
          content: { 'application/problem+json': { schema: problem } },
        };
      }
      item[method] = {
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        ...(op.auth
          ? {
              security:
                op.auth === 'invite'
                  ? [{ inviteToken: [] }]
                  : [{ bearerAuth: [] }, { sessionCookie: [] }, ...(op.auth === 'parent-optional' ? [{}] : [])],
            }
          : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: json(op.body, 'input') } } } }
          : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'OFW Join API',
      version: '1.0.0',
      description: 'DESIGN.md §4. Errors are application/problem+json with a stable `code`.',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { Problem: json(S.ProblemSchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'authToken from POST /signups' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-ofw_session',
          description:
            "The browser's session (HttpOnly, Secure, SameSite=Lax, Path=/), set by POST /signups and when credentials rotate the token. A write (POST/PUT/PATCH/DELETE) authenticated by it must carry Sec-Fetch-Site: same-origin or the app's Origin, else 403 origin_not_allowed.",
        },
        inviteToken: { type: 'http', scheme: 'bearer', description: 'Invite registration token' },
      },
    },
  };
  return cached;
}
