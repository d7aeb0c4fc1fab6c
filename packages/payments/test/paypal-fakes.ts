/**
 * PayPal through the braintree driver, the suites' shared fakes: the real braintree-web 3.144 `paypal-checkout` module
 * and client, msw answering Braintree's HTTP (GraphQL configuration, paypal_hermes/create_payment_resource and
 * setup_billing_agreement, payment_methods/paypal_accounts). Faked: only the PayPal JS SDK
 * (https://www.paypal.com/sdk/js, unreachable here) — when braintree-web injects its <script>, `window.paypal` becomes a
 * typed fake whose Buttons play the customer (click → onClick → createOrder or createBillingAgreement → approve or
 * cancel) the way PayPal's v5 Buttons call their callbacks. {@link usePayPalFakes} registers the suite's hooks.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import type { createBraintreeDriver } from '../src/braintree/driver.js';
import type { PayPalButtonsOptions, PayPalSdk } from '../src/braintree/modules.js';
import type { PayPalButtonInstance, PayPalButtonOptions, PayPalResult } from '../src/index.js';
import { GRAPHQL, analyticsHandlers, clientConfiguration } from './braintree-fixtures.js';

export const EC_TOKEN = 'EC-5YE59312K56892714';
export const PAYPAL_CLIENT_ID = 'AcXk-paypal-sandbox-client-id';

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

type Answer = () => Response | Promise<Response>;
/** What the fakes answer and saw; each test sets what it needs (reset before every test). */
export const fake = {
  payPalEnabled: true,
  createPaymentResponse: (() => HttpResponse.json({})) as Answer,
  setupAgreementResponse: (() => HttpResponse.json({})) as Answer,
  tokenizeResponse: (() => HttpResponse.json({})) as Answer,
  /** What the fake PayPal window does once createOrder / createBillingAgreement resolved. */
  customer: 'approve' as 'approve' | 'cancel',
  requests: [] as Array<{ path: string; body: Record<string, unknown> }>,
  rendered: [] as PayPalButtonsOptions[],
  sdkScripts: [] as HTMLScriptElement[],
};

const server = setupServer(
  http.post(GRAPHQL, () =>
    HttpResponse.json(clientConfiguration(fake.payPalEnabled ? { paypal: payPalConfiguration } : {})),
  ),
  http.post(/\/client_api\/v1\/paypal_hermes\/create_payment_resource$/, async ({ request }) => {
    fake.requests.push({ path: 'create_payment_resource', body: (await request.json()) as Record<string, unknown> });
    return fake.createPaymentResponse();
  }),
  http.post(/\/client_api\/v1\/paypal_hermes\/setup_billing_agreement$/, async ({ request }) => {
    fake.requests.push({ path: 'setup_billing_agreement', body: (await request.json()) as Record<string, unknown> });
    return fake.setupAgreementResponse();
  }),
  http.post(/\/client_api\/v1\/payment_methods\/paypal_accounts$/, async ({ request }) => {
    fake.requests.push({ path: 'paypal_accounts', body: (await request.json()) as Record<string, unknown> });
    return fake.tokenizeResponse();
  }),
  ...analyticsHandlers,
);

let observer: MutationObserver;

/** The fake PayPal JS SDK v5: Buttons render a button whose click runs PayPal's callback sequence. */
const fakeSdk: PayPalSdk = {
  FUNDING: { PAYPAL: 'paypal' },
  Buttons(options) {
    fake.rendered.push(options);
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
  // PayPal v5 Buttons: createOrder for a checkout, createBillingAgreement when the SDK was loaded with vault=true
  const vault = Boolean(options.createBillingAgreement);
  let token: string;
  try {
    token = await (vault ? options.createBillingAgreement! : options.createOrder!)();
  } catch (error) {
    options.onError?.(new Error('PayPal wraps createOrder errors'));
    return void error;
  }
  if (fake.customer === 'cancel') options.onCancel?.({ orderID: token });
  else if (vault) await options.onApprove({ billingToken: token, payerID: 'QHJ8K8ZYXR7WN' });
  else await options.onApprove({ orderID: token, payerID: 'QHJ8K8ZYXR7WN', paymentID: undefined });
}

/** Registers the suite's hooks: msw on, the fakes reset, the PayPal JS SDK's <script> answered with the fake SDK. */
export function usePayPalFakes() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(resetFakes);
  afterEach(() => {
    observer.disconnect();
    Reflect.deleteProperty(window, 'paypal');
    server.resetHandlers();
  });
  afterAll(() => server.close());
}

function resetFakes() {
  fake.payPalEnabled = true;
  fake.customer = 'approve';
  fake.rendered = [];
  fake.sdkScripts = [];
  fake.requests.length = 0;
  fake.setupAgreementResponse = () => HttpResponse.json({ agreementSetup: { tokenId: 'BA-9V4413212S6408130' } });
  fake.createPaymentResponse = () =>
    HttpResponse.json({
      paymentResource: {
        paymentToken: 'PAY-' + EC_TOKEN,
        redirectUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${EC_TOKEN}`,
      },
    });
  fake.tokenizeResponse = () =>
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
        fake.sdkScripts.push(node);
        Reflect.set(window, 'paypal', fakeSdk);
        node.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  document.body.innerHTML = '<div id="paypal"></div>';
}

/** The spies of a rendered button's callbacks. */
export interface ButtonOutcome {
  approved: Mock<(result: PayPalResult) => void>;
  canceled: Mock<() => void>;
  failed: Mock<(error: unknown) => void>;
  started: Mock<() => void>;
}

/** Renders the driver's PayPal button into #paypal for 216.00 USD (and `extra` options), with spies for its callbacks. */
export function renderButton(
  driver: Awaited<ReturnType<typeof createBraintreeDriver>>,
  extra: Partial<PayPalButtonOptions> = {},
): { outcome: ButtonOutcome; button: Promise<PayPalButtonInstance> } {
  const outcome: ButtonOutcome = {
    approved: vi.fn<(result: PayPalResult) => void>(),
    canceled: vi.fn<() => void>(),
    failed: vi.fn<(error: unknown) => void>(),
    started: vi.fn<() => void>(),
  };
  const button = driver.renderPayPalButton({
    container: document.querySelector<HTMLElement>('#paypal')!,
    amount: 216,
    currency: 'USD',
    onApprove: outcome.approved,
    onCancel: outcome.canceled,
    onError: outcome.failed,
    onStart: outcome.started,
    ...extra,
  });
  return { outcome, button };
}

/** The fake SDK's rendered PayPal button. */
export const payPalButton = () => document.querySelector<HTMLButtonElement>('#paypal button')!;
