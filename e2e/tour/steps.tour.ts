import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '../support/fixtures';
import {
  acceptTerms,
  cardFieldsReady,
  fillBillingAddress,
  fillCard,
  newParent,
  openJoin,
  fillAccountDetails,
  type Flow,
} from '../support/join';
import { GB_BILLING, US_BILLING, type BillingAddress } from '../support/labels';

/*
 * Walks a join step by step and saves a screenshot of each (full page), plus the payment step with the errors of an
 * empty billing address and, for other join countries, the billing form with its country's labels and errors. Nothing
 * here is a check of the product: the e2e suite (tests/) is. Run: see tour.config.ts.
 */
const root = process.env.TOUR_DIR ?? '/tmp/ofw-tour';

function shooter(flow: Flow, project: string) {
  const dir = path.join(root, project);
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return async (name: string, fullPage = true) => {
    await flow.page.waitForTimeout(300); // let transitions and fonts settle
    await flow.page.screenshot({ path: path.join(dir, `${String(++n).padStart(2, '0')}-${name}.png`), fullPage });
  };
}

/** The details step of a parent from `phone.country`: its phone code (if any) and number, then the country itself. */
async function detailsFrom(flow: Flow, tag: string, phone: { code?: string; number: string; country: string }) {
  const { page, L } = flow;
  await openJoin(flow);
  const parent = { ...newParent(tag), phoneNumber: phone.number };
  await page.getByLabel(L.firstName).fill(parent.firstName);
  await page.getByLabel(L.lastName).fill(parent.lastName);
  await page.getByLabel(L.email).fill(parent.email);
  if (phone.code) await page.getByLabel(L.phoneCode).selectOption(phone.code);
  await page.getByLabel(L.phoneNumber).fill(parent.phoneNumber);
  await page.getByLabel(L.phoneNumber).blur();
  await page.waitForTimeout(500); // the Canadian phone lookup
  await page.getByLabel(L.country, { exact: true }).selectOption(phone.country);
}

test('every step of a join', async ({ flow }, info) => {
  const { page, L, press } = flow;
  const shot = shooter(flow, info.project.name);
  const gb = L.locale === 'en-GB';
  await openJoin(flow);
  await shot('details');
  const parent = { ...newParent('tour'), phoneNumber: gb ? '7700900123' : '2065550123' };
  await fillAccountDetails(flow, parent, gb ? { phoneCode: '+44', country: 'GB' } : {});
  await press(page.getByRole('button', { name: L.continue }));
  const select = page.locator('.ofw-package__select').first();
  await select.waitFor();
  await shot('plans-first-screen', false);
  await shot('plans');
  await press(select);
  await page.getByRole('heading', { name: L.t('steps.terms') }).waitFor();
  await shot('terms');
  await acceptTerms(flow);
  await cardFieldsReady(flow);
  await shot('payment');
  await press(page.getByRole('button', { name: L.pay }));
  await shot('payment-billing-errors');
  const address: BillingAddress = gb ? GB_BILLING : US_BILLING;
  await fillBillingAddress(flow, { ...address, postalCode: gb ? 'SW1A' : '9810' });
  await press(page.getByRole('button', { name: L.pay }));
  await shot('payment-postal-code-error');
  await fillBillingAddress(flow, address);
  await fillCard(flow, flow.card);
  await press(page.getByRole('button', { name: L.pay }));
  await page.getByLabel(L.username).waitFor({ timeout: 30_000 });
  await shot('account');
});

for (const [country, phone] of [
  ['CA', { number: '4165550123', country: 'CA' }],
  ['AU', { code: '+61', number: '412345678', country: 'AU' }],
  ['NZ', { code: '+64', number: '211234567', country: 'NZ' }],
  ['IE', { number: '2065550123', country: 'IE' }],
] as const) {
  test(`the billing form of ${country}`, async ({ flow }, info) => {
    test.skip(!['en-US-360', 'es-MX-1280'].includes(info.project.name), 'two cells are enough for the other countries');
    const { page, L, press } = flow;
    const shot = shooter(flow, `${info.project.name}/${country}`);
    await detailsFrom(flow, `tour${country}`, phone);
    await press(page.getByRole('button', { name: L.continue }));
    const select = page.locator('.ofw-package__select').first();
    await select.waitFor();
    await press(select);
    await acceptTerms(flow);
    await cardFieldsReady(flow);
    await page.getByLabel(L.streetAddress, { exact: true }).fill('1 Test Street');
    await page
      .getByLabel(L.t('payment.postalCode'), { exact: true })
      .or(page.locator('#billing-postalCode'))
      .first()
      .fill('X');
    await press(page.getByRole('button', { name: L.pay }));
    await page.locator('fieldset').last().scrollIntoViewIfNeeded();
    await shot('billing-errors', false);
  });
}
