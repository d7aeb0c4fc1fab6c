import type { OrderRequest } from '@ofw/api-client';
import { decimalAmount } from '@ofw/domain';
import type { BillingAddressValue } from '@ofw/ui';
import { useRef, useState } from 'react';
import { useServices } from '../../../services.js';
import { billingRequest } from '../../billing.js';
import type { ChosenPackage } from '../../chosen-package.js';
import {
  clearPaymentAttempt,
  loadPaymentAttempt,
  savePaymentAttempt,
  type PaymentAttempt,
} from '../../payment-attempt.js';
import { useChosenRenewal } from '../../renews.js';
import { useJoin } from '../../use-join.js';

/** A getter of a nonce verified with a 3D Secure challenge (use-submit-payment.ts `GetNonce`). */
type GetChallengedNonce = (o: { challengeRequested: true }) => Promise<{ nonce: string } | undefined>;

/** The payment step's attempts (docs/CONTRACTS.md "HTTP API"), see {@link usePaymentAttempt}. */
export interface PaymentAttempts {
  /** The attempt stored at mount (one whose answer may have been lost before a reload), re-sent without a click. */
  restored: PaymentAttempt | undefined;
  /** The attempt that is out or in doubt, if any: the next Pay re-sends it as is (same key, same nonce). */
  pending: () => PaymentAttempt | undefined;
  /** A new attempt for `nonce`: a fresh Idempotency-Key and the order body; stored before it is sent. */
  create: (nonce: string) => Promise<PaymentAttempt>;
  /**
   * docs/PAYMENTS.md "3D Secure policy": the bank's soft decline (402 `authentication_required`) gets ONE step-up — the
   * card verified again with a challenge on a freshly tokenized nonce (the first is used up), and the order retried
   * under the SAME Idempotency-Key with only the nonce (and device data) changed. `undefined` when no step-up can be
   * made (a wallet, or a resumed attempt without the card fields' getter).
   */
  stepUp: (attempt: PaymentAttempt, getNonce: GetChallengedNonce) => Promise<PaymentAttempt | undefined>;
  /** Drops the attempt (paid, or refused for good): the next Pay starts a new one. */
  forget: () => void;
}

/**
 * The attempts of the signed-in parent's payment: each is stored (payment-attempt.ts) before it is sent, so a reload
 * while the answer is out re-sends the same key, never a new one.
 */
export function usePaymentAttempt(
  o: {
    chosen: ChosenPackage;
    billing: BillingAddressValue;
    /** The running data collector's `deviceData` (`useDataCollector`, started when the step mounted). */
    getDeviceData: () => Promise<string | undefined>;
  },
  userId: number | undefined,
): PaymentAttempts {
  const { newIdempotencyKey } = useServices();
  const { state } = useJoin();
  // docs/RENEWAL.md: the terms step's choice, sent explicitly either way (never when the package cannot renew)
  const autoRenew = useChosenRenewal(o.chosen) !== undefined;
  const [restored] = useState(() => loadPaymentAttempt(userId));
  const pending = useRef<PaymentAttempt | undefined>(restored);

  async function orderBody(nonce: string): Promise<OrderRequest> {
    const deviceData = await o.getDeviceData().catch(() => undefined);
    // The order is the quote's payload; join-api prices it by the same `quote` and charges `charged`.
    const body = {
      ...o.chosen.quote.payload,
      // the promotion code whose entry the quote applied: join-api prices it the same (§4 "Discount")
      ...(o.chosen.couponCode ? { couponCode: o.chosen.couponCode } : {}),
      paymentMethodNonce: nonce,
      ...(deviceData ? { deviceData } : {}),
      billingAddress: billingRequest(o.billing, state.address.country),
      // shown = charged (docs/PAYMENTS.md): what the Pay button and the 3D Secure amount showed, or nothing is charged
      expectedCharge: { amount: decimalAmount(o.chosen.quote.charged), currencyCode: o.chosen.quote.currency },
      autoRenew,
    } as OrderRequest;
    return body;
  }

  function remember(attempt: PaymentAttempt): PaymentAttempt {
    pending.current = attempt;
    // stored before it is sent: a reload while the answer is out still re-sends this key, never a new one
    savePaymentAttempt(userId, attempt);
    return attempt;
  }

  return {
    restored,
    pending: () => pending.current,
    create: async (nonce) => remember({ key: newIdempotencyKey(), body: await orderBody(nonce) }),
    stepUp: async (attempt, getNonce) => {
      const stepped = await getNonce({ challengeRequested: true });
      if (!stepped) return undefined;
      return remember({ key: attempt.key, body: await orderBody(stepped.nonce) });
    },
    forget: () => {
      pending.current = undefined;
      clearPaymentAttempt(userId);
    },
  };
}
