import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_GROUPS, PaymentsError, catalogueEntry, paymentMessages, toPaymentError } from '../src/index.js';

/** Every error code braintree-web 3.144 can emit, read from its errors.js files. */
function braintreeWebCodes(): string[] {
  const root = join(createRequire(import.meta.url).resolve('braintree-web/package.json'), '..');
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'dist' || name === 'node_modules') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'errors.js')
        for (const match of readFileSync(path, 'utf8').matchAll(/code: "([A-Z0-9_]+)"/g)) codes.add(match[1]!);
    }
  };
  walk(root);
  return [...codes];
}

describe('toPaymentError (spec §8 error catalogue)', () => {
  it('§8 every code braintree-web really emits maps to a catalogued message (no generic fallback)', () => {
    const codes = braintreeWebCodes();
    expect(codes.length).toBeGreaterThan(150);
    const missing = codes.filter((code) => !catalogueEntry(code));
    expect(missing).toEqual([]);
  });

  it('§8 every code braintree-web emits falls in a group a page words for a parent (none is left "generic")', () => {
    for (const code of braintreeWebCodes()) {
      const { group } = toPaymentError(new PaymentsError(code, 'MERCHANT', 'provider text'));
      expect(PAYMENT_ERROR_GROUPS, code).toContain(group);
      expect(group, code).not.toBe('generic');
    }
  });

  it.each([
    ['CLIENT_AUTHORIZATION_INVALID', 'setup'],
    ['HOSTED_FIELDS_INVALID_FIELD_SELECTOR', 'setup'],
    ['THREEDS_CAN_NOT_USE_TOKENIZATION_KEY', 'setup'],
    ['HOSTED_FIELDS_TIMEOUT', 'load_failed'],
    ['CLIENT_SCRIPT_FAILED_TO_LOAD', 'load_failed'],
    ['CLIENT_GATEWAY_NETWORK', 'network'],
    ['CLIENT_REQUEST_TIMEOUT', 'network'],
    ['CLIENT_RATE_LIMITED', 'rate_limited'],
    ['HOSTED_FIELDS_FIELDS_INVALID', 'fields_invalid'],
    ['HOSTED_FIELDS_FIELDS_EMPTY', 'fields_invalid'],
    ['HOSTED_FIELDS_FAILED_TOKENIZATION', 'card_invalid'],
    ['HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', 'security_code'],
    ['THREEDS_CARDINAL_SDK_CANCELED', 'canceled'],
    ['PAYPAL_POPUP_CLOSED', 'canceled'],
    ['THREEDS_CARDINAL_SDK_ERROR', 'three_d_secure_failed'],
    ['THREEDS_AUTHENTICATION_IN_PROGRESS', 'in_progress'],
    ['PROCESSOR_DECLINED', 'declined'],
    ['VENMO_NOT_ENABLED', 'wallet_unavailable'],
    ['FRAME_SERVICE_FRAME_OPEN_FAILED', 'popup_blocked'],
    ['APPLE_PAY_TOKENIZATION', 'wallet_failed'],
    ['A_CODE_NO_FAMILY_KNOWS', 'generic'],
  ])('§8 %s is in group %s', (code, group) => {
    expect(toPaymentError(new PaymentsError(code, 'MERCHANT', 'provider text')).group).toBe(group);
  });

  it('§8 every messageId exists in paymentMessages with an en-US default', () => {
    for (const code of braintreeWebCodes()) {
      const { messageId } = toPaymentError(new PaymentsError(code, 'MERCHANT', 'x'));
      expect(paymentMessages[messageId].defaultMessage.length).toBeGreaterThan(0);
    }
  });

  it.each([
    [
      'CLIENT_AUTHORIZATION_INVALID',
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
      false,
    ],
    ['CLIENT_GATEWAY_NETWORK', 'Cannot contact the gateway at this time.', true],
    ['CLIENT_REQUEST_TIMEOUT', 'Request timed out waiting for a reply.', true],
    ['CLIENT_REQUEST_ERROR', 'There was a problem with your request.', false],
    ['CLIENT_RATE_LIMITED', 'You are being rate-limited; please try again in a few minutes.', true],
    ['CLIENT_AUTHORIZATION_INSUFFICIENT', 'The authorization used has insufficient privileges.', false],
    ['CLIENT_SCRIPT_FAILED_TO_LOAD', 'Braintree client script could not be loaded.', true],
    ['HOSTED_FIELDS_TIMEOUT', 'Hosted Fields timed out when attempting to set up.', true],
    ['HOSTED_FIELDS_INVALID_FIELD_SELECTOR', 'Selector does not reference a valid DOM node.', false],
    ['HOSTED_FIELDS_FIELDS_EMPTY', 'All fields are empty. Cannot tokenize empty card fields.', true],
    [
      'HOSTED_FIELDS_FIELDS_INVALID',
      'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
      true,
    ],
    ['HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE', "This credit card already exists in the merchant's vault.", false],
    ['THREEDS_NOT_ENABLED', '3D Secure is not enabled for this merchant.', false],
    ['THREEDS_CAN_NOT_USE_TOKENIZATION_KEY', '3D Secure can not use a tokenization key for authorization.', false],
    ['THREEDS_HTTPS_REQUIRED', '3D Secure requires HTTPS.', false],
    ['THREEDS_CARDINAL_SDK_CANCELED', 'Canceled by user.', true],
    ['FRAME_SERVICE_FRAME_CLOSED', 'Frame closed before tokenization could occur.', true],
    ['APPLE_PAY_TOKENIZATION', 'Error tokenizing Apple Pay payment', true],
    ['APPLE_PAY_NOT_ENABLED', 'Error initializing Apple Pay', false],
  ])('§8 %s → "%s"', (code, text, retryable) => {
    const mapped = toPaymentError(new PaymentsError(code, 'MERCHANT', 'provider text'));
    expect(paymentMessages[mapped.messageId].defaultMessage).toBe(text);
    expect(mapped.retryable).toBe(retryable);
  });

  it('§8 CVV verification failure (81736) points at the cvv field', () => {
    expect(
      toPaymentError({ code: 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', type: 'CUSTOMER' }),
    ).toMatchObject({ field: 'cvv', type: 'CUSTOMER' });
  });

  it('§3 "Error object" type of an uncatalogued code: one of @ofw/domain ERROR_TYPES is kept, any other value is UNKNOWN', () => {
    expect(toPaymentError({ code: 'NOT_A_CATALOGUED_CODE', type: 'NETWORK' })).toMatchObject({
      type: 'NETWORK',
      messageId: 'payments.error.network',
    });
    expect(toPaymentError({ code: 'NOT_A_CATALOGUED_CODE', type: 'network' })).toMatchObject({
      type: 'UNKNOWN',
      messageId: 'payments.error.generic',
    });
  });

  it.each([
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED', 'payments.wallet.canceled'],
    ['VENMO_CANCELED', 'payments.wallet.canceled'],
    ['LOCAL_PAYMENT_ALREADY_IN_PROGRESS', 'payments.wallet.inProgress'],
    ['MASTERPASS_POPUP_OPEN_FAILED', 'payments.wallet.popupBlocked'],
    ['GOOGLE_PAYMENT_NOT_ENABLED', 'payments.wallet.notEnabled'],
    ['VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED', 'payments.error.network'],
    ['PAYPAL_ACCOUNT_TOKENIZATION_FAILED', 'payments.wallet.failed'],
  ])('§8 wallet code %s → %s', (code, messageId) => {
    expect(toPaymentError({ code, type: 'CUSTOMER' }).messageId).toBe(messageId);
  });

  it('join-api declines (402 problem) map to the decline message', () => {
    const apiError = {
      status: 402,
      problem: { type: 'about:blank', title: 'Payment declined', status: 402, code: 'PROCESSOR_DECLINED' },
    };
    expect(toPaymentError(apiError)).toMatchObject({
      code: 'PROCESSOR_DECLINED',
      messageId: 'payments.error.declined',
      retryable: true,
    });
  });

  it.each([
    [401, 'payments.error.authorizationInvalid'],
    [403, 'payments.error.insufficientPrivileges'],
    [429, 'payments.error.rateLimited'],
    [503, 'payments.error.gatewayUnavailable'],
    [-1, 'payments.error.timeout'],
    [400, 'payments.error.badRequest'],
  ])('§8 an uncatalogued error with HTTP %s maps by status', (status, messageId) => {
    expect(toPaymentError({ code: 'SOMETHING_NEW', details: { httpStatus: status } }).messageId).toBe(messageId);
  });

  it('network failures and unknown values never throw', () => {
    expect(toPaymentError(new TypeError('Failed to fetch'))).toMatchObject({
      code: 'NETWORK_ERROR',
      type: 'NETWORK',
      retryable: true,
    });
    expect(toPaymentError(new DOMException('x', 'AbortError'))).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(toPaymentError(undefined)).toMatchObject({ code: 'UNKNOWN', messageId: 'payments.error.generic' });
    expect(toPaymentError('boom').type).toBe('UNKNOWN');
  });
});
