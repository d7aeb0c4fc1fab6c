/**
 * The braintree driver over the real braintree-web 3.144 modules, with msw answering the provider's HTTP
 * (docs/DEVELOPMENT.md "Runtime": jsdom + msw; configuration by GraphQL `ClientConfiguration`, analytics to the PayPal logger).
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { paymentMessages, toPaymentError } from '../src/index.js';
import {
  GRAPHQL,
  MERCHANT,
  analyticsHandlers,
  braintreeConfig as config,
  clientConfiguration,
} from './braintree-fixtures.js';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';

const configuration = clientConfiguration({
  creditCard: {
    supportedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS', 'DISCOVER'],
    challenges: ['CVV'],
    threeDSecureEnabled: true,
    threeDSecure: { cardinalAuthenticationJWT: 'header.payload.signature' },
  },
  supportedFeatures: ['TOKENIZE_CREDIT_CARDS'],
});

let configurationResponse: () => Response | Promise<Response> = () => HttpResponse.json(configuration);
let tokenizeResponse: () => Response | Promise<Response> = () => HttpResponse.json({});

const server = setupServer(
  http.post(GRAPHQL, async ({ request }) => {
    const body = (await request.clone().json()) as { operationName?: string; query: string };
    if (body.operationName === 'ClientConfiguration' || body.query.includes('clientConfiguration'))
      return configurationResponse();
    return tokenizeResponse();
  }),
  ...analyticsHandlers,
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  configurationResponse = () => HttpResponse.json(configuration);
});
afterAll(() => server.close());

const tokenizeCard = (driver: Awaited<ReturnType<typeof createBraintreeDriver>>, timeout?: number) =>
  driver.braintreeClient.request({
    api: 'clientApi',
    method: 'post',
    endpoint: 'payment_methods/credit_cards',
    data: {
      creditCard: {
        number: TEST_CARDS.visa.number,
        expirationDate: '12/2030',
        cvv: '123',
        options: { validate: false },
      },
    },
    ...(timeout ? { timeout } : {}),
  });

describe('braintree driver: configuration (spec §7 "GET merchant configuration", §8 Client)', () => {
  it('creates the braintree-web client from a tokenization key via GraphQL ClientConfiguration', async () => {
    const driver = await createBraintreeDriver(config);
    const gateway = driver.braintreeClient.getConfiguration().gatewayConfiguration;
    expect(gateway).toMatchObject({ merchantId: MERCHANT, environment: 'sandbox', threeDSecureEnabled: true });
    expect((gateway.creditCards as { supportedCardTypes: string[] }).supportedCardTypes).toEqual([
      'Visa',
      'MasterCard',
      'American Express',
      'Discover',
    ]);
    await driver.teardown();
  });

  it.each([
    [401, 'CLIENT_AUTHORIZATION_INVALID', 'payments.error.authorizationInvalid'],
    [403, 'CLIENT_AUTHORIZATION_INSUFFICIENT', 'payments.error.insufficientPrivileges'],
    [500, 'CLIENT_GATEWAY_NETWORK', 'payments.error.gatewayUnavailable'],
  ])('§8 configuration HTTP %s → %s', async (status, code, messageId) => {
    configurationResponse = () =>
      new HttpResponse(JSON.stringify({ error: { message: 'nope' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    const failure = await createBraintreeDriver(config).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'BraintreeError', code });
    expect(toPaymentError(failure).messageId).toBe(messageId);
  });
});

describe('braintree driver: tokenization through GraphQL TokenizeCreditCard (spec §7, §8)', () => {
  it('§3 returns a nonce with details and binData', async () => {
    tokenizeResponse = () =>
      HttpResponse.json({
        data: {
          tokenizeCreditCard: {
            token: 'tokencc_bc_abc123',
            creditCard: {
              brandCode: 'VISA',
              last4: '1111',
              bin: '411111',
              expirationMonth: '12',
              expirationYear: '2030',
              cardholderName: null,
              binData: {
                prepaid: 'NO',
                healthcare: 'UNKNOWN',
                debit: 'NO',
                durbinRegulated: 'NO',
                commercial: 'UNKNOWN',
                payroll: 'UNKNOWN',
                issuingBank: null,
                countryOfIssuance: 'USA',
                productId: 'A',
              },
            },
            authenticationInsight: null,
          },
        },
      });
    const driver = await createBraintreeDriver(config);
    const result = (await tokenizeCard(driver)) as { creditCards: unknown[] };
    expect(result.creditCards[0]).toMatchObject({
      nonce: 'tokencc_bc_abc123',
      description: 'ending in 11',
      details: { cardType: 'Visa', lastTwo: '11', bin: '411111' },
      binData: { prepaid: 'No' },
    });
    await driver.teardown();
  });

  it('§8 GraphQL VALIDATION → 422 "Credit card is invalid" with field errors', async () => {
    tokenizeResponse = () =>
      HttpResponse.json({
        data: { tokenizeCreditCard: null },
        errors: [
          {
            message: 'Credit card number is invalid.',
            extensions: { errorClass: 'VALIDATION', legacyCode: '81715', inputPath: ['input', 'creditCard', 'number'] },
          },
        ],
      });
    const driver = await createBraintreeDriver(config);
    const failure = (await tokenizeCard(driver).catch((error: unknown) => error)) as {
      code: string;
      details: {
        httpStatus: number;
        originalError: { error: { message: string }; fieldErrors: [{ fieldErrors: [unknown] }] };
      };
    };
    expect(failure.code).toBe('CLIENT_REQUEST_ERROR');
    expect(failure.details.httpStatus).toBe(422);
    expect(failure.details.originalError.error.message).toBe('Credit card is invalid');
    expect(failure.details.originalError.fieldErrors[0].fieldErrors[0]).toMatchObject({
      field: 'number',
      code: '81715',
    });
    await driver.teardown();
  });

  it.each([
    [
      401,
      'CLIENT_AUTHORIZATION_INVALID',
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
    ],
    [403, 'CLIENT_AUTHORIZATION_INSUFFICIENT', 'The authorization used has insufficient privileges.'],
    [429, 'CLIENT_RATE_LIMITED', 'You are being rate-limited; please try again in a few minutes.'],
    [503, 'CLIENT_GATEWAY_NETWORK', 'Cannot contact the gateway at this time.'],
  ])('§8 tokenization HTTP %s → %s → "%s"', async (status, code, text) => {
    tokenizeResponse = () =>
      new HttpResponse(JSON.stringify({ errors: [{ message: 'x' }] }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    const driver = await createBraintreeDriver(config);
    const failure = await tokenizeCard(driver).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code });
    expect(paymentMessages[toPaymentError(failure).messageId].defaultMessage).toBe(text);
    await driver.teardown();
  });

  it('§7/§8 no reply within the request timeout: GraphQL, then the REST fallback retried once, then CLIENT_GATEWAY_NETWORK (retryable)', async () => {
    // A browser ends a timed-out XHR with readyState 4 and status 0, which is all braintree-web looks at
    // (onreadystatechange). msw's XHR interceptor does not apply `xhr.timeout`, so each reply here waits past the
    // request's own short timeout (the default is 60 s, §9) and then ends the connection: the same status 0.
    const attempts: string[] = [];
    const noReply = (name: string) => async () => {
      attempts.push(name);
      await delay(150);
      return HttpResponse.error();
    };
    tokenizeResponse = noReply('graphql');
    server.use(http.post(/\/client_api\/v1\/payment_methods\/credit_cards$/, noReply('rest')));
    const driver = await createBraintreeDriver(config);
    const failure = await tokenizeCard(driver, 100).catch((error: unknown) => error);
    expect(attempts).toEqual(['graphql', 'rest', 'rest']);
    expect(failure).toMatchObject({ name: 'BraintreeError', code: 'CLIENT_GATEWAY_NETWORK' });
    const mapped = toPaymentError(failure);
    expect(mapped).toMatchObject({ type: 'NETWORK', retryable: true });
    expect(paymentMessages[mapped.messageId].defaultMessage).toBe('Cannot contact the gateway at this time.');
    await driver.teardown();
  });

  it('§8 a network failure (no HTTP reply) → REST fallback → CLIENT_GATEWAY_NETWORK, retryable', async () => {
    tokenizeResponse = () => HttpResponse.error();
    server.use(http.post(/\/client_api\/v1\/payment_methods\/credit_cards$/, () => HttpResponse.error()));
    const driver = await createBraintreeDriver(config);
    const failure = await tokenizeCard(driver).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'BraintreeError', code: 'CLIENT_GATEWAY_NETWORK' });
    expect(toPaymentError(failure)).toMatchObject({ type: 'NETWORK', retryable: true });
    await driver.teardown();
  });

  it('§4/§8 hosted fields set-up that never reports times out (HOSTED_FIELDS_TIMEOUT) and leaves no frame', async () => {
    // jsdom loads no iframe content, so braintree-web's frames never report: the driver's set-up timeout fires
    document.body.innerHTML = '<div id="n"></div><div id="e"></div><div id="c"></div>';
    const driver = await createBraintreeDriver(config);
    const failure = await driver
      .createHostedFields({
        fields: { number: { container: '#n' }, expirationDate: { container: '#e' }, cvv: { container: '#c' } },
        setupTimeoutMs: 300,
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'HOSTED_FIELDS_TIMEOUT',
      message: 'Hosted Fields timed out when attempting to set up.',
    });
    expect(toPaymentError(failure)).toMatchObject({ messageId: 'payments.hostedFields.timeout', retryable: true });
    await driver.teardown();
    expect(document.querySelectorAll('iframe[name^="braintree-hosted-field-"]')).toHaveLength(0);
  });

  it('aborting a braintree-web set-up (StrictMode cleanup) removes its frames at once, so the same containers can be reused', async () => {
    document.body.innerHTML = '<div id="n"></div><div id="e"></div><div id="c"></div>';
    const driver = await createBraintreeDriver(config);
    const fields = { number: { container: '#n' }, expirationDate: { container: '#e' }, cvv: { container: '#c' } };
    const controller = new AbortController();
    const first = driver.createHostedFields({ fields, signal: controller.signal }).catch((error: unknown) => error);
    await expect.poll(() => document.querySelectorAll('iframe[name^="braintree-hosted-field-"]').length).toBe(3);
    controller.abort();
    expect(await first).toMatchObject({ name: 'AbortError' });
    expect(document.querySelectorAll('iframe[name^="braintree-hosted-field-"]')).toHaveLength(0);
    const second = driver.createHostedFields({ fields, setupTimeoutMs: 200 }).catch((error: unknown) => error);
    expect(await second).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' }); // not HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME
    await driver.teardown();
  });

  it('§8 status -1 (timeout) maps to "Request timed out waiting for a reply."', () => {
    expect(
      paymentMessages[
        toPaymentError({ code: 'CLIENT_REQUEST_TIMEOUT', type: 'NETWORK', details: { httpStatus: -1 } }).messageId
      ].defaultMessage,
    ).toBe('Request timed out waiting for a reply.');
  });
});

describe('braintree driver: 3D Secure guards (spec §5 "3D Secure")', () => {
  it('§5 verifyCard needs nonce, amount and bin; only one verification at a time is enforced before braintree-web', async () => {
    const driver = await createBraintreeDriver(config);
    await expect(driver.verifyCard({ nonce: '', amount: 10, bin: '411111' })).rejects.toMatchObject({
      code: 'THREEDS_MISSING_VERIFY_CARD_OPTION',
      message: 'verifyCard options must include a nonce.',
    });
    await expect(
      driver.verifyCard({ nonce: 'n', amount: 10, bin: '411111', requestedExemptionType: 'nope' as never }),
    ).rejects.toMatchObject({ code: 'THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID' });
    // a tokenization key cannot run 3D Secure: braintree-web itself refuses (§8)
    const failure = await driver.verifyCard({ nonce: 'n', amount: 10, bin: '411111' }).catch((error: unknown) => error);
    expect((failure as { code: string }).code).toBe('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY');
    await driver.teardown();
  });
});
