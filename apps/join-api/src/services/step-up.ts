import type { Problem } from '@ofw/api-client';
import type { ChargeResult } from '../gateway/types.js';
import { fingerprint } from '../lib/tokens.js';
import { ServiceError } from './errors.js';

/*
 * The 3D Secure step-up of POST /orders (docs/PAYMENTS.md "3D Secure policy": "A soft decline asking for authentication
 * gets one step-up challenge and a retry under the same key"). The bank's soft decline (processor response 2099) is
 * answered 402 `authentication_required`; the page authenticates the card again with a challenge and sends the SAME
 * Idempotency-Key with the body unchanged but for the new nonce (and its device data). One step-up per key: the
 * Idempotency-Key's stored request hash records which request took it.
 */

/**
 * Processor responses of a soft decline that asks for cardholder authentication: 2099 "Cardholder Authentication
 * Required" (Braintree "Processor responses"; Braintree "3D Secure › Testing": "If you call Transaction.sale() without
 * performing a 3D Secure authentication, the issuing bank may return a soft decline … 2099"). Strings, as the gateway
 * answers `processorResponseCode`.
 */
export const AUTHENTICATION_REQUIRED_CODES: ReadonlySet<string> = new Set(['2099']);

/** The order body's parts that a step-up may change: the nonce (the first one is used up) and its device data. */
const STEP_UP_FIELDS = ['paymentMethodNonce', 'deviceData'] as const;

/**
 * The request hashes of an order body: `hash` of the whole body (a replay is the same hash) and `base` of the body
 * without {@link STEP_UP_FIELDS} (a step-up keeps it).
 */
export function requestHashes(body: object): { hash: string; base: string } {
  const base: Record<string, unknown> = { ...body };
  for (const field of STEP_UP_FIELDS) delete base[field];
  return { hash: fingerprint(body), base: fingerprint(base) };
}

/**
 * What an Idempotency-Key row's `request_hash` says. Stored as `<hash>|<base>` when the key is first taken, as
 * `<hash of the step-up body>|^<hash of the first body>` once the step-up took it, and as a bare `<hash>` by older rows
 * (no step-up for those).
 */
export interface StoredHashes {
  hash: string;
  /** The first body's base: a step-up body must have the same. */
  base?: string;
  /** Set once the step-up took the key: the first request's hash (its replay still answers 402). */
  first?: string;
}

/** The `request_hash` to store when a request first takes a key. */
export function storedHashes(h: { hash: string; base: string }): string {
  return `${h.hash}|${h.base}`;
}

/** The `request_hash` once the step-up request `hash` took the key from the first request `first`. */
export function steppedUpHashes(hash: string, first: string): string {
  return `${hash}|^${first}`;
}

/** Reads a stored `request_hash` (see {@link StoredHashes}). Never throws. */
export function parseStoredHashes(stored: string): StoredHashes {
  const [hash = '', rest] = stored.split('|', 2);
  if (rest === undefined) return { hash };
  return rest.startsWith('^') ? { hash, first: rest.slice(1) } : { hash, base: rest };
}

/**
 * Whether a request may take a key as its step-up: the key's answer is 402 `authentication_required`, no step-up took
 * it yet, and the request is the first one but for its nonce and device data.
 */
export function mayStepUp(
  row: { state: string; requestHash: string; responseBody: unknown },
  request: { hash: string; base: string },
): boolean {
  const stored = parseStoredHashes(row.requestHash);
  return (
    row.state === 'completed' &&
    stored.base !== undefined &&
    stored.base === request.base &&
    stored.hash !== request.hash &&
    (row.responseBody as Problem | null)?.code === 'authentication_required'
  );
}

/**
 * Whether a decline is the bank's request for authentication that gets the one step-up: a soft decline in
 * {@link AUTHENTICATION_REQUIRED_CODES} for an order that has not had one (an order reopened for its step-up keeps the
 * first decline's code, so a second 2099 is a final decline).
 */
export function offersStepUp(order: { processorResponseCode: string | null }, result: ChargeResult): boolean {
  return (
    result.outcome === 'processor_declined' &&
    AUTHENTICATION_REQUIRED_CODES.has(result.processorResponseCode) &&
    !AUTHENTICATION_REQUIRED_CODES.has(order.processorResponseCode ?? '')
  );
}

/** The 402 `authentication_required` refusal (the page authenticates the card with a challenge and retries). */
export function authenticationRequired(orderId: string): ServiceError {
  // the processor's code and text stay in the logs (docs/PAYMENTS.md: declines tell card testers nothing)
  return new ServiceError(
    'authentication_required',
    'The bank asks for the cardholder to authenticate: verify the card with a 3D Secure challenge and retry with the same Idempotency-Key and the new nonce.',
    { extra: { orderId } },
  );
}
