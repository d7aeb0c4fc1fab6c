import { expect, test } from '../../support/fixtures';
import {
  challengeFrame,
  expectChargedOnce,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  watchOrders,
  VISA_3DS_CHALLENGE,
  type Flow,
} from '../../support/join';
import { servedTier } from '../../support/packages';

/** A regular join up to the payment step with the 3D Secure challenge card and a billing address typed in. */
async function toChallengeCard(flow: Flow, tag: string, selectButtonId: string) {
  const parent = newParent(tag);
  await regularJoinToPayment(flow, parent, selectButtonId);
  await fillCard(flow, VISA_3DS_CHALLENGE);
  await fillBillingAddress(flow);
  return parent;
}

test.describe('3D Secure challenge (§4 "3D Secure flow", DESIGN.md §5)', () => {
  test('a completed challenge pays and the join finishes', { tag: '@braintree' }, async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = await toChallengeCard(flow, '3ds-ok', premium.selectButtonId);
    const order = await payAndWaitForOrder(flow, async () => {
      await expect(page.getByRole('dialog', { name: L.t('payments.threeDSecure.title') })).toBeVisible({
        timeout: 20_000,
      });
      const complete = challengeFrame(page).getByRole('button', { name: 'Complete authentication' });
      await expect(complete).toBeVisible({ timeout: 20_000 });
      await flow.check('3D Secure challenge');
      await complete.click();
    });
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: premium.totalPrice,
      currency: 'USD',
    });
    await finishJoin(flow, parent);
  });

  test('a failed challenge shows the error banner and charges nothing', async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const orders = watchOrders(page);
    await toChallengeCard(flow, '3ds-fail', premium.selectButtonId);
    await flow.press(page.getByRole('button', { name: L.pay }));
    await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: /could not (verify|authenticate)/i })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await flow.check('payment after a failed 3D Secure');
    expect(orders).toHaveLength(0);
  });

  test('Escape cancels the challenge: the banner says so and nothing is charged', async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const orders = watchOrders(page);
    await toChallengeCard(flow, '3ds-esc', premium.selectButtonId);
    await flow.press(page.getByRole('button', { name: L.pay }));
    await expect(challengeFrame(page).getByRole('button', { name: 'Complete authentication' })).toBeVisible({
      timeout: 20_000,
    });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /canceled|cancelled/i })).toBeVisible();
    await flow.check('payment after a cancelled 3D Secure');
    expect(orders).toHaveLength(0);
  });
});
