import { expect, test } from '../../support/fixtures';
import {
  detailsStep,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  openJoin,
  packageButton,
  payAndWaitForOrder,
  regularJoinToPayment,
  VISA_DECLINED,
} from '../../support/join';
import { expectChargedOnce, expectNothingCharged } from '../../support/money';
import { servedTier } from '../../support/packages';

test('§2 back returns to the previous step without losing input', async ({ flow, request }) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('back');
  await openJoin(flow);
  await detailsStep(flow, parent);
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  await flow.press(page.getByRole('button', { name: L.back }));
  await expect(page.getByLabel(L.firstName)).toHaveValue(parent.firstName);
  await expect(page.getByLabel(L.email)).toHaveValue(parent.email);
  await expect(page.getByLabel(L.phoneNumber)).toHaveValue(parent.phoneNumber);
});

test(
  '§8 a declined card shows the payment error banner, creates no subscription, and another card then pays',
  { tag: '@braintree' },
  async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = newParent('decline');
    await regularJoinToPayment(flow, parent, premium.selectButtonId);
    await fillCard(flow, VISA_DECLINED);
    await fillBillingAddress(flow);
    await flow.press(page.getByRole('button', { name: L.pay }));

    // The processor declines this card (code 2000) with either driver: its 3D Secure lookup finds no liability shift
    // possible, so it is sold without one (docs/PAYMENTS.md "3D Secure policy") and the bank says no — card_declined.
    // join-api sends only the category, never the processor's code.
    const message = L.t('payment.decline.cardDeclined');
    const banner = page.getByRole('alert').filter({ hasText: message });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await flow.check('payment with decline banner');

    // The decline created no subscription: the main app does not show one for this parent.
    // (the parent's own session is read: without one the main app redirects to /join, which says nothing either way)
    const home = await page.request.get('/ofw/home.form', { maxRedirects: 0 });
    expect(home.status()).toBe(200);
    expect(new URL(home.url()).pathname).toBe('/ofw/home.form');
    expect(await home.text()).toContain('No subscription');
    // … and took no money: the sandbox holds no approved sale of this parent (the declined one is not)
    await expectNothingCharged(flow, request, parent);

    await fillCard(flow, flow.card);
    const order = await payAndWaitForOrder(flow);
    // One charge: the declined attempt took no money.
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: 216, // spec §9: Premium, 1 year, USD
      currency: 'USD',
    });
    await finishJoin(flow, parent);
  },
);
