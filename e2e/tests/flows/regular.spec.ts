import { monthlyPrice } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  currentStep,
  detailsStep,
  expectPaymentConfirmation,
  finishJoin,
  newParent,
  openJoin,
  packageStep,
  payByCard,
} from '../../support/join';
import { expectChargedOnce } from '../../support/money';
import { servedTier } from '../../support/packages';

test(
  '§1 §2 §4 regular join (USD): details, plan, terms, card, login; lands on /ofw/home.form',
  { tag: '@braintree' },
  async ({ flow, request }) => {
    const { page, L } = flow;
    // The package offered is whatever join-api serves a US parent (§4 pricing group), priced as @ofw/domain says (§9).
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = newParent('usd');
    await openJoin(flow);
    await expect(currentStep(page)).toBeVisible();
    await detailsStep(flow, parent);

    // §9's literal figures: Essentials $149.99 = $12.50/month, Premium $216.00 = $18.00/month.
    for (const [total, perMonth] of [
      ['$149.99', '$12.50'],
      ['$216.00', '$18.00'],
    ]) {
      await expect(page.getByText(total!, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(L.t('package.perMonth', { price: perMonth! })).first()).toBeVisible();
    }
    // The USD fixed tiers of §9: total and monthly price.
    await expect(page.getByText(L.money(premium.totalPrice, 'USD')).first()).toBeVisible();
    await expect(
      page.getByText(L.t('package.perMonth', { price: L.money(monthlyPrice(premium.totalPrice, 1), 'USD') })).first(),
    ).toBeVisible();
    await packageStep(flow, premium.selectButtonId);
    await acceptTerms(flow);

    // The card fields are cross-origin frames of the payment provider (docs/PAYMENTS.md).
    const numberFrame = page.locator('iframe[name="braintree-hosted-field-number"]');
    await expect(numberFrame).toBeVisible({ timeout: 20_000 });
    expect(new URL((await numberFrame.getAttribute('src'))!, page.url()).origin).not.toBe(new URL(page.url()).origin);
    const order = await payByCard(flow, { total: premium.totalPrice, currency: 'USD' });
    expect(order.receipt).toMatchObject({ amount: 216, currencyCode: 'USD' });
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: 216, // spec §9: Premium, 1 year, USD
      currency: 'USD',
    });

    // the step after paying: 4111 1111 1111 1111 → "Visa ending in 1111", $216.00, the parent's address
    await expectPaymentConfirmation(flow, order, { email: parent.email, amount: 216, currency: 'USD' });
    // a confirmation a parent can keep: a reload shows it again (nothing is paid again)
    await page.reload();
    await expectPaymentConfirmation(flow, order, { email: parent.email, amount: 216, currency: 'USD' });
    await finishJoin(flow, parent);
  },
);
