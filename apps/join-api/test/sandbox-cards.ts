import { FAKE_NONCES } from 'payments-sandbox';

/** A 3D Secure result whose liability shifted (a frictionless or completed challenge), as the sandbox records it. */
export const THREE_DS_OK = {
  liabilityShifted: true,
  liabilityShiftPossible: true,
  status: 'authenticate_successful',
  enrolled: 'Y',
  threeDSecureVersion: '2.2.0',
};
/** The sandbox's Visa behind Braintree's `fake-three-d-secure-visa-full-authentication-nonce`. */
export const VISA = FAKE_NONCES['fake-three-d-secure-visa-full-authentication-nonce'] as Exclude<
  (typeof FAKE_NONCES)[string],
  { error: unknown }
>;
