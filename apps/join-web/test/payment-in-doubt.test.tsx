import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentAttempt, paymentAttemptStorageKey } from '../src/join/payment-attempt.js';
import { nonces, resetPaymentFakes } from './payment-fakes.js';
import { atPayment, order, premium, problem } from './payment-step.js';
import { renderApp } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// docs/PAYMENTS.md: an order attempt whose answer was lost survives a reload and is re-sent under the same key.

describe('payment step: an in-doubt attempt survives a reload', () => {
  const STORED = paymentAttemptStorageKey(7);
  const stored = () => sessionStorage.getItem(STORED);
  const orders = (api: ReturnType<typeof atPayment>['api']) => api.calls.filter((c) => c.path === '/orders');

  beforeEach(resetPaymentFakes);

  it.each([
    ['a 503', () => problem(503, 'payment_gateway_unavailable')],
    ['idempotency_in_flight', () => problem(409, 'idempotency_in_flight')],
  ])(
    'an answer lost to %s, then a reload: the attempt is re-sent once on mount with the same Idempotency-Key and body',
    async (_, lost) => {
      const writtenBeforeSending: Array<string | null> = [];
      const { api, keys } = atPayment([
        () => {
          writtenBeforeSending.push(stored());
          return lost();
        },
        () => ({ status: 201, body: order }),
      ]);
      const first = renderApp('/join', api);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
      expect(await screen.findByRole('alert')).toHaveTextContent('You will be charged at most once');
      // stored before the request left, and kept after the lost answer
      expect(JSON.parse(writtenBeforeSending[0]!)).toEqual({ key: keys[0], body: orders(api)[0]!.body });
      expect(loadPaymentAttempt(7)).toEqual({ key: keys[0], body: orders(api)[0]!.body });

      first.unmount(); // the reload: nothing in memory survives, sessionStorage does
      // hold the re-sent order's answer until the page has said what it is doing
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const held: typeof api = {
        calls: api.calls,
        fetch: vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          return url.includes('/orders') ? gate.then(() => api.fetch(input, init)) : api.fetch(input, init);
        }),
      };
      renderApp('/join', held);
      expect(
        await screen.findByText('Checking the payment you started before the page reloaded…', undefined, {
          timeout: 5000,
        }),
      ).toBeInTheDocument();
      release();
      expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(orders(api)[1]!.body).toEqual(orders(api)[0]!.body);
      expect(nonces.n).toBe(1); // never tokenized again
      expect(stored()).toBeNull(); // paid: a definite answer clears it
    },
  );

  it('a lost answer again after the reload keeps the attempt: the next Pay re-sends the same key and body', async () => {
    const { api, keys } = atPayment([
      () => problem(503, 'payment_gateway_unavailable'),
      () => problem(502, 'payment_gateway_unavailable'),
      () => ({ status: 201, body: order }),
    ]);
    const first = renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    await screen.findByRole('alert');
    first.unmount();
    renderApp('/join', api);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('You will be charged at most once');
    expect(stored()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(orders(api).map((c) => c.body)).toEqual([orders(api)[0]!.body, orders(api)[0]!.body, orders(api)[0]!.body]);
    expect(stored()).toBeNull();
  });

  it('a 201 clears the stored attempt, and a later reload sends nothing', async () => {
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    const first = renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(stored()).toBeNull();
    first.unmount();
    renderApp('/join', api);
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(orders(api)).toHaveLength(1);
  });

  it('a 402 decline clears the stored attempt: a reload re-sends nothing and the next Pay is a new attempt', async () => {
    const { api, keys } = atPayment([() => problem(402, 'processor_declined'), () => ({ status: 201, body: order })]);
    const first = renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/declined/i);
    expect(stored()).toBeNull();
    first.unmount();
    renderApp('/join', api);
    const pay = await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 });
    expect(screen.queryByText('Checking the payment you started before the page reloaded…')).toBeNull();
    expect(orders(api)).toHaveLength(1);
    await user.click(pay);
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(keys[1]).not.toBe(keys[0]);
    expect((orders(api)[1]!.body as { paymentMethodNonce: string }).paymentMethodNonce).toBe('nonce-2');
  });

  it('nothing card-like is ever in sessionStorage: only the key and the order request', async () => {
    const snapshots: string[] = [];
    const snapshot = () => {
      for (let i = 0; i < sessionStorage.length; i++) snapshots.push(sessionStorage.getItem(sessionStorage.key(i)!)!);
    };
    // The idempotency key is a random UUID; about 1 in 60 of them has 12 decimal digits in a row (or 4-4-4
    // digit groups) and would look like a PAN to the patterns below. Use such a key on purpose, and leave the
    // key (a UUID by its schema) out of the scan.
    const digitsOnlyKey = '12345678-1234-4123-8123-123456789012';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(digitsOnlyKey);
    const { api } = atPayment([
      () => {
        snapshot();
        return problem(503, 'payment_gateway_unavailable');
      },
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    await screen.findByRole('alert');
    snapshot();
    vi.mocked(crypto.randomUUID).mockRestore();
    const attempt = JSON.parse(stored()!) as { key: string; body: Record<string, unknown> };
    expect(Object.keys(attempt).sort()).toEqual(['body', 'key']);
    expect(Object.keys(attempt.body).sort()).toEqual([
      'autoRenew',
      'billingAddress',
      'deviceData',
      'expectedCharge',
      'packageId',
      'paymentMethodNonce',
    ]);
    expect(attempt.key).toBe(digitsOnlyKey);
    for (const stored of snapshots) {
      const value = stored.replaceAll(digitsOnlyKey, '');
      expect(value).not.toMatch(/\d{12,19}/); // no card number (PAN), not even unformatted
      expect(value).not.toMatch(/\d{4}[ -]\d{4}[ -]\d{4}/);
      expect(value).not.toMatch(/cvv|cvc|securityCode|cardNumber|expiration|\bnumber\b/i);
    }
  });

  it("another parent's attempt is never resumed, and a stored value that is not an attempt is ignored", () => {
    sessionStorage.setItem(
      paymentAttemptStorageKey(7),
      JSON.stringify({
        key: '0f3c2a52-7f7e-4f0b-9d9a-1f1a4c7d2b10',
        body: {
          packageId: premium.id,
          paymentMethodNonce: 'nonce-1',
          billingAddress: {
            streetAddress: '1 Main St',
            locality: 'Seattle',
            region: 'WA',
            postalCode: '98101',
            countryCodeAlpha2: 'US',
          },
          expectedCharge: { amount: '216.00', currencyCode: 'USD' },
        },
      }),
    );
    expect(loadPaymentAttempt(7)?.body.paymentMethodNonce).toBe('nonce-1');
    expect(loadPaymentAttempt(8)).toBeUndefined();
    expect(loadPaymentAttempt(undefined)).toBeUndefined();
    sessionStorage.setItem(paymentAttemptStorageKey(7), JSON.stringify({ key: 'short', body: {} }));
    expect(loadPaymentAttempt(7)).toBeUndefined();
    sessionStorage.setItem(paymentAttemptStorageKey(7), '{not json');
    expect(loadPaymentAttempt(7)).toBeUndefined();
  });
});
