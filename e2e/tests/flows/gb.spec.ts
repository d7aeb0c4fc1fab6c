import { monthlyPrice, vatForPrice, type Package } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  detailsStep,
  expectChargedOnce,
  finishJoin,
  newParent,
  openJoin,
  packageStep,
  payByCard,
} from '../../support/join';
import { GB_BILLING } from '../../support/labels';
import { servedPackages, servedTier } from '../../support/packages';

test(
  '§1 §4 §9 regular join from GB: +44 → GBP prices with the VAT line, paid in GBP',
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

    // Every GBP tier shows its total, monthly price and the VAT it includes (§9: £107.99 → VAT £18 …).
    await expect(page.locator(`[id="${essentials.selectButtonId}"]`)).toBeVisible();
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

    // Payment: the summary repeats the VAT; UK billing wording (County, Postcode).
    await expect(page.getByText(L.t('payment.vat', { vat: gbp(18) }))).toBeVisible({ timeout: 20_000 });
    const order = await payByCard(flow, { total: essentials.totalPrice, currency: 'GBP' }, GB_BILLING);
    expect(order.receipt.currencyCode).toBe('GBP');
    expect(order.receipt.amount).toBe(essentials.totalPrice);
    expect(order.receipt.vatAmount).toBe(vatForPrice(essentials.totalPrice, 'GBP'));
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: essentials.totalPrice,
      currency: 'GBP',
    });

    await finishJoin(flow, parent);
  },
);
