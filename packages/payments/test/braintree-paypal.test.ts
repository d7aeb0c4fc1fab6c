/**
 * PayPal through the braintree driver: the real braintree-web 3.144 `paypal-checkout` module and client, msw
 * answering Braintree's HTTP; only the PayPal JS SDK is faked (test/paypal-fakes.ts).
 */
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { toPaymentError } from '../src/index.js';
import { braintreeConfig as config } from './braintree-fixtures.js';
import { EC_TOKEN, PAYPAL_CLIENT_ID, fake, payPalButton, renderButton, usePayPalFakes } from './paypal-fakes.js';

usePayPalFakes();

describe('braintree driver: PayPal checkout (spec §3 PayPal result, §4 "Other wallet flows", §9 PayPal SDK defaults)', () => {
  it('§9 loads the PayPal JS SDK with the merchant client id, components buttons, intent authorize, currency USD', async () => {
    const driver = await createBraintreeDriver(config);
    await renderButton(driver).button;
    expect(fake.sdkScripts).toHaveLength(1);
    const src = new URL(fake.sdkScripts[0]!.src);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      'client-id': PAYPAL_CLIENT_ID,
      components: 'buttons',
      intent: 'authorize',
      currency: 'USD',
    });
    expect(fake.rendered[0]).toMatchObject({ fundingSource: 'paypal' });
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
    const created = fake.requests.find((request) => request.path === 'create_payment_resource')!.body;
    expect(created).toMatchObject({ amount: '216.00', currencyIsoCode: 'USD', intent: 'authorize' });
    expect(created.experienceProfile).toMatchObject({ brandName: 'OurFamilyWizard' });
    const tokenized = fake.requests.find((request) => request.path === 'paypal_accounts')!.body;
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
    fake.customer = 'cancel';
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.canceled).toHaveBeenCalledTimes(1));
    expect(outcome.failed).not.toHaveBeenCalled();
    expect(fake.requests.some((request) => request.path === 'paypal_accounts')).toBe(false);
    fake.customer = 'approve';
    payPalButton().click();
    await vi.waitFor(() => expect(outcome.approved).toHaveBeenCalledTimes(1));
    await driver.teardown();
  });

  it('§4 one PayPal payment at a time: a second click while one runs is refused by onClick', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fake.createPaymentResponse;
    fake.createPaymentResponse = async () => {
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
    expect(fake.requests.filter((request) => request.path === 'create_payment_resource')).toHaveLength(1);
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
      fake.createPaymentResponse = () => HttpResponse.json({ error: { message: 'nope' } }, { status });
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
    fake.tokenizeResponse = () => HttpResponse.json({ error: { message: 'down' } }, { status: 503 });
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
    fake.payPalEnabled = false;
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
