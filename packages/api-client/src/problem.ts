import { z } from 'zod';

// ApiError, isApiError and problemType live in errors.ts (no zod: `@ofw/api-client/errors` loads without it).
export * from './errors.js';

/**
 * One field at fault in a request: `field` is a dotted path into the JSON body or query
 * (e.g. `parent.email`, `billingAddress.postalCode`, `query.currency`).
 */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
/** One field at fault in a request (see {@link FieldErrorSchema}). */
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Stable machine codes of join-api's problems. `type` is always `https://ofw.example/problems/<code>`
 * (see {@link problemType}). Declines (§8) carry `processor_declined` or `gateway_rejected`. `currency_not_offered`
 * (422): a package or `GET /packages` currency that is not the parent's country's (§1 join countries). `not_paid_yet`
 * (409): a step that needs the subscription paid first (the co-parent answer, which e-mails an invitation).
 */
export const ProblemCodeSchema = z.enum([
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'username_taken',
  'idempotency_key_required',
  'idempotency_key_reused',
  'idempotency_in_flight',
  'processor_declined',
  'gateway_rejected',
  'payment_gateway_unavailable',
  'payment_method_expired',
  'order_already_paid',
  'not_an_upgrade',
  'package_unavailable',
  'currency_not_offered',
  'invalid_invite_token',
  'origin_not_allowed',
  'current_password_required',
  'current_password_incorrect',
  'signup_completed',
  'not_paid_yet',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
]);
/** A stable machine code of a join-api problem (see {@link ProblemCodeSchema}). */
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;

/**
 * RFC 9457 problem details as join-api sends them (`application/problem+json`).
 * Extra members: `code` (stable, see {@link ProblemCodeSchema}), `errors` (field errors),
 * and for declines `processorResponseCode` / `processorResponseText` / `gatewayRejectionReason`.
 */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
    processorResponseCode: z.string().optional(),
    processorResponseText: z.string().optional(),
    gatewayRejectionReason: z.string().optional(),
    /** With `rate_limited` (429): seconds to wait before retrying. */
    retryAfterSeconds: z.number().optional(),
  })
  .loose();
/** RFC 9457 problem details as join-api sends them (see {@link ProblemSchema}). */
export type Problem = z.infer<typeof ProblemSchema>;
