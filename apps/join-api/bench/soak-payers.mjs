// The money soak's payers (bench/soak.mjs): who pays what, with which payment method, and the single-use nonce each
// attempt carries — made as the payment page makes it, against the sandbox served in-process (`startSandbox`).
/** What a parent buys, by country (§9): US Premium 1 year in USD; GB Essentials 1 year in GBP. */
export const PURCHASES = {
  US: {
    packageId: 2053,
    expectedCharge: { amount: '216.00', currencyCode: 'USD' },
    billingAddress: {
      streetAddress: '1 Main St',
      locality: 'Austin',
      region: 'TX',
      postalCode: '78701',
      countryCodeAlpha2: 'US',
    },
    parent: (i) => ({ firstName: 'Soak', lastName: `P${i}`, phoneNumber: '2025550143' }),
  },
  GB: {
    packageId: 2061,
    expectedCharge: { amount: '107.99', currencyCode: 'GBP' },
    billingAddress: {
      streetAddress: '10 Downing St',
      locality: 'London',
      postalCode: 'SW1A 2AA',
      countryCodeAlpha2: 'GB',
    },
    parent: (i) => ({ firstName: 'Soak', lastName: `G${i}`, phoneCountryCode: '+44', phoneNumber: '7400123456' }),
  },
};

/**
 * Payment methods, as the page's hosted fields, 3D Secure lookup (braintree-web `threeDSecure.verifyCard`) and
 * PayPal popup leave them (Braintree "3D Secure 2 test cards"; the sandbox's README "Test values"):
 * - `frictionless` — 4000000000002701: looked up, authenticated without a challenge, liability shifted;
 * - `challenge` — 4000000000002503: looked up, challenged, "Complete authentication" answered in the bank's frame,
 *   then exchanged (`authenticate_from_jwt`): liability shifted;
 * - `not-enrolled` — 4111111111111111: looked up, `authentication_unavailable` (liabilityShiftPossible false), sold
 *   without `threeDSecure.required` (docs/PAYMENTS.md "3D Secure policy");
 * - `paypal` — a one-time PayPal checkout (the popup's `fake-paypal_sb` single-use nonce, with the payer's own email).
 */
export const METHODS = ['frictionless', 'challenge', 'not-enrolled', 'paypal'];
const CARDS = { frictionless: '4000000000002701', challenge: '4000000000002503', 'not-enrolled': '4111111111111111' };

/** The page origin the sandbox lets call its browser API (`allowedOrigins`); never contacted. */
export const PAGE_ORIGIN = 'http://127.0.0.1:3000';

/**
 * `nonceFor(method, { amount, email })` resolves a new single-use nonce for one attempt; `answerChallenge` is the
 * sandbox's walk of the challenge frame's pages (step-up page, the bank's ACS, the notification page).
 */
export function payers(sandbox, { answerChallenge, FAKE_NONCES }) {
  const post = async (path, body, origin) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`POST ${path} ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const counts = Object.fromEntries(METHODS.map((m) => [m, 0]));
  async function cardNonce(number, amount) {
    // a client token (the page's braintree.client authorization), as join-api hands the page one
    const authorization = sandbox.store.clientTokens.issue(sandbox.url);
    const tokenized = await post('/v1/tokenize', {
      authorization,
      creditCard: { number, expirationDate: '12/30', cvv: '123' },
    });
    const lookup = await post(
      '/v1/browser/three_d_secure/lookup',
      { authorization, nonce: tokenized.creditCards[0].nonce, amount, bin: number.slice(0, 6) },
      PAGE_ORIGIN,
    );
    if (!lookup.lookup.acsUrl) return lookup.paymentMethod.nonce;
    const { jwt } = await answerChallenge(
      (url, init) => fetch(url, init),
      sandbox.url,
      lookup.lookup.transactionId,
      'complete',
    );
    const done = await post(
      '/v1/browser/three_d_secure/authenticate_from_jwt',
      { jwt, paymentMethodNonce: lookup.paymentMethod.nonce },
      PAGE_ORIGIN,
    );
    return done.paymentMethod.nonce;
  }
  return {
    counts,
    async nonceFor(method, { amount, email }) {
      counts[method]++;
      if (method === 'paypal')
        return sandbox.store.createNonce({ ...FAKE_NONCES['fake-paypal-one-time-nonce'], email }, 'fake-paypal_sb');
      return cardNonce(CARDS[method], amount);
    },
  };
}
