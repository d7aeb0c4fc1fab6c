import { listPackages } from '@ofw/domain';
import type * as Payments from '@ofw/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, parentState, renderApp, type Call } from './helpers.js';

// The provider's frames cannot run in jsdom: replace @ofw/payments' React layer with a card form whose tokenize()
// returns a fresh nonce each time, keeping its real error mapping and messages.
const nonces = vi.hoisted(() => ({ n: 0 }));
// PayPal's button: shown when `payPal` is set; a click approves with a PayPal nonce, or fails with `error`.
const payPalButton = vi.hoisted((): { shown: boolean; error: unknown } => ({ shown: false, error: undefined }));
vi.mock('@ofw/payments', async (importOriginal) => {
  const real = await importOriginal<typeof Payments>();
  const field = { isValid: true, touched: true, hasBlurred: true, isPotentiallyValid: true };
  return {
    ...real,
    PaymentsProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
    usePayments: () => ({
      client: { collectDeviceData: () => Promise.resolve('device-data') },
      config: { flags: { applePay: false, cadPayPal: false, venmo: false } },
      status: 'ready',
      error: null,
    }),
    usePaymentMethods: () => ({
      applePay: false,
      venmo: false,
      payPal: payPalButton.shown,
      amex: true,
      discover: true,
      supportedCardBrands: {},
    }),
    useHostedFields: () => ({
      status: 'ready',
      fields: { number: field, expirationDate: field, cvv: field },
      isValid: true,
      showError: () => false,
      tokenize: () => Promise.resolve({ nonce: `nonce-${++nonces.n}`, details: {} }),
    }),
    useThreeDSecure: () => ({ verifyCard: vi.fn(), cancel: vi.fn(), isVerifying: false }),
    useVenmo: () => ({ isVisible: false, isPending: false, error: null, tokenize: vi.fn() }),
    PayPalButton: (props: Payments.PayPalButtonProps) => (
      <button
        type="button"
        onClick={() =>
          payPalButton.error
            ? props.onError?.(payPalButton.error)
            : props.onApprove({ nonce: 'fake-paypal-one-time-nonce', type: 'PayPalAccount', details: {} })
        }
      >
        {props.label}
      </button>
    ),
    useApplePay: () => ({ isSupported: false, isPending: false, pay: vi.fn() }),
  };
});

const premium = listPackages({ currency: 'USD', packageType: 'parent', family: 'PREMIUM', years: 1 })[0]!;
const max = listPackages({ currency: 'USD', packageType: 'parent', family: 'MAX', years: 1 })[0]!;
const problem = (status: number, code: string) => ({
  status,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status, code },
});
const config = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofwjoin',
  sandboxUrl: 'http://localhost:3010',
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};
const order = {
  orderId: 'o1',
  status: 'paid',
  subscription: { status: 'current', packageId: premium.id, startsAt: '2026-01-01', expiresAt: '2027-01-01' },
  receipt: {
    packageName: 'Premium',
    amount: premium.totalPrice,
    currencyCode: 'USD',
    formattedAmount: '$',
    discountAmount: 0,
    cardBrand: 'visa',
    last4: '1111',
    transactionId: 't',
  },
};

/** Starts on the payment step of a signed-up parent who chose `premium` (as a reload would). */
function atPayment(
  answers: Array<(c: Call) => { status?: number; body?: unknown }>,
  packages: (ordersPaid: number) => unknown = () => ({
    packages: [premium],
    byo: null,
    upgradeOptions: null,
    pricingGroup: 'P3',
  }),
) {
  sessionStorage.setItem(
    STORAGE_KEYS.state,
    JSON.stringify({
      flow: 'join',
      isJoin: true,
      authToken: 'tok-1',
      agreedToTerms: true,
      parent: { userId: 7, phoneCountryCode: '+1', email: 'a@b.co' },
      address: { country: 'US' },
    }),
  );
  sessionStorage.setItem(
    STORAGE_KEYS.progress,
    JSON.stringify({
      step: 'payment',
      years: 1,
      packageId: premium.id,
      billing: { streetAddress: '1 Main St', locality: 'Seattle', region: 'WA', postalCode: '98101' },
      coParentEmail: { email: '' },
    }),
  );
  let i = 0;
  const keys: string[] = [];
  const api = fakeApi((c) => {
    if (c.path === '/payments/config') return { body: config };
    if (c.path === '/packages') return { body: packages(i) };
    if (c.path === '/parents/7' && c.method === 'GET')
      return {
        body: parentState({
          agreedToTerms: true,
          billingAddressComplete: true,
          subscriptionStatus: 'current',
          isSubscriptionCurrent: true,
        }),
      };
    if (c.path === '/orders') {
      keys.push(c.headers.get('idempotency-key')!);
      return answers[i++]!(c);
    }
    return undefined;
  });
  return { api, keys };
}

describe('payment step', () => {
  beforeEach(() => {
    nonces.n = 0;
    payPalButton.shown = false;
    payPalButton.error = undefined;
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
    payPalButton.error = { name: 'BraintreeError', code: 'PAYPAL_NOT_ENABLED', type: 'MERCHANT', message: 'x' };
    const { api } = atPayment([]);
    renderApp('/join', api);
    const user = userEvent.setup();
    const wallets = await screen.findByRole('group', { name: 'Or pay with' }, { timeout: 5000 });
    await user.click(within(wallets).getByRole('button', { name: 'Check out with PayPal' }));
    // The banner says what @ofw/payments' real error mapping says for the code, in the page's language.
    const { paymentMessages, toPaymentError } = await vi.importActual<typeof Payments>('@ofw/payments');
    const expected = paymentMessages[toPaymentError(payPalButton.error).messageId].defaultMessage as string;
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
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

  it('an answer lost to a 5xx is retried with the same Idempotency-Key and the same nonce (never a second charge)', async () => {
    const { api, keys } = atPayment([
      () => problem(503, 'payment_gateway_unavailable'),
      () => ({ status: 201, body: order }),
    ]);
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you will not be charged twice');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    await screen.findByRole('heading', { level: 1, name: 'Create your login' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const nonceOf = (c: Call) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce;
    const orders = api.calls.filter((c) => c.path === '/orders');
    expect(nonceOf(orders[0]!)).toBe(nonceOf(orders[1]!));
  });

  it('an empty billing address is described on its fields and nothing is charged', async () => {
    const { api } = atPayment([]);
    sessionStorage.setItem(
      STORAGE_KEYS.progress,
      JSON.stringify({
        step: 'payment',
        years: 1,
        packageId: premium.id,
        billing: { streetAddress: '', locality: '', region: '', postalCode: '' },
        coParentEmail: { email: '' },
      }),
    );
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveFocus());
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });

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
    expect(packageCalls().at(-1)!.headers.get('authorization')).toBe('Bearer tok-1');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    expect(await screen.findByText(`Upgrade today for $${prorated.toFixed(2)} (prorated)`)).toBeInTheDocument();
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
