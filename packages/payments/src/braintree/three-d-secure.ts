import type { PaymentsDriver } from '../core/driver.js';
import { PaymentsError } from '../core/errors.js';
import { showChallengeFrame, type ChallengeFrame } from '../core/challenge-frame.js';
import {
  checkVerifyCardOptions,
  customerCanceledError,
  formatAmount,
  inProgressError,
  setupTimedOutError,
} from '../core/three-d-secure.js';
import { VERIFY_CARD_TIMEOUT_MS, type ThreeDSecureResult, type VerifyCardOptions } from '../core/types.js';
import type { BraintreeComponents, ThreeDSecureEvents } from './modules.js';
import type { BraintreeSession } from './session.js';

/**
 * 3D Secure over braintree-web's `threeDSecure` (version `2-inline-iframe`, created on the first `verifyCard`): the
 * bank's challenge is shown in the product's frame (§2); a customer cancel (close, Escape, backdrop) becomes
 * `THREEDS_CUSTOMER_CANCELED` even where braintree-web resolves with the lookup result. One verification at a time.
 *
 * Bounded (`options.timeoutMs`, default 30 s) until the challenge shows or the result arrives: braintree-web 3.144
 * waits for Cardinal's Songbird script before the lookup (songbird.js `prepareLookup` awaits `getDfReferenceId`, which
 * a script that never loads never settles), and when the script failed and the bank asks for a challenge it presents
 * none and never settles (`_presentChallenge` returns when `_songbirdInitFailed`). Spec §4 "3D Secure flow" 7's
 * fallback, the version 1 frame, is unsupported (§5 "3D Secure": version 1 is unsupported), so the attempt ends with
 * `THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT` instead of an endless wait, and the component is discarded so a retry starts a
 * new verification (braintree-web's own never settles, and would refuse the next one as already in progress).
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
      const timeoutMs = options.timeoutMs ?? VERIFY_CARD_TIMEOUT_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(setupTimedOutError(timeoutMs));
        }, timeoutMs);
      });
      deadline.catch(() => undefined);
      const onIframe: ThreeDSecureEvents['authentication-iframe-available'] = (event, next) => {
        // the challenge shows: the customer's time there is not bounded (they can close it)
        clearTimeout(timer);
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
        instance = await Promise.race([session.shared('threeDSecure', { version: '2-inline-iframe' }), deadline]);
        instance.on('authentication-iframe-available', onIframe);
        instance.on('customer-canceled', onCustomerCanceled);
        const { challenge: _challenge, timeoutMs: _timeoutMs, ...rest } = options;
        let result: ThreeDSecureResult;
        try {
          result = await Promise.race([
            instance.verifyCard({
              ...rest,
              amount: formatAmount(options.amount),
              onLookupComplete: (_data: unknown, next: () => void) => next(),
            }),
            deadline,
          ]);
        } catch (error) {
          if (canceledByCustomer) throw customerCanceledError((error as { details?: unknown })?.details);
          throw error;
        }
        // braintree-web resolves (with the lookup result) when the customer cancels the challenge: make it a cancel
        if (canceledByCustomer) throw customerCanceledError(result);
        return result;
      } catch (error) {
        if (timedOut) {
          // braintree-web's verification never settles: release it; the next attempt gets a new component
          void instance?.cancelVerifyCard().catch(() => undefined);
          session.discard('threeDSecure');
        }
        throw error;
      } finally {
        clearTimeout(timer);
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
