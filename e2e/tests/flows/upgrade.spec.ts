import { divideHalfUp, fromMinor, toMinor, type Package } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  detailsStep,
  finishJoin,
  newParent,
  openJoin,
  packageButton,
  packageStep,
  payByCard,
} from '../../support/join';
import { expectCharges } from '../../support/money';
import { servedTier } from '../../support/packages';

/**
 * join-api's proration rule (README "Upgrade and proration"): credit = round-half-up(value × daysRemaining /
 * termDays), prorated price = max(0, new price − credit). Bought seconds ago, a 1-year term has termDays − 1 whole days
 * left (the day in progress counts as used). Terms end on a calendar date (spec §3 subDurationInYears, @ofw/domain
 * termEnd), so termDays is 365 or 366 a year: read from the subscription bought. Prices are @ofw/domain's.
 */
function proratedPrice(current: Package, next: Package, term: { startsAt: string; expiresAt: string }): number {
  const termDays = Math.round((Date.parse(term.expiresAt) - Date.parse(term.startsAt)) / 86_400_000);
  const credit = divideHalfUp(toMinor(current.totalPrice) * (termDays - 1), termDays);
  return fromMinor(Math.max(0, toMinor(next.totalPrice) - credit));
}

test('§3 §4 upgrade: a parent who just bought Premium sees Max at the prorated price and pays only that', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const max = await servedTier(request, 'USD', 'MAX', 1);
  const parent = newParent('upgrade');
  await openJoin(flow);
  await detailsStep(flow, parent);
  await packageStep(flow, premium.selectButtonId);
  await acceptTerms(flow);
  const first = await payByCard(flow, { total: premium.totalPrice, currency: 'USD' });
  expect(first.purchaseFlow).toBe('purchase');

  // Back to the plans with a current subscription: join-api now offers upgrades (§3 "Upgrade options").
  await expect(page.getByLabel(L.username)).toBeVisible({ timeout: 20_000 });
  // After a paid order, Back leads straight to the plans (join-web).
  await flow.press(page.getByRole('button', { name: L.back }));
  const plans = page.getByRole('heading', { name: L.t('steps.package') });
  await expect(plans).toBeVisible();
  const price = proratedPrice(premium, max, first.subscription);
  await expect(page.getByText(L.t('package.prorated', { price: L.money(price, 'USD') }))).toBeVisible();
  await expect(packageButton(page, max.selectButtonId)).toBeVisible();
  await packageStep(flow, max.selectButtonId);
  await acceptTerms(flow);

  // The card is asked again; the billing address is already on file.
  const upgrade = await payByCard(flow, { total: price, currency: 'USD' }, null);
  expect(upgrade.purchaseFlow).toBe('upgrade');
  expect(upgrade.receipt.amount).toBe(price);
  // the parent paid twice, each order once: Premium's $216.00 (spec §9), then only the prorated price
  await expectCharges(flow, request, {
    email: parent.email,
    charges: [
      { orderId: first.orderId, amount: 216, currency: 'USD' },
      { orderId: upgrade.orderId, amount: price, currency: 'USD' },
    ],
  });
  await finishJoin(flow, parent);
});
