/**
 * PayPal through the braintree driver: the real braintree-web 3.144 `paypal-checkout` module and client, msw
 * answering Braintree's HTTP (GraphQL configuration, paypal_hermes/create_payment_resource,
 * payment_methods/paypal_accounts). Faked: only the PayPal JS SDK (https://www.paypal.com/sdk/js, unreachable here) —
 * when braintree-web injects its <script>, the test installs a typed `window.paypal` whose Buttons play the customer
 * (click → onClick → createOrder → approve or cancel) the way PayPal's v5 Buttons call their callbacks.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import type { PayPalButtonsOptions, PayPalSdk } from '../src/braintree/modules.js';
import { toPaymentError, type PayPalResult } from '../src/index.js';
import { GRAPHQL, analyticsHandlers, braintreeConfig as config, clientConfiguration } from './braintree-fixtures.js';

const EC_TOKEN = 'EC-5YE59312K56892714';
const PAYPAL_CLIENT_ID = 'AcXk-paypal-sandbox-client-id';

const payPalConfiguration = {
  displayName: 'OurFamilyWizard',
  clientId: PAYPAL_CLIENT_ID,
  assetsUrl: 'https://checkout.paypal.com',
  environment: 'SANDBOX',
  environmentNoNetwork: false,
  unvettedMerchant: false,
  braintreeClientId: 'masterclient3',
  billingAgreementsEnabled: true,
  merchantAccountId: 'ofw_usd',
  currencyCode: 'USD',
  payeeEmail: null,
};

let payPalEnabled = true;
let createPaymentResponse: () => Response | Promise<Response>;
let tokenizeResponse: () => Response | Promise<Response>;
const requests: Array<{ path: string; body: Record<string, unknown> }> = [];

const server = setupServer(
  http.post(GRAPHQL, () =>
    HttpResponse.json(clientConfiguration(payPalEnabled ? { paypal: payPalConfiguration } : {})),
  ),
  http.post(/\/client_api\/v1\/paypal_hermes\/create_payment_resource$/, async ({ request }) => {
    requests.push({ path: 'create_payment_resource', body: (await request.json()) as Record<string, unknown> });
    return createPaymentResponse();
  }),
  http.post(/\/client_api\/v1\/payment_methods\/paypal_accounts$/, async ({ request }) => {
    requests.push({ path: 'paypal_accounts', body: (await request.json()) as Record<string, unknown> });
    return tokenizeResponse();
  }),
  ...analyticsHandlers,
);

/** What the fake PayPal window does once createOrder resolved. */
let customer: 'approve' | 'cancel' = 'approve';
let rendered: PayPalButtonsOptions[] = [];
let sdkScripts: HTMLScriptElement[] = [];
let observer: MutationObserver;

/** The fake PayPal JS SDK v5: Buttons render a button whose click runs PayPal's callback sequence. */
const fakeSdk: PayPalSdk = {
  FUNDING: { PAYPAL: 'paypal' },
  Buttons(options) {
    rendered.push(options);
    let button: HTMLButtonElement | undefined;
    return {
      isEligible: () => true,
      render(container: HTMLElement | string) {
        button = document.createElement('button');
        button.textContent = 'PayPal';
        button.addEventListener('click', () => void playCustomer(options));
        (container as HTMLElement).append(button);
        return Promise.resolve();
      },
      close() {
        button?.remove();
        return Promise.resolve();
      },
    };
  },
};

async function playCustomer(options: PayPalButtonsOptions) {
  let allowed = true;
  await options.onClick?.(
    {},
    {
      resolve: () => Promise.resolve(),
      reject: () => {
        allowed = false;
        return Promise.resolve();
      },
    },
  );
  if (!allowed) return;
  let orderID: string;
  try {
    orderID = await options.createOrder();
  } catch (error) {
    options.onError?.(new Error('PayPal wraps createOrder errors'));
    return void error;
  }
  if (customer === 'cancel') options.onCancel?.({ orderID });
  else await options.onApprove({ orderID, payerID: 'QHJ8K8ZYXR7WN', paymentID: undefined });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  payPalEnabled = true;
  customer = 'approve';
  rendered = [];
  sdkScripts = [];
  requests.length = 0;
  createPaymentResponse = () =>
    HttpResponse.json({
      paymentResource: {
        paymentToken: 'PAY-' + EC_TOKEN,
        redirectUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${EC_TOKEN}`,
      },
    });
  tokenizeResponse = () =>
    HttpResponse.json({
      paypalAccounts: [
        {
          nonce: 'fake-paypal-one-time-nonce',
          type: 'PayPalAccount',
          description: 'PayPal',
          details: {
            payerInfo: { email: 'parent@example.com', payerId: 'QHJ8K8ZYXR7WN', firstName: 'Pat', lastName: 'Lee' },
          },
        },
      ],
    });
  // braintree-web's loadPayPalSDK inserts https://www.paypal.com/sdk/js into <head>: stand in for that script
  observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (node instanceof HTMLScriptElement && node.src.startsWith('https://www.paypal.com/sdk/js')) {
        sdkScripts.push(node);
        Reflect.set(window, 'paypal', fakeSdk);
        node.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  document.body.innerHTML = '<div id="paypal"></div>';
});
afterEach(() => {
  observer.disconnect();
  Reflect.deleteProperty(window, 'paypal');
  server.resetHandlers();
});
afterAll(() => server.close());

function renderButton(driver: Awaited<ReturnType<typeof createBraintreeDriver>>) {
  const outcome = {
    approved: vi.fn<(result: PayPalResult) => void>(),
    canceled: vi.fn(),
    failed: vi.fn<(error: unknown) => void>(),
    started: vi.fn(),
  };
  const button = driver.renderPayPalButton({
    container: document.querySelector<HTMLElement>('#paypal')!,
    amount: 216,
    currency: 'USD',
    onApprove: outcome.approved,
    onCancel: outcome.canceled,
    onError: outcome.failed,
    onStart: outcome.started,
  });
  return { outcome, button };
}

const payPalButton = () => document.querySelector<HTMLButtonElement>('#paypal button')!;

describe('braintree driver: PayPal checkout (spec §3 PayPal result, §4 "Other wallet flows", §9 PayPal SDK defaults)', () => {
  it('§9 loads the PayPal JS SDK with the merchant client id, components buttons, intent authorize, currency USD', async () => {
    const driver = await createBraintreeDriver(config);
    await renderButton(driver).button;
    expect(sdkScripts).toHaveLength(1);
    const src = new URL(sdkScripts[0]!.src);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      'client-id': PAYPAL_CLIENT_ID,
      components: 'buttons',
      intent: 'authorize',
      currency: 'USD',
    });
    expect(rendered[0]).toMatchObject({ fundingSource: 'paypal' });
    expect(payPalButton()).not.toBeNull();
    await driver.teardown();
    expect(document.querySelector('#paypal button')).toBeNull();
  });

  it('§3/§4 click → createPayment (checkout, 216.00 USD, authorize) → approve → tokenizePayment → PayPalAccount nonce', async () => {
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver);
    await button;
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalled());
    expect(outcome.started).toHaveBeenCalledTimes(1);
    expect(outcome.approved.mock.calls[0]![0]).toMatchObject({
      nonce: 'fake-paypal-one-time-nonce',
      type: 'PayPalAccount',
      details: { email: 'parent@example.com' },
    });
    const created = requests.find((request) => request.path === 'create_payment_resource')!.body;
    expect(created).toMatchObject({ amount: '216.00', currencyIsoCode: 'USD', intent: 'authorize' });
    expect(created.experienceProfile).toMatchObject({ brandName: 'OurFamilyWizard' });
    const tokenized = requests.find((request) => request.path === 'paypal_accounts')!.body;
    expect(tokenized.paypalAccount).toMatchObject({
      paymentToken: EC_TOKEN,
      payerId: 'QHJ8K8ZYXR7WN',
      intent: 'authorize',
    });
    expect(outcome.failed).not.toHaveBeenCalled();
    await driver.teardown();
  });

  it('§4 a customer cancel is its own outcome (onCancel, no error, nothing tokenized) and frees the button', async () => {
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver);
    await button;
    customer = 'cancel';
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.canceled).toHaveBeenCalledTimes(1));
    expect(outcome.failed).not.toHaveBeenCalled();
    expect(requests.some((request) => request.path === 'paypal_accounts')).toBe(false);
    customer = 'approve';
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalledTimes(1));
    await driver.teardown();
  });

  it('§4 one PayPal payment at a time: a second click while one runs is refused by onClick', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = createPaymentResponse;
    createPaymentResponse = async () => {
      await held;
      return answer();
    };
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver);
    await button;
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.started).toHaveBeenCalledTimes(1));
    payPalButton().click();
    release();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalledTimes(1));
    expect(outcome.started).toHaveBeenCalledTimes(1);
    expect(requests.filter((request) => request.path === 'create_payment_resource')).toHaveLength(1);
    await driver.teardown();
  });

  it.each([
    [422, 'PAYPAL_INVALID_PAYMENT_OPTION', 'payments.error.configuration', false],
    // braintree-web keeps the client's own error for HTTP failures (convertToBraintreeError passes BraintreeErrors on)
    [500, 'CLIENT_GATEWAY_NETWORK', 'payments.error.gatewayUnavailable', true],
    [429, 'CLIENT_RATE_LIMITED', 'payments.error.rateLimited', true],
  ])(
    '§8 createPayment HTTP %s → %s (braintree-web’s error reaches onError, not PayPal’s wrapper)',
    async (status, code, messageId, retryable) => {
      createPaymentResponse = () => HttpResponse.json({ error: { message: 'nope' } }, { status });
      const driver = await createBraintreeDriver(config);
      const { outcome, button } = renderButton(driver);
      await button;
      payPalButton().click();
      await vi.waitFor(() => expect(outcome.failed).toHaveBeenCalled());
      expect(outcome.failed.mock.calls[0]![0]).toMatchObject({ name: 'BraintreeError', code });
      expect(toPaymentError(outcome.failed.mock.calls[0]![0])).toMatchObject({ messageId, retryable });
      await driver.teardown();
    },
  );

  it('§8 tokenization failure (HTTP 503 → CLIENT_GATEWAY_NETWORK, retryable) frees the button again', async () => {
    tokenizeResponse = () => HttpResponse.json({ error: { message: 'down' } }, { status: 503 });
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver);
    await button;
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.failed).toHaveBeenCalled());
    const failure = outcome.failed.mock.calls[0]![0];
    expect(failure).toMatchObject({ code: 'CLIENT_GATEWAY_NETWORK' });
    expect(toPaymentError(failure)).toMatchObject({ messageId: 'payments.error.gatewayUnavailable', retryable: true });
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.started).toHaveBeenCalledTimes(2));
    await driver.teardown();
  });

  it('§8 PayPal not enabled for the merchant → PAYPAL_NOT_ENABLED before any button', async () => {
    payPalEnabled = false;
    const driver = await createBraintreeDriver(config);
    const failure = await renderButton(driver).button.catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'PAYPAL_NOT_ENABLED' });
    expect(toPaymentError(failure)).toMatchObject({ messageId: 'payments.wallet.notEnabled', retryable: false });
    expect(document.querySelector('#paypal button')).toBeNull();
    await driver.teardown();
  });

  it('tokenizePayPal from the product’s own button is refused with the braintree driver (PayPal starts from its button)', async () => {
    const driver = await createBraintreeDriver(config);
    const failure = await driver.tokenizePayPal({ amount: 216 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'PAYPAL_BUTTON_REQUIRED', type: 'MERCHANT' });
    expect(toPaymentError(failure)).toMatchObject({ messageId: 'payments.error.configuration', retryable: false });
    await driver.teardown();
  });
});
