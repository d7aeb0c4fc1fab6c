import { expect, test } from '@playwright/test';
import { divideHalfUp, fromMinor, toMinor, type Package } from '@ofw/domain';
import { expectNoAxeViolations } from '../support/axe';
import {
  acceptTerms,
  cardFieldsReady,
  chargedAmount,
  fillBillingAddress,
  fillCard,
  finishJoin,
  money,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  VISA_OK,
} from '../support/join';
import { servedTier } from '../support/packages';

let premium: Package;
let max: Package;
test.beforeAll(async ({ request }) => {
  premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  max = await servedTier(request, 'USD', 'MAX', 1);
});

/**
 * join-api's proration rule (README "Upgrade and proration"; not in @ofw/domain): credit = round-half-up(value ×
 * daysRemaining / termDays), prorated price = max(0, new price − credit). Bought seconds ago, a 1-year term has
 * 364 whole days left (the day in progress counts as used). Prices are @ofw/domain's.
 */
function proratedPrice(current: Package, next: Package): number {
  const termDays = 365 * current.subDurationInYears;
  const credit = divideHalfUp(toMinor(current.totalPrice) * (termDays - 1), termDays);
  return fromMinor(Math.max(0, toMinor(next.totalPrice) - credit));
}

test('§3 §4 upgrade: a parent who just bought Premium sees Max at the prorated price and pays only that', async ({
  page,
  request,
}) => {
  const parent = newParent('upgrade');
  const axe = (step: string) => expectNoAxeViolations(page, step);
  await page.goto('/join');
  await regularJoinToPayment(page, parent, premium.selectButtonId);
  await fillCard(page, VISA_OK);
  await fillBillingAddress(page);
  const first = await payAndWaitForOrder(page);
  expect(first.purchaseFlow).toBe('purchase');

  // Back to the plans with a current subscription: join-api now offers upgrades (§3 "Upgrade options").
  await expect(page.getByLabel('Username')).toBeVisible({ timeout: 20_000 });
  const maxSelect = page.locator(`[id="${max.selectButtonId}"]`);
  for (let i = 0; i < 4 && !(await maxSelect.isVisible()); i++) {
    await page.getByRole('button', { name: 'Back' }).click({ timeout: 5_000 });
  }
  const price = proratedPrice(premium, max);
  await expect(page.getByText(`Upgrade today for ${money(price, 'USD')} (prorated)`)).toBeVisible();
  await axe('package choice (upgrade)');
  await maxSelect.click();
  await acceptTerms(page);

  await cardFieldsReady(page);
  await expect(page.getByRole('button', { name: `Pay ${money(price, 'USD')}` })).toBeVisible();
  await fillCard(page, VISA_OK);
  await axe('payment (upgrade)');
  const upgrade = await payAndWaitForOrder(page);
  expect(upgrade.purchaseFlow).toBe('upgrade');
  expect(upgrade.receipt.amount).toBe(price);
  expect(await chargedAmount(request, upgrade.orderId)).toBe(price);
  await finishJoin(page, parent);
});
