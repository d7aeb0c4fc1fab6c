import { expect, test, type Page } from '@playwright/test';
import { monthlyPrice, type Package } from '@ofw/domain';
import { expectNoAxeViolations } from '../support/axe';
import {
  acceptTerms,
  cardFieldsReady,
  cardFrame,
  fillAccountDetails,
  fillBillingAddress,
  fillCard,
  finishJoin,
  money,
  newParent,
  payAndWaitForOrder,
  VISA_OK,
} from '../support/join';
import { ES_MX, MX_US_BILLING } from '../support/labels';
import { servedTier } from '../support/packages';

let premium: Package;
test.beforeAll(async ({ request }) => {
  premium = await servedTier(request, 'USD', 'PREMIUM', 1);
});

/** Fails when the page scrolls sideways (a 360 px phone must not). */
async function expectNoHorizontalScroll(page: Page, step: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on "${step}"`).toBeLessThanOrEqual(0);
}

test.describe('regular join in es-MX on a 360 px phone (§1 languages, issue 6)', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the language switch turns every step Spanish; the join completes, axe-clean, without sideways scrolling', async ({
    page,
  }) => {
    const L = ES_MX;
    const parent = newParent('esmx');
    const step = async (name: string) => {
      await expectNoAxeViolations(page, name);
      await expectNoHorizontalScroll(page, name);
    };
    await page.goto('/join');
    await page.getByLabel('Language').selectOption('es-MX');
    await expect(page.locator('html')).toHaveAttribute('lang', /^es/);

    await fillAccountDetails(page, parent, L);
    await expect(page.getByLabel(L.country, { exact: true })).toHaveValue('US');
    await step('datos (es-MX)');
    await page.getByRole('button', { name: L.continue }).tap();

    const select = page.locator(`[id="${premium.selectButtonId}"]`);
    await expect(select).toBeVisible();
    await expect(page.getByText(money(premium.totalPrice, 'USD', 'es-MX')).first()).toBeVisible();
    await expect(
      page.getByText(`${money(monthlyPrice(premium.totalPrice, 1), 'USD', 'es-MX')}/mes`).first(),
    ).toBeVisible();
    await step('plan (es-MX)');
    await select.tap();

    await acceptTerms(page, L, step);

    await cardFieldsReady(page, L);
    await expect(cardFrame(page, 'number').getByLabel(L.cardNumber)).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Pagar ${money(premium.totalPrice, 'USD', 'es-MX')}` }),
    ).toBeVisible();
    await fillCard(page, VISA_OK, L);
    await fillBillingAddress(page, MX_US_BILLING, L);
    await step('pago (es-MX)');
    await payAndWaitForOrder(page, L);

    await finishJoin(page, parent, L, { axe: step });
  });
});

/** Presses Tab until `target` has focus (an iframe counts when the focus is inside it). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a regular join done by keyboard alone (Tab, Enter, Space, typing; no clicks)', async ({ page }) => {
  const parent = newParent('kbd');
  const type = (text: string) => page.keyboard.type(text, { delay: 5 });
  await page.goto('/join');
  await expect(page.getByLabel('First name')).toBeVisible();

  await tabTo(page, page.getByLabel('First name'));
  await type(parent.firstName);
  await tabTo(page, page.getByLabel('Last name'));
  await type(parent.lastName);
  await tabTo(page, page.getByLabel('Email'));
  await type(parent.email);
  await tabTo(page, page.getByLabel('Phone number'));
  await type(parent.phoneNumber);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  const select = page.locator(`[id="${premium.selectButtonId}"]`);
  await expect(select).toBeVisible();
  await tabTo(page, select);
  await page.keyboard.press('Enter');

  const terms = page.getByRole('button', { name: 'Continue' });
  await expect(terms).toBeVisible();
  await tabTo(page, terms);
  await page.keyboard.press('Space');

  await cardFieldsReady(page);
  for (const [field, value] of [
    ['number', VISA_OK.number],
    ['expirationDate', VISA_OK.expiry],
    ['cvv', VISA_OK.cvv],
  ] as const) {
    await tabTo(page, page.locator(`iframe[name="braintree-hosted-field-${field}"]`));
    await type(value);
  }
  await tabTo(page, page.getByLabel('Street address'));
  await type('1 Main Street');
  await tabTo(page, page.getByLabel('City'));
  await type('Seattle');
  const state = page.getByLabel('State', { exact: true });
  await tabTo(page, state);
  await type((await state.evaluate((el) => el.tagName)) === 'SELECT' ? 'Washington' : 'WA');
  await expect(state).toHaveValue('WA');
  await tabTo(page, page.getByLabel('ZIP code'));
  await type('98101');
  const pay = page.getByRole('button', { name: /^Pay/ });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Username')).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByLabel('Username'));
  await type(parent.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await type(parent.password);
  for (const n of [1, 2, 3]) {
    const question = page.getByLabel(`Security question ${n}`);
    await tabTo(page, question);
    // A closed select moves through its options with the arrow keys; each question takes a different one.
    for (let i = 0; i < n; i++) await page.keyboard.press('ArrowDown');
    await expect(question).not.toHaveValue('');
    await tabTo(page, page.getByLabel(`Answer ${n}`));
    await type(`answer number ${n}`);
  }
  await tabTo(page, page.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/ofw/home.form', { timeout: 20_000 });
  await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
  await expect(page.getByText(/active subscription/i)).toBeVisible();
});
