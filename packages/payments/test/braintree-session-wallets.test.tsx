/**
 * Apple Pay and the data collector through the braintree driver: the real braintree-web 3.144 `apple-pay` and
 * `data-collector` modules and client, msw answering Braintree's HTTP (GraphQL configuration with `applePayWeb`,
 * `apple_pay_web/sessions`, `payment_methods/apple_payment_tokens`). Faked: Safari's `ApplePaySession` (the sheet)
 * and the loading of PayPal FraudNet's script (jsdom loads no external scripts: the test fires its load event).
 */
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, useEffect } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeDriver } from '../src/braintree/driver.js';
import { applePayPaymentRequest, runApplePaySession } from '../src/index.js';
import { PaymentsProvider, useDataCollector, type UseDataCollectorResult } from '../src/react.js';
import { GRAPHQL, analyticsHandlers, braintreeConfig as config, clientConfiguration } from './braintree-fixtures.js';
import { FakeSession } from './fake-apple-pay-session.js';

const configuration = clientConfiguration({});
configuration.data.clientConfiguration.applePayWeb = {
  countryCode: 'US',
  currencyCode: 'USD',
  merchantIdentifier: 'merchant.com.ourfamilywizard',
  supportedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS', 'DISCOVER'],
} as never;

let tokenized = 0;
const server = setupServer(
  http.post(GRAPHQL, () => HttpResponse.json(configuration)),
  http.post(/\/client_api\/v1\/apple_pay_web\/sessions$/, () => HttpResponse.json({ merchantSessionIdentifier: 'm' })),
  http.post(/\/client_api\/v1\/payment_methods\/apple_payment_tokens$/, () => {
    tokenized += 1;
    return HttpResponse.json({
      applePayCards: [
        {
          nonce: `tokenapplepay_${tokenized}`,
          type: 'ApplePayCard',
          description: 'Apple Pay - Visa',
          details: { cardType: 'Apple Pay - Visa', dpanLastTwo: '81' },
        },
      ],
    });
  }),
  ...analyticsHandlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  delete (window as { ApplePaySession?: unknown }).ApplePaySession;
  document.body.innerHTML = '';
});
afterAll(() => server.close());

describe('braintree driver: Apple Pay completes the sheet with the server answer (spec §4 "Apple Pay")', () => {
  it.each([
    [true, 'STATUS_SUCCESS'],
    [false, 'STATUS_FAILURE'],
  ] as const)(
    'tokenized by braintree-web, the nonce reaches the caller before completePayment; paid=%s → %s',
    async (paid, status) => {
      (window as { ApplePaySession?: unknown }).ApplePaySession = FakeSession;
      const driver = await createBraintreeDriver(config);
      const applePay = await driver.createApplePay();
      const running = runApplePaySession(
        applePay,
        applePayPaymentRequest({ displayName: 'OurFamilyWizard', amount: 216 }),
      );
      const session = FakeSession.last!;
      session.onvalidatemerchant!({
        validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      });
      await waitFor(() => expect(session.completeMerchantValidation).toHaveBeenCalled());
      session.onpaymentauthorized!({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
      const authorization = await running;
      expect(authorization?.nonce).toMatch(/^tokenapplepay_/);
      // braintree-web's own example: "Send the tokenizedPayload to your server here! Once the transaction is
      // complete, call completePayment" — nothing is completed before the caller's charge answered
      expect(session.completePayment).not.toHaveBeenCalled();
      authorization!.complete(paid);
      expect(session.completePayment).toHaveBeenCalledExactlyOnceWith(FakeSession[status]);
      await driver.teardown();
    },
  );
});

/** FraudNet's parameter block (braintree-web data-collector/fraudnet.js `_createParameterBlock`). */
const parameterBlocks = () => document.querySelectorAll('script[fncls]');
/** braintree-web's FraudNet script, whose load the test completes (jsdom fetches no external script). */
async function loadFraudNetScripts() {
  await waitFor(() => expect(document.querySelector('script[src*="fb.js"]')).not.toBeNull());
  for (const script of document.querySelectorAll('script[src*="fb.js"]')) script.dispatchEvent(new Event('load'));
}

describe('braintree driver: the data collector runs from the payment step mount (Braintree "Collect device data")', () => {
  it('collects from mount, hands its deviceData at submit, and StrictMode leaves one collector, gone on unmount', async () => {
    let collector: UseDataCollectorResult | undefined;
    function Step() {
      const result = useDataCollector();
      useEffect(() => {
        collector = result;
      });
      return null;
    }
    const view = render(
      // StrictMode around the step only: braintree-web caches its client per authorization, so a StrictMode
      // remount of the provider itself is another matter (not the collector's)
      <PaymentsProvider config={config}>
        <StrictMode>
          <Step />
        </StrictMode>
      </PaymentsProvider>,
    );
    // FraudNet collects from its creation: its parameter block is on the page before anyone pays
    await waitFor(() => expect(parameterBlocks().length).toBeGreaterThan(0), { timeout: 5000 });
    await loadFraudNetScripts();
    await waitFor(() => expect(collector?.status).toBe('ready'));
    const deviceData = JSON.parse((await collector!.getDeviceData())!) as { correlation_id: string };
    expect(deviceData.correlation_id).toHaveLength(32); // FraudNet session id, truncated to 32 (fraudnet.js)
    // StrictMode's first mount was torn down (also while its creation was still running): one collector remains
    await waitFor(() => expect(parameterBlocks()).toHaveLength(1));
    view.unmount();
    await waitFor(() => expect(parameterBlocks()).toHaveLength(0));
    await expect(collector!.getDeviceData()).resolves.toBeUndefined();
  });
});
