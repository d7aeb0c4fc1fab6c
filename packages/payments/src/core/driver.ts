import type { HostedFieldsCreateOptions, HostedFieldsInstance, PaymentsConfig } from './types.js';

/**
 * What a payment driver offers (DESIGN.md §5): `braintree` (braintree-web) and `sandbox` (apps/payments-sandbox)
 * implement it; screens only see `PaymentsClient`.
 */
export interface PaymentsDriver {
  readonly name: PaymentsConfig['driver'];
  /** braintree-web `hostedFields.create` semantics (§4 "Hosted card fields"). */
  createHostedFields(options: HostedFieldsCreateOptions): Promise<HostedFieldsInstance>;
  /** Device data for fraud checks (braintree-web `dataCollector`), sent with every order as `deviceData`. */
  collectDeviceData(): Promise<string>;
  /** Tears down everything the driver created. */
  teardown(): Promise<void>;
}

/** Random lowercase hex (e.g. the 32-hex-character Kount-style session id of §9). */
export function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, length);
}
