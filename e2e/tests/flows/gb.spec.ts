import { monthlyPrice, vatForPrice, type Package } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  detailsStep,
  expectPaymentConfirmation,
  finishJoin,
  newParent,
  openJoin,
  packageStep,
  payByCard,
} from '../../support/join';
import { expectChargedOnce } from '../../support/money';
import { GB_BILLING } from '../../support/labels';
import { servedPackages, servedTier } from '../../support/packages';

test(
  '§1 §4 §9 regular join from GB: +44 → GBP prices with the VAT line, a UK parent pays in GBP without a county',
  { tag: '@braintree' },
  async ({ flow, request }) => {
    const { page, L } = flow;
    const essentials = await servedTier(request, 'GBP', 'ESSENTIALS', 1);
    const gbpTiers = (await servedPackages(request, 'GBP')).packages.filter(
      (p: Package) => p.packageType === 'parent' && p.family !== 'BYO' && p.subDurationInYears === 1,
    );
    const gbp = (n: number) => L.money(n, 'GBP');
    const parent = { ...newParent('gb'), phoneNumber: '7700900123' };

    await openJoin(flow);
    // §5: the country follows the phone code.
    await detailsStep(flow, parent, { phoneCode: '+44', country: 'GB' });

    // §9's literal figures (a wrong formula fails e2e too): total, monthly price and the VAT included.
    await expect(page.locator(`[id="${essentials.selectButtonId}"]`)).toBeVisible();
    for (const [total, perMonth, vat] of [
      ['£107.99', '£9.00', '£18.00'],
      ['£155.99', '£13.00', '£26.00'],
      ['£215.99', '£18.00', '£36.00'],
    ]) {
      await expect(page.getByText(total!, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(L.t('package.perMonth', { price: perMonth! })).first()).toBeVisible();
      await expect(page.getByText(L.t('package.vat', { vat: vat! })).first()).toBeVisible();
    }
    // … and every GBP tier the server serves agrees with the catalogue.
    for (const p of gbpTiers) {
      const vat = vatForPrice(p.totalPrice, 'GBP');
      expect(vat, `VAT of ${p.id}`).toBeDefined();
      await expect(page.getByText(gbp(p.totalPrice), { exact: true }).first()).toBeVisible();
      await expect(
        page.getByText(L.t('package.perMonth', { price: gbp(monthlyPrice(p.totalPrice, 1)) })).first(),
      ).toBeVisible();
      await expect(page.getByText(L.t('package.vat', { vat: gbp(vat!) })).first()).toBeVisible();
    }
    expect(vatForPrice(essentials.totalPrice, 'GBP')).toBe(18);
    await packageStep(flow, essentials.selectButtonId);
    await acceptTerms(flow);

    // Payment: the summary repeats the VAT; UK billing wording ("Town or city", "County (optional)", "Postcode"): the
    // county may be left empty (Royal Mail addresses need none; Braintree's billing fields are optional), the
    // postcode typed "sw1a2aa" is sent as Royal Mail writes it.
    await expect(page.getByText(L.t('payment.vat', { vat: '£18.00' }))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(L.t('payment.total', { total: '£107.99' }))).toBeVisible();
    await expect(page.getByLabel(L.t('payment.countyOptional'), { exact: true })).not.toHaveAttribute('required');
    await expect(page.getByLabel(L.t('payment.postcode'), { exact: true })).toHaveAttribute('required');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/orders') && r.method() === 'POST');
    const order = await payByCard(flow, { total: essentials.totalPrice, currency: 'GBP' }, GB_BILLING);
    expect((await sent).postDataJSON()).toMatchObject({
      billingAddress: { extendedAddress: 'Flat 1', postalCode: 'SW1A 2AA', countryCodeAlpha2: 'GB' },
    });
    expect((await sent).postDataJSON().billingAddress).not.toHaveProperty('region');
    expect(order.receipt.currencyCode).toBe('GBP');
    expect(order.receipt.amount).toBe(107.99);
    expect(order.receipt.vatAmount).toBe(18);
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: 107.99, // spec §9: Essentials, 1 year, GBP
      currency: 'GBP',
    });

    // §3 Package.vatAmount: the confirmation repeats the amount paid and the VAT it includes
    await expectPaymentConfirmation(flow, order, { email: parent.email, amount: 107.99, currency: 'GBP', vat: 18 });
    await finishJoin(flow, parent);
  },
);
