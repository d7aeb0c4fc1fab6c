/*
 * join-api's shared request pieces (docs/CONTRACTS.md "HTTP API"): join countries, locales, path ids, and the
 * health check answer.
 */
import { z } from 'zod';
import { JOIN_COUNTRIES } from '@ofw/domain';
import { IdSchema } from '../ids.js';

/** Join countries (§1), from @ofw/domain's `JOIN_COUNTRIES` (their one home). */
export const JoinCountryCodeSchema = z.enum(JOIN_COUNTRIES);
/** A country a parent can join from (§1 "Countries"). */
export type JoinCountryCode = z.infer<typeof JoinCountryCodeSchema>;

/** Locales the product speaks (§1); `_` and `-` spellings are both accepted. */
export const LanguageLocaleSchema = z
  .string()
  .regex(/^[a-z]{2}[-_][A-Z]{2}$/, 'Expected a locale like en-US')
  .transform((s) => s.replace('_', '-'));

/** Path/query integer id given as text. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a positive integer')
  .transform(Number)
  .pipe(IdSchema);

// ---------------------------------------------------------------- misc

/** join-api's health check answer (`GET /healthz`): `{ status: 'ok' }`. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });
