import { expect, test } from '../../support/fixtures';
import {
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
} from '../../support/join';
import { expectChargedOnce, expectNothingCharged } from '../../support/money';
import { servedTier } from '../../support/packages';

/*
 * docs/PAYMENTS.md "Shown = charged": the order carries the amount the Pay button showed; when the server's quote differs
 * (here the page is made to have shown an older price, as a coupon switched off or a pricing-group change would leave
 * it), join-api answers 409 price_changed with the new quote, charges nothing, and the page says so; the parent pays
 * the new price on the next Pay.
 */
test('a price that changed since the page showed it is refused with the new price, nothing charged; the next Pay charges what is shown', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('price-changed');
  await regularJoinToPayment(flow, parent, premium.selectButtonId);
  let stale = true;
  await page.route('**/api/v1/orders', async (route) => {
    if (!stale) return route.continue();
    stale = false;
    const body = route.request().postDataJSON() as { expectedCharge: { amount: string } };
    expect(body.expectedCharge).toEqual({ amount: premium.totalPrice.toFixed(2), currencyCode: 'USD' });
    // what a page that quoted before the price changed would have shown
    await route.continue({
      postData: JSON.stringify({ ...body, expectedCharge: { amount: '199.00', currencyCode: 'USD' } }),
    });
  });
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/orders');
  await fillCard(flow, flow.card);
  await fillBillingAddress(flow);
  await flow.press(page.getByRole('button', { name: L.pay }));
  const answer = await refused;
  expect(answer.status()).toBe(409);
  expect(await answer.json()).toMatchObject({
    code: 'price_changed',
    quote: { amount: premium.totalPrice.toFixed(2) },
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: L.t('payment.error.priceChanged', { amount: L.money(premium.totalPrice, 'USD') }) }),
  ).toBeVisible({ timeout: 20_000 });
  await flow.check('payment after a price change');
  // the refused order took no money: the sandbox holds no approved sale of this parent
  await expectNothingCharged(flow, request, parent);

  await fillCard(flow, flow.card);
  const order = await payAndWaitForOrder(flow);
  await expectChargedOnce(flow, request, {
    email: parent.email,
    orderId: order.orderId,
    amount: 216, // spec §9: Premium, 1 year, USD
    currency: 'USD',
  });
  await finishJoin(flow, parent);
});
