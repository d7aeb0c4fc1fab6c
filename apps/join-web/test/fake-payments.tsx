/**
 * A stand-in for @ofw/payments' React layer in jsdom (the provider's frames cannot run there), for the renewal suites:
 * hosted fields whose tokenize() returns a fresh nonce, 3D Secure that accepts (recording the amount), and wallet
 * buttons that record the options they were rendered with (`vault`, `billingAgreementDescription`). The real error
 * mapping and messages (the core, `@ofw/payments`) are kept. Use:
 * `vi.mock('@ofw/payments/react', (real) => fakePayments(real))`.
 */
import type * as Payments from '@ofw/payments/react';
import { vi } from 'vitest';

/** What the fakes saw: the verifyCard amounts, the wallets' options. */
export const seen = {
  nonces: 0,
  verified: [] as Array<{ nonce: string; amount: number | string }>,
  payPal: [] as Array<{ vault?: boolean | undefined; billingAgreementDescription?: string | undefined }>,
  venmo: [] as Array<{ vault?: boolean | undefined }>,
};

/** Clears {@link seen}. */
export function resetSeen() {
  seen.nonces = 0;
  seen.verified.length = 0;
  seen.payPal.length = 0;
  seen.venmo.length = 0;
}

/** The factory of `@ofw/payments/react`: the real module with its hooks and components replaced. */
export async function fakePayments(importOriginal: () => Promise<unknown>) {
  const real = (await importOriginal()) as typeof Payments;
  const field = { isValid: true, touched: true, hasBlurred: true, isPotentiallyValid: true };
  return {
    ...real,
    PaymentsProvider: ({ children }: { children: React.ReactNode }) => <>{children}</>,
    usePayments: () => ({ client: {}, config: { flags: {} }, status: 'ready', error: null }),
    usePaymentMethods: () => ({
      applePay: false,
      venmo: true,
      payPal: true,
      amex: true,
      discover: true,
      supportedCardBrands: {},
    }),
    useHostedFields: () => ({
      status: 'ready',
      fields: { number: field, expirationDate: field, cvv: field },
      isValid: true,
      showError: () => false,
      tokenize: () => Promise.resolve({ nonce: `nonce-${++seen.nonces}`, details: { bin: '411111' } }),
    }),
    useThreeDSecure: () => ({
      verifyCard: (options: { nonce: string; amount: number | string }) => {
        seen.verified.push(options);
        return Promise.resolve({ nonce: options.nonce, liabilityShifted: true, liabilityShiftPossible: true });
      },
      cancel: vi.fn(),
      isVerifying: false,
    }),
    useVenmo: (_currency: string, options: { vault?: boolean } = {}) => {
      seen.venmo.push({ vault: options.vault });
      return { isVisible: false, isPending: false, error: null, tokenize: vi.fn() };
    },
    PayPalButton: (props: Payments.PayPalButtonProps) => {
      seen.payPal.push({ vault: props.vault, billingAgreementDescription: props.billingAgreementDescription });
      return (
        <button
          type="button"
          onClick={() =>
            props.onApprove({ nonce: 'fake-paypal-billing-agreement-nonce', type: 'PayPalAccount', details: {} })
          }
        >
          {props.label}
        </button>
      );
    },
    useApplePay: () => ({ isSupported: false, isPending: false, pay: vi.fn() }),
    useDataCollector: () => ({ status: 'ready', error: null, getDeviceData: () => Promise.resolve('device-data') }),
  };
}
