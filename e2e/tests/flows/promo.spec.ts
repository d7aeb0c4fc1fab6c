import { applyDiscount, chargeAmount, getPackage, type CouponAvailability } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import { acceptTerms, detailsStep, finishJoin, newParent, openJoin, packageStep, payByCard } from '../../support/join';
import { expectChargedOnce } from '../../support/money';
import { servedTier } from '../../support/packages';

test('§4 "Discount" a promotion code lowers the card price, the Pay button and the charge; an unknown or expired one says why', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  // join-api seeds WELCOME10 ($10.00 off Premium 1 year, by code only) and SPRING15 (switched off); the discount
  // itself comes from @ofw/domain, with the entry the code stands for.
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const entry: CouponAvailability = { packageId: premium.id, status: 'available', discountAmount: 10 };
  const discounted = applyDiscount(getPackage(premium.id)!, [entry]);
  const { discountPercent, discountedYearlyPrice } = discounted.discount!;
  // §4 / §9 literal figures: Premium 1 year $216.00, $10.00 off → $206.00, 4 % (floored)
  expect([discountedYearlyPrice, discountPercent]).toEqual([206, 4]);
  const amount = L.money(10, 'USD');

  const parent = newParent('promo');
  await openJoin(flow);
  await detailsStep(flow, parent);
  await flow.press(page.getByRole('button', { name: L.t('package.promo.add') }));
  const input = page.getByLabel(L.t('package.promo.label'));
  const apply = page.getByRole('button', { name: L.t('package.promo.apply') });
  for (const [code, reason] of [
    ['NOSUCHCODE', 'package.promo.unknown'],
    ['SPRING15', 'package.promo.expired'],
  ] as const) {
    await input.fill(code);
    await flow.press(apply);
    await expect(page.getByText(L.t(reason))).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  await flow.check('promotion code refused');

  await input.fill('welcome10');
  await flow.press(apply);
  await expect(page.getByRole('button', { name: L.t('package.promo.remove', { code: 'WELCOME10' }) })).toBeVisible();
  await expect(page.getByText(L.t('package.discount', { amount, percent: discountPercent }))).toBeVisible();
  await expect(page.getByText(L.money(discountedYearlyPrice, 'USD')).first()).toBeVisible();
  await flow.check('promotion code applied');
  await packageStep(flow, premium.selectButtonId);
  await acceptTerms(flow);

  await expect(page.getByText(L.t('payment.discount', { amount, percent: discountPercent }))).toBeVisible({
    timeout: 20_000,
  });
  // the Pay button names the discounted amount; the order carries the code and the sandbox charges that amount
  const order = await payByCard(flow, { total: chargeAmount(discounted), currency: 'USD' });
  expect(order.receipt.discountAmount).toBe(10);
  await expectChargedOnce(flow, request, { email: parent.email, orderId: order.orderId, amount: 206, currency: 'USD' });
  await finishJoin(flow, parent);
});
