import { applyDiscount, getPackage, vatForPrice } from '@ofw/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { resolveChosen } from '../src/join/chosen-package.js';
import enGB from '../src/i18n/lang/en-GB.json';
import { packageView } from '../src/join/steps/PackageStep.js';

const essentials = getPackage(2061)!; // Essentials 1 year, £107.99 (VAT 18)
const max = getPackage(2063)!; // Max 1 year, £215.99 (VAT 36)

describe('resolveChosen: what the payment step summarises', () => {
  it('§9 GBP: the VAT line is the VAT inside the amount charged; for a plain purchase that is the list VAT', () => {
    const data = { packages: [essentials, max], byo: null, upgradeOptions: null, pricingGroup: 'P3' } as never;
    const chosen = resolveChosen({ packageId: essentials.id }, data, [], 'GBP', 'Build your own')!;
    expect(chosen.amount).toBe(107.99);
    expect(chosen.vatAmount).toBe(18);
  });

  it('§3 §9 GBP upgrade: the VAT line follows the prorated price, not the list price', () => {
    const upgradeOptions = {
      subscriptionUpgradeOptions: { [max.id]: { packageId: max.id, price: 137.58, priceFormatted: '£137.58' } },
    };
    const data = { packages: [essentials, max], byo: null, upgradeOptions, pricingGroup: 'P3' } as never;
    const chosen = resolveChosen({ packageId: max.id }, data, [], 'GBP', 'Build your own')!;
    expect(chosen.amount).toBe(137.58);
    expect(chosen.vatAmount).toBe(vatForPrice(137.58, 'GBP'));
    expect(chosen.vatAmount).not.toBe(max.vatAmount);
  });

  it('USD has no VAT line', () => {
    const premium = getPackage(2053)!;
    const data = { packages: [premium], byo: null, upgradeOptions: null, pricingGroup: 'P3' } as never;
    expect(resolveChosen({ packageId: premium.id }, data, [], 'USD', 'Build your own')!.vatAmount).toBeUndefined();
  });
});

describe('packageView: the package card', () => {
  it('§4 §9 GBP with a coupon: the VAT line is the VAT inside the discounted total shown', () => {
    const intl = createIntl({ locale: 'en-GB', messages: enGB });
    const discounted = applyDiscount(essentials, [
      { packageId: essentials.id, status: 'available', discountAmount: 10 },
    ]);
    const view = packageView(intl, discounted);
    expect(view.totalPrice).toBe('£97.99');
    expect(view.vatLine).toBe(`Includes £${vatForPrice(97.99, 'GBP')!.toFixed(2)} VAT`);
    expect(packageView(intl, essentials).vatLine).toBe('Includes £18.00 VAT');
  });
});
