import { PaymentsError } from './errors.js';
import { decimalAmount } from '@ofw/domain';
import type { ThreeDSecureResult, VerifyCardOptions } from './types.js';

/**
 * §5 "3D Secure": verifyCard needs nonce, amount and bin; requestedExemptionType must be low_value or
 * transaction_risk_analysis.
 * @throws PaymentsError THREEDS_MISSING_VERIFY_CARD_OPTION / THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID
 */
export function checkVerifyCardOptions(options: VerifyCardOptions): void {
  for (const name of ['nonce', 'amount', 'bin'] as const) {
    const value = options?.[name];
    if (value === undefined || value === null || value === '') {
      throw new PaymentsError(
        'THREEDS_MISSING_VERIFY_CARD_OPTION',
        'MERCHANT',
        `verifyCard options must include a${name === 'amount' ? 'n' : ''} ${name}.`,
      );
    }
  }
  if (
    options.requestedExemptionType &&
    !['low_value', 'transaction_risk_analysis'].includes(options.requestedExemptionType)
  ) {
    throw new PaymentsError(
      'THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID',
      'MERCHANT',
      'requestedExemptionType `' +
        String(options.requestedExemptionType) +
        '` is not a valid exemption. The accepted values are: `low_value`, `transaction_risk_analysis`',
    );
  }
}

/** §4 "Only one verification runs at a time." */
export function inProgressError(): PaymentsError {
  return new PaymentsError(
    'THREEDS_AUTHENTICATION_IN_PROGRESS',
    'MERCHANT',
    'Cannot call verifyCard while existing authentication is in progress.',
  );
}

/** The customer closed the challenge (Escape, backdrop, close button, or the bank page's cancel). */
export function customerCanceledError(lookupPaymentMethod?: unknown): PaymentsError {
  return new PaymentsError('THREEDS_CARDINAL_SDK_CANCELED', 'CUSTOMER', 'Canceled by user.', { lookupPaymentMethod });
}

/**
 * The verification did not reach the challenge or a result within `timeoutMs` (§4 "3D Secure flow" 7: the
 * authentication script failed to load, to set up, or timed out; §8 "setup timed out"). Retryable.
 */
export function setupTimedOutError(timeoutMs: number): PaymentsError {
  return new PaymentsError(
    'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT',
    'NETWORK',
    `3D Secure did not reach the bank's challenge or a result within ${timeoutMs} ms.`,
    { timeoutMs },
  );
}

/** §4.6: cancel with nothing looked up yet. */
export function noPayloadError(): PaymentsError {
  return new PaymentsError('THREEDS_NO_VERIFICATION_PAYLOAD', 'MERCHANT', 'No verification payload available.');
}

/**
 * Whether a 3D Secure result may be charged: the liability shifted, or the card/issuer does not take part
 * (`liabilityShiftPossible` false). A possible shift that did not happen is a failed authentication.
 *
 * Source: §3 "3D Secure result" (liabilityShifted, liabilityShiftPossible); braintree-web `threeDSecure.verifyCard`
 * payload. Never throws.
 */
export function isThreeDSecureAccepted(result: ThreeDSecureResult): boolean {
  return result.liabilityShifted || !result.liabilityShiftPossible;
}

/** Amount as the provider expects it: a decimal string with 2 decimals (major units). */
export function formatAmount(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value) || value < 0) {
    throw new PaymentsError(
      'THREEDS_MISSING_VERIFY_CARD_OPTION',
      'MERCHANT',
      'verifyCard options must include an amount.',
    );
  }
  return decimalAmount(value);
}
