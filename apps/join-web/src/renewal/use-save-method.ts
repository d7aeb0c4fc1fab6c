import type { BillingAddressRequest, RenewalPaymentMethodRequest } from '@ofw/api-client';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { answerMayBeLost } from '../join/in-doubt.js';
import type { GetNonce } from '../join/steps/payment/use-submit-payment.js';
import { useServices } from '../services.js';

/** One attempt of saving a payment method: its Idempotency-Key and the exact body sent. */
interface SaveAttempt {
  key: string;
  body: RenewalPaymentMethodRequest;
}

/**
 * The update-card form's request (`POST /renewal-links/{token}/payment-method`, docs/RENEWAL.md): one attempt gets a
 * nonce (a card's 3D Secure-verified nonce, or a wallet's vaultable one) and a fresh Idempotency-Key; an attempt whose
 * answer may have been lost (no answer, a 5xx, `idempotency_in_flight`) is kept and re-sent as is — same key, same
 * body — by the next submit, so a renewal due is charged at most once. A definite answer (saved, renewed, a 402
 * decline, another 4xx) ends the attempt: the next submit tokenizes again with a new key. Busy, error and answer are
 * the mutation's.
 */
export function useSaveRenewalMethod(token: string, getDeviceData: () => Promise<string | undefined>) {
  const { api, newIdempotencyKey } = useServices();
  const pending = useRef<SaveAttempt | undefined>(undefined);
  return useMutation({
    mutationFn: async ({
      getNonce,
      billingAddress,
    }: {
      getNonce: GetNonce;
      billingAddress?: BillingAddressRequest;
    }) => {
      const fresh = pending.current ? undefined : await getNonce();
      if (!pending.current && !fresh) return undefined; // the parent gave up (e.g. closed the wallet)
      if (!pending.current) {
        const deviceData = await getDeviceData().catch(() => undefined);
        pending.current = {
          key: newIdempotencyKey(),
          body: {
            paymentMethodNonce: fresh!.nonce,
            ...(deviceData ? { deviceData } : {}),
            ...(billingAddress ? { billingAddress } : {}),
          },
        };
      }
      const attempt = pending.current;
      try {
        const answer = await api.saveRenewalPaymentMethod({
          params: { token },
          body: attempt.body,
          headers: { 'Idempotency-Key': attempt.key },
        });
        pending.current = undefined;
        fresh?.complete?.(true);
        return answer;
      } catch (err) {
        if (!answerMayBeLost(err)) pending.current = undefined;
        fresh?.complete?.(false);
        throw err;
      }
    },
  });
}
