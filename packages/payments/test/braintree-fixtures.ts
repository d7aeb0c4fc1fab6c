/**
 * What Braintree's servers answer in the braintree-driver suites (msw): a sandbox tokenization key, the GraphQL
 * `ClientConfiguration` body braintree-web 3.144 asks for, and the analytics endpoints it posts to.
 */
import { http, HttpResponse } from 'msw';

export const KEY = 'sandbox_g42y39zw_348pk9cgf3bgyw2b';
export const MERCHANT = '348pk9cgf3bgyw2b';
export const CLIENT_API = `https://api.sandbox.braintreegateway.com:443/merchants/${MERCHANT}/client_api`;
export const GRAPHQL = 'https://payments.sandbox.braintree-api.com/graphql';

/** The braintree driver's config (GET /api/v1/payments/config) with the tokenization key. */
export const braintreeConfig = {
  driver: 'braintree' as const,
  authorization: KEY,
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};

/** The GraphQL `clientConfiguration` reply; each suite enables what it exercises. */
export function clientConfiguration(enabled: {
  creditCard?: Record<string, unknown>;
  paypal?: Record<string, unknown>;
  supportedFeatures?: string[];
}) {
  return {
    data: {
      clientConfiguration: {
        analyticsUrl: 'https://origin-analytics-sand.sandbox.braintree-api.com/' + MERCHANT,
        environment: 'SANDBOX',
        merchantId: MERCHANT,
        assetsUrl: 'https://assets.braintreegateway.com',
        clientApiUrl: CLIENT_API,
        creditCard: enabled.creditCard ?? null,
        applePayWeb: null,
        googlePay: null,
        ideal: null,
        kount: null,
        masterpass: null,
        paypal: enabled.paypal ?? null,
        unionPay: null,
        usBankAccount: null,
        venmo: null,
        visaCheckout: null,
        braintreeApi: null,
        supportedFeatures: enabled.supportedFeatures ?? [],
      },
    },
  };
}

/** braintree-web's analytics and PayPal logger posts. */
export const analyticsHandlers = [
  http.post('https://www.paypal.com/xoplatform/logger/api/logger', () => HttpResponse.json({})),
  http.post(/analytics/, () => HttpResponse.json({})),
];
