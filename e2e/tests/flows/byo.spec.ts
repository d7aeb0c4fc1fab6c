import { expect, test } from '../../support/fixtures';
import { acceptTerms, chooseYears, detailsStep, finishJoin, newParent, openJoin, payByCard } from '../../support/join';
import { expectChargedOnce } from '../../support/money';
import { servedPackages } from '../../support/packages';

test('§3 §9 build-your-own: options change a live total (2 years 220 + MyFiles 5GB 58 + Tonemeter 20 = 298), and that total is charged', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const { byo } = await servedPackages(request, 'USD');
  expect(byo, 'join-api serves a build-your-own package in USD').toBeTruthy();
  const parent = newParent('byo');
  await openJoin(flow);
  await detailsStep(flow, parent);

  await chooseYears(flow, 2);
  const builder = page.getByRole('region', { name: L.t('package.byo.heading') });
  const total = builder.locator('.byo__total');
  // §9's own figures for the build-your-own package served to a US parent (2050): base 2 years 220, MyFiles 5GB 58
  // per 2 years, Tonemeter 20 per 2 years; §9 gives the calls feature no price, so it is not offered
  const expectTotal = (amount: number) =>
    expect(total).toHaveText(L.t('package.byo.total', { total: L.money(amount, 'USD') }));
  await expectTotal(220);
  await builder.getByLabel(L.t('package.byo.myfiles')).selectOption('MYFILES_5GB');
  await expectTotal(278);
  await flow.press(builder.getByRole('checkbox', { name: new RegExp(L.t('package.byo.tonemeter')) }));
  await expectTotal(298);
  await expect(builder.getByLabel(L.t('package.byo.calls'))).toHaveCount(0);
  await flow.check('build-your-own');
  const price = 298;
  await flow.press(builder.getByRole('button', { name: L.t('package.byo.select') }));

  await acceptTerms(flow);
  const order = await payByCard(flow, { total: price, currency: 'USD' });
  expect(order.receipt.amount).toBe(price);
  await expectChargedOnce(flow, request, { email: parent.email, orderId: order.orderId, amount: 298, currency: 'USD' });
  await finishJoin(flow, parent);
});
