/**
 * 3D Secure through the braintree driver when Cardinal's authentication script (Songbird) is slow or blocked: the
 * real braintree-web 3.144 `three-d-secure` module with a client token, msw answering Braintree's HTTP (the REST
 * configuration with `threeDSecure.cardinalSongbirdUrl`, the lookup). jsdom loads no external script, so Songbird is
 * "slow" unless the test fires its script's `error` event ("blocked").
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { toPaymentError, VERIFY_CARD_TIMEOUT_MS } from '../src/index.js';
import { CLIENT_API, MERCHANT, analyticsHandlers } from './braintree-fixtures.js';

/** Songbird's URL, new for each test: braintree-web's script loader caches each script's load for the page's life. */
let songbird = '';
let songbirdCount = 0;
const CONFIG_URL = `${CLIENT_API}/v1/configuration`;
/** A client token (3D Secure refuses a tokenization key, §5 "3D Secure"): base64 JSON with a configUrl. */
const CLIENT_TOKEN = btoa(
  JSON.stringify({
    version: 2,
    authorizationFingerprint: 'fingerprint',
    configUrl: CONFIG_URL,
    environment: 'sandbox',
    clientApiUrl: CLIENT_API,
    assetsUrl: 'https://assets.braintreegateway.com',
    merchantId: MERCHANT,
  }),
);
const config = {
  driver: 'braintree' as const,
  authorization: CLIENT_TOKEN,
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};

/** The gateway's REST configuration (GET configUrl) with 3D Secure 2 enabled. */
const gatewayConfiguration = {
  clientApiUrl: CLIENT_API,
  assetsUrl: 'https://assets.braintreegateway.com',
  environment: 'sandbox',
  merchantId: MERCHANT,
  analytics: { url: `https://client-analytics.sandbox.braintreegateway.com/${MERCHANT}` },
  challenges: [],
  creditCards: { supportedCardTypes: ['Visa'] },
  threeDSecureEnabled: true,
};
const withSongbird = () => ({
  ...gatewayConfiguration,
  threeDSecure: { cardinalAuthenticationJWT: 'header.payload.signature', cardinalSongbirdUrl: songbird },
});

/** The lookup's answer: the bank asks for a challenge (an acsUrl), the liability not shifted yet. */
const challengeLookup = {
  paymentMethod: {
    nonce: 'lookup-nonce',
    type: 'CreditCard',
    details: { bin: '400000', lastFour: '1091', cardType: 'Visa' },
    threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true, status: 'authenticate_attempted' },
  },
  lookup: {
    acsUrl: 'https://acs.bank.example/challenge',
    pareq: 'pareq',
    transactionId: 'tx-1',
    threeDSecureVersion: '2.2.0',
  },
};

let lookups = 0;
let lookupResponse: () => Response = () => HttpResponse.json(challengeLookup, { status: 201 });
const server = setupServer(
  http.get(/\/client_api\/v1\/configuration$/, () => HttpResponse.json(withSongbird())),
  http.post(/\/payment_methods\/[^/]+\/three_d_secure\/lookup$/, () => {
    lookups += 1;
    return lookupResponse();
  }),
  ...analyticsHandlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  songbirdCount += 1;
  songbird = `https://songbirdstag.cardinalcommerce.com/edge/v1/songbird.js?test=${songbirdCount}`;
});
afterEach(() => {
  lookups = 0;
  lookupResponse = () => HttpResponse.json(challengeLookup, { status: 201 });
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});
afterAll(() => server.close());

const verify = { nonce: 'card-nonce', amount: 216, bin: '400000' };
const songbirdScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${songbird}"]`)];

describe('braintree driver: verifyCard ends within a bounded time when the authentication script fails (spec §4 "3D Secure flow" 7, §8)', () => {
  it('the default bound is 30 s, an option of verifyCard', () => {
    expect(VERIFY_CARD_TIMEOUT_MS).toBe(30_000);
  });

  it('§4.7 a Songbird script that never loads: rejects THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT in time, with its own retryable message — no endless wait', async () => {
    const driver = await createBraintreeDriver(config);
    const started = Date.now();
    const failure = await driver.verifyCard({ ...verify, timeoutMs: 300 }).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failure).toMatchObject({ code: 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT' });
    // braintree-web waits for Songbird before the lookup: nothing was looked up, nothing authenticated
    expect(lookups).toBe(0);
    const mapped = toPaymentError(failure);
    expect(mapped).toMatchObject({
      messageId: 'payments.threeDSecure.unavailable',
      group: 'three_d_secure_unavailable',
      retryable: true,
    });
    await driver.teardown();
  });

  it('§4.7 a blocked Songbird script and a bank asking for a challenge: braintree-web presents none, the attempt still ends, and a retry runs (not "already in progress")', async () => {
    const driver = await createBraintreeDriver(config);
    const first = driver.verifyCard({ ...verify, timeoutMs: 500 }).catch((error: unknown) => error);
    // the browser refuses the script (CSP, ad blocker): its error event
    await expect.poll(() => songbirdScripts().length).toBeGreaterThan(0);
    songbirdScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await first).toMatchObject({ code: 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT' });
    expect(lookups).toBe(1);
    // "Try again": braintree-web's own attempt never settles, yet a new one runs (the timed-out component was
    // discarded): it looks up again, and ends in time again
    const second = await driver.verifyCard({ ...verify, timeoutMs: 500 }).catch((error: unknown) => error);
    expect(second).toMatchObject({ code: 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT' });
    expect(lookups).toBe(2);
    await driver.teardown();
  });

  it('§8 a lookup error is an error, never a result that could pass as authenticated', async () => {
    lookupResponse = () => HttpResponse.json({ error: { message: 'Record not found' } }, { status: 404 });
    const driver = await createBraintreeDriver(config);
    const pending = driver.verifyCard({ ...verify, timeoutMs: 5_000 }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    await expect.poll(() => songbirdScripts().length).toBeGreaterThan(0);
    songbirdScripts()[0]!.dispatchEvent(new Event('error'));
    const outcome = await pending;
    expect(outcome).not.toHaveProperty('result');
    expect((outcome as { error: { code: string } }).error.code).toBe('THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR');
    await driver.teardown();
  });
});
