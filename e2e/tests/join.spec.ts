import { expect, test } from '@playwright/test';
import { getPackage, monthlyPrice, type Package } from '@ofw/domain';
import { expectNoAxeViolations } from '../support/axe';
import {
  cardFrame,
  currentStep,
  fillAccountDetails,
  fillBillingAddress,
  fillCard,
  fillCredentialsAndSecurityQuestions,
  newParent,
} from '../support/join';

// The package the page offers is whatever join-api serves for a US parent (§4 pricing group); its prices must be
// the ones @ofw/domain computes for that id (§9).
let premium1y: Package;
test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/v1/packages?currency=USD&flow=join');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { packages: Package[] };
  const served = body.packages.find(
    (p) => p.family === 'PREMIUM' && p.subDurationInYears === 1 && p.packageType === 'parent',
  );
  expect(served, 'join-api serves a 1-year Premium package in USD').toBeDefined();
  premium1y = getPackage(served!.id)!;
  expect(served!.totalPrice).toBe(premium1y.totalPrice);
});
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

test.describe('regular join (flow "join", §1 §2 §4)', () => {
  test('a parent joins, pays by card and lands on /ofw/home.form, axe-clean on every step', async ({ page }) => {
    const parent = newParent('happy');
    await page.goto('/join');

    // Account details: phone code defaults to +1 and the country follows it (§5).
    await expect(currentStep(page)).toBeVisible();
    await fillAccountDetails(page, parent);
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
    await expectNoAxeViolations(page, 'account details');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Package choice: the USD fixed tiers of §9, total and monthly price (§9 Calculation).
    const select = page.locator(`[id="${premium1y.selectButtonId}"]`);
    await expect(select).toBeVisible();
    await expect(page.getByText(usd(premium1y.totalPrice)).first()).toBeVisible();
    await expect(page.getByText(usd(monthlyPrice(premium1y.totalPrice, 1))).first()).toBeVisible();
    await expectNoAxeViolations(page, 'package choice');
    await select.click();

    // Terms list with its continue button.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectNoAxeViolations(page, 'terms');
    // Back returns to the package step without losing the choice, then forward again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.locator(`[id="${premium1y.selectButtonId}"]`)).toBeVisible();
    await page.locator(`[id="${premium1y.selectButtonId}"]`).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Payment: cross-origin hosted fields from the sandbox origin plus billing address.
    const numberFrame = page.locator('iframe[name="braintree-hosted-field-number"]');
    await expect(numberFrame).toBeVisible();
    expect(new URL((await numberFrame.getAttribute('src'))!, page.url()).origin).not.toBe(new URL(page.url()).origin);
    await expect(cardFrame(page, 'number').getByLabel('Card number')).toBeVisible();
    await fillCard(page, { number: '4111111111111111', expiry: '12/30', cvv: '123' });
    await fillBillingAddress(page);
    await expectNoAxeViolations(page, 'payment');
    await page.getByRole('button', { name: /^Pay/ }).click();

    // Credentials and three security questions.
    await expect(page.getByLabel('Username')).toBeVisible({ timeout: 20_000 });
    await fillCredentialsAndSecurityQuestions(page, parent);
    await expectNoAxeViolations(page, 'credentials and security questions');
    await page.getByRole('button', { name: 'Finish' }).click();

    // The main app's home page shows the parent and an active subscription (§4 Completion).
    await page.waitForURL('**/ofw/home.form');
    await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
    await expect(page.getByText(/active subscription/i)).toBeVisible();
  });

  test('back returns to the previous step without losing input', async ({ page }) => {
    const parent = newParent('back');
    await page.goto('/join');
    await fillAccountDetails(page, parent);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator(`[id="${premium1y.selectButtonId}"]`)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('First name')).toHaveValue(parent.firstName);
    await expect(page.getByLabel('Email')).toHaveValue(parent.email);
    await expect(page.getByLabel('Phone number')).toHaveValue(parent.phoneNumber);
  });

  test('a declined card shows the payment error banner, creates no subscription, and another card then pays', async ({
    page,
  }) => {
    const parent = newParent('decline');
    await page.goto('/join');
    await fillAccountDetails(page, parent);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator(`[id="${premium1y.selectButtonId}"]`).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await fillCard(page, { number: '4000111111111115', expiry: '12/30', cvv: '123' });
    await fillBillingAddress(page);
    await page.getByRole('button', { name: /^Pay/ }).click();

    const banner = page.getByRole('alert').filter({ hasText: /declined/i });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'payment with decline banner');

    // The decline created no subscription: the main app does not show one for this parent.
    const home = await page.request.get('/ofw/home.form');
    expect(await home.text()).not.toMatch(/active subscription/i);

    await fillCard(page, { number: '4111111111111111', expiry: '12/30', cvv: '123' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByLabel('Username')).toBeVisible({ timeout: 20_000 });
    await fillCredentialsAndSecurityQuestions(page, parent);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/ofw/home.form');
    await expect(page.getByText(/active subscription/i)).toBeVisible();
  });
});
