import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPrice, getBuildYourOwnPackage, getPackage, quote } from '@ofw/domain';
import type * as Payments from '@ofw/payments';
import type * as PaymentsReact from '@ofw/payments/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentAttempt, paymentAttemptStorageKey } from '../src/join/payment-attempt.js';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, parentState, renderApp, type Call } from './helpers.js';

// The provider's frames cannot run in jsdom: replace @ofw/payments' React layer with a card form whose tokenize()
// returns a fresh nonce each time, keeping its real error mapping and messages.
const nonces = vi.hoisted(() => ({ n: 0 }));
// The card's BIN as tokenization reports it (none: defect 5), and every 3D Secure verifyCard call.
// `failures`: what the next verifyCard calls reject with, in turn (then they succeed).
const card = vi.hoisted(
  (): {
    bin: string | undefined;
    verified: Array<{ nonce: string; amount: number | string; bin: string }>;
    failures: Error[];
  } => ({
    bin: '411111',
    verified: [],
    failures: [],
  }),
);
// PayPal's button: shown when `payPal` is set; a click approves with a PayPal nonce, or fails with `error`.
const payPalButton = vi.hoisted((): { shown: boolean; error: unknown } => ({ shown: false, error: undefined }));
// Apple Pay: supported when `shown`; `pay()` hands over an authorization whose `complete` records the sheet's end.
const applePay = vi.hoisted((): { shown: boolean; completed: boolean[]; ordersWhenCompleted: number[] } => ({
  shown: false,
  completed: [],
  ordersWhenCompleted: [],
}));
// The data collector: `started` counts collectors the page started, `read` the deviceData reads (at submit).
const collector = vi.hoisted(() => ({ started: 0, read: 0, ordersSent: (): number => 0 }));
vi.mock('@ofw/payments/react', async (importOriginal) => {
  const real = await importOriginal<typeof PaymentsReact>();
  const react = await import('react');
  const field = { isValid: true, touched: true, hasBlurred: true, isPotentiallyValid: true };
  return {
    ...real,
    PaymentsProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
    usePayments: () => ({
      client: {},
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
      tokenize: () => Promise.resolve({ nonce: `nonce-${++nonces.n}`, details: card.bin ? { bin: card.bin } : {} }),
    }),
    useThreeDSecure: () => ({
      verifyCard: (options: { nonce: string; amount: number | string; bin: string }) => {
        card.verified.push(options);
        const failure = card.failures.shift();
        if (failure) return Promise.reject(failure);
        return Promise.resolve({ nonce: options.nonce, liabilityShifted: true, liabilityShiftPossible: true });
      },
      cancel: vi.fn(),
      isVerifying: false,
    }),
    useVenmo: () => ({ isVisible: false, isPending: false, error: null, tokenize: vi.fn() }),
    PayPalButton: (props: PaymentsReact.PayPalButtonProps) => (
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
    useApplePay: () => ({
      isSupported: applePay.shown,
      isPending: false,
      pay: () =>
        Promise.resolve({
          nonce: 'tokenapplepay_sb_1',
          complete: (paid: boolean) => {
            applePay.completed.push(paid);
            applePay.ordersWhenCompleted.push(collector.ordersSent());
          },
        }),
    }),
    useDataCollector: () => {
      react.useEffect(() => {
        collector.started += 1;
      }, []);
      return {
        status: 'ready',
        error: null,
        getDeviceData: () => {
          collector.read += 1;
          return Promise.resolve('device-data');
        },
      };
    },
  };
});

const premium = getPackage(2053)!; // Premium 1 year, $216.00 (P3, 2k series)
const max = getPackage(2055)!; // Max 1 year, $299.88
const problem = (status: number, code: string) => ({
  status,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status, code },
});
const config = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
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
  other: (c: Call) => { status?: number; body?: unknown } | undefined = () => undefined,
  configAnswer: () => { status?: number; body?: unknown } = () => ({ body: config }),
) {
  sessionStorage.setItem(
    STORAGE_KEYS.state,
    JSON.stringify({
      flow: 'join',
      isJoin: true,
      agreedToTerms: true,
      parent: { userId: 7, phoneCountryCode: '+1', email: 'a@b.co' },
      address: { country: 'US' },
    }),
  );
  sessionStorage.setItem(
    STORAGE_KEYS.progress,
    JSON.stringify({
      step: 'payment',
      signedIn: true,
      years: 1,
      packageId: premium.id,
      billing: { streetAddress: '1 Main St', locality: 'Seattle', region: 'WA', postalCode: '98101' },
      coParentEmail: { email: '' },
    }),
  );
  let i = 0;
  const keys: string[] = [];
  const api = fakeApi((c) => {
    const o = other(c);
    if (o) return o;
    if (c.path === '/payments/config') return configAnswer();
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

/** On the payment step, Pay once while the first verifyCard rejects with the provider error `code`. */
async function payWhenVerifyCardFails(code: string, type: Payments.PaymentErrorType) {
  const { PaymentsError } = await vi.importActual<typeof Payments>('@ofw/payments');
  card.failures = [new PaymentsError(code, type, 'developer text')];
  const { api } = atPayment([() => ({ status: 201, body: order })]);
  renderApp('/join', api);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay $216.00' }, { timeout: 5000 }));
  return { api, user };
}

describe('payment step', () => {
  beforeEach(() => {
    nonces.n = 0;
    card.bin = '411111';
    card.verified = [];
    card.failures = [];
    payPalButton.shown = false;
    payPalButton.error = undefined;
    applePay.shown = false;
    applePay.completed = [];
    applePay.ordersWhenCompleted = [];
    collector.started = 0;
    collector.read = 0;
  });

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

  it('DESIGN §5 shown = charged: the order carries the amount on the Pay button; a 409 price_changed shows the new price (nothing charged) and the next Pay is a new attempt', async () => {
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

  describe('docs/IDENTITY.md "Contract": an order refused for the address charges nothing and is not sent again', () => {
    /**
     * On the payment step in `locale`, the parent pays and gets `refusal`; `emailVerified` is what join-api reads of
     * the parent (given the orders sent so far).
     */
    async function refusedAt(
      locale: string,
      refusal: ReturnType<typeof problem>,
      emailVerified: (ordersSent: number, codesProven: number) => boolean,
    ) {
      let sent = 0;
      let proven = 0;
      const { api } = atPayment([() => (sent++, refusal)], undefined, (c) => {
        if (c.path === '/parents/7' && c.method === 'GET')
          return {
            body: parentState({
              agreedToTerms: true,
              billingAddressComplete: true,
              emailVerified: emailVerified(sent, proven),
            }),
          };
        if (c.path === '/parents/7/email-verification')
          return (proven++, { body: { emailVerified: true, existingAccount: null } });
        if (c.path === '/parents/7/email-code')
          return {
            body: { email: 'a@b.co', expiresAt: '2026-01-01T00:10:00Z', triesLeft: 5, resendAfterSeconds: 30 },
          };
        return undefined;
      });
      const state = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!) as Record<string, unknown>;
      sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ ...state, languageLocale: locale }));
      renderApp('/join', api);
      const user = userEvent.setup();
      const pay = await screen.findByRole('button', { name: /^(Pay|Pagar)/ }, { timeout: 5000 });
      const parentReads = () => api.calls.filter((c) => c.path === '/parents/7' && c.method === 'GET').length;
      const readsBeforePay = parentReads();
      const stepsBeforePay = screen.getByRole('navigation', {
        name: /Sign-up progress|Progreso del registro/,
      }).textContent;
      await user.click(pay);
      const orders = () => api.calls.filter((c) => c.path === '/orders');
      const alert = await screen.findByRole('alert');
      return { api, user, orders, parentReads, readsBeforePay, stepsBeforePay, alert };
    }

    it.each([
      [
        'en-US',
        'Confirm your e-mail address before you pay: enter the code we send to it. Nothing was charged.',
        'Check your e-mail',
      ],
      [
        'es-MX',
        'Confirma tu dirección de correo antes de pagar: escribe el código que te enviamos. No se hizo ningún cargo.',
        'Revisa tu correo',
      ],
    ])(
      'docs/IDENTITY.md: a 403 email_unverified says so in %s, and "Check your e-mail" leads back to the code',
      async (locale, message, step) => {
        const { api, user, orders, alert } = await refusedAt(locale, problem(403, 'email_unverified'), () => false);
        expect(alert).toHaveTextContent(message);
        expect(screen.queryByRole('link', { name: /Sign in|Iniciar sesión/ })).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: step }));
        expect(await screen.findByRole('heading', { level: 1, name: step })).toBeInTheDocument();
        await waitFor(() => expect(api.calls.some((c) => c.path === '/parents/7/email-code')).toBe(true));
        expect(orders()).toHaveLength(1); // the order is not retried on its own
        // the refused attempt is dropped: once proven, the next Pay is a new attempt under a new key
        expect(loadPaymentAttempt(7)).toBeUndefined();
      },
    );

    it('docs/IDENTITY.md: after a 403 email_unverified the parent is read again and a join that had no "Check your e-mail" step has it again', async () => {
      // the parent read before paying said proven; join-api, which decides, refuses the order all the same
      const { user, orders, parentReads, readsBeforePay, stepsBeforePay } = await refusedAt(
        'en-US',
        problem(403, 'email_unverified'),
        (sent) => sent === 0,
      );
      expect(stepsBeforePay).not.toContain('Check your e-mail');
      await waitFor(() => expect(parentReads()).toBeGreaterThan(readsBeforePay));
      expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent('Check your e-mail');
      expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument(); // no move without a click
      await user.click(screen.getByRole('button', { name: 'Check your e-mail' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
      expect(orders()).toHaveLength(1);
    });

    it('docs/IDENTITY.md: once the address is proven after a 403 email_unverified, the join returns to the payment, its plan and terms kept', async () => {
      const { user, orders } = await refusedAt(
        'en-US',
        problem(403, 'email_unverified'),
        (sent, proven) => sent === 0 || proven > 0,
      );
      await user.click(screen.getByRole('button', { name: 'Check your e-mail' }));
      await user.type(await screen.findByLabelText('Code from the e-mail'), '123456{Enter}');
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Pay/ })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).not.toHaveTextContent('Check your e-mail');
      expect(orders()).toHaveLength(1); // nothing is paid until the parent presses Pay again
    });

    it.each([
      [
        'en-US',
        'This e-mail address already has an OurFamilyWizard account with a subscription. Sign in to use it; you can upgrade your plan from your account. Nothing was charged.',
        'Sign in',
      ],
      [
        'es-MX',
        'Esta dirección de correo ya tiene una cuenta de OurFamilyWizard con una suscripción. Inicia sesión para usarla; desde tu cuenta puedes mejorar tu plan. No se hizo ningún cargo.',
        'Iniciar sesión',
      ],
    ])(
      'docs/IDENTITY.md "One address, one subscription": a 409 already_subscribed says so in %s and offers sign-in at /ofw/home.form',
      async (locale, message, signIn) => {
        const { orders, alert } = await refusedAt(locale, problem(409, 'already_subscribed'), () => true);
        expect(alert).toHaveTextContent(message);
        expect(screen.getByRole('link', { name: signIn })).toHaveAttribute('href', '/ofw/home.form');
        expect(screen.queryByRole('button', { name: /Check your e-mail|Revisa tu correo/ })).not.toBeInTheDocument();
        expect(orders()).toHaveLength(1); // the order is not retried on its own
        expect(loadPaymentAttempt(7)).toBeUndefined();
      },
    );
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

  /** At the payment step with this billing address typed, Pay pressed: the api, nothing charged yet. */
  async function payWithBilling(billing: Record<string, string>) {
    const { api } = atPayment([]);
    sessionStorage.setItem(
      STORAGE_KEYS.progress,
      JSON.stringify({
        step: 'payment',
        signedIn: true,
        years: 1,
        packageId: premium.id,
        billing,
        coParentEmail: { email: '' },
      }),
    );
    renderApp('/join', api);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    return api;
  }

  it('an empty billing address is described on its fields and nothing is charged', async () => {
    const api = await payWithBilling({ streetAddress: '', locality: '', region: '', postalCode: '' });
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveFocus());
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });

  it('a US address with a Canadian province and postal code is refused on its fields in the country’s words (@ofw/domain checkBillingAddress, as join-api) and nothing is charged', async () => {
    const api = await payWithBilling({
      streetAddress: '1 Main St',
      locality: 'Ottawa',
      region: 'Ontario',
      postalCode: 'K1A 0B1',
    });
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveFocus());
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('Enter a US state, like NY or New York.');
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a ZIP code like 12345 or 12345-6789.');
    expect(screen.getByLabelText('Address line 2 (optional)')).not.toHaveAccessibleDescription();
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
    // the parent's session goes as the cookie, never as a bearer token
    expect(packageCalls().at(-1)!.headers.get('authorization')).toBeNull();
    expect(packageCalls().at(-1)!.credentials).toBe('same-origin');

    await user.click(screen.getByRole('button', { name: 'Back' }));
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
  beforeEach(() => {
    nonces.n = 0;
    card.bin = '411111';
    card.verified = [];
    card.failures = [];
    payPalButton.shown = false;
    payPalButton.error = undefined;
  });

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
    await user.click(screen.getByRole('button', { name: 'Back' }));
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

describe('payment step: an in-doubt attempt survives a reload', () => {
  const STORED = paymentAttemptStorageKey(7);
  const stored = () => sessionStorage.getItem(STORED);
  const orders = (api: ReturnType<typeof atPayment>['api']) => api.calls.filter((c) => c.path === '/orders');

  beforeEach(() => {
    nonces.n = 0;
    card.bin = '411111';
    card.verified = [];
    card.failures = [];
    payPalButton.shown = false;
    payPalButton.error = undefined;
  });

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
