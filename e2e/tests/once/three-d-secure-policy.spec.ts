import type { Response } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import {
  challengeFrame,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  watchOrders,
  VISA_OK,
  type Card,
} from '../../support/join';
import { expectChargedOnce, expectNothingCharged } from '../../support/money';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';
import { servedTier } from '../../support/packages';

/** Braintree's "Failed No-Challenge Authentication" test card: the lookup fails authentication, nothing may be sold. */
const VISA_3DS_FAILED: Card = TEST_CARDS.visa3dsFailed;
/** The sandbox's soft-decline card: its sale answers 2099 "Cardholder Authentication Required" until challenged. */
const VISA_STEP_UP: Card = TEST_CARDS.visaStepUp;

/*
 * docs/PAYMENTS.md "3D Secure policy": every card goes through the 3DS lookup; a failed authentication is refused with no
 * money taken; a card whose liability cannot shift (4111…, not enrolled) is sold without it; a soft decline asking
 * for authentication gets one challenged retry under the same Idempotency-Key. Tagged @braintree: the same journeys
 * run against join-api's braintree driver (the real npm braintree SDK) and its sandbox driver.
 */
test.describe('3D Secure policy (docs/PAYMENTS.md, §4 "3D Secure flow")', () => {
  test(
    'a card whose authentication fails is refused with nothing charged; the parent then pays with a card that cannot shift liability (4111)',
    { tag: '@braintree' },
    async ({ flow, request }) => {
      const { page, L } = flow;
      const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
      const parent = newParent('3ds-failed-then-4111');
      await regularJoinToPayment(flow, parent, premium.selectButtonId);
      const sent = watchOrders(page);
      const paid: Response[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders' && r.status() === 201)
          paid.push(r);
      });
      await fillCard(flow, VISA_3DS_FAILED);
      await fillBillingAddress(flow);
      await flow.press(page.getByRole('button', { name: L.pay }));
      await expect(page.getByRole('alert').filter({ hasText: L.t('payment.threeDS.failed') })).toBeVisible({
        timeout: 20_000,
      });
      expect(paid).toHaveLength(0);
      await expectNothingCharged(flow, request, parent);

      await fillCard(flow, VISA_OK);
      const order = await payAndWaitForOrder(flow);
      expect(order.receipt).toMatchObject({ amount: premium.totalPrice, currencyCode: 'USD' });
      await expectChargedOnce(flow, request, {
        email: parent.email,
        orderId: order.orderId,
        amount: 216, // spec §9: Premium, 1 year, USD
        currency: 'USD',
      });
      expect(sent.length).toBeGreaterThanOrEqual(1);
      await finishJoin(flow, parent);
    },
  );

  test(
    'a soft decline asking for authentication (2099) gets one challenge and the same attempt then pays',
    { tag: '@braintree' },
    async ({ flow, request }) => {
      const { page, L } = flow;
      const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
      const parent = newParent('3ds-step-up');
      await regularJoinToPayment(flow, parent, premium.selectButtonId);
      const sent = watchOrders(page);
      const statuses: number[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders')
          statuses.push(r.status());
      });
      await fillCard(flow, VISA_STEP_UP);
      await fillBillingAddress(flow);
      const paid = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders' && r.status() === 201,
        { timeout: 75_000 },
      );
      await flow.press(page.getByRole('button', { name: L.pay }));
      // the bank asked for authentication: the page shows the challenge it requested, and the parent completes it
      const complete = challengeFrame(page).getByRole('button', { name: 'Complete authentication' });
      await expect(complete).toBeVisible({ timeout: 30_000 });
      await complete.click();
      const order = (await (await paid).json()) as { orderId: string; receipt: { amount: number } };
      expect(statuses).toEqual([402, 201]);
      // one attempt: both requests carry the same Idempotency-Key, with a new nonce the second time
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers()['idempotency-key']).toBe(sent[0]!.headers()['idempotency-key']);
      const nonces = sent.map((r) => (r.postDataJSON() as { paymentMethodNonce: string }).paymentMethodNonce);
      expect(nonces[1]).not.toBe(nonces[0]);
      await expectChargedOnce(flow, request, {
        email: parent.email,
        orderId: order.orderId,
        amount: 216, // spec §9: Premium, 1 year, USD
        currency: 'USD',
      });
      await finishJoin(flow, parent);
    },
  );
});
