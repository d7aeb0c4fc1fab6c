/**
 * Payment method nonces as the gateway sees them: tokenized ones (hosted fields `/v1/tokenize`, 3DS, wallet popups,
 * `paymentMethodNonce.create`) are single-use and expire after 3 h; Braintree's `fake-…-nonce` test values
 * (braintree_node lib/braintree/test_values/nonces.js; Braintree "Testing › Payment method nonces") are reusable.
 */
import { FAKE_NONCES, type StoredCard } from '../cards.js';
import type { SandboxStore, ThreeDSecureInfo } from '../store.js';
import { ERRORS, gatewayError, type GatewayError } from './errors.js';

function fakeInfo(status: string, liabilityShifted: boolean): ThreeDSecureInfo {
  return {
    status,
    liabilityShifted,
    liabilityShiftPossible: true,
    enrolled: 'Y',
    threeDSecureVersion: '2.2.0',
    ...(liabilityShifted ? { cavv: 'AAABAWFlmQAAAABjRWWZEEFgFz+=', eciFlag: '05' } : {}),
    threeDSecureAuthenticationId: `fake-${status}`,
  };
}

/** The 3D Secure result Braintree's fake 3DS nonces carry. */
const FAKE_THREE_D_SECURE: Readonly<Record<string, ThreeDSecureInfo>> = {
  'fake-three-d-secure-visa-full-authentication-nonce': fakeInfo('authenticate_successful', true),
  'fake-three-d-secure-visa-failed-authentication-nonce': fakeInfo('authenticate_failed', false),
};

export type ResolvedNonce =
  | {
      ok: true;
      card: StoredCard;
      /** A reusable `fake-…` test nonce (never consumed). */
      fake: boolean;
      consumed: boolean;
      threeDSecureInfo?: ThreeDSecureInfo | undefined;
      paymentMethodToken?: string | undefined;
    }
  | { ok: false; reason: 'unknown' | 'consumed' | 'invalidCard' };

/** Looks a nonce up without consuming it. A consumed tokenized nonce resolves with `consumed: true`. */
export function resolveNonce(store: SandboxStore, nonce: string): ResolvedNonce {
  const fake = FAKE_NONCES[nonce];
  if (fake && 'error' in fake) return { ok: false, reason: fake.error === 'consumed' ? 'consumed' : fake.error };
  if (fake) return { ok: true, card: fake, fake: true, consumed: false, threeDSecureInfo: FAKE_THREE_D_SECURE[nonce] };
  const entry = store.getNonce(nonce);
  if (!entry) return { ok: false, reason: 'unknown' };
  return {
    ok: true,
    card: entry.card,
    fake: false,
    consumed: entry.consumed,
    threeDSecureInfo: entry.threeDSecureInfo,
    paymentMethodToken: entry.paymentMethodToken,
  };
}

/** Marks a tokenized nonce used (a sale, a vault or a verification uses it up); fake nonces stay reusable. */
export function consumeNonce(store: SandboxStore, nonce: string, resolved: ResolvedNonce): void {
  if (resolved.ok && !resolved.fake) store.consume(nonce);
}

/** Whether a wallet account may be vaulted (a one-time PayPal payment, a Venmo `single_use` account may not). */
export function vaultRefusal(card: StoredCard): 'paypal' | 'venmo' | undefined {
  if (card.vaultable !== false) return undefined;
  if (card.kind === 'PayPalAccount') return 'paypal';
  if (card.kind === 'VenmoAccount') return 'venmo';
  return undefined;
}

/**
 * Braintree's refusal to vault a one-time PayPal account (82902, `paypalAccount.base`: braintree_node
 * payment_method_gateway_spec "returns an error when trying to create a paypal account only authorized for one-time
 * use") or a single-use Venmo account (the sandbox's own code, errors.ts), under `path`.
 */
export function vaultErrors(card: StoredCard, path: readonly string[]): GatewayError[] {
  const refusal = vaultRefusal(card);
  if (refusal === 'paypal') return [gatewayError([...path, 'paypalAccount'], 'base', ERRORS.cannotVaultOneTimePayPal)];
  if (refusal === 'venmo') return [gatewayError([...path, 'venmoAccount'], 'base', ERRORS.cannotVaultSingleUseVenmo)];
  return [];
}

/**
 * A nonce the Vault cannot take (`customer.create`, `paymentMethod.create`), with the code of its kind: unknown or
 * expired 93108; used up 91731 (a card, under `creditCard`), 92907 (PayPal, under `paypalAccount`), 93107 otherwise
 * (validation_error_codes.js CreditCard / PayPalAccount / PaymentMethod `PaymentMethodNonceConsumed`); the
 * PaymentMethod ones sit under `genericPath` (`customer` for customer.create, `paymentMethod` for paymentMethod.create).
 */
export function vaultNonceErrors(
  resolved: ResolvedNonce,
  path: readonly string[],
  genericPath: readonly string[] = path,
): GatewayError[] {
  if (resolved.ok && !resolved.consumed) return [];
  if (!resolved.ok && resolved.reason !== 'consumed')
    return [gatewayError(genericPath, 'payment_method_nonce', ERRORS.paymentMethodNonceUnknown)];
  const kind = resolved.ok ? resolved.card.kind : undefined;
  if (kind === 'CreditCard')
    return [gatewayError([...path, 'creditCard'], 'payment_method_nonce', ERRORS.cardNonceConsumed)];
  if (kind === 'PayPalAccount')
    return [gatewayError([...path, 'paypalAccount'], 'payment_method_nonce', ERRORS.paypalNonceConsumed)];
  return [gatewayError(genericPath, 'payment_method_nonce', ERRORS.paymentMethodNonceConsumed)];
}
