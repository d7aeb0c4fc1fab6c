import { createApiClient, type OrderRequest } from '@ofw/api-client';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { answerMayBeLost } from '../src/join/in-doubt.js';
import { messageFor } from '../src/join/steps/payment/payment-error.js';
import enGB from '../src/i18n/lang/en-GB.json' with { type: 'json' };
import enUS from '../src/i18n/lang/en-US.json' with { type: 'json' };
import esMX from '../src/i18n/lang/es-MX.json' with { type: 'json' };
import esUS from '../src/i18n/lang/es-US.json' with { type: 'json' };

const order: OrderRequest = {
  packageId: 2053,
  paymentMethodNonce: 'fake-valid-nonce',
  billingAddress: {
    streetAddress: '1 Main St',
    locality: 'Seattle',
    region: 'WA',
    postalCode: '98101',
    countryCodeAlpha2: 'US',
  },
  expectedCharge: { amount: '216.00', currencyCode: 'USD' },
};

/** A join-api that never answers: the request ends only when its signal aborts it (as fetch does). */
const hangingFetch = (_: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
  });

describe('an order whose answer did not come in time is in doubt (docs/CONTRACTS.md "HTTP API" idempotency)', () => {
  it('the API client’s timeout keeps the attempt and its Idempotency-Key, and the banner says no second charge', async () => {
    const api = createApiClient({ fetch: hangingFetch, timeoutMs: 20 });
    const err = await api
      .createOrder({ body: order, headers: { 'Idempotency-Key': 'attempt-key-1' } })
      .catch((e: unknown) => e);
    // the request may have reached join-api and be charging: the retry must send the same key (use-submit-payment
    // forgets the attempt only when the answer is definite)
    expect(answerMayBeLost(err)).toBe(true);
    const intl = createIntl({ locale: 'en-US', messages: enUS });
    expect(messageFor(intl, err)).toBe(enUS['payment.error.inDoubt']);
  });
});

describe('the in-doubt banner promises what join-api keeps', () => {
  it.each([
    ['en-US', enUS, /charged at most once/, /try again or reload/, /about two minutes/],
    ['en-GB', enGB, /charged at most once/, /try again or reload/, /about two minutes/],
    ['es-US', esUS, /como máximo una vez/, /volver a intentarlo o recargar/, /unos dos minutos/],
    ['es-MX', esMX, /como máximo una vez/, /volver a intentarlo o recargar/, /unos dos minutos/],
  ])(
    '%s: the payment is still being confirmed, charged at most once (a late second approval is given back), safe to retry or reload, and how long it can take (a sale gets the 60 s braintree_node gives a call; the order is settled within its ~2 min lease)',
    (_, messages, atMostOnce, retry, howLong) => {
      const text = messages['payment.error.inDoubt'];
      expect(text).toMatch(atMostOnce);
      expect(text).toMatch(retry);
      expect(text).toMatch(howLong);
      expect(text).not.toMatch(/not be charged twice|no se te cobrará dos veces/);
    },
  );
});
