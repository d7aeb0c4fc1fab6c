import { byoPrice, type AlaCarteSelection } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  chargedAmount,
  chooseYears,
  detailsStep,
  finishJoin,
  newParent,
  openJoin,
  payByCard,
} from '../../support/join';
import { servedPackages } from '../../support/packages';

test('§3 §9 build-your-own: options change a live total equal to byoPrice, and that total is charged', async ({
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
  const expectTotal = (selection: AlaCarteSelection) =>
    expect(total).toHaveText(L.t('package.byo.total', { total: L.money(byoPrice(selection, byo!), 'USD') }));
  const selection: AlaCarteSelection = {
    subscription: 'SUB2YEAR',
    myfiles: null,
    tonemeter: false,
    unlimitedPayments: false,
    calls: null,
  };
  await expectTotal(selection);
  await builder.getByLabel(L.t('package.byo.myfiles')).selectOption('MYFILES_5GB');
  selection.myfiles = 'MYFILES_5GB';
  await expectTotal(selection);
  await flow.press(builder.getByRole('checkbox', { name: new RegExp(L.t('package.byo.tonemeter')) }));
  selection.tonemeter = true;
  await expectTotal(selection);
  await builder.getByLabel(L.t('package.byo.calls')).selectOption('CALLSBASIC_60');
  selection.calls = 'CALLSBASIC_60';
  await expectTotal(selection);
  await flow.check('build-your-own');
  const price = byoPrice(selection, byo!);
  await flow.press(builder.getByRole('button', { name: L.t('package.byo.select') }));

  await acceptTerms(flow);
  const order = await payByCard(flow, { total: price, currency: 'USD' });
  expect(order.receipt.amount).toBe(price);
  expect(await chargedAmount(request, order.orderId)).toBe(price);
  await finishJoin(flow, parent);
});
