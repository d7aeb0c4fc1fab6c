/**
 * Braintree validation errors and the `<api-error-response>` the SDK turns into `{ success: false, errors, message,
 * params, transaction? }` (braintree_node lib/braintree/error_response.js, validation_errors_collection.js: an
 * `errors` array per level, nested per object, `for('transaction').on('paymentMethodNonce')`).
 * Codes and names: braintree_node lib/braintree/validation_error_codes.js.
 */
import { XmlArray, toXml, type XmlObject, type XmlValue } from './xml.js';

export interface GatewayErrorCode {
  code: string;
  message: string;
}

/** The Braintree codes the sandbox answers (validation_error_codes.js names in comments). */
export const ERRORS = {
  /** Transaction.PaymentMethodNonceConsumed */
  nonceConsumed: { code: '91564', message: 'Cannot use a payment_method_nonce more than once.' },
  /** Transaction.PaymentMethodNonceUnknown */
  nonceUnknown: { code: '91565', message: 'Unknown or expired payment_method_nonce.' },
  /** Transaction.MerchantAccountIdIsInvalid */
  merchantAccountInvalid: { code: '91513', message: 'Merchant account ID is invalid.' },
  /** Transaction.CannotBeVoided */
  cannotBeVoided: {
    code: '91504',
    message:
      'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
  },
  /** Transaction.CannotRefundUnlessSettled */
  cannotRefundUnlessSettled: { code: '91506', message: 'Cannot refund transaction unless it is settled.' },
  /** Transaction.HasAlreadyBeenRefunded */
  alreadyRefunded: { code: '91512', message: 'Transaction has already been completely refunded.' },
  /** Transaction.RefundAmountIsTooLarge */
  refundTooLarge: { code: '91521', message: 'Refund amount is too large.' },
  /** Transaction.CannotSimulateSettlement */
  cannotSimulateSettlement: { code: '91575', message: 'Cannot simulate transaction settlement.' },
  /** Transaction.AmountIsRequired */
  amountRequired: { code: '81502', message: 'Amount is required.' },
  /** Transaction.AmountIsInvalid */
  amountInvalid: { code: '81503', message: 'Amount is an invalid format.' },
  /** Transaction.AmountMustBeGreaterThanZero */
  amountNotPositive: { code: '81531', message: 'Amount must be greater than zero.' },
  /** Transaction.CreditCardIsRequired */
  paymentMethodRequired: { code: '91508', message: 'Cannot determine payment method.' },
  /** Transaction.PaymentMethodTokenIsInvalid */
  tokenInvalid: { code: '91518', message: 'Payment method token is invalid.' },
  /** Transaction.ThreeDSecureAuthenticationIdIsInvalid */
  threeDSecureAuthenticationIdInvalid: { code: '915196', message: 'Three D Secure authentication ID is invalid.' },
  /** Address.StreetAddressIsTooLong (Braintree "Validation errors": maximum 255 characters) */
  streetAddressTooLong: { code: '81812', message: 'Street address is too long.' },
  /** Address.ExtendedAddressIsTooLong (maximum 255 characters) */
  extendedAddressTooLong: { code: '81804', message: 'Extended address is too long.' },
  /** Address.LocalityIsTooLong (maximum 255 characters) */
  localityTooLong: { code: '81807', message: 'Locality is too long.' },
  /** Address.RegionIsTooLong (maximum 255 characters) */
  regionTooLong: { code: '81810', message: 'Region is too long.' },
  /** Address.PostalCodeInvalidCharacters */
  postalCodeInvalidCharacters: {
    code: '81813',
    message: 'Postal code can only contain letters, numbers, spaces, and hyphens.',
  },
  /** Address.PostalCodeIsTooLong (counts letters and numbers only) */
  postalCodeTooLong: { code: '81809', message: 'Postal code may contain no more than 9 letter or number characters.' },
  /** Transaction.OrderIdIsTooLong */
  orderIdTooLong: { code: '91501', message: 'Order ID is too long.' },
  /** PayPalAccount.CannotVaultOneTimeUsePayPalAccount */
  cannotVaultOneTimePayPal: { code: '82902', message: 'Cannot vault one-time use PayPal account.' },
  /**
   * A Venmo `single_use` account cannot be vaulted (braintree_android/braintree_ios `VenmoPaymentMethodUsage`);
   * Braintree publishes no code for it in validation_error_codes.js, so the sandbox uses its own, non-numeric one.
   */
  cannotVaultSingleUseVenmo: { code: 'sandbox_venmo_single_use', message: 'Cannot vault a single-use Venmo account.' },
  /** CreditCard.PaymentMethodNonceConsumed / Unknown (customer.create with a card nonce) */
  cardNonceConsumed: { code: '91731', message: 'Cannot use a payment_method_nonce more than once.' },
  cardNonceUnknown: { code: '91732', message: 'Unknown payment_method_nonce.' },
  /** PayPalAccount.PaymentMethodNonceConsumed / Unknown */
  paypalNonceConsumed: { code: '92907', message: 'Cannot use a payment_method_nonce more than once.' },
  /** PaymentMethod.PaymentMethodNonceConsumed / Unknown (customer.create, other kinds) */
  paymentMethodNonceConsumed: { code: '93107', message: 'Cannot use a payment_method_nonce more than once.' },
  paymentMethodNonceUnknown: { code: '93108', message: 'Unknown or expired payment_method_nonce.' },
  /** Transaction.TransactionSourceIsInvalid (transaction_gateway_spec "handles validation error when transaction source invalid") */
  transactionSourceInvalid: { code: '915133', message: 'Transaction source is invalid.' },
  /** Transaction.CustomerIdIsInvalid */
  customerIdInvalid: { code: '91510', message: 'Customer ID is invalid.' },
  /** PaymentMethod.CustomerIdIsRequired / CustomerIdIsInvalid (paymentMethod.create) */
  paymentMethodCustomerIdRequired: { code: '93104', message: 'Customer ID is required.' },
  paymentMethodCustomerIdInvalid: { code: '93105', message: 'Customer ID is invalid.' },
  /** PaymentMethod.NonceIsRequired (paymentMethod.create) */
  paymentMethodNonceRequired: { code: '93103', message: 'Nonce is required.' },
  /** Customer.IdIsInUse */
  customerIdTaken: { code: '91609', message: 'Customer ID has already been taken.' },
  /** ClientToken.MerchantAccountDoesNotExist */
  clientTokenMerchantAccount: { code: '92807', message: 'Merchant account does not exist.' },
  /** ClientToken.CustomerDoesNotExist */
  clientTokenCustomer: { code: '92804', message: 'Customer specified by customer_id does not exist.' },
} as const satisfies Record<string, GatewayErrorCode>;

/** One validation error: where it sits (`['transaction']`, `['customer', 'creditCard']`), its attribute and code. */
export interface GatewayError extends GatewayErrorCode {
  path: readonly string[];
  /** snake_case, as Braintree sends it (`payment_method_nonce`, `base`). */
  attribute: string;
}

export function gatewayError(path: readonly string[], attribute: string, error: GatewayErrorCode): GatewayError {
  return { path, attribute, code: error.code, message: error.message };
}

interface ErrorLevel {
  errors: GatewayError[];
  children: Map<string, ErrorLevel>;
}

function levelXml(level: ErrorLevel): XmlObject {
  const out: XmlObject = {
    errors: new XmlArray(
      'error',
      level.errors.map((e) => ({ code: e.code, attribute: e.attribute, message: e.message })),
    ),
  };
  for (const [name, child] of level.children) out[name] = levelXml(child);
  return out;
}

function nestErrors(errors: readonly GatewayError[]): XmlObject {
  const root: ErrorLevel = { errors: [], children: new Map() };
  for (const error of errors) {
    let level = root;
    for (const name of error.path) {
      let child = level.children.get(name);
      if (!child) {
        child = { errors: [], children: new Map() };
        level.children.set(name, child);
      }
      level = child;
    }
    level.errors.push(error);
  }
  return levelXml(root);
}

const SECRET_KEYS = new Set(['number', 'cvv']);

/** The request echoed as `params` (without card numbers or CVVs), as Braintree echoes the submitted parameters. */
export function paramsXml(value: unknown): XmlValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return new XmlArray('item', value.map(paramsXml));
  if (typeof value === 'object') {
    const out: XmlObject = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_KEYS.has(key)) out[key] = paramsXml(inner);
    }
    return out;
  }
  return undefined;
}

/**
 * `<api-error-response>`: validation errors (nested), the message (the errors' messages joined by newlines, or the
 * processor response text for a decline), the echoed params, and for a declined/rejected sale the transaction.
 */
export function errorResponseXml(input: {
  errors?: readonly GatewayError[];
  message: string;
  params: unknown;
  transaction?: XmlObject;
  verification?: XmlObject;
}): string {
  return toXml('apiErrorResponse', {
    errors: nestErrors(input.errors ?? []),
    params: paramsXml(input.params),
    message: input.message,
    transaction: input.transaction,
    verification: input.verification,
  });
}
