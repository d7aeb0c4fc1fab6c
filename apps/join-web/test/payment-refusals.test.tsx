import { quote } from '@ofw/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { resetPaymentFakes } from './payment-fakes.js';
import { atPayment, order, premium, problem } from './payment-step.js';
import { renderApp } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// What the parent reads when an order is refused (spec §8, docs/CONTRACTS.md problem codes) — nothing is charged.

describe('payment step', () => {
  beforeEach(resetPaymentFakes);

  it('docs/PAYMENTS.md "Shown = charged": the order carries the amount on the Pay button; a 409 price_changed shows the new price (nothing charged) and the next Pay is a new attempt', async () => {
    const changed = () => {
      const p = problem(409, 'price_changed');
      return { ...p, body: { ...p.body, quote: { amount: '229.00', currencyCode: 'USD' } } };
    };
    const { api, keys } = atPayment([changed, () => ({ status: 201, body: order })]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const shown = premium.totalPrice.toFixed(2);
    await user.click(await screen.findByRole('button', { name: `Pay $${shown}` }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price is now $229.00. Nothing was charged');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders[0]!.body).toMatchObject({ expectedCharge: { amount: shown, currencyCode: 'USD' } });
    expect(orders).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    // the package data is read again, so the page shows the server's new total
    expect(api.calls.filter((c) => c.path === '/packages').length).toBeGreaterThan(1);
  });

  it('§4 "Discount" a promotion code applied on the plans step lowers the Pay button, and the order carries the code with that amount', async () => {
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    const progress = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!) as Record<string, unknown>;
    const coupon = { code: 'WELCOME10', packageId: premium.id, status: 'available', discountAmount: 10 };
    sessionStorage.setItem(STORAGE_KEYS.progress, JSON.stringify({ ...progress, coupon }));
    renderApp('/join', api);
    const user = userEvent.setup();
    // one quote: $216.00 − $10.00 on the Pay button, as join-api charges the order's couponCode
    const shown = quote(
      { packageId: premium.id },
      { currency: 'USD', flow: 'join', pricingGroup: 'P3', coupons: [coupon] },
    ).charged.toFixed(2);
    expect(shown).toBe('206.00');
    await user.click(await screen.findByRole('button', { name: `Pay $${shown}` }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/orders')!.body).toMatchObject({
      packageId: premium.id,
      couponCode: 'WELCOME10',
      expectedCharge: { amount: shown, currencyCode: 'USD' },
    });
  });

  it('§8 a decline shows the error banner (role=alert); the next Pay tokenizes again with a new Idempotency-Key and succeeds', async () => {
    const { api, keys } = atPayment([() => problem(402, 'processor_declined'), () => ({ status: 201, body: order })]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const pay = await screen.findByRole('button', { name: `Pay $${premium.totalPrice.toFixed(2)}` }, { timeout: 5000 });
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent(/declined/i);
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders.map((c) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce)).toEqual([
      'nonce-1',
      'nonce-2',
    ]);
    expect(new Set(keys).size).toBe(2);
    expect(orders[1]!.body).toMatchObject({
      packageId: premium.id,
      billingAddress: {
        streetAddress: '1 Main St',
        locality: 'Seattle',
        region: 'WA',
        postalCode: '98101',
        countryCodeAlpha2: 'US',
      },
      deviceData: 'device-data',
    });
    expect(orders[1]!.body).not.toHaveProperty('amount');
  });

  it('422 payment_method_expired asks for the card again; the next Pay tokenizes a new nonce under a new key', async () => {
    const { api, keys } = atPayment([
      () => problem(422, 'payment_method_expired'),
      () => ({ status: 201, body: order }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card could not be charged. Enter the card details again.',
    );
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders.map((c) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce)).toEqual([
      'nonce-1',
      'nonce-2',
    ]);
    expect(new Set(keys).size).toBe(2);
    // the client token was asked for the currency charged (its merchant account)
    const config = api.calls.find((c) => c.path === '/payments/config')!;
    expect(config.search.get('currency')).toBe('USD');
  });

  it('a refused downgrade (409 not_an_upgrade) says why and stays on the payment step; only order_already_paid moves on', async () => {
    const { api } = atPayment([() => problem(409, 'not_an_upgrade')]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a subscription. Only an upgrade to a higher plan can be bought; nothing was charged.',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Create your login' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  });

  it('a 429 rate_limited order says to wait (Retry-After in minutes), not "unexpected error"; nothing moves on', async () => {
    const { api } = atPayment([
      () => ({ status: 429, body: { ...problem(429, 'rate_limited').body, retryAfterSeconds: 1740 } }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 29 minutes and try again.',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Create your login' })).toBeNull();
  });

  it('a 429 on GET /payments/config says to wait (Retry-After in seconds) instead of "unexpected error"', async () => {
    const { api } = atPayment([], undefined, undefined, () => ({
      status: 429,
      body: { ...problem(429, 'rate_limited').body, retryAfterSeconds: 1 },
    }));
    renderApp('/join', api);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Too many attempts. Please wait 1 second and try again.',
    );
  });

  it("422 currency_not_offered explains that the plan is not sold in the country's currency", async () => {
    const { api } = atPayment([() => problem(422, 'currency_not_offered')]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This plan is not sold in your country's currency.");
  });

  it.each([
    ['processor_declined', 'insufficient_funds', 'This card has insufficient funds. Please try another card.'],
    ['processor_declined', 'expired_card', 'This card has expired. Please use another card.'],
    [
      'processor_declined',
      'authentication_failed',
      'Your bank could not verify the card. Check the security code, or use a different card.',
    ],
    // the gateway refused a card its bank did not authenticate (threeDSecure.required): not "declined" either
    [
      'gateway_rejected',
      'authentication_failed',
      'Your bank could not verify the card. Check the security code, or use a different card.',
    ],
    ['processor_declined', 'card_declined', 'Your bank declined the payment. Please try another card.'],
    ['gateway_rejected', 'card_declined', 'Your bank declined the payment. Please try another card.'],
  ])(
    'a 402 %s with declineCategory %s shows its own message (join-api sends no processor code)',
    async (code, declineCategory, text) => {
      const { api } = atPayment([
        () => ({
          status: 402,
          body: { type: `https://ofw.example/problems/${code}`, title: 'Declined', status: 402, code, declineCategory },
        }),
      ]);
      renderApp('/join', api);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    },
  );
});
