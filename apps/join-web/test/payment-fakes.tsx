/**
 * The one stand-in for @ofw/payments' React layer in jsdom (the provider's frames cannot run there), for every suite
 * that shows the payment step (payment-*.test.tsx, renewal-*.test.tsx): the card form's tokenize() returns a fresh
 * nonce each time; 3D Secure, the wallets and the data collector are driven and recorded by the state below; the real
 * error mapping and messages (the core, `@ofw/payments`) are kept. A PayPal approval in the saving mode (`vault`) gives
 * a billing-agreement nonce and otherwise a one-time one, as the provider's checkout flows do (Braintree "PayPal:
 * Vault flow" / "Checkout flow"). Use:
 * `vi.mock('@ofw/payments/react', async (real) => (await import('./payment-fakes.js')).fakePaymentStep(real))`.
 */
import type * as PaymentsReact from '@ofw/payments/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

// Counts the nonces tokenize() handed out.
export const nonces = { n: 0 };
// The card's BIN as tokenization reports it (none: defect 5), and every 3D Secure verifyCard call.
// `failures`: what the next verifyCard calls reject with, in turn (then they succeed).
export const card: {
  bin: string | undefined;
  verified: Array<{ nonce: string; amount: number | string; bin: string }>;
  failures: Error[];
} = { bin: '411111', verified: [], failures: [] };
// PayPal's button: shown when `shown`; a click approves with a PayPal nonce, or fails with `error`. `rendered`: the
// options of each render (saving mode, the billing agreement's description).
export const payPalButton: {
  shown: boolean;
  error: unknown;
  rendered: Array<{ vault?: boolean | undefined; billingAgreementDescription?: string | undefined }>;
} = { shown: false, error: undefined, rendered: [] };
// Venmo: offered when `shown`; `rendered` the options of each use (saving mode).
export const venmo: { shown: boolean; rendered: Array<{ vault?: boolean | undefined }> } = {
  shown: false,
  rendered: [],
};
// Apple Pay: supported when `shown`; `pay()` hands over an authorization whose `complete` records the sheet's end.
export const applePay: { shown: boolean; completed: boolean[]; ordersWhenCompleted: number[] } = {
  shown: false,
  completed: [],
  ordersWhenCompleted: [],
};
// The data collector: `started` counts collectors the page started, `read` the deviceData reads (at submit).
export const collector = { started: 0, read: 0, ordersSent: (): number => 0 };

/** Puts the card, the wallets, Apple Pay and the data collector back as a fresh page has them. */
export function resetPaymentFakes() {
  nonces.n = 0;
  card.bin = '411111';
  card.verified = [];
  card.failures = [];
  payPalButton.shown = false;
  payPalButton.error = undefined;
  payPalButton.rendered = [];
  venmo.shown = false;
  venmo.rendered = [];
  applePay.shown = false;
  applePay.completed = [];
  applePay.ordersWhenCompleted = [];
  collector.started = 0;
  collector.read = 0;
}

/** {@link resetPaymentFakes}, with PayPal and Venmo offered: the renewal suites check the wallets' saving mode. */
export function resetPaymentFakesWithWallets() {
  resetPaymentFakes();
  payPalButton.shown = true;
  venmo.shown = true;
}

/** The factory of `@ofw/payments/react`: the real module with its hooks and components replaced by the fakes above. */
export async function fakePaymentStep(importOriginal: () => Promise<unknown>) {
  const real = (await importOriginal()) as typeof PaymentsReact;
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
      venmo: venmo.shown,
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
    useVenmo: (_currency: string, options: { vault?: boolean } = {}) => {
      venmo.rendered.push({ vault: options.vault });
      return { isVisible: false, isPending: false, error: null, tokenize: vi.fn() };
    },
    PayPalButton: (props: PaymentsReact.PayPalButtonProps) => {
      payPalButton.rendered.push({
        vault: props.vault,
        billingAgreementDescription: props.billingAgreementDescription,
      });
      const nonce = props.vault ? 'fake-paypal-billing-agreement-nonce' : 'fake-paypal-one-time-nonce';
      return (
        <button
          type="button"
          onClick={() =>
            payPalButton.error
              ? props.onError?.(payPalButton.error)
              : props.onApprove({ nonce, type: 'PayPalAccount', details: {} })
          }
        >
          {props.label}
        </button>
      );
    },
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
}
