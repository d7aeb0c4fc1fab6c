import { formatPrice, getBuildYourOwnPackage, getPackage, quote } from '@ofw/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { card, resetPaymentFakes } from './payment-fakes.js';
import { atPayment, max, order, premium } from './payment-step.js';
import { renderApp } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// One price (docs/CONTRACTS.md "One price"): what the page shows is what quote charges, upgrades included.

describe('payment step', () => {
  beforeEach(resetPaymentFakes);

  it('§2 §4 after a paid order Back leads to the plans, refetched with upgrade options: the upgrade is charged at the prorated price the server sets', async () => {
    const prorated = 83.88;
    const upgradeOrder = {
      ...order,
      orderId: 'o2',
      purchaseFlow: 'upgrade',
      receipt: { ...order.receipt, packageName: 'Max', amount: prorated },
    };
    const { api } = atPayment(
      [() => ({ status: 201, body: order }), () => ({ status: 201, body: upgradeOrder })],
      (paid) => ({
        packages: [premium, max],
        byo: null,
        pricingGroup: 'P3',
        upgradeOptions:
          paid > 0
            ? {
                subscriptionUpgradeOptions: {
                  [String(max.id)]: { packageId: max.id, price: prorated, priceFormatted: `$${prorated}` },
                },
              }
            : null,
      }),
    );
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    const packageCalls = () => api.calls.filter((c) => c.path === '/packages');
    await waitFor(() => expect(packageCalls().length).toBeGreaterThanOrEqual(2));
    // the parent's session goes as the cookie, never as a bearer token
    expect(packageCalls().at(-1)!.headers.get('authorization')).toBeNull();
    expect(packageCalls().at(-1)!.credentials).toBe('same-origin');

    await user.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    expect(await screen.findByText(`Upgrade today for $${prorated.toFixed(2)} (prorated)`)).toBeInTheDocument();
    // the plan just bought is not in the upgrade options, so it cannot be bought again
    expect(document.getElementById(premium.selectButtonId)).toBeDisabled();
    await user.click(document.getElementById(max.selectButtonId)!);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: `Pay $${prorated.toFixed(2)}` }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders).toHaveLength(2);
    expect(orders[1]!.body).toMatchObject({ packageId: max.id });
    expect(orders[1]!.body).not.toHaveProperty('amount');
  });
});

describe('one price everywhere', () => {
  beforeEach(resetPaymentFakes);

  const essentials = getPackage(2051)!; // Essentials 1 year, $149.99
  const byo = getBuildYourOwnPackage(2050)!;
  const quotedAt = '2026-03-01T12:00:00.000Z';
  /** The parent holds Essentials 1 year (2026-01-01 → 2027-01-01), as join-api's currentTerm says. */
  const currentTerm = {
    packageId: essentials.id,
    currency: 'USD',
    years: 1,
    startsAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
    valueMinor: 14999,
    listPriceMinor: 14999,
  };
  const termForQuote = {
    ...currentTerm,
    startsAt: new Date(currentTerm.startsAt),
    expiresAt: new Date(currentTerm.expiresAt),
  };

  it('build-your-own with a coupon, as an upgrade, shows, 3DS-authenticates and sends exactly what quote charges', async () => {
    const coupons = [{ packageId: byo.packageId, status: 'available', discountAmount: 20 }];
    const alaCarte = {
      subscription: 'SUB1YEAR' as const,
      myfiles: 'MYFILES_10GB',
      tonemeter: true,
      unlimitedPayments: true,
      calls: null,
    };
    const { api } = atPayment(
      [() => ({ status: 201, body: order })],
      () => ({
        packages: [essentials, premium],
        byo,
        upgradeOptions: null,
        pricingGroup: 'P3',
        currentTerm,
        quotedAt,
      }),
      // the signup's coupons (§3 availability entries) come from GET /coupons (server state in TanStack Query)
      (c) => (c.path === '/coupons' ? { body: coupons } : undefined),
    );
    const progress = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!) as Record<string, unknown>;
    sessionStorage.setItem(
      STORAGE_KEYS.progress,
      JSON.stringify({ ...progress, packageId: byo.packageId, alaCarte, signupId: 's-1', registrationKey: 'r-1' }),
    );
    // What join-api charges: quote(...).charged with the same inputs.
    const expected = quote(
      { packageId: byo.packageId, alaCarte },
      {
        currency: 'USD',
        flow: 'join',
        pricingGroup: 'P3',
        coupons,
        currentTerm: termForQuote,
        now: new Date(quotedAt),
      },
    );
    expect(expected.list).toBe(252); // 110 + 57 + 10 + 75: the bare build-your-own price the page used to charge
    expect(expected.discount).toBe(20);
    expect(expected.credit).toBeGreaterThan(0);
    const shown = formatPrice(expected.charged, 'USD');

    renderApp('/join', api);
    const user = userEvent.setup();
    const pay = await screen.findByRole('button', { name: `Pay ${shown}` }, { timeout: 5000 });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent(`Total due today: ${shown}`);
    expect(summary).toHaveTextContent(`Coupon discount: $20.00 (${expected.discountPercent}%)`);
    expect(summary).toHaveTextContent(`Credit for your current plan: ${formatPrice(expected.credit, 'USD')}`);
    await user.click(pay);
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(card.verified).toHaveLength(1);
    expect(card.verified[0]!.amount).toBe(expected.charged);
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toMatchObject(expected.payload);
    expect(orders[0]!.body).not.toHaveProperty('amount');
  });

  it('after a paid order, Back on the plans offers only upgrades; the plan held, cheaper ones and a build-your-own that is no upgrade say why and cannot be chosen', async () => {
    const max2 = getPackage(2056)!;
    const { api } = atPayment(
      [() => ({ status: 201, body: order }), () => ({ status: 201, body: { ...order, orderId: 'o2' } })],
      (paid) => ({
        packages: [essentials, premium, max, max2],
        byo,
        upgradeOptions: null,
        pricingGroup: 'P3',
        currentTerm:
          paid > 0 ? { ...currentTerm, packageId: premium.id, valueMinor: 21600, listPriceMinor: 21600 } : null,
        quotedAt,
      }),
    );
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $216.00' }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/packages').length).toBeGreaterThanOrEqual(2));
    await user.click(await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    expect(
      await screen.findByText(
        'Only an upgrade can be bought: the plan you have and plans that cost less cannot be chosen.',
      ),
    ).toBeInTheDocument();
    const note = 'Not available: you already have this plan or a higher one.';
    for (const held of [premium, essentials]) {
      const button = document.getElementById(held.selectButtonId)!;
      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAccessibleDescription(`${held.displayName} ${note}`);
    }
    // Max is an upgrade: its prorated price is quote's, and it can be chosen
    const termNow = { ...termForQuote, packageId: premium.id, valueMinor: 21600, listPriceMinor: 21600 };
    const context = { currency: 'USD' as const, flow: 'join' as const, pricingGroup: 'P3' as const, coupons: [] };
    const maxQuote = quote({ packageId: max.id }, { ...context, currentTerm: termNow, now: new Date(quotedAt) });
    const maxCard = document.getElementById(max.selectButtonId)!.closest('article')!;
    expect(
      within(maxCard).getByText(`Upgrade today for ${formatPrice(maxQuote.charged, 'USD')} (prorated)`),
    ).toBeInTheDocument();
    expect(document.getElementById(max.selectButtonId)).toBeEnabled();
    // build-your-own at its base price (110) is not an upgrade of Premium (216)
    const byoSelect = screen.getByRole('button', { name: 'Select my plan' });
    expect(byoSelect).toBeDisabled();
    expect(byoSelect).toHaveAccessibleDescription(
      'This selection is not an upgrade of the plan you have. Add options or choose a longer subscription.',
    );
    // choosing the upgrade charges quote's amount
    await user.click(document.getElementById(max.selectButtonId)!);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const shown = formatPrice(maxQuote.charged, 'USD');
    await user.click(await screen.findByRole('button', { name: `Pay ${shown}` }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(card.verified.at(-1)!.amount).toBe(maxQuote.charged);
    expect(api.calls.filter((c) => c.path === '/orders')[1]!.body).toMatchObject({ packageId: max.id });
  });
});
