import { parseAuthorization } from '../core/authorization.js';
import { showChallengeFrame, type ChallengeFrame } from '../core/challenge-frame.js';
import { PaymentsError } from '../core/errors.js';
import {
  checkVerifyCardOptions,
  customerCanceledError,
  formatAmount,
  inProgressError,
  noPayloadError,
} from '../core/three-d-secure.js';
import type { ThreeDSecureResult, VerifyCardOptions } from '../core/types.js';

const REQUEST_TIMEOUT_MS = 60_000;

interface Context {
  sandboxUrl: string;
  authorization: string;
}

/** What the sandbox's lookup answers with on 200 (docs/CONTRACTS.md "Sandbox server API"). */
interface LookupResponse {
  paymentMethod: ThreeDSecureResult;
  lookup?: { acsUrl?: string | null; transactionId?: string };
}

/**
 * The provider's step-up page for a challenge (the sandbox's stand-in for Cardinal's step-up frame): loaded in the
 * product's challenge frame, it POSTs the CReq to the bank's ACS URL, so the frame's document goes to the bank's own
 * origin — as braintree-web's Songbird flow hands `lookup.acsUrl` and `lookup.pareq` to `Cardinal.continue`
 * (braintree-web src/three-d-secure/external/frameworks/songbird.js `_presentChallenge`).
 */
const STEP_UP_PATH = '/three-d-secure/step-up';

/** What the sandbox's JWT exchange answers with on 200. */
interface JwtResponse {
  paymentMethod: ThreeDSecureResult;
}

type Outcome = { result: ThreeDSecureResult; error?: undefined } | { result?: undefined; error: PaymentsError };

/** POSTs JSON; the body is the parsed answer (`{}` when it is not JSON), typed by the caller once the status is known. */
async function post(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const payload: unknown = await response.json().catch(() => ({}));
    return { status: response.status, body: payload };
  } catch (error) {
    throw new PaymentsError('THREEDS_LOOKUP_ERROR', 'NETWORK', 'Something went wrong during the 3D Secure lookup', {
      originalError: error,
      httpStatus: controller.signal.aborted ? -1 : 0,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * §8 "Lookup errors: 404 is nonce not found or already consumed, 422 is validation, other is a general lookup error."
 * 401 / 403 are the client's authorization errors (invalid / insufficient privileges).
 */
function lookupError(status: number, body: unknown): PaymentsError {
  if (status === 404)
    return new PaymentsError(
      'THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR',
      'MERCHANT',
      'Either the payment method nonce passed to `verifyCard` does not exist, or it was already consumed',
      { httpStatus: 404, originalError: body },
    );
  if (status === 422)
    return new PaymentsError(
      'THREEDS_LOOKUP_VALIDATION_ERROR',
      'CUSTOMER',
      'The data passed in `verifyCard` did not pass validation checks. See details for more info',
      { httpStatus: 422, originalError: body },
    );
  if (status === 403)
    return new PaymentsError(
      'CLIENT_AUTHORIZATION_INSUFFICIENT',
      'MERCHANT',
      'The authorization used has insufficient privileges.',
      { httpStatus: 403, originalError: body },
    );
  if (status === 401)
    return new PaymentsError(
      'CLIENT_AUTHORIZATION_INVALID',
      'MERCHANT',
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
      { httpStatus: 401 },
    );
  return new PaymentsError('THREEDS_LOOKUP_ERROR', 'UNKNOWN', 'Something went wrong during the 3D Secure lookup', {
    httpStatus: status,
    originalError: body,
  });
}

/** braintree-web's `THREEDS_CAN_NOT_USE_TOKENIZATION_KEY` (3D Secure needs a client token, spec §5, §8). */
function tokenizationKeyError(): PaymentsError {
  return new PaymentsError(
    'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
    'MERCHANT',
    '3D Secure can not use a tokenization key for authorization.',
  );
}

interface Verification {
  lookupPaymentMethod?: ThreeDSecureResult;
  frame?: ChallengeFrame;
  settle?: (outcome: Outcome) => void;
}

/** 3D Secure 2 against the sandbox, with braintree-web's `verifyCard` / `cancelVerifyCard` semantics (spec §4). */
export function createSandboxThreeDSecure(context: Context) {
  const origin = new URL(context.sandboxUrl).origin;
  const usesTokenizationKey = parseAuthorization(context.authorization).kind === 'tokenizationKey';
  let active: Verification | undefined;

  async function verifyCard(options: VerifyCardOptions): Promise<ThreeDSecureResult> {
    // braintree-web's threeDSecure.create refuses a tokenization key; so does the gateway (403). Fail before any request.
    if (usesTokenizationKey) throw tokenizationKeyError();
    checkVerifyCardOptions(options);
    if (active) throw inProgressError();
    const current: Verification = {};
    active = current;
    try {
      const lookup = await post(`${origin}/v1/browser/three_d_secure/lookup`, {
        authorization: context.authorization,
        nonce: options.nonce,
        amount: formatAmount(options.amount),
        bin: options.bin,
        email: options.email,
        billingAddress: options.billingAddress,
        additionalInformation: options.additionalInformation,
        challengeRequested: options.challengeRequested,
      });
      if (lookup.status !== 200) throw lookupError(lookup.status, lookup.body);
      const found = lookup.body as LookupResponse;
      current.lookupPaymentMethod = found.paymentMethod;
      const acsUrl = found.lookup?.acsUrl;
      if (!acsUrl) return found.paymentMethod; // frictionless (§4.2)
      const stepUpUrl = `${origin}${STEP_UP_PATH}?transactionId=${encodeURIComponent(found.lookup?.transactionId ?? '')}`;
      if (active !== current) throw customerCanceledError(current.lookupPaymentMethod);

      const outcome = await runChallenge(origin, stepUpUrl, current, options.challenge);
      if (outcome.error) throw outcome.error;
      return outcome.result;
    } finally {
      if (active === current) active = undefined;
    }
  }

  /** §4.6: cancel returns the looked-up payment method, or errors if there is none. */
  function cancelVerifyCard(): Promise<ThreeDSecureResult> {
    const current = active;
    if (!current?.lookupPaymentMethod) return Promise.reject(noPayloadError());
    active = undefined;
    current.frame?.close();
    current.settle?.({ error: merchantCanceledError() });
    return Promise.resolve(current.lookupPaymentMethod);
  }

  function teardown(): void {
    if (active) {
      active.frame?.close();
      active.settle?.({ error: merchantCanceledError() });
      active = undefined;
    }
  }

  return { verifyCard, cancelVerifyCard, teardown };
}

/** braintree-web's THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT (cancelVerifyCard or teardown during a verification). */
function merchantCanceledError(): PaymentsError {
  return new PaymentsError(
    'THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT',
    'MERCHANT',
    '3D Secure verfication cancelled by merchant.',
  );
}

/** §4.3: the authentication result is upgraded through a JWT call. */
async function authenticateFromJwt(origin: string, jwt: string, paymentMethodNonce: string): Promise<Outcome> {
  const exchange = await post(`${origin}/v1/browser/three_d_secure/authenticate_from_jwt`, {
    jwt,
    paymentMethodNonce,
  }).catch((error: unknown) => ({ status: 0, body: error }));
  if (exchange.status !== 200) {
    return {
      error: new PaymentsError(
        'THREEDS_JWT_AUTHENTICATION_FAILED',
        'UNKNOWN',
        'Something went wrong authenticating the JWT from Cardinal',
        { originalError: exchange.body },
      ),
    };
  }
  return { result: (exchange.body as JwtResponse).paymentMethod };
}

/**
 * The challenge (§4.4): the provider's step-up page in the challenge frame; settles with the JWT exchange's outcome
 * once the provider's notification page says the challenge is complete, or with the customer's cancel (the frame's
 * close button or the notification's cancel). `current.settle` lets cancelVerifyCard and teardown settle it first.
 */
function runChallenge(
  origin: string,
  stepUpUrl: string,
  current: Verification,
  labels: VerifyCardOptions['challenge'],
): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    current.settle = resolve;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; type?: string; jwt?: string };
      // the provider's notification page (its origin, in the challenge frame) speaks; the bank's page never does
      if (
        event.origin !== origin ||
        event.source !== current.frame?.frame.contentWindow ||
        data?.source !== 'ofw-sandbox-3ds'
      )
        return;
      if (data.type === 'cancel') {
        current.frame?.close();
        resolve({ error: customerCanceledError(current.lookupPaymentMethod) });
        return;
      }
      if (data.type !== 'challengeComplete' || !data.jwt) return;
      window.removeEventListener('message', onMessage);
      current.frame?.close();
      void authenticateFromJwt(origin, data.jwt, current.lookupPaymentMethod!.nonce).then(resolve);
    };
    window.addEventListener('message', onMessage);
    current.frame = showChallengeFrame(stepUpUrl, labels, () => {
      window.removeEventListener('message', onMessage);
      resolve({ error: customerCanceledError(current.lookupPaymentMethod) });
    });
    const close = current.frame.close.bind(current.frame);
    current.frame.close = () => {
      window.removeEventListener('message', onMessage);
      close();
    };
  });
}
