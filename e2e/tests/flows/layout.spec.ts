import type { Locator } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { acceptTerms, cardFieldsReady, detailsStep, newParent, openJoin } from '../../support/join';

/*
 * Layout facts of the join at this project's width and locale, measured on the rendered page (boundingBox), not
 * compared with pictures: the package cards' prices line up whatever sits above them, the build-your-own checkboxes
 * stand apart, the card fields' labels stay on one line, and a US billing address chooses its state from a list.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, `${locator.toString()} has a box`).not.toBeNull();
  return b!;
}

/** The boxes of every element `locator` matches, in document order. */
async function boxes(locator: Locator): Promise<Box[]> {
  return Promise.all((await locator.all()).map(box));
}

test('the plans, build-your-own and card fields keep their layout at this width and in this language', async ({
  flow,
  viewport,
}) => {
  const { page, L } = flow;
  const wide = (viewport?.width ?? 1280) >= 600;
  await openJoin(flow);
  await detailsStep(flow, newParent('layout'));

  const cards = page.locator('.ofw-package');
  await expect(cards.first()).toBeVisible();
  await flow.check('plans');

  // Prices: the cards that share a row (same top) have their totals on the same line, whatever their names and
  // descriptions above them take.
  const cardBoxes = await boxes(cards);
  const totals = await boxes(page.locator('.ofw-package__total'));
  expect(totals).toHaveLength(cardBoxes.length);
  const rows = new Map<number, number[]>();
  cardBoxes.forEach((c, i) => rows.set(Math.round(c.y), [...(rows.get(Math.round(c.y)) ?? []), i]));
  const sideBySide = [...rows.values()].filter((r) => r.length > 1);
  // at 1280 px the cards are compared side by side (otherwise the check below would hold trivially); a phone stacks them
  expect(sideBySide.length > 0, 'cards side by side').toBe(wide);
  for (const row of sideBySide) {
    const tops = row.map((i) => totals[i]!.y);
    expect(Math.max(...tops) - Math.min(...tops), 'price tops in one row differ by (px)').toBeLessThanOrEqual(1);
    const bottoms = row.map((i) => totals[i]!.y + totals[i]!.height);
    expect(
      Math.max(...bottoms) - Math.min(...bottoms),
      'price baselines in one row differ by (px)',
    ).toBeLessThanOrEqual(1);
  }
  // Build-your-own: each checkbox on a line of its own, at least 16 px from the next, so a tap finds the right one.
  const builder = page.getByRole('region', { name: L.t('package.byo.heading') });
  const checkboxes = await boxes(builder.getByRole('checkbox'));
  expect(checkboxes.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < checkboxes.length; i++) {
    const [above, below] = [checkboxes[i - 1]!, checkboxes[i]!];
    expect(
      below.y - (above.y + above.height),
      `space between checkboxes ${i} and ${i + 1} (px)`,
    ).toBeGreaterThanOrEqual(16);
  }

  await flow.press(page.locator('.ofw-package__select').first());
  await acceptTerms(flow);
  await cardFieldsReady(flow);

  // Card fields: each label on one line (as tall as the card number's, which has the whole row), and the expiry and
  // CVV fields start on the same line when they share a row.
  const label = (id: string) => page.locator('.card-field__label', { hasText: L.t(id) });
  const oneLine = (await box(label('payment.cardNumber'))).height;
  for (const id of ['payment.expirationDate', 'payment.cvv'])
    expect((await box(label(id))).height, `height of the "${L.t(id)}" label (px)`).toBeLessThanOrEqual(oneLine + 1);
  const [expiry, cvv] = await boxes(page.locator('#card-expiration-date, #card-cvv'));
  if (Math.abs(expiry!.x - cvv!.x) > 1) expect(Math.abs(expiry!.y - cvv!.y)).toBeLessThanOrEqual(1);

  // A US billing address chooses its state from a labelled list whose values are the codes join-api accepts.
  const state = page.getByRole('combobox', { name: L.t('payment.state'), exact: true });
  await expect(state.locator('option').first()).toHaveText(L.t('payment.regionChoose'));
  await expect(state.locator('option[value="WA"]')).toHaveText('Washington');
  await expect(state.locator('option[value="NY"]')).toHaveText(L.locale.startsWith('es') ? 'Nueva York' : 'New York');
  await state.selectOption('WA');
  await expect(state).toHaveValue('WA');
  await flow.check('payment with the state list');
});
