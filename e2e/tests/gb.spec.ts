import { expect, test } from '@playwright/test';
import { monthlyPrice, vatForPrice, type Package } from '@ofw/domain';
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
import { EN_US, GB_BILLING } from '../support/labels';
import { servedPackages, servedTier } from '../support/packages';

test('§1 §4 §9 regular join from GB: +44 → GBP prices with the VAT line, paid in GBP, axe-clean', async ({
  page,
  request,
}) => {
  const essentials = await servedTier(request, 'GBP', 'ESSENTIALS', 1);
  const gbpTiers = (await servedPackages(request, 'GBP')).packages.filter(
    (p: Package) => p.packageType === 'parent' && p.family !== 'BYO',
  );
  const axe = (step: string) => expectNoAxeViolations(page, step);
  const parent = { ...newParent('gb'), phoneNumber: '7700900123' };

  await page.goto('/join');
  await fillAccountDetails(page, parent, EN_US, { phoneCode: '+44' });
  // §5: the country follows the phone code.
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('GB');
  await axe('account details (GB)');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Every GBP tier shows its total, monthly price and the VAT it includes (§9: £107.99 → VAT £18 …).
  await expect(page.locator(`[id="${essentials.selectButtonId}"]`)).toBeVisible();
  for (const p of gbpTiers) {
    const vat = vatForPrice(p.totalPrice, 'GBP');
    expect(vat, `VAT of ${p.id}`).toBeDefined();
    await expect(page.getByText(money(p.totalPrice, 'GBP'), { exact: true }).first()).toBeVisible();
    await expect(page.getByText(money(monthlyPrice(p.totalPrice, 1), 'GBP'), { exact: false }).first()).toBeVisible();
    await expect(page.getByText(`Includes ${money(vat!, 'GBP')} VAT`).first()).toBeVisible();
  }
  expect(vatForPrice(essentials.totalPrice, 'GBP')).toBe(18);
  await axe('package choice (GBP)');
  await page.locator(`[id="${essentials.selectButtonId}"]`).click();

  await acceptTerms(page, EN_US, axe);

  // Payment: the summary repeats the VAT; UK billing wording (County, Postcode).
  await cardFieldsReady(page);
  await expect(page.getByText(`Includes ${money(18, 'GBP')} VAT`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${money(essentials.totalPrice, 'GBP')}` })).toBeVisible();
  await fillCard(page, VISA_OK);
  await fillBillingAddress(page, GB_BILLING);
  await axe('payment (GBP)');
  const order = await payAndWaitForOrder(page);
  expect(order.receipt.currencyCode).toBe('GBP');
  expect(order.receipt.amount).toBe(essentials.totalPrice);
  expect(order.receipt.vatAmount).toBe(vatForPrice(essentials.totalPrice, 'GBP'));
  expect(await chargedAmount(request, order.orderId)).toBe(essentials.totalPrice);

  await finishJoin(page, parent, EN_US, { axe });
  await expect(page.getByText(/active subscription/i)).toBeVisible();
});
