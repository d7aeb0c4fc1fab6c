/**
 * The steps of a hosted-field frame's tokenize (hosted-field.ts): braintree-web's checks of the collected fields, the
 * request to the sandbox's `/v1/tokenize`, and its answers mapped to the plain braintree-web errors the parent page
 * receives (braintree-web 3.144 hosted-fields `tokenize` error codes).
 */
import type {
  FrameFieldState as FieldState,
  HostedFieldKey as FieldKey,
  PlainBraintreeError,
} from '@ofw/payments/protocol';

/** The collected values of the fields, by key (the number frame's own and each peer's answer). */
export type Collected = Partial<Record<FieldKey, { value: string; state: FieldState }>>;

/** Thrown inside the frame to stop tokenizing; carries the plain error the parent receives. */
export class TokenizeFailure extends Error {
  readonly plain: PlainBraintreeError;
  constructor(plain: PlainBraintreeError) {
    super(plain.message);
    this.name = 'TokenizeFailure';
    this.plain = plain;
  }
}

export function braintreeError(
  code: string,
  type: PlainBraintreeError['type'],
  message: string,
  details?: unknown,
): TokenizeFailure {
  return new TokenizeFailure({ name: 'BraintreeError', code, type, message, details });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isFieldState(value: unknown): value is FieldState {
  return (
    isRecord(value) &&
    typeof value.isEmpty === 'boolean' &&
    typeof value.isValid === 'boolean' &&
    typeof value.isPotentiallyValid === 'boolean' &&
    typeof value.isFocused === 'boolean'
  );
}

/** A message's text value: strings and numbers as text, anything else (absent, objects) as empty. */
export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** braintree-web's refusals before any request: every field empty, or some invalid (`invalidFieldKeys`). */
export function checkCollected(expected: FieldKey[], values: Collected): void {
  const allEmpty = expected.every((key) => !values[key]?.value);
  if (allEmpty) {
    throw braintreeError(
      'HOSTED_FIELDS_FIELDS_EMPTY',
      'CUSTOMER',
      'All fields are empty. Cannot tokenize empty card fields.',
    );
  }
  const invalidFieldKeys = expected.filter((key) => !values[key]?.state.isValid);
  if (invalidFieldKeys.length > 0) {
    throw braintreeError(
      'HOSTED_FIELDS_FIELDS_INVALID',
      'CUSTOMER',
      'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
      { invalidFieldKeys },
    );
  }
}

/** The `creditCard` of the request: each field's value, and `cardholderName` from the options unless a field gave it. */
export function creditCardOf(
  expected: FieldKey[],
  values: Collected,
  options: Record<string, unknown>,
): Record<string, unknown> {
  const creditCard: Record<string, unknown> = {};
  for (const key of expected) creditCard[key] = values[key]?.value;
  if (typeof options.cardholderName === 'string' && !creditCard.cardholderName)
    creditCard.cardholderName = options.cardholderName;
  return creditCard;
}

/**
 * POSTs the card to the sandbox's `/v1/tokenize`; returns the first tokenized card of the answer (`creditCards[0]`).
 * Throws a {@link TokenizeFailure}: a network error, or the refusal the answer's status and field error codes mean.
 */
export async function requestTokenization(request: {
  authorization: string | undefined;
  creditCard: Record<string, unknown>;
  billingAddress: unknown;
}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch('/v1/tokenize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (cause) {
    throw braintreeError(
      'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
      'NETWORK',
      'A tokenization network error occurred.',
      {
        originalError: String(cause),
      },
    );
  }
  const parsed: unknown = await response.json().catch(() => ({}));
  const payload: Record<string, unknown> = isRecord(parsed) ? parsed : {};
  if (!response.ok) throw refusalOf(response.status, payload);
  const creditCards = payload.creditCards;
  return Array.isArray(creditCards) ? creditCards[0] : undefined;
}

/** The braintree-web error of a refused tokenization: by HTTP status and the gateway's field error codes. */
function refusalOf(status: number, payload: Record<string, unknown>): TokenizeFailure {
  const fieldErrors = payload.fieldErrors as Array<{ code: string }> | undefined;
  const codes =
    fieldErrors
      ?.flatMap((entry) => (entry as { fieldErrors?: Array<{ code: string }> }).fieldErrors ?? [entry])
      .map((entry) => entry.code) ?? [];
  if (status === 401) {
    return braintreeError(
      'CLIENT_AUTHORIZATION_INVALID',
      'MERCHANT',
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
      { httpStatus: 401 },
    );
  }
  if (status === 422 && codes.includes('81724')) {
    return braintreeError(
      'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
      'CUSTOMER',
      "This credit card already exists in the merchant's vault.",
      { originalError: payload },
    );
  }
  if (status === 422 && codes.includes('81736')) {
    return braintreeError(
      'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
      'CUSTOMER',
      'CVV verification failed during tokenization.',
      { originalError: payload },
    );
  }
  if (status === 422) {
    return braintreeError(
      'HOSTED_FIELDS_FAILED_TOKENIZATION',
      'CUSTOMER',
      'The supplied card data failed tokenization.',
      { originalError: payload, httpStatus: 422 },
    );
  }
  return braintreeError(
    'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    'NETWORK',
    'A tokenization network error occurred.',
    { httpStatus: status, originalError: payload },
  );
}

/** The plain error the parent receives: a refusal as it is, anything else as a failed tokenization. */
export function plainErrorOf(error: unknown): PlainBraintreeError {
  return error instanceof TokenizeFailure
    ? error.plain
    : braintreeError('HOSTED_FIELDS_FAILED_TOKENIZATION', 'CUSTOMER', 'The supplied card data failed tokenization.', {
        originalError: String(error),
      }).plain;
}
