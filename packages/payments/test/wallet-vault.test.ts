/**
 * Wallets that save (docs/RENEWAL.md: a renewal charges the saved method), per driver. braintree: the real
 * braintree-web 3.144 modules and client over msw (test/paypal-fakes.ts; only the PayPal JS SDK is faked) — PayPal's
 * Vault flow and Venmo's `paymentMethodUsage`. sandbox: the same braintree-web names on the wallet popup's URL.
 */
import venmoModule from 'braintree-web/venmo/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { createSandboxDriver } from '../src/sandbox/driver.js';
import { braintreeConfig as config } from './braintree-fixtures.js';
import { SANDBOX_URL } from './fake-sandbox-frames.js';
import { PAYPAL_CLIENT_ID, fake, payPalButton, renderButton, usePayPalFakes } from './paypal-fakes.js';

usePayPalFakes();
afterEach(() => vi.restoreAllMocks());

describe('braintree driver: PayPal Vault flow (braintree-web paypal-checkout createPayment "flow: vault", loadPayPalSDK "vault")', () => {
  it('vault: the PayPal JS SDK loads with vault=true (intent tokenize) and the button asks createBillingAgreement', async () => {
    const driver = await createBraintreeDriver(config);
    await renderButton(driver, { vault: true }).button;
    const src = new URL(fake.sdkScripts[0]!.src);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      'client-id': PAYPAL_CLIENT_ID,
      vault: 'true',
      intent: 'tokenize',
    });
    expect(fake.rendered[0]!.createBillingAgreement).toBeTypeOf('function');
    expect(fake.rendered[0]!.createOrder).toBeUndefined();
    await driver.teardown();
  });

  it('vault: click → setup_billing_agreement with the billing agreement description → approve → tokenized with the billing token', async () => {
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver, {
      vault: true,
      billingAgreementDescription: 'OurFamilyWizard renews your subscription automatically',
    });
    await button;
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalled());
    expect(fake.requests.some((r) => r.path === 'create_payment_resource')).toBe(false);
    const setup = fake.requests.find((r) => r.path === 'setup_billing_agreement')!.body;
    expect(setup).toMatchObject({ description: 'OurFamilyWizard renews your subscription automatically' });
    expect(setup.experienceProfile).toMatchObject({ brandName: 'OurFamilyWizard' });
    const tokenized = fake.requests.find((r) => r.path === 'paypal_accounts')!.body;
    expect(tokenized.paypalAccount).toMatchObject({ billingAgreementToken: 'BA-9V4413212S6408130' });
    expect(outcome.approved.mock.calls[0]![0]).toMatchObject({ type: 'PayPalAccount' });
    await driver.teardown();
  });

  it('without vault: a one-time checkout as before (create_payment_resource, no billing agreement)', async () => {
    const driver = await createBraintreeDriver(config);
    const { outcome, button } = renderButton(driver, { vault: false });
    await button;
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalled());
    expect(fake.requests.map((r) => r.path)).toEqual(['create_payment_resource', 'paypal_accounts']);
    expect(new URL(fake.sdkScripts[0]!.src).searchParams.get('vault')).toBeNull();
    await driver.teardown();
  });
});

describe('braintree driver: Venmo paymentMethodUsage (braintree-web venmo.create "paymentMethodUsage")', () => {
  it('vault → multi_use, else single_use: one braintree-web Venmo instance per usage', async () => {
    const created: Array<Record<string, unknown>> = [];
    const venmo = venmoModule as unknown as { create: (options: Record<string, unknown>) => Promise<unknown> };
    vi.spyOn(venmo, 'create').mockImplementation((options) => {
      created.push(options);
      const usage = String(options.paymentMethodUsage);
      return Promise.resolve({
        isBrowserSupported: () => true,
        hasTokenizationResult: () => false,
        tokenize: () =>
          Promise.resolve({ nonce: `fake-venmo-${usage}`, type: 'VenmoAccount', details: { username: '@venmojoe' } }),
        teardown: () => Promise.resolve(),
      });
    });
    const driver = await createBraintreeDriver(config);
    await expect(driver.tokenizeVenmo({ vault: true })).resolves.toMatchObject({ nonce: 'fake-venmo-multi_use' });
    await expect(driver.tokenizeVenmo()).resolves.toMatchObject({ nonce: 'fake-venmo-single_use' });
    await expect(driver.isVenmoSupported({ vault: true })).resolves.toBe(true);
    expect(created.map((o) => o.paymentMethodUsage)).toEqual(['multi_use', 'single_use']);
    expect(created[0]).toMatchObject({ allowNewBrowserTab: false, allowDesktop: true });
    await driver.teardown();
  });
});

describe('sandbox driver: the wallet popup is told the usage under braintree-web’s names', () => {
  const sandbox = () =>
    createSandboxDriver({
      driver: 'sandbox',
      authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
      sandboxUrl: SANDBOX_URL,
      displayName: 'OurFamilyWizard',
      flags: { applePay: false, cadPayPal: false, venmo: true },
    });
  const popupParams = (open: { mock: { calls: unknown[][] } }, i: number) =>
    new URL(String(open.mock.calls[i]![0])).searchParams;

  it.each([
    [{ vault: true }, 'vault', 'multi_use'],
    [{ vault: false }, 'checkout', 'single_use'],
    [undefined, 'checkout', 'single_use'],
  ])('%j → PayPal flow=%s, Venmo paymentMethodUsage=%s', async (options, flow, usage) => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ closed: true } as Window);
    const driver = sandbox();
    const paypal = driver.tokenizePayPal({ amount: 216, currency: 'USD', ...options }).catch(() => undefined);
    const venmo = driver.tokenizeVenmo(options).catch(() => undefined);
    expect(popupParams(open, 0).get('flow')).toBe(flow);
    expect(popupParams(open, 1).get('paymentMethodUsage')).toBe(usage);
    await Promise.all([paypal, venmo]);
    await driver.teardown();
  });
});
