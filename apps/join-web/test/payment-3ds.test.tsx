import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { card, resetPaymentFakes } from './payment-fakes.js';
import { atPayment, order, payWhenVerifyCardFails, problem } from './payment-step.js';
import { renderApp, type Call } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// 3D Secure on the payment step (spec §4 "3D Secure flow", docs/PAYMENTS.md "3D Secure policy") and the retry of a
// lost answer under the same Idempotency-Key.

describe('payment step', () => {
  beforeEach(resetPaymentFakes);

  it('docs/PAYMENTS.md "3D Secure policy" step-up: 402 authentication_required verifies a freshly tokenized card again with challengeRequested (§3 verifyCard options) and retries under the SAME Idempotency-Key with the new nonce', async () => {
    const { api, keys } = atPayment([
      () => problem(402, 'authentication_required'),
      () => ({ status: 201, body: order }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders.map((c) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce)).toEqual([
      'nonce-1',
      'nonce-2',
    ]);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    // the body is the first one but for the nonce (join-api refuses any other change under the key)
    const { paymentMethodNonce: _first, ...firstRest } = orders[0]!.body as Record<string, unknown>;
    const { paymentMethodNonce: _second, ...secondRest } = orders[1]!.body as Record<string, unknown>;
    expect(secondRest).toEqual(firstRest);
    expect(card.verified.map((v) => (v as { challengeRequested?: boolean }).challengeRequested)).toEqual([
      undefined,
      true,
    ]);
  });

  it('docs/PAYMENTS.md "3D Secure policy" step-up: exactly one per payment attempt — a second authentication_required says the bank could not verify the card and sends nothing more', async () => {
    const { api } = atPayment([
      () => problem(402, 'authentication_required'),
      () => problem(402, 'authentication_required'),
      () => ({ status: 201, body: order }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank could not verify the card. Please try again or use a different card.',
    );
    expect(api.calls.filter((c) => c.path === '/orders')).toHaveLength(2);
  });

  it('an answer lost to a 5xx is retried with the same Idempotency-Key and the same nonce (never a second charge)', async () => {
    const { api, keys } = atPayment([
      () => problem(503, 'payment_gateway_unavailable'),
      () => ({ status: 201, body: order }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You will be charged at most once');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const nonceOf = (c: Call) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce;
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(nonceOf(orders[0]!)).toBe(nonceOf(orders[1]!));
  });
});

describe('one price everywhere', () => {
  beforeEach(resetPaymentFakes);
  it('spec §4 "3D Secure flow" 7: when the bank’s verification script did not load in time, the page says so in its own words and offers "Try again", which verifies the card again and pays', async () => {
    const { api, user } = await payWhenVerifyCardFails('THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT', 'NETWORK');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank’s card verification could not be loaded. You have not been charged. Please try again.',
    );
    // no endless spinner: the Pay button is usable again, and nothing was sent
    expect(screen.getByRole('button', { name: 'Pay $216.00' })).not.toHaveAttribute('aria-busy', 'true');
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(card.verified).toHaveLength(2);
    expect(api.calls.filter((c) => c.path === '/orders')).toHaveLength(1);
  });

  it('a 3D Secure failure that is no set-up timeout offers no "Try again" (the card itself was refused)', async () => {
    const { api } = await payWhenVerifyCardFails('THREEDS_LOOKUP_VALIDATION_ERROR', 'CUSTOMER');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bank could not verify the card.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });

  it('a card whose tokenization has no BIN is refused with a clear message, never charged without 3D Secure', async () => {
    card.bin = undefined;
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $216.00' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card cannot be verified with your bank, so it was not charged. Please use a different card.',
    );
    expect(card.verified).toHaveLength(0);
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
    // a card with a BIN then goes through 3D Secure and is charged
    card.bin = '411111';
    await user.click(screen.getByRole('button', { name: 'Pay $216.00' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(card.verified.map((v) => v.amount)).toEqual([216]);
    expect(api.calls.filter((c) => c.path === '/orders')).toHaveLength(1);
  });
});
