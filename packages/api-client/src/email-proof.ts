import { z } from 'zod';

/*
 * The proof of a parent's e-mail address by a one-time code (docs/IDENTITY.md): `POST /parents/{userId}/email-code`
 * (send or send again) and `POST /parents/{userId}/email-verification` (enter it).
 */

/**
 * `POST /parents/{userId}/email-code` 200: a code went to `email` (6 digits); it works until `expiresAt` (ISO 8601, 10
 * minutes) for `triesLeft` tries (5); another may be asked for after `resendAfterSeconds` (30) — at most 5 an hour and
 * 10 a day per address (429 `rate_limited` with `Retry-After` past that). The same answer whether or not the address
 * has an account (the e-mail says so, not the answer).
 */
export const EmailCodeResponseSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  triesLeft: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
/** See {@link EmailCodeResponseSchema}. */
export type EmailCodeResponse = z.infer<typeof EmailCodeResponseSchema>;

/**
 * `POST /parents/{userId}/email-verification` body: the code as the parent typed or pasted it — spaces and dashes are
 * ignored (`123 456`, `123-456`); anything else than 6 digits then is 400 `validation_failed` (no try is used).
 */
export const EmailVerificationRequestSchema = z.object({ code: z.string().min(1).max(32) });
/** See {@link EmailVerificationRequestSchema}. */
export type EmailVerificationRequest = z.infer<typeof EmailVerificationRequestSchema>;

/**
 * `POST /parents/{userId}/email-verification` 200: the address is proven (`emailVerified: true`; sent again, the same
 * answer). `existingAccount`: another account is already proven at this address — the right code shows it to its
 * owner only — with whether its subscription is current (then this join does not pay: `POST /orders` answers 409
 * `already_subscribed`; sign in at `signInUrl` and upgrade from that account); null when there is none.
 */
export const EmailVerificationResponseSchema = z.object({
  emailVerified: z.literal(true),
  existingAccount: z.object({ subscriptionCurrent: z.boolean(), signInUrl: z.string() }).nullable(),
});
/** See {@link EmailVerificationResponseSchema}. */
export type EmailVerificationResponse = z.infer<typeof EmailVerificationResponseSchema>;

/** A code as typed or pasted, without the spaces and dashes a parent may add (`123 456` → `123456`). */
export function normalizeEmailCode(raw: string): string {
  return raw.replace(/[\s\u2010-\u2015-]/g, '');
}
