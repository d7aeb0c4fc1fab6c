import { expect, test } from '@playwright/test';
import {
  applyDiscount,
  byoPrice,
  chargeAmount,
  getPackage,
  type AlaCarteSelection,
  type CouponAvailability,
} from '@ofw/domain';
import { expectNoAxeViolations } from '../support/axe';
import {
  acceptTerms,
  cardFieldsReady,
  chargedAmount,
  fillAccountDetails,
  fillBillingAddress,
  fillCard,
  finishJoin,
  money,
  newParent,
  payAndWaitForOrder,
  VISA_OK,
} from '../support/join';
import { EN_US } from '../support/labels';
import { servedPackages, servedTier } from '../support/packages';

test('§3 §9 build-your-own: options change a live total equal to byoPrice, and that total is charged', async ({
  page,
  request,
}) => {
  const { byo } = await servedPackages(request, 'USD');
  expect(byo, 'join-api serves a build-your-own package in USD').toBeTruthy();
  const axe = (step: string) => expectNoAxeViolations(page, step);
  const parent = newParent('byo');
  await page.goto('/join');
  await fillAccountDetails(page, parent);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: '2 years' }).check();
  const total = page.locator('.byo__total');
  const expectTotal = (selection: AlaCarteSelection) =>
    expect(total).toHaveText(`Total: ${money(byoPrice(selection, byo!), 'USD')}`);
  const selection: AlaCarteSelection = {
    subscription: 'SUB2YEAR',
    myfiles: null,
    tonemeter: false,
    unlimitedPayments: false,
    calls: null,
  };
  await expectTotal(selection);
  await page.getByLabel('My Files storage').selectOption('MYFILES_5GB');
  selection.myfiles = 'MYFILES_5GB';
  await expectTotal(selection);
  await page.getByRole('checkbox', { name: /ToneMeter/ }).check();
  selection.tonemeter = true;
  await expectTotal(selection);
  await page.getByLabel('Calls').selectOption('CALLSBASIC_60');
  selection.calls = 'CALLSBASIC_60';
  await expectTotal(selection);
  await axe('build-your-own');
  const price = byoPrice(selection, byo!);
  await page.getByRole('button', { name: 'Select my plan' }).click();

  await acceptTerms(page, EN_US, axe);
  await cardFieldsReady(page);
  await expect(page.getByRole('button', { name: `Pay ${money(price, 'USD')}` })).toBeVisible();
  await fillCard(page, VISA_OK);
  await fillBillingAddress(page);
  const order = await payAndWaitForOrder(page);
  expect(order.receipt.amount).toBe(price);
  expect(await chargedAmount(request, order.orderId)).toBe(price);
  await finishJoin(page, parent);
});

test('§4 a coupon is shown as amount and percent, and the discounted amount is charged', async ({ page, request }) => {
  // join-api seeds an auto-applied join coupon on Max 2 years (TWOYEARMAX25); what it is worth comes from the
  // coupons join-api answers the page with, the discount itself from @ofw/domain.
  const max2y = await servedTier(request, 'USD', 'MAX', 2);
  const axe = (step: string) => expectNoAxeViolations(page, step);
  const parent = newParent('coupon');
  await page.goto('/join');
  await fillAccountDetails(page, parent);
  const coupons = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/coupons');
  await page.getByRole('button', { name: 'Continue' }).click();
  const available = (await (await coupons).json()) as CouponAvailability[];
  const discounted = applyDiscount(getPackage(max2y.id)!, available);
  expect(discounted.discount, `a join coupon applies to package ${max2y.id}`).toBeDefined();
  const { discountAmount, discountPercent, discountedYearlyPrice } = discounted.discount!;

  await page.getByRole('radio', { name: '2 years' }).check();
  await expect(page.getByText(`Save ${money(discountAmount, 'USD')} (${discountPercent}%)`)).toBeVisible();
  await expect(page.getByText(money(discountedYearlyPrice, 'USD')).first()).toBeVisible();
  await axe('package choice with coupon');
  await page.locator(`[id="${max2y.selectButtonId}"]`).click();
  await acceptTerms(page);

  await cardFieldsReady(page);
  await expect(page.getByText(`Coupon discount: ${money(discountAmount, 'USD')} (${discountPercent}%)`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${money(chargeAmount(discounted), 'USD')}` })).toBeVisible();
  await fillCard(page, VISA_OK);
  await fillBillingAddress(page);
  await axe('payment with coupon');
  const order = await payAndWaitForOrder(page);
  expect(order.receipt.discountAmount).toBe(discountAmount);
  expect(await chargedAmount(request, order.orderId)).toBe(chargeAmount(discounted));
  await finishJoin(page, parent);
});
