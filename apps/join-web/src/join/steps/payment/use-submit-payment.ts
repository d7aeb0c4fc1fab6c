import { isApiError } from '@ofw/api-client/errors';
import type { OrderRequest, OrderResponse } from '@ofw/api-client';
import { markParentPaid, orderMutation, parentQuery, queryKeys } from '@ofw/api-client/query';
import { decimalAmount } from '@ofw/domain';
import type { BillingAddressValue } from '@ofw/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useServices } from '../../../services.js';
import { billingRequest } from '../../billing.js';
import type { ChosenPackage } from '../../chosen-package.js';
import { answerMayBeLost } from '../../in-doubt.js';
import {
  clearPaymentAttempt,
  loadPaymentAttempt,
  savePaymentAttempt,
  type PaymentAttempt,
} from '../../payment-attempt.js';
import { paidOrderOf, savePaidOrder } from '../../paid-order.js';
import { requireSignedIn, useSignedInUserId } from '../../server-state.js';
import { useJoin, type StepNav } from '../../use-join.js';
import { useChosenRenewal } from '../../renews.js';

/**
 * A nonce to charge. A wallet whose sheet stays open until the charge is answered (Apple Pay, §4 "payment authorised
 * (tokenize, then complete with success or failure)") gives `complete`: called once with `true` when the order is
 * paid, `false` on a decline or any error.
 */
export interface PaymentNonce {
  nonce: string;
  complete?: (paid: boolean) => void;
}

/**
 * Gets the nonce to charge (card + 3D Secure, or a wallet); `undefined` when the parent gave up (nothing happens).
 * `challengeRequested`: the bank asked for authentication (402 `authentication_required`): tokenize the card again and
 * verify it with a 3D Secure challenge (§3 "verifyCard options"). A getter that cannot (a wallet) returns `undefined`.
 */
export type GetNonce = (o?: { challengeRequested?: boolean }) => Promise<PaymentNonce | undefined>;

/**
 * The request sequencing of the payment step (DESIGN.md §4): one payment attempt gets a nonce, then POST /orders with
 * a fresh Idempotency-Key (api-client's `orderMutation`, which marks the cached parent paid and invalidates the
 * package data). The attempt is stored before it is sent; an attempt whose answer may have been lost is kept and
 * re-sent as is (same key, same nonce) by the next Pay — and once, without a click, after a reload. `order_already_paid`
 * (this very package is the parent's paid one: an earlier attempt's answer was lost) counts as paid. Paid: the parent is
 * read again, the paid order's confirmation is stored for the next step (`paid-order.ts`) and the join goes on. Busy
 * and error state are the `payment` mutation's.
 */
export function useSubmitPayment(o: {
  chosen: ChosenPackage;
  billing: BillingAddressValue;
  /** Checks the billing address (showing its errors); false stops the attempt. */
  billingReady: () => boolean;
  /** The running data collector's `deviceData` (`useDataCollector`, started when the step mounted). */
  getDeviceData: () => Promise<string | undefined>;
  nav: StepNav;
}) {
  const { api, newIdempotencyKey } = useServices();
  const queryClient = useQueryClient();
  const { state } = useJoin();
  // docs/RENEWAL.md: the terms step's choice, sent explicitly either way (never when the package cannot renew)
  const autoRenew = useChosenRenewal(o.chosen) !== undefined;
  const userId = useSignedInUserId();
  const [restored] = useState(() => loadPaymentAttempt(userId));
  const pending = useRef<PaymentAttempt | undefined>(restored);
  const [resuming, setResuming] = useState(Boolean(restored));
  const order = useMutation(orderMutation(api, queryClient));

  const forget = () => {
    pending.current = undefined;
    clearPaymentAttempt(userId);
  };

  async function newAttempt(nonce: string): Promise<PaymentAttempt> {
    return remember({ key: newIdempotencyKey(), body: await orderBody(nonce) });
  }

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
      // shown = charged (DESIGN.md §5): what the Pay button and the 3D Secure amount showed, or nothing is charged
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

  /**
   * DESIGN.md §5 "3D Secure policy": the bank's soft decline (402 `authentication_required`) gets ONE step-up — the
   * card verified again with a challenge on a freshly tokenized nonce (the first is used up), and the order retried
   * under the SAME Idempotency-Key with only the nonce (and device data) changed. `undefined` when no step-up can be
   * made (a wallet, or a resumed attempt without the card fields' getter).
   */
  async function stepUp(attempt: PaymentAttempt, getNonce: GetNonce): Promise<PaymentAttempt | undefined> {
    const stepped = await getNonce({ challengeRequested: true });
    if (!stepped) return undefined;
    return remember({ key: attempt.key, body: await orderBody(stepped.nonce) });
  }

  const payment = useMutation({
    mutationFn: async (getNonce: GetNonce) => {
      const id = requireSignedIn(userId);
      const fresh = pending.current ? undefined : await getNonce();
      if (!pending.current && !fresh) return;
      let paid: OrderResponse | undefined;
      try {
        let attempt = pending.current ?? (await newAttempt(fresh!.nonce));
        try {
          try {
            paid = await order.mutateAsync({ userId: id, body: attempt.body, idempotencyKey: attempt.key });
          } catch (err) {
            if (!isApiError(err, 'authentication_required')) throw err;
            const retry = await stepUp(attempt, getNonce).catch((e: unknown) => {
              forget(); // the challenge was cancelled or failed: the next Pay is a new attempt
              throw e;
            });
            if (!retry) throw err;
            attempt = retry;
            paid = await order.mutateAsync({ userId: id, body: attempt.body, idempotencyKey: attempt.key });
          }
        } catch (err) {
          if (isApiError(err, 'price_changed')) {
            // nothing was charged: the page reads the prices again and shows the new total; Pay starts a new attempt
            forget();
            await queryClient.invalidateQueries({ queryKey: queryKeys.allPackageData() });
            throw err;
          }
          if (!isApiError(err, 'order_already_paid')) {
            if (!answerMayBeLost(err)) forget();
            throw err;
          }
          markParentPaid(queryClient, id);
        }
      } catch (err) {
        fresh?.complete?.(false); // declined, refused or in doubt: the wallet's sheet must not say "Done"
        throw err;
      }
      fresh?.complete?.(true); // the order is paid
      forget();
      // the confirmation of the next step, kept for a reload (`order_already_paid` has no answer to show)
      if (paid) savePaidOrder(id, paidOrderOf(paid, o.chosen.renewal));
      // Paid; the server's view of the parent is read again (best effort: the account step reads it too).
      await queryClient.fetchQuery({ ...parentQuery(api, id), staleTime: 0 }).catch(() => undefined);
      o.nav.next();
    },
    onSettled: () => setResuming(false),
  });

  /** Starts an attempt (or re-sends the in-doubt one); ignored while one runs or the billing address is incomplete. */
  function pay(getNonce: GetNonce) {
    if (payment.isPending) return;
    payment.reset();
    if (pending.current === undefined && !o.billingReady()) return;
    payment.mutate(getNonce);
  }

  const resume = useEffectEvent(() => pay(() => Promise.resolve(undefined)));
  const resumed = useRef(false);
  useEffect(() => {
    if (!restored || resumed.current) return;
    resumed.current = true;
    resume();
  }, [restored]);

  return { pay, busy: payment.isPending, error: payment.error, resuming };
}
