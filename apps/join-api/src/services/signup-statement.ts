import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { SignupRequestSchema, SignupResponse } from '@ofw/api-client';
import type { Db } from '../db/client.js';
import { rawStatement, value } from '../db/prepared.js';
import { families, idempotencyKeys, signups, tokens, users } from '../db/schema.js';
import { fingerprint, hashToken, newToken } from '../lib/tokens.js';
import { TOKEN_TTL_MS, newTokenRow } from '../accounts.js';

/** A signup as made: the answer with its auth token (the route gives it to a browser as the cookie only). */
export type SignupResult = SignupResponse & { authToken: string };

/** A validated signup request (defaults applied). */
export type SignupBody = z.infer<typeof SignupRequestSchema>;

/** `idempotency_keys.user_id` of the keys of `POST /signups` (no parent yet; parents' ids start at 1). */
export const SIGNUP_KEY_SCOPE = 0;

/** The values of {@link signupStatement}: timestamps as ISO strings, JSON as its text. */
type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountryCode: string;
  phoneNumber: string;
  timeZone: string;
  country: string;
  addressLine1: string | null;
  languageLocale: string;
  flow: string;
  referral: string | null;
  proFirstName: string | null;
  proLastName: string | null;
  signupId: string;
  registrationKeyHash: string;
  tokenHash: string;
  now: string;
  signupExpiresAt: string;
  tokenExpiresAt: string;
  key?: string;
  requestHash?: string;
};

/**
 * A new parent's signup as ONE statement (BEGIN, the key, family, parent, signup, token, the key's answer
 * and COMMIT were a round trip each): data-modifying CTEs insert the family, the parent, the signup, the first auth
 * token and — with an Idempotency-Key — the key, completed with its answer, all or nothing. Built once per variant
 * (with and without a key, {@link rawStatement}). Answers the new parent's id.
 */
function signupStatement(withKey: boolean) {
  const v = value<SignupValues>;
  const at = (name: keyof SignupValues) => sql`${v(name)}::timestamptz`;
  return rawStatement<SignupValues, { id: unknown }>(withKey ? 'signup_with_key' : 'signup', (db) => {
    const userId = sql`(select id from u)`;
    // drizzle renders each query builder embedded in `sql` in parentheses: `name as (insert … returning …)`
    const ctes = [
      sql`fam as ${db.insert(families).values({}).returning({ id: families.id })}`,
      sql`u as ${db
        .insert(users)
        .values({
          firstName: v('firstName'),
          lastName: v('lastName'),
          email: v('email'),
          phoneCountryCode: v('phoneCountryCode'),
          phoneNumber: v('phoneNumber'),
          timeZone: v('timeZone'),
          country: v('country'),
          addressLine1: v('addressLine1'),
          languageLocale: v('languageLocale'),
          flow: v('flow'),
          referral: sql`${v('referral')}::jsonb`,
          familyId: sql`(select id from fam)`,
          proFirstName: v('proFirstName'),
          proLastName: v('proLastName'),
          userCreatedByPro: false,
          parentAccountType: 'parent',
        })
        .returning({ id: users.id })}`,
      sql`sg as ${db.insert(signups).values({
        id: v('signupId'),
        userId,
        registrationKeyHash: v('registrationKeyHash'),
        flow: v('flow'),
        createdAt: at('now'),
        expiresAt: at('signupExpiresAt'),
      })}`,
      sql`tk as ${db.insert(tokens).values({
        hash: v('tokenHash'),
        kind: 'auth',
        userId,
        familyId: null,
        data: null,
        createdAt: at('now'),
        expiresAt: at('tokenExpiresAt'),
      })}`,
    ];
    if (withKey) {
      ctes.push(
        sql`k as ${db.insert(idempotencyKeys).values({
          userId: SIGNUP_KEY_SCOPE,
          key: v('key'),
          requestHash: v('requestHash'),
          state: 'completed',
          responseStatus: 201,
          responseBody: sql`jsonb_build_object('signupId', ${v('signupId')}::text, 'userId', ${userId})`,
          createdAt: at('now'),
        })}`,
      );
    }
    return sql`with ${sql.join(ctes, sql`, `)} select id from u`;
  });
}
const signupStatements = { withKey: signupStatement(true), withoutKey: signupStatement(false) };

/**
 * A new parent's signup as ONE statement ({@link signupStatement}). A key already taken makes the whole statement
 * fail with a unique violation (nothing is created); the caller then answers from the key in a transaction
 * ({@link claimSignupKey}), as a concurrent twin waits for the first request's statement to end.
 * @throws the driver's unique violation on `idempotency_keys` when the key is taken.
 */
export async function createSignupInOneStatement(
  db: Db,
  body: SignupBody,
  key: string | undefined,
  now: Date,
): Promise<SignupResult> {
  const details = signupDetails(body);
  const signupId = randomUUID();
  const registrationKey = newToken();
  const auth = newTokenRow('auth', { now });
  const values: SignupValues = {
    ...details,
    referral: details.referral === null ? null : JSON.stringify(details.referral),
    proFirstName: body.flow === 'pro' ? (body.proFirstName ?? null) : null,
    proLastName: body.flow === 'pro' ? (body.proLastName ?? null) : null,
    signupId,
    registrationKeyHash: hashToken(registrationKey),
    tokenHash: auth.values.hash,
    now: now.toISOString(),
    signupExpiresAt: signupExpiresAt(now).toISOString(),
    tokenExpiresAt: auth.values.expiresAt.toISOString(),
  };
  const { rows } = key
    ? await signupStatements.withKey(db, { ...values, key, requestHash: fingerprint(body) })
    : await signupStatements.withoutKey(db, values);
  // a new parent's address is unproven whatever it is: the same answer for every address (docs/IDENTITY.md)
  return { signupId, registrationKey, authToken: auth.token, userId: Number(rows[0]!.id), emailVerified: false };
}

/** The parent's columns a signup sets (`users`), from the request. */
export function signupDetails(body: SignupBody) {
  return {
    firstName: body.parent.firstName,
    lastName: body.parent.lastName,
    email: body.parent.email.toLowerCase(),
    phoneCountryCode: body.parent.phoneCountryCode,
    phoneNumber: body.parent.phoneNumber.replace(/[^0-9]/g, ''),
    timeZone: body.parent.timeZone,
    country: body.address.country,
    addressLine1: body.address.line1 ?? null,
    languageLocale: body.languageLocale,
    flow: body.flow,
    referral: body.referral ?? null,
  };
}

/** When a signup made at `now` expires: it lives as long as an invite. */
export function signupExpiresAt(now: Date): Date {
  return new Date(now.getTime() + TOKEN_TTL_MS.invite);
}
