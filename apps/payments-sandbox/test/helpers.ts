import braintree from 'braintree';
import { createAcsApp } from '../src/acs.js';
import { createSandboxApp } from '../src/app.js';
import { SandboxStore } from '../src/store.js';

export const KEY = 'sandbox_0123456789abcdef_ofw_sandbox';
export const PARENT = 'http://localhost:3000';
/** Braintree's static nonce of a card authenticated with 3D Secure (liability shifted), reusable. */
export const THREE_DS_NONCE = 'fake-three-d-secure-visa-full-authentication-nonce';
/** The bank's (ACS) origin the test apps are told; the bank's own app is `acsApp`, on the same store. */
export const ACS_ORIGIN = 'http://127.0.0.1:3011';

export function makeApp(now: () => number = Date.now) {
  const store = new SandboxStore(now);
  const app = createSandboxApp({ allowedOrigins: [PARENT], store, frameScript: '/* frame */', acsOrigin: ACS_ORIGIN });
  const acsApp = createAcsApp({ store });
  const post = (path: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const tokenize = async (number: string, extra: Record<string, string> = {}) => {
    const response = await post('/v1/tokenize', {
      authorization: KEY,
      creditCard: { number, expirationDate: '12/30', cvv: '123', ...extra },
    });
    return { status: response.status, body: await response.json() };
  };
  const charge = async (body: Record<string, unknown>) => {
    const response = await post('/v1/transactions', {
      amount: '216.00',
      currencyCode: 'USD',
      orderId: `order-${Math.random()}`,
      ...body,
    });
    return { status: response.status, body: await response.json() };
  };
  /** A client token from the server API (`POST /v1/client_token`), as join-api's sandbox gateway gets one. */
  const clientToken = async (body: unknown = {}) => {
    const response = await post('/v1/client_token', body);
    return ((await response.json()) as { clientToken: string }).clientToken;
  };
  /**
   * A card nonce after the 3D Secure lookup, as the page sends it (tokenize, then the lookup with a client token and
   * the parent page's Origin): the server API refuses a card nonce that never went through it (docs/PAYMENTS.md).
   */
  const lookedUp = async (number: string, extra: { challengeRequested?: boolean } = {}) => {
    const nonce = (await tokenize(number)).body.creditCards[0].nonce as string;
    const response = await app.request('/v1/browser/three_d_secure/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PARENT },
      body: JSON.stringify({
        authorization: await clientToken(),
        nonce,
        amount: '216.00',
        bin: number.slice(0, 6),
        ...extra,
      }),
    });
    const body = (await response.json()) as {
      lookup: { acsUrl: string | null; transactionId: string };
      paymentMethod: { nonce: string; liabilityShifted: boolean; liabilityShiftPossible: boolean };
      threeDSecureInfo: { status: string };
    };
    return { nonce: body.paymentMethod.nonce, body };
  };
  return { app, acsApp, store, post, tokenize, charge, clientToken, lookedUp };
}

export interface Notification {
  kind: string;
  timestamp: string;
  subject: { check?: boolean };
  transaction?: { id: string; status: string; amount: string; disputes?: { id: string; status: string }[] };
  dispute?: {
    id: string;
    status: string;
    kind: string;
    reason: string;
    amountDisputed: string;
    replyByDate: string;
    transactionDetails: { id: string; amount: string };
  };
}

/**
 * The real SDK against a sandbox listening on 127.0.0.1:`port` (its Braintree gateway API), typed by the caller; the
 * sandbox merchant's keys unless a test gives a wrong private key or another merchant id (Braintree's HTTP Basic auth).
 */
export const gatewayAt = (port: number, privateKey = 'sandbox_private_key', merchantId = 'ofw_sandbox'): unknown =>
  new braintree.BraintreeGateway({
    environment: new braintree.Environment(
      '127.0.0.1',
      String(port),
      'http://auth.venmo.dev:9292',
      false,
      'graphql.bt.local',
      '8080',
    ),
    merchantId,
    publicKey: 'sandbox_public_key',
    privateKey,
  });

/** The real SDK with the sandbox merchant's keys, to parse webhook notifications (webhook_notification_gateway.js). */
export const sdk = () =>
  new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: 'ofw_sandbox',
    publicKey: 'sandbox_public_key',
    privateKey: 'sandbox_private_key',
  }) as unknown as {
    webhookNotification: { parse(signature: string, payload: string): Promise<Notification> };
  };
