/**
 * The payment step's shared setup for the payment-*.test.tsx suites: the packages, the payments config and a paid
 * order as join-api answers them, and {@link atPayment}, a signed-up parent resumed on the payment step. The suites
 * mock `@ofw/payments/react` with ./payment-fakes.js.
 */
import { getPackage } from '@ofw/domain';
import type * as Payments from '@ofw/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { card } from './payment-fakes.js';
import { fakeApi, parentState, renderApp, type Call } from './helpers.js';

export const premium = getPackage(2053)!; // Premium 1 year, $216.00 (P3, 2k series)
export const max = getPackage(2055)!; // Max 1 year, $299.88
export const problem = (status: number, code: string) => ({
  status,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status, code },
});
export const config = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
  sandboxUrl: 'http://localhost:3010',
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};
export const order = {
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
export function atPayment(
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
export async function payWhenVerifyCardFails(code: string, type: Payments.PaymentErrorType) {
  const { PaymentsError } = await vi.importActual<typeof Payments>('@ofw/payments');
  card.failures = [new PaymentsError(code, type, 'developer text')];
  const { api } = atPayment([() => ({ status: 201, body: order })]);
  renderApp('/join', api);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay $216.00' }, { timeout: 5000 }));
  return { api, user };
}
