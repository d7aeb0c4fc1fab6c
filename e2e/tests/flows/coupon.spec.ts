import { applyDiscount, chargeAmount, getPackage, type CouponAvailability } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  chooseYears,
  detailsStep,
  finishJoin,
  newParent,
  openJoin,
  packageStep,
  payByCard,
} from '../../support/join';
import { expectChargedOnce } from '../../support/money';
import { servedTier } from '../../support/packages';

test('§4 a coupon is shown as amount and percent, and the discounted amount is charged', async ({ flow, request }) => {
  const { page, L } = flow;
  // join-api seeds an auto-applied join coupon on Max 2 years (TWOYEARMAX25); what it is worth comes from the
  // coupons join-api answers the page with, the discount itself from @ofw/domain.
  const max2y = await servedTier(request, 'USD', 'MAX', 2);
  const parent = newParent('coupon');
  await openJoin(flow);
  const coupons = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/coupons');
  await detailsStep(flow, parent);
  const available = (await (await coupons).json()) as CouponAvailability[];
  const discounted = applyDiscount(getPackage(max2y.id)!, available);
  expect(discounted.discount, `a join coupon applies to package ${max2y.id}`).toBeDefined();
  const { discountAmount, discountPercent, discountedYearlyPrice } = discounted.discount!;
  // §4 / §9 literal figures: Max 2 years $551.76, the $25.00 coupon → $526.76, 4 % (floored)
  expect([discountAmount, discountPercent, discountedYearlyPrice]).toEqual([25, 4, 526.76]);
  const amount = '$25.00';

  await chooseYears(flow, 2);
  await expect(page.getByText(L.t('package.discount', { amount, percent: discountPercent }))).toBeVisible();
  await expect(page.getByText('$526.76').first()).toBeVisible();
  await packageStep(flow, max2y.selectButtonId);
  await acceptTerms(flow);

  await expect(page.getByText(L.t('payment.discount', { amount, percent: discountPercent }))).toBeVisible({
    timeout: 20_000,
  });
  const order = await payByCard(flow, { total: chargeAmount(discounted), currency: 'USD' });
  expect(order.receipt.discountAmount).toBe(discountAmount);
  await expectChargedOnce(flow, request, {
    email: parent.email,
    orderId: order.orderId,
    amount: 526.76,
    currency: 'USD',
  });
  await finishJoin(flow, parent);
});
