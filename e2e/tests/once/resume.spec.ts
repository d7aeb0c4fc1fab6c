import { expect, test } from '../../support/fixtures';
import {
  cardFieldsReady,
  cardFrame,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  VISA_OK,
} from '../../support/join';
import { US_BILLING } from '../../support/labels';
import { servedTier } from '../../support/packages';

test('§3 a reload on the payment step resumes there with the plan and billing address kept, and no card data stored', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('resume');
  await regularJoinToPayment(flow, parent, premium.selectButtonId);
  await fillBillingAddress(flow);
  await fillCard(flow, VISA_OK);

  await page.reload();
  await cardFieldsReady(flow);
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.payment') })).toBeVisible();
  await expect(page.getByText(L.t('payment.total', { total: L.money(premium.totalPrice, 'USD') }))).toBeVisible();
  await expect(page.getByLabel(L.streetAddress, { exact: true })).toHaveValue(US_BILLING.streetAddress);
  await expect(page.getByLabel(L.city)).toHaveValue(US_BILLING.city);
  // Card data lives only in the provider's frames: after the reload they are empty, and the page stored none of it.
  await expect(cardFrame(page, 'number').getByLabel(L.cardNumber)).toHaveValue('');
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).toContain(US_BILLING.streetAddress);
  expect(stored).not.toContain(VISA_OK.number);
  expect(stored).not.toContain(VISA_OK.number.slice(-4) + '"');
  // the session survived the reload as the HttpOnly, Secure __Host- cookie (Chromium keeps Secure cookies
  // on http://127.0.0.1), and no script-readable storage holds the token
  const session = (await page.context().cookies()).find((c) => c.name === '__Host-ofw_session');
  expect(session).toMatchObject({ httpOnly: true, secure: true, path: '/', sameSite: 'Lax' });
  expect(session!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(stored).not.toContain(session!.value);
  expect(await page.evaluate(() => document.cookie)).not.toContain('ofw_session');

  await fillCard(flow, VISA_OK);
  await payAndWaitForOrder(flow);
  await finishJoin(flow, parent);
});
