import { createApiClient, type OrderRequest } from '@ofw/api-client';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { answerMayBeLost } from '../src/join/in-doubt.js';
import { messageFor } from '../src/join/steps/payment/payment-error.js';
import enUS from '../src/i18n/lang/en-US.json' with { type: 'json' };

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

describe('an order whose answer did not come in time is in doubt (DESIGN.md §4 idempotency)', () => {
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
