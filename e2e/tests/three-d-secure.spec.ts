import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  chargedAmount,
  challengeFrame,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  watchOrders,
  VISA_3DS_CHALLENGE,
} from '../support/join';
import { servedTier } from '../support/packages';
import type { Package } from '@ofw/domain';

let premium: Package;
test.beforeAll(async ({ request }) => {
  premium = await servedTier(request, 'USD', 'PREMIUM', 1);
});

test.describe('3D Secure challenge (§4 "3D Secure flow", DESIGN.md §5)', () => {
  test('a completed challenge pays and the join finishes', async ({ page, request }) => {
    const parent = newParent('3ds-ok');
    await page.goto('/join');
    await regularJoinToPayment(page, parent, premium.selectButtonId);
    await fillCard(page, VISA_3DS_CHALLENGE);
    await fillBillingAddress(page);
    const order = await payAndWaitForOrder(page, undefined, async () => {
      await expect(page.getByRole('dialog', { name: 'Confirm the payment with your bank' })).toBeVisible({
        timeout: 20_000,
      });
      const complete = challengeFrame(page).getByRole('button', { name: 'Complete authentication' });
      await expect(complete).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, '3D Secure challenge');
      await complete.click();
    });
    expect(await chargedAmount(request, order.orderId)).toBe(premium.totalPrice);
    await finishJoin(page, parent);
  });

  test('a failed challenge shows the error banner and charges nothing', async ({ page }) => {
    const parent = newParent('3ds-fail');
    const orders = watchOrders(page);
    await page.goto('/join');
    await regularJoinToPayment(page, parent, premium.selectButtonId);
    await fillCard(page, VISA_3DS_CHALLENGE);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: /could not (verify|authenticate)/i })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page, 'payment after a failed 3D Secure');
    expect(orders).toHaveLength(0);
  });

  test('Escape cancels the challenge: the banner says so and nothing is charged', async ({ page }) => {
    const parent = newParent('3ds-esc');
    const orders = watchOrders(page);
    await page.goto('/join');
    await regularJoinToPayment(page, parent, premium.selectButtonId);
    await fillCard(page, VISA_3DS_CHALLENGE);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(challengeFrame(page).getByRole('button', { name: 'Complete authentication' })).toBeVisible({
      timeout: 20_000,
    });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /canceled|cancelled/i })).toBeVisible();
    await expectNoAxeViolations(page, 'payment after a cancelled 3D Secure');
    expect(orders).toHaveLength(0);
  });
});
