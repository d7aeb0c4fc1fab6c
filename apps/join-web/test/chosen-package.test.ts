import type { PackagesResponse } from '@ofw/api-client';
import { getBuildYourOwnPackage, getPackage, quote, type Currency } from '@ofw/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { isChosen, resolveChosen, type ChosenResult } from '../src/join/chosen-package.js';
import { price, quoteContextOf } from '../src/join/pricing.js';
import enGB from '../src/i18n/lang/en-GB.json';
import { cardPricing, packageView } from '../src/join/steps/PackageStep.js';

const essentials = getPackage(2061)!; // Essentials 1 year, £107.99 (VAT 18)
const max = getPackage(2063)!; // Max 1 year, £215.99 (VAT 36)
const gbpByo = getBuildYourOwnPackage(2064)!;

const answer = (over: Partial<PackagesResponse> = {}): PackagesResponse => ({
  packages: [essentials, max],
  byo: null,
  upgradeOptions: null,
  pricingGroup: 'P3',
  currentTerm: null,
  ...over,
});

function chosen(result: ChosenResult) {
  if (!isChosen(result)) throw new Error(`not chosen: ${JSON.stringify(result)}`);
  return result.quote;
}

describe('resolveChosen: what the payment step summarises, priced by quote ("One price")', () => {
  it('§9 GBP: the VAT line is the VAT inside the amount charged; for a plain purchase that is the list VAT', () => {
    const q = chosen(resolveChosen({ packageId: essentials.id }, answer(), [], 'GBP', 'join', 'Build your own'));
    expect(q.charged).toBe(107.99);
    expect(q.vat).toBe(18);
    expect(q.payload).toEqual({ packageId: essentials.id });
  });

  it('§3 §9 GBP upgrade (upgradeOptions fallback): the VAT line follows the prorated price, not the list price', () => {
    const upgradeOptions = {
      subscriptionUpgradeOptions: { [max.id]: { packageId: max.id, price: 137.58, priceFormatted: '£137.58' } },
    };
    const q = chosen(resolveChosen({ packageId: max.id }, answer({ upgradeOptions }), [], 'GBP', 'join', 'BYO'));
    expect(q.charged).toBe(137.58);
    expect(q.vat).toBe(22.93);
    // a plan that is not in the map is refused, not charged at its list price
    expect(resolveChosen({ packageId: essentials.id }, answer({ upgradeOptions }), [], 'GBP', 'join', 'BYO')).toEqual({
      refused: 'not_an_upgrade',
    });
  });

  it('USD has no VAT line', () => {
    const premium = getPackage(2053)!;
    const q = chosen(
      resolveChosen({ packageId: premium.id }, answer({ packages: [premium] }), [], 'USD', 'join', 'BYO'),
    );
    expect(q.vat).toBeNull();
  });

  it('build-your-own with a coupon, as an upgrade of the current term, is exactly quote(...) — amount and order', () => {
    const quotedAt = new Date('2026-03-01T12:00:00Z');
    const currentTerm = {
      packageId: essentials.id,
      currency: 'GBP' as const,
      years: 1,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      valueMinor: 10799,
      listPriceMinor: 10799,
    };
    const coupons = [{ packageId: gbpByo.packageId, status: 'available', discountAmount: 5 }];
    const alaCarte = { subscription: 'SUB1YEAR' as const, myfiles: 'MYFILES_10GB', tonemeter: true };
    const data = answer({ byo: gbpByo, currentTerm, quotedAt });
    const q = chosen(resolveChosen({ packageId: gbpByo.packageId, alaCarte }, data, coupons, 'GBP', 'join', 'BYO'));
    const expected = quote(
      { packageId: gbpByo.packageId, alaCarte },
      { currency: 'GBP', flow: 'join', pricingGroup: 'P3', coupons, currentTerm, now: quotedAt },
    );
    expect(q).toEqual(expected);
    // the coupon and the proration both apply: not the bare build-your-own price (79 + 45 + 8 = 132)
    expect(q.list).toBe(132);
    expect(q.discount).toBe(5);
    expect(q.prorated).not.toBeNull();
    expect(q.charged).toBeLessThan(127);
    expect(q.payload).toEqual({
      packageId: 2064,
      productId: 20641,
      services: [
        { code: 'MYFILES', option: 'MYFILES_10GB' },
        { code: 'TONEMETER', option: 'TONEMETER' },
      ],
    });
  });

  it('with a current term, a build-your-own selection that is not an upgrade is refused', () => {
    const currentTerm = {
      packageId: max.id,
      currency: 'GBP' as const,
      years: 1,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      valueMinor: 21599,
      listPriceMinor: 21599,
    };
    const data = answer({ byo: gbpByo, currentTerm, quotedAt: new Date('2026-02-01T00:00:00Z') });
    expect(
      resolveChosen({ packageId: 2064, alaCarte: { subscription: 'SUB1YEAR' } }, data, [], 'GBP', 'join', 'BYO'),
    ).toEqual({ refused: 'not_an_upgrade' });
  });
});

describe('packageView: the package card, from quote', () => {
  const intl = createIntl({ locale: 'en-GB', messages: enGB });

  it('§4 §9 GBP with a coupon: the VAT line is the VAT inside the discounted total shown', () => {
    const coupons = [{ packageId: essentials.id, status: 'available', discountAmount: 10 }];
    const context = quoteContextOf(answer(), 'GBP', 'join', coupons);
    const view = packageView(intl, essentials, cardPricing(essentials, context)!);
    expect(view.totalPrice).toBe('£97.99');
    expect(view.discount).toEqual({
      label: 'Save £10.00 (9%)',
      discountedTotal: '£97.99',
      originalTotal: '£107.99',
      originalLabel: 'Was',
    });
    expect(view.vatLine).toBe('Includes £16.33 VAT');
    expect(view.monthlyPrice).toBe('£8.17/month');
    const plain = packageView(intl, essentials, cardPricing(essentials, quoteContextOf(answer(), 'GBP', 'join', []))!);
    expect(plain.vatLine).toBe('Includes £18.00 VAT');
  });

  it('with a current term the plan held (and cheaper ones) carry a note and no prorated price', () => {
    const currentTerm = {
      packageId: max.id,
      currency: 'GBP' as const,
      years: 1,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      valueMinor: 21599,
      listPriceMinor: 21599,
    };
    const context = quoteContextOf(answer({ currentTerm, quotedAt: new Date('2026-02-01') }), 'GBP', 'join', []);
    for (const pkg of [essentials, max]) {
      const pricing = cardPricing(pkg, context)!;
      expect(pricing.refused).toBe(true);
      const view = packageView(intl, pkg, pricing);
      expect(view.note).toBe('Not available: you already have this plan or a higher one.');
      expect(view.proratedLine).toBeUndefined();
    }
  });

  it('a package quote does not offer (another series) gets no card', () => {
    expect(cardPricing(getPackage(901)!, quoteContextOf(answer(), 'USD', 'join', []))).toBeUndefined();
  });
});

describe('money in the payment currency region locale, never the UI locale', () => {
  const intlFor = (locale: string) => createIntl({ locale, messages: enGB });
  it.each<[string, number, Currency, string]>([
    ['es-MX', 149.99, 'USD', '$149.99'],
    ['en-GB', 149.99, 'USD', '$149.99'],
    ['es-US', 1149.99, 'USD', '$1,149.99'],
    ['en-US', 149.99, 'USD', '$149.99'],
    ['en-US', 107.99, 'GBP', '£107.99'],
    ['es-MX', 107.99, 'GBP', '£107.99'],
    ['es-US', 107.99, 'GBP', '£107.99'],
    ['en-GB', 1149.99, 'GBP', '£1,149.99'],
    ['es-MX', 179.99, 'CAD', 'CA$179.99'],
    ['en-GB', 739, 'AUD', 'A$739.00'],
    ['es-US', 809, 'NZD', 'NZ$809.00'],
  ])('%s UI, %d %s → %s (card and summary alike)', (uiLocale, amount, currency, expected) => {
    expect(price(amount, currency)).toBe(expected);
    // the card formats the same way whatever the UI locale
    const pkg = { ...essentials, currencyCode: currency };
    const q = { ...quote({ packageId: essentials.id }, { currency: 'GBP', flow: 'join', pricingGroup: 'P3' }) };
    const view = packageView(intlFor(uiLocale), pkg, { purchase: { ...q, currency, charged: amount } });
    expect(view.totalPrice).toBe(expected);
  });
});
