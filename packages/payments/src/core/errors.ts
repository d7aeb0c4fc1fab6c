/**
 * Errors: `PaymentsError` (the drivers' own error, shaped like braintree-web's `BraintreeError`: name, code,
 * message, type, details — spec §3 "Error object") and `toPaymentError`, which maps any provider, sandbox or network
 * error to the product's `PaymentError` with a react-intl message id (spec §8).
 */
import { ERROR_TYPES } from '@ofw/domain';
import {
  catalogueEntry,
  paymentErrorGroup,
  paymentMessages,
  type PaymentErrorGroup,
  type PaymentErrorType,
  type PaymentMessageId,
} from './messages.js';

export { paymentErrorGroup };

export type { PaymentErrorType } from './messages.js';

/** An error raised by a driver; braintree-web's own `BraintreeError`s have the same fields. */
export class PaymentsError extends Error {
  override readonly name = 'BraintreeError';
  readonly code: string;
  readonly type: PaymentErrorType;
  readonly details: unknown;

  constructor(code: string, type: PaymentErrorType, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.type = type;
    this.details = details;
  }
}

/** `'{method} cannot be called after teardown.'` (§8 "Client"). */
export function teardownError(method: string): PaymentsError {
  return new PaymentsError('METHOD_CALLED_AFTER_TEARDOWN', 'MERCHANT', `${method} cannot be called after teardown.`);
}

/** The product's view of a payment failure. */
export interface PaymentError {
  /** The provider's code (e.g. `HOSTED_FIELDS_FIELDS_INVALID`, `PROCESSOR_DECLINED`), or `UNKNOWN`. */
  code: string;
  type: PaymentErrorType;
  /** Key of `paymentMessages`; join-web translates it (en-US, en-GB, es-US, es-MX). */
  messageId: PaymentMessageId;
  /**
   * What the failure means for the parent ({@link PaymentErrorGroup}, from `messageId`): a page words each group for
   * a parent instead of showing the catalogue's provider-facing texts.
   */
  group: PaymentErrorGroup;
  /** Whether trying the same action again may succeed (network, timeout, rate limit, 5xx, declines with another card). */
  retryable: boolean;
  /** The card field the error points at, when there is one. */
  field?: 'number' | 'expirationDate' | 'cvv' | 'postalCode' | 'cardholderName';
  /** Fields that failed validation (hosted fields `FIELDS_INVALID`). */
  invalidFields?: string[];
  /** Provider message (English, for logs; never shown as-is). */
  message?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** One of the §3 "Error object" types (@ofw/domain `ERROR_TYPES`); anything else is not trusted as a type. */
const isErrorType = (value: unknown): value is PaymentErrorType => (ERROR_TYPES as readonly unknown[]).includes(value);

function httpStatusOf(error: Record<string, unknown>): number | undefined {
  const details = isRecord(error.details) ? error.details : undefined;
  const candidates = [
    details?.httpStatus,
    error.status,
    error.httpStatus,
    isRecord(details?.originalError) ? details.originalError.httpStatus : undefined,
  ];
  return candidates.find((value): value is number => typeof value === 'number');
}

const FIELD_NAMES = new Set(['number', 'expirationDate', 'cvv', 'postalCode', 'cardholderName']);

/**
 * Maps any error to a `PaymentError` (§8) with its {@link PaymentErrorGroup}; see {@link mapError}. Never throws.
 */
export function toPaymentError(error: unknown): PaymentError {
  const mapped = mapError(error);
  return { ...mapped, group: paymentErrorGroup(mapped.messageId) };
}

/**
 * Maps any error to a `PaymentError` (§8) without its group. Accepts braintree-web `BraintreeError`s (by `code`), `PaymentsError`s of
 * the sandbox driver, join-api problem bodies for declines (`code: 'PROCESSOR_DECLINED' | 'GATEWAY_REJECTED'`),
 * `fetch` network failures (`TypeError`), `AbortError`/timeouts and anything else (→ `UNKNOWN`).
 * Never throws.
 */
function mapError(error: unknown): Omit<PaymentError, 'group'> {
  if (isRecord(error) && isRecord(error.problem)) return mapError({ ...error.problem, status: error.status });
  if (isRecord(error) && typeof error.code === 'string') {
    const entry = catalogueEntry(error.code);
    const type = isErrorType(error.type) ? error.type : (entry?.type ?? 'UNKNOWN');
    const details = isRecord(error.details) ? error.details : undefined;
    const invalidFields = Array.isArray(details?.invalidFieldKeys) ? (details.invalidFieldKeys as string[]) : undefined;
    if (entry) {
      const field = entry.field ?? (invalidFields?.find((key) => FIELD_NAMES.has(key)) as PaymentError['field']);
      return {
        code: error.code,
        type: entry.type ?? type,
        messageId: entry.messageId,
        retryable: entry.retryable,
        ...(field ? { field } : {}),
        ...(invalidFields ? { invalidFields } : {}),
        ...(typeof error.message === 'string' ? { message: error.message } : {}),
      };
    }
    // An uncatalogued provider code: fall back on its HTTP status, then its type.
    const status = httpStatusOf(error);
    const fallback = status !== undefined ? fromStatus(status) : undefined;
    return {
      code: error.code,
      type,
      messageId:
        fallback?.messageId ??
        (type === 'NETWORK'
          ? 'payments.error.network'
          : type === 'CUSTOMER'
            ? 'payments.error.cardInvalid'
            : 'payments.error.generic'),
      retryable: fallback?.retryable ?? (type === 'NETWORK' || type === 'CUSTOMER'),
      ...(typeof error.message === 'string' ? { message: error.message } : {}),
    };
  }
  if (isRecord(error) && typeof error.status === 'number') {
    const fallback = fromStatus(error.status);
    return {
      code: `HTTP_${error.status}`,
      type: fallback.type,
      messageId: fallback.messageId,
      retryable: fallback.retryable,
    };
  }
  if (isRecord(error) && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return {
      code: 'REQUEST_TIMEOUT',
      type: 'NETWORK',
      messageId: 'payments.error.timeout',
      retryable: true,
      message: String(error.message),
    };
  }
  if (error instanceof TypeError) {
    return {
      code: 'NETWORK_ERROR',
      type: 'NETWORK',
      messageId: 'payments.error.network',
      retryable: true,
      message: error.message,
    };
  }
  return {
    code: 'UNKNOWN',
    type: 'UNKNOWN',
    messageId: 'payments.error.generic',
    retryable: true,
    ...(error instanceof Error ? { message: error.message } : {}),
  };
}

/** §8 "Client": HTTP status → message (401, 403, 429, 5xx, -1 timeout, other). */
function fromStatus(status: number): { type: PaymentErrorType; messageId: PaymentMessageId; retryable: boolean } {
  if (status === -1 || status === 408) return { type: 'NETWORK', messageId: 'payments.error.timeout', retryable: true };
  if (status === 401) return { type: 'MERCHANT', messageId: 'payments.error.authorizationInvalid', retryable: false };
  if (status === 402) return { type: 'CUSTOMER', messageId: 'payments.error.declined', retryable: true };
  if (status === 403) return { type: 'MERCHANT', messageId: 'payments.error.insufficientPrivileges', retryable: false };
  if (status === 429) return { type: 'MERCHANT', messageId: 'payments.error.rateLimited', retryable: true };
  if (status >= 500) return { type: 'NETWORK', messageId: 'payments.error.gatewayUnavailable', retryable: true };
  if (status === 422) return { type: 'CUSTOMER', messageId: 'payments.error.cardInvalid', retryable: true };
  return { type: 'MERCHANT', messageId: 'payments.error.badRequest', retryable: false };
}

export { paymentMessages };
