import { isApiError } from '@ofw/api-client/errors';
import type { ApiClient, OrderResponse, ParentState } from '@ofw/api-client';
import { markParentPaid, parentQuery, queryKeys } from '@ofw/api-client/query';
import type { BillingAddressValue } from '@ofw/ui';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useServices } from '../../../services.js';
import type { ChosenPackage } from '../../chosen-package.js';
import { answerMayBeLost } from '../../in-doubt.js';
import type { PaymentAttempt } from '../../payment-attempt.js';
import { paidOrderOf, savePaidOrder } from '../../paid-order.js';
import { requireSignedIn, useSignedInUserId } from '../../server-state.js';
import type { StepNav } from '../../use-join.js';
import { usePaymentAttempt, type PaymentAttempts } from './use-payment-attempt.js';

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
 * The request sequencing of the payment step (docs/CONTRACTS.md "HTTP API"): one payment attempt gets a nonce, then POST /orders with
 * a fresh Idempotency-Key (`sendOrder`, which marks the cached parent paid). The attempt is stored before it is sent
 * (use-payment-attempt.ts); an attempt whose answer may have been lost is kept and re-sent as is (same key, same nonce)
 * by the next Pay — and once, without a click, after a reload. `order_already_paid` (this very package is the parent's
 * paid one: an earlier attempt's answer was lost) counts as paid. Paid: the parent is read again, the paid order's
 * confirmation is stored for the next step (`paid-order.ts`) and the join goes on. Busy and error state are the one
 * `payment` mutation's; the steps of a run are plain functions below it.
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
  const { api } = useServices();
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const attempts = usePaymentAttempt(o, userId);
  const [resuming, setResuming] = useState(Boolean(attempts.restored));

  const payment = useMutation({
    mutationFn: async (getNonce: GetNonce) => {
      const run: PaymentRun = {
        api,
        queryClient,
        userId: requireSignedIn(userId),
        attempts,
        renewal: o.chosen.renewal,
      };
      if (!(await chargeOnce(run, getNonce))) return;
      // Paid; the server's view of the parent is read again (best effort: the account step reads it too).
      await queryClient.fetchQuery({ ...parentQuery(api, run.userId), staleTime: 0 }).catch(() => undefined);
      o.nav.next();
    },
    onSettled: () => setResuming(false),
  });

  /** Starts an attempt (or re-sends the in-doubt one); ignored while one runs or the billing address is incomplete. */
  function pay(getNonce: GetNonce) {
    if (payment.isPending) return;
    payment.reset();
    if (attempts.pending() === undefined && !o.billingReady()) return;
    payment.mutate(getNonce);
  }

  const resume = useEffectEvent(() => pay(() => Promise.resolve(undefined)));
  const resumed = useRef(false);
  useEffect(() => {
    if (!attempts.restored || resumed.current) return;
    resumed.current = true;
    resume();
  }, [attempts.restored]);

  return { pay, busy: payment.isPending, error: payment.error, resuming };
}

/** What one run of the payment needs: the services, the signed-in parent, the attempts, the renewal chosen. */
interface PaymentRun {
  api: ApiClient;
  queryClient: QueryClient;
  userId: number;
  attempts: PaymentAttempts;
  renewal: ChosenPackage['renewal'];
}

/**
 * One Pay: the in-doubt attempt as it is, or a new one for a fresh nonce (none: the parent gave up, `false`), charged
 * with at most one step-up. A wallet's sheet completes with the outcome (`PaymentNonce.complete`). Paid (`true`): the
 * attempt is dropped and the paid order's confirmation stored for the next step.
 */
async function chargeOnce(run: PaymentRun, getNonce: GetNonce): Promise<boolean> {
  const fresh = run.attempts.pending() ? undefined : await getNonce();
  if (!run.attempts.pending() && !fresh) return false;
  let paid: OrderResponse | undefined;
  try {
    const attempt = run.attempts.pending() ?? (await run.attempts.create(fresh!.nonce));
    paid = await chargeWithStepUp(run, attempt, getNonce).catch((err: unknown) => paidBefore(run, err));
  } catch (err) {
    fresh?.complete?.(false); // declined, refused or in doubt: the wallet's sheet must not say "Done"
    throw err;
  }
  fresh?.complete?.(true); // the order is paid
  run.attempts.forget();
  // the confirmation of the next step, kept for a reload (`order_already_paid` has no answer to show)
  if (paid) savePaidOrder(run.userId, paidOrderOf(paid, run.renewal));
  return true;
}

/** POST /orders under the attempt's Idempotency-Key; paid: the cached parent is marked paid. */
async function sendOrder(run: PaymentRun, attempt: PaymentAttempt): Promise<OrderResponse> {
  const paid = await run.api.createOrder({ body: attempt.body, headers: { 'Idempotency-Key': attempt.key } });
  markParentPaid(run.queryClient, run.userId);
  return paid;
}

/**
 * Sends the attempt; the bank's soft decline (402 `authentication_required`) gets ONE step-up (`attempts.stepUp`) and
 * the order is sent again. A cancelled or failed challenge drops the attempt: the next Pay is a new one.
 */
async function chargeWithStepUp(run: PaymentRun, attempt: PaymentAttempt, getNonce: GetNonce): Promise<OrderResponse> {
  try {
    return await sendOrder(run, attempt);
  } catch (err) {
    if (!isApiError(err, 'authentication_required')) throw err;
    const retry = await run.attempts.stepUp(attempt, getNonce).catch((e: unknown) => {
      run.attempts.forget(); // the challenge was cancelled or failed: the next Pay is a new attempt
      throw e;
    });
    if (!retry) throw err;
    return sendOrder(run, retry);
  }
}

/**
 * A charge that failed: `order_already_paid` (an earlier attempt's answer was lost) counts as paid (`undefined`, no
 * answer to show); `price_changed` charged nothing — the page reads the prices again and Pay starts a new attempt;
 * `email_unverified` charged nothing — the cached parent is marked unproven and read again, so the join has its
 * "Check your e-mail" step again (docs/IDENTITY.md "Contract"; the step offers the way there, nothing is re-sent);
 * anything else is thrown, the attempt kept only while its answer may have been lost (in-doubt.ts).
 */
async function paidBefore(run: PaymentRun, err: unknown): Promise<undefined> {
  if (isApiError(err, 'email_unverified')) {
    run.attempts.forget();
    const key = queryKeys.parent(run.userId);
    run.queryClient.setQueryData<ParentState>(key, (ps) => (ps ? { ...ps, emailVerified: false } : ps));
    void run.queryClient.invalidateQueries({ queryKey: key });
    throw err;
  }
  if (isApiError(err, 'price_changed')) {
    run.attempts.forget();
    await run.queryClient.invalidateQueries({ queryKey: queryKeys.allPackageData() });
    throw err;
  }
  if (!isApiError(err, 'order_already_paid')) {
    if (!answerMayBeLost(err)) run.attempts.forget();
    throw err;
  }
  markParentPaid(run.queryClient, run.userId);
  return undefined;
}
