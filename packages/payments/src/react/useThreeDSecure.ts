import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChallengeLabels, ThreeDSecureResult, VerifyCardOptions } from '../core/types.js';
import { usePayments } from './context.js';

/** What {@link useThreeDSecure} returns. */
export interface UseThreeDSecureResult {
  /**
   * Runs 3D Secure 2 for a tokenized card (§4 "3D Secure flow"); the challenge shows in the product's frame with the
   * given localized labels. Resolves with the §3 result; rejects on customer cancel (`THREEDS_CARDINAL_SDK_CANCELED`)
   * and provider errors — map them with `toPaymentError`.
   */
  verifyCard(options: VerifyCardOptions): Promise<ThreeDSecureResult>;
  /**
   * §4.6: cancels the running verification. Resolves with the looked-up payment method, or `undefined` when the
   * client is not ready or the driver's cancel fails (e.g. THREEDS_NO_VERIFICATION_PAYLOAD); never rejects.
   */
  cancel(): Promise<ThreeDSecureResult | undefined>;
  /** True while a verification runs (only one at a time). */
  isVerifying: boolean;
}

/**
 * 3D Secure over the current payments client. `labels` (title, interstitial, close) should come from react-intl so the
 * frame is localized; the English defaults are in `paymentMessages`.
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider; `verifyCard` rejects with an
 *   Error "The payments client is not ready yet." before the client is ready.
 */
export function useThreeDSecure(
  options: { labels?: Partial<ChallengeLabels>; variant?: 'modal' | 'inline'; container?: HTMLElement | null } = {},
): UseThreeDSecureResult {
  const { client } = usePayments();
  const [isVerifying, setVerifying] = useState(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const verifyCard = useCallback(
    async (verifyOptions: VerifyCardOptions) => {
      if (!client) throw new Error('The payments client is not ready yet.');
      const { labels, variant, container } = optionsRef.current;
      setVerifying(true);
      try {
        return await client.verifyCard({
          ...verifyOptions,
          challenge: {
            ...(labels ? { labels } : {}),
            ...(variant ? { variant } : {}),
            ...(container ? { container } : {}),
            ...verifyOptions.challenge,
          },
        });
      } finally {
        if (mounted.current) setVerifying(false);
      }
    },
    [client],
  );

  const cancel = useCallback(
    async () => (client ? client.cancelVerifyCard().catch(() => undefined) : undefined),
    [client],
  );

  return { verifyCard, cancel, isVerifying };
}
