/**
 * Venmo in a single-page app through the braintree driver: the real braintree-web 3.144 `venmo` module, msw answering
 * Braintree's GraphQL configuration (Venmo enabled). braintree-web's Venmo docs: "allowNewBrowserTab … should be set
 * to false if your payment flow requires returning to the same tab, e.g. single page applications", and "If
 * hasTokenizationResult returns true, call tokenize immediately to process the results".
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { createSandboxDriver } from '../src/sandbox/driver.js';
import { GRAPHQL, analyticsHandlers, braintreeConfig as config, clientConfiguration } from './braintree-fixtures.js';

const configuration = clientConfiguration({});
configuration.data.clientConfiguration.venmo = {
  merchantId: 'venmo-merchant',
  accessToken: 'access_token$sandbox$venmo',
  environment: 'SANDBOX',
  enrichedCustomerDataEnabled: false,
} as never;

const server = setupServer(
  http.post(GRAPHQL, () => HttpResponse.json(configuration)),
  ...analyticsHandlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const userAgent = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'userAgent')!;
function browseWith(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ua });
}
afterEach(() => {
  Object.defineProperty(navigator, 'userAgent', userAgent);
  window.location.hash = '';
});

const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('braintree driver: Venmo in a single-page app (spec §5 "Other wallet and bank rules", braintree-web Venmo docs)', () => {
  it('allowNewBrowserTab false: a mobile browser that cannot return to the same tab (Android Firefox) gets no Venmo', async () => {
    browseWith(ANDROID_FIREFOX);
    const driver = await createBraintreeDriver(config);
    expect(await driver.isVenmoSupported()).toBe(false);
    await driver.teardown();
  });

  it('a mobile browser the Venmo app returns to in the same tab (Android Chrome) gets Venmo', async () => {
    browseWith(ANDROID_CHROME);
    const driver = await createBraintreeDriver(config);
    expect(await driver.isVenmoSupported()).toBe(true);
    await driver.teardown();
  });

  it('on load with no result in the URL, nothing is resumed (and no Venmo flow starts)', async () => {
    browseWith(ANDROID_CHROME);
    const opened: unknown[] = [];
    const open = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    const driver = await createBraintreeDriver(config);
    await expect(driver.resumeVenmo()).resolves.toBeUndefined();
    expect(opened).toEqual([]);
    window.open = open;
    await driver.teardown();
  });

  it('the sandbox driver: Venmo runs anywhere (its popup), and there is never a returning result', async () => {
    const sandbox = createSandboxDriver({
      driver: 'sandbox',
      authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
      sandboxUrl: 'http://localhost:3010',
      displayName: 'OurFamilyWizard',
      flags: { applePay: false, cadPayPal: false, venmo: true },
    });
    expect(await sandbox.isVenmoSupported()).toBe(true);
    expect(await sandbox.resumeVenmo()).toBeUndefined();
    await sandbox.teardown();
  });
});
