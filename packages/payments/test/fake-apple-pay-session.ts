import { vi, type Mock } from 'vitest';

/**
 * Safari's `ApplePaySession` (Apple Pay JS, session version 3) as the tests drive it: the test plays the sheet by
 * calling `onvalidatemerchant` / `onpaymentauthorized` / `oncancel` on `FakeSession.last`, and reads what the code
 * under test called (`completeMerchantValidation`, `completePayment`, …).
 */
export class FakeSession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static last: FakeSession | undefined;
  static supportsVersion: Mock<(version: number) => boolean> = vi.fn((version: number) => version <= 3);
  static canMakePayments: Mock<() => boolean> = vi.fn(() => true);
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
  oncancel: ((event: unknown) => void) | null = null;
  begin: Mock = vi.fn();
  abort: Mock = vi.fn();
  completeMerchantValidation: Mock = vi.fn();
  completePayment: Mock = vi.fn();
  constructor(
    readonly version: number,
    readonly request: unknown,
  ) {
    FakeSession.last = this;
  }
}
