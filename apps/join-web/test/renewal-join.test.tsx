import { formatPrice, offeredCatalogue, renewalQuote } from '@ofw/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { payPalButton, resetPaymentFakesWithWallets, venmo } from './payment-fakes.js';
import { fakeApi, parentState, renderApp, storeJoin, type Call } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);
beforeEach(resetPaymentFakesWithWallets);

const gbp = offeredCatalogue('P3', 'GBP', 'join').packages[0]!;
const gbpRenewal = renewalQuote({ packageId: gbp.id }, { currency: 'GBP', flow: 'join', pricingGroup: 'P3' });
const usd = offeredCatalogue('P3', 'USD', 'join').packages.find((p) => p.id === 2053)!;
const usdRenewal = renewalQuote({ packageId: usd.id }, { currency: 'USD', flow: 'join', pricingGroup: 'P3' });
const config = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
  sandboxUrl: 'http://localhost:3010',
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: true },
};
const everyYear = (price: string) => `Renew automatically every year at ${price}`;

/** A GB parent on the terms step with a GBP package chosen. */
function atGbpTerms() {
  storeJoin(
    { flow: 'join', isJoin: true, parent: { userId: 7, phoneCountryCode: '+44' }, address: { country: 'GB' } },
    { step: 'terms', packageId: gbp.id, signedIn: true },
  );
  renderApp('/join', fakeApi());
}

describe('terms step: the automatic renewal choice (docs/RENEWAL.md)', () => {
  it('a GBP package: an unticked box with renewalQuote’s price and the VAT it includes, and its meaning', async () => {
    atGbpTerms();
    const price = `${formatPrice(gbpRenewal.charged, 'GBP')} (includes ${formatPrice(gbpRenewal.vat!, 'GBP')} VAT)`;
    const box = await screen.findByRole('checkbox', { name: everyYear(price) });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/on the last day of each term.*reminders 30 and 7 days before/);
    expect(box).toHaveAccessibleDescription(/turn renewal off any time from the reminder e-mail/);
    expect(box).toHaveAccessibleDescription(/If you do not, your subscription ends at the end of its term\./);
  });

  it('the terms list says what the box says: expires at the end of the term, or renews at the renewal price', async () => {
    atGbpTerms();
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: /^Renew automatically/ });
    const items = () => [...document.querySelectorAll('.ofw-terms__item')].map((li) => li.textContent ?? '');
    expect(items().join(' ')).toMatch(/expires at the end of that term/);
    await user.click(box);
    expect(box).toBeChecked();
    expect(items().join(' ')).toMatch(
      `renews automatically at the end of each term at ${formatPrice(gbpRenewal.charged, 'GBP')}`,
    );
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!)).toMatchObject({ autoRenew: true });
  });
});

/** A US parent on the payment step with Premium chosen, renewal ticked or not; answers POST /orders with `paid`. */
function atPayment(autoRenew: boolean | undefined, orders: Call[]) {
  storeJoin(
    { flow: 'join', isJoin: true, parent: { userId: 7, phoneCountryCode: '+1' }, address: { country: 'US' } },
    {
      step: 'payment',
      signedIn: true,
      packageId: usd.id,
      ...(autoRenew === undefined ? {} : { autoRenew }),
      billing: { streetAddress: '1 Main St', locality: 'Seattle', region: 'WA', postalCode: '98101' },
    },
  );
  const api = fakeApi((c) => {
    if (c.path === '/payments/config') return { body: config };
    if (c.path === '/parents/7' && c.method === 'GET')
      return {
        body: parentState({
          agreedToTerms: true,
          billingAddressComplete: true,
          subscriptionStatus: 'current',
          isSubscriptionCurrent: true,
        }),
      };
    if (c.path !== '/orders') return undefined;
    orders.push(c);
    return {
      status: 201,
      body: {
        orderId: 'o1',
        status: 'paid',
        subscription: {
          status: 'current',
          packageId: usd.id,
          startsAt: '2026-01-01T00:00:00Z',
          expiresAt: '2027-01-01T00:00:00Z',
          autoRenew: autoRenew === true,
        },
        receipt: {
          packageName: 'Premium',
          years: 1,
          amount: usd.totalPrice,
          currencyCode: 'USD',
          formattedAmount: '$216.00',
          discountAmount: 0,
          cardBrand: 'Visa',
          last4: '1111',
          paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' },
          receiptEmail: 'ada@example.com',
          transactionId: 't',
        },
      },
    };
  });
  renderApp('/join', api);
}

describe('payment step: the renewal choice travels with the order (docs/RENEWAL.md)', () => {
  it('ticked: says the method will be saved, wallets run in their saving mode, POST /orders autoRenew true; the confirmation says when it renews', async () => {
    const orders: Call[] = [];
    atPayment(true, orders);
    const renewal = formatPrice(usdRenewal.charged, 'USD');
    expect(
      await screen.findByText(/the card or account you pay with now will be saved/, {}, { timeout: 5000 }),
    ).toHaveTextContent(`charged ${renewal} on the last day of each term`);
    expect(payPalButton.rendered.at(-1)).toEqual({
      vault: true,
      billingAgreementDescription: `OurFamilyWizard subscription: renews automatically every year at ${renewal} until you turn renewal off.`,
    });
    expect(venmo.rendered.at(-1)).toEqual({ vault: true });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]!.body).toMatchObject({ autoRenew: true });
    // the term's last day (renewalChargeAt) in the parent's zone (UTC here), the renewal price, the method that paid
    expect(
      await screen.findByText(
        `Renews automatically on December 31, 2026 at ${renewal} with Visa ending in 1111.`,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it.each([false, undefined])(
    'not ticked (%s): no saving note, one-time wallets, POST /orders autoRenew false; the confirmation says when it expires',
    async (autoRenew) => {
      const orders: Call[] = [];
      atPayment(autoRenew, orders);
      const pay = await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 });
      expect(screen.queryByText(/will be saved/)).toBeNull();
      expect(payPalButton.rendered.at(-1)).toEqual({ vault: false, billingAgreementDescription: undefined });
      await userEvent.setup().click(pay);
      await waitFor(() => expect(orders).toHaveLength(1));
      expect(orders[0]!.body).toMatchObject({ autoRenew: false });
      expect(await screen.findByText('Expires on January 1, 2027.', {}, { timeout: 5000 })).toBeInTheDocument();
    },
  );
});
