import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { applePay, collector, payPalButton, resetPaymentFakes } from './payment-fakes.js';
import { atPayment, order, premium, problem } from './payment-step.js';
import { renderApp } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// The payment methods: card (with Braintree's device data), PayPal and Apple Pay (spec §4), and the confirmation of
// what was paid (docs/RECEIPTS.md).

describe('payment step', () => {
  beforeEach(resetPaymentFakes);

  it('Braintree "Collect device data": the data collector starts when the payment step mounts; its deviceData is read at Pay and sent', async () => {
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    collector.ordersSent = () => api.calls.filter((c) => c.path === '/orders').length;
    renderApp('/join', api);
    const user = userEvent.setup();
    const pay = await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 });
    // collecting from the mount on, before any Pay: FraudNet needs the time the parent spends on the page
    expect(collector.started).toBe(1);
    expect(collector.read).toBe(0);
    await user.click(pay);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    expect(collector.read).toBe(1);
    expect(api.calls.find((c) => c.path === '/orders')!.body).toMatchObject({ deviceData: 'device-data' });
  });

  /** A paid order's answer as join-api gives it, paid with `paymentMethod`. */
  const paidWith = (paymentMethod: Record<string, unknown>) => ({
    ...order,
    orderId: 'ord_4f2a9c',
    receipt: { ...order.receipt, years: 1, paymentMethod, receiptEmail: 'ada@example.com' },
  });

  it('docs/RECEIPTS.md: the step after paying by card confirms the package and term, the amount, the card brand and last four, the order number and the receipt address — from the order answer — and a reload shows it again', async () => {
    const { api } = atPayment([
      () => ({ status: 201, body: paidWith({ type: 'card', brand: 'Visa', last4: '1111' }) }),
    ]);
    const first = renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Payment received' });
    const confirmed = () => screen.getByRole('region', { name: 'Payment received' });
    const shown = [
      'Premium, 1 year',
      '$216.00',
      'Visa ending in 1111',
      'ord_4f2a9c',
      'We e-mailed your receipt to ada@example.com.',
    ];
    for (const text of shown) expect(confirmed()).toHaveTextContent(text);
    expect(confirmed()).not.toHaveTextContent('VAT'); // §3 vatAmount: GBP only
    // kept for a reload: what the answer said, never a nonce (nor, as the server has none, a card number)
    const stored = [...Array(sessionStorage.length).keys()].map((i) => sessionStorage.getItem(sessionStorage.key(i)!));
    expect(stored.some((v) => v?.includes('ord_4f2a9c'))).toBe(true);
    expect(stored.filter((v) => v?.includes('ord_4f2a9c')).join()).not.toMatch(/nonce/);
    first.unmount();
    renderApp('/join', api); // the reload
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    for (const text of shown)
      expect(await screen.findByRole('region', { name: 'Payment received' })).toHaveTextContent(text);
    expect(api.calls.filter((c) => c.path === '/orders')).toHaveLength(1); // nothing paid again
  });

  it('docs/RECEIPTS.md: a PayPal payment is confirmed with the PayPal payer e-mail the order answer names', async () => {
    payPalButton.shown = true;
    const { api } = atPayment([
      () => ({ status: 201, body: paidWith({ type: 'paypal', payerEmail: 'jane.doe@example.com' }) }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with PayPal' }));
    const confirmed = await screen.findByRole('region', { name: 'Payment received' });
    expect(confirmed).toHaveTextContent('PayPal (jane.doe@example.com)');
    expect(confirmed).toHaveTextContent('$216.00');
    expect(confirmed).not.toHaveTextContent('ending in');
  });

  it('§4 Apple Pay: the sheet is completed with success only after the order was paid', async () => {
    applePay.shown = true;
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    collector.ordersSent = () => api.calls.filter((c) => c.path === '/orders').length;
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with Apple Pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/orders')!.body).toMatchObject({
      paymentMethodNonce: 'tokenapplepay_sb_1',
    });
    expect(applePay.completed).toEqual([true]);
    expect(applePay.ordersWhenCompleted).toEqual([1]); // after POST /orders answered, not at tokenization
  });

  it.each([
    ['en-US', 'Check out with Apple Pay', 'en-US'],
    ['en-GB', 'Check out with Apple Pay', 'en-GB'],
    ['es-MX', 'Usar Apple Pay', 'es-MX'],
    // Apple localizes no es-US button (Apple Pay on the Web ApplePayButtonLocale): the Latin-American Spanish one
    ['es-US', 'Usar Apple Pay', 'es-MX'],
  ])(
    'Apple Pay on the Web "Displaying/Localizing Apple Pay Buttons Using CSS": in %s the wallet is Apple’s button (drawn by Safari from CSS), named "%s", in lang %s',
    async (locale, name, lang) => {
      applePay.shown = true;
      const { api } = atPayment([]);
      const state = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!) as Record<string, unknown>;
      sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ ...state, languageLocale: locale }));
      renderApp('/join', api);
      const button = await screen.findByRole('button', { name }, { timeout: 5000 });
      expect(button).toHaveClass('apple-pay-button');
      expect(button).not.toHaveClass('ofw-button'); // not our own button styled to look like one
      expect(button).toHaveAttribute('lang', lang);
    },
  );

  it('Apple Pay on the Web "Displaying Apple Pay Buttons Using CSS": the stylesheet asks Safari for its check-out button, and nothing loads Apple’s button script', () => {
    const css = readFileSync(join(import.meta.dirname, '../src/app.css'), 'utf8');
    const apple = css.slice(css.indexOf('@supports (-webkit-appearance: -apple-pay-button)'));
    expect(apple).toMatch(/\.apple-pay-button \{[^}]*-webkit-appearance: -apple-pay-button;/);
    expect(apple).toMatch(/-apple-pay-button-type: check-out;/);
    expect(apple).toMatch(/-apple-pay-button-style: black;/);
    expect(readFileSync(join(import.meta.dirname, '../index.html'), 'utf8')).not.toContain('apple-pay-sdk');
  });

  it.each([
    ['a decline (402)', () => problem(402, 'processor_declined')],
    ['a lost answer (503)', () => problem(503, 'payment_gateway_unavailable')],
  ])('§4 Apple Pay: %s completes the sheet with failure, never success, and shows the banner', async (_, answer) => {
    applePay.shown = true;
    const { api } = atPayment([answer]);
    collector.ordersSent = () => api.calls.filter((c) => c.path === '/orders').length;
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with Apple Pay' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(applePay.completed).toEqual([false]);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
  });

  it('while the parent reads the terms the payments config is fetched — once: Continue opens the payment step on it', async () => {
    const { api } = atPayment([]);
    const progress = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!) as Record<string, unknown>;
    sessionStorage.setItem(STORAGE_KEYS.progress, JSON.stringify({ ...progress, step: 'terms' }));
    renderApp('/join', api);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    const configCalls = () => api.calls.filter((c) => c.path === '/payments/config');
    // Before any click: the terms step asked for the config of the currency charged.
    await waitFor(() => expect(configCalls()).toHaveLength(1));
    expect(configCalls()[0]!.search.get('currency')).toBe('USD');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 })).toBeInTheDocument();
    expect(configCalls()).toHaveLength(1);
  });

  it('§4 Other wallet flows: an approved PayPal payment sends its nonce through the same order and the join goes on', async () => {
    payPalButton.shown = true;
    const { api } = atPayment([() => ({ status: 201, body: order })]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with PayPal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your login' })).toBeInTheDocument();
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toMatchObject({
      packageId: premium.id,
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
      billingAddress: { postalCode: '98101', countryCodeAlpha2: 'US' },
    });
  });

  it('§8 a PayPal error shows the localized payment error banner and charges nothing', async () => {
    payPalButton.shown = true;
    payPalButton.error = {
      name: 'BraintreeError',
      code: 'PAYPAL_NOT_ENABLED',
      type: 'MERCHANT',
      message: 'PayPal is not enabled for this merchant.',
    };
    const { api } = atPayment([]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with PayPal' }));
    // The banner words @ofw/payments' group for the code (wallet unavailable) for a parent, never braintree-web's text.
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('This payment method is not available right now. Please pay by card.');
    expect(banner).not.toHaveTextContent('merchant');
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });
});
