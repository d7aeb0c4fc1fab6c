import type { PaymentsDriver } from '../core/driver.js';
import { PaymentsError } from '../core/errors.js';
import { showChallengeFrame, type ChallengeFrame } from '../core/challenge-frame.js';
import {
  checkVerifyCardOptions,
  customerCanceledError,
  formatAmount,
  inProgressError,
} from '../core/three-d-secure.js';
import type { ThreeDSecureResult, VerifyCardOptions } from '../core/types.js';
import type { BraintreeComponents, ThreeDSecureEvents } from './modules.js';
import type { BraintreeSession } from './session.js';

/**
 * 3D Secure over braintree-web's `threeDSecure` (version `2-inline-iframe`, created on the first `verifyCard`): the
 * bank's challenge is shown in the product's frame (§2); a customer cancel (close, Escape, backdrop) becomes
 * `THREEDS_CUSTOMER_CANCELED` even where braintree-web resolves with the lookup result. One verification at a time.
 */
export function braintreeThreeDSecure(
  session: BraintreeSession,
): Pick<PaymentsDriver, 'verifyCard' | 'cancelVerifyCard'> {
  let verifying = false;
  return {
    /**
     * @throws PaymentsError for invalid options (`checkVerifyCardOptions`), a verification already running, a customer
     *   cancel; braintree-web's errors from the lookup or challenge.
     */
    async verifyCard(options: VerifyCardOptions): Promise<ThreeDSecureResult> {
      session.guard('verifyCard');
      checkVerifyCardOptions(options);
      if (verifying) throw inProgressError();
      verifying = true;
      let frame: ChallengeFrame | undefined;
      let canceledByCustomer = false;
      let instance: BraintreeComponents['threeDSecure'] | undefined;
      const onIframe: ThreeDSecureEvents['authentication-iframe-available'] = (event, next) => {
        frame = showChallengeFrame(event.element, options.challenge, () => {
          canceledByCustomer = true;
          void instance?.cancelVerifyCard().catch(() => undefined);
        });
        next();
      };
      const onCustomerCanceled = () => {
        canceledByCustomer = true;
      };
      try {
        instance = await session.shared('threeDSecure', { version: '2-inline-iframe' });
        instance.on('authentication-iframe-available', onIframe);
        instance.on('customer-canceled', onCustomerCanceled);
        const { challenge: _challenge, ...rest } = options;
        let result: ThreeDSecureResult;
        try {
          result = await instance.verifyCard({
            ...rest,
            amount: formatAmount(options.amount),
            onLookupComplete: (_data: unknown, next: () => void) => next(),
          });
        } catch (error) {
          if (canceledByCustomer) throw customerCanceledError((error as { details?: unknown })?.details);
          throw error;
        }
        // braintree-web resolves (with the lookup result) when the customer cancels the challenge: make it a cancel
        if (canceledByCustomer) throw customerCanceledError(result);
        return result;
      } finally {
        frame?.close();
        instance?.off('authentication-iframe-available', onIframe);
        instance?.off('customer-canceled', onCustomerCanceled);
        verifying = false;
      }
    },
    /** @throws PaymentsError THREEDS_NO_VERIFICATION_PAYLOAD before any `verifyCard`. */
    async cancelVerifyCard(): Promise<ThreeDSecureResult> {
      session.guard('cancelVerifyCard');
      const threeDSecure = session.existing('threeDSecure');
      if (!threeDSecure)
        throw new PaymentsError('THREEDS_NO_VERIFICATION_PAYLOAD', 'MERCHANT', 'No verification payload available.');
      return (await threeDSecure).cancelVerifyCard();
    },
  };
}
