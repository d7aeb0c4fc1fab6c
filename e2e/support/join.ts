/** The steps of a join a spec drives (details, package, terms, credentials), and a regular join up to payment. */
import { expect, type Page } from '@playwright/test';
import { emailCodeStep } from './email-code';
import type { Flow, Parent } from './join-flow';
import { cardFieldsReady } from './join-payment';

export { money } from './labels';
export * from './join-flow';
export * from './join-payment';

/** The current step as the step indicator announces it (aria-current="step"). */
export function currentStep(page: Page) {
  return page.locator('[aria-current="step"]');
}

/** Opens a join page and waits for its first form, in the project's UI locale (`<html lang>`). */
export async function openJoin({ page, L }: Flow, path = '/join'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', L.locale);
  await expect(page.getByLabel(L.firstName)).toBeVisible();
}

/**
 * Fills the account details step. Without `phoneCode` it checks the §5 default (+1) and that the country follows it
 * (US); with one it picks that code (e.g. '+44') and expects `country`.
 */
export async function fillAccountDetails(
  { page, L }: Flow,
  parent: Parent,
  opts: { phoneCode?: string; country?: string } = {},
): Promise<void> {
  await page.getByLabel(L.firstName).fill(parent.firstName);
  await page.getByLabel(L.lastName).fill(parent.lastName);
  await page.getByLabel(L.email).fill(parent.email);
  if (opts.phoneCode) await page.getByLabel(L.phoneCode).selectOption(opts.phoneCode);
  else await expect(page.getByLabel(L.phoneCode)).toHaveValue('+1');
  await page.getByLabel(L.phoneNumber).fill(parent.phoneNumber);
  await expect(page.getByLabel(L.country, { exact: true })).toHaveValue(opts.country ?? 'US');
}

/**
 * The details step: fill, check, Continue (§2) — then the code e-mailed to the address (docs/IDENTITY.md), unless
 * `proven` (an invited co-parent who kept the invited address: the invitation proved it).
 */
export async function detailsStep(
  flow: Flow,
  parent: Parent,
  opts: { phoneCode?: string; country?: string; proven?: boolean } = {},
) {
  await fillAccountDetails(flow, parent, opts);
  await flow.check('details');
  await flow.press(flow.page.getByRole('button', { name: flow.L.continue }));
  if (!opts.proven) await emailCodeStep(flow, parent.email);
}

/** The select button of a package tier (its `selectButtonId`, §9). */
export function packageButton(page: Page, selectButtonId: string) {
  return page.locator(`[id="${selectButtonId}"]`);
}

/** Picks the 1- or 2-year switch of the package step (§2). */
export async function chooseYears({ page, L, press }: Flow, years: 1 | 2): Promise<void> {
  const radio = page.getByRole('radio', { name: L.t(years === 1 ? 'package.oneYear' : 'package.twoYears') });
  await press(radio);
  await expect(radio).toBeChecked();
}

/** The package step: waits for the tier, checks the step, selects it (§2). */
export async function packageStep(flow: Flow, selectButtonId: string): Promise<void> {
  const select = packageButton(flow.page, selectButtonId);
  await expect(select).toBeVisible();
  await flow.check('package choice');
  await flow.press(select);
}

/** Terms step: the list with its Continue button (§2). */
export async function acceptTerms(flow: Flow): Promise<void> {
  await expect(flow.page.getByRole('heading', { name: flow.L.t('steps.terms') })).toBeVisible();
  const next = flow.page.getByRole('button', { name: flow.L.continue });
  await expect(next).toBeVisible();
  await flow.check('terms');
  await flow.press(next);
}
/** Username, password and (unless skipped) three different security questions with answers. */
export async function fillCredentialsAndSecurityQuestions(
  { page, L }: Flow,
  parent: Parent,
  opts: { securityQuestions?: boolean } = {},
): Promise<void> {
  await page.getByLabel(L.username).fill(parent.username);
  await page.getByLabel(L.password, { exact: true }).fill(parent.password);
  if (opts.securityQuestions === false) {
    await expect(page.getByLabel(L.securityQuestion(1))).toHaveCount(0);
    return;
  }
  for (const n of [1, 2, 3]) {
    const select = page.getByLabel(L.securityQuestion(n));
    // The question list arrives from GET /security-questions: wait for it (a loaded runner answers late).
    await expect(select.locator('option[value]:not([value=""])').first()).toBeAttached({ timeout: 15_000 });
    // Each select offers the whole list; pick a different question for each (option 0 may be a placeholder).
    const values = await select
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter((v) => v !== ''));
    await select.selectOption(values[n - 1] ?? values[0]!);
    await page.getByLabel(L.answer(n)).fill(`answer number ${n}`);
  }
}

/**
 * The last step: credentials (+ security questions unless skipped), Finish, and the §4 completion redirect to the
 * main app's home page, which names the parent (and, with `subscription`, an active subscription).
 */
export async function finishJoin(
  flow: Flow,
  parent: Parent,
  opts: { securityQuestions?: boolean; subscription?: boolean } = {},
): Promise<void> {
  const { page, L } = flow;
  await expect(page.getByLabel(L.username)).toBeVisible({ timeout: 20_000 });
  await fillCredentialsAndSecurityQuestions(flow, parent, opts);
  await flow.check('credentials');
  await flow.press(page.getByRole('button', { name: L.finish }));
  await page.waitForURL('**/ofw/home.form', { timeout: 20_000 });
  await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
  if (opts.subscription !== false) await expect(page.getByText(/active subscription/i)).toBeVisible();
}

/**
 * A regular join up to the payment step: details (+1, US), the package whose select button has `selectButtonId`,
 * terms; waits for the card frames.
 */
export async function regularJoinToPayment(flow: Flow, parent: Parent, selectButtonId: string): Promise<void> {
  await openJoin(flow);
  await detailsStep(flow, parent);
  await packageStep(flow, selectButtonId);
  await acceptTerms(flow);
  await cardFieldsReady(flow);
}
