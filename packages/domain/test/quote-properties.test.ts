import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DAY_MS,
  getPackage,
  isUpgrade,
  monthlyPrice,
  offeredCatalogue,
  packages,
  PRICING_GROUPS,
  quote,
  QuoteError,
  toMinor,
  vatForPrice,
  type AlaCarteSelection,
  type CurrentTerm,
  type Flow,
  type QuoteContext,
} from '../src/index.js';

const FLOWS: readonly Flow[] = ['join', 'pro', 'ctj'];

/** An offered selection with its context: any fixed tier or a build-your-own a-la-carte selection. */
const offered = fc
  .record({
    group: fc.constantFrom(...PRICING_GROUPS),
    currency: fc.constantFrom(...CURRENCIES),
    flow: fc.constantFrom(...FLOWS),
    pick: fc.nat(),
    alaCarte: fc.record({
      subscription: fc.constantFrom('SUB1YEAR', 'SUB2YEAR'),
      myfiles: fc.constantFrom(null, 'MYFILES_1GB', 'MYFILES_3GB', 'MYFILES_5GB', 'MYFILES_10GB'),
      tonemeter: fc.boolean(),
      unlimitedPayments: fc.boolean(),
      calls: fc.constant(null),
    }),
  })
  .map(({ group, currency, flow, pick, alaCarte }) => {
    const offer = offeredCatalogue(group, currency, flow);
    const context: QuoteContext = { currency, flow, pricingGroup: group };
    const choices = offer.packages.length + (offer.byo ? 1 : 0);
    const i = pick % choices;
    if (i < offer.packages.length) return { selection: { packageId: offer.packages[i]!.id }, context };
    // GBP build-your-own: 1 year, no unlimited payments (no UK price)
    const gbp = currency === 'GBP';
    const sel: AlaCarteSelection = {
      ...alaCarte,
      subscription: gbp ? 'SUB1YEAR' : alaCarte.subscription,
      unlimitedPayments: gbp ? false : alaCarte.unlimitedPayments,
    };
    return { selection: { packageId: offer.byo!.packageId, alaCarte: sel }, context };
  });

const money = fc.integer({ min: 0, max: 1_000_00 }).map((m) => m / 100);

/** A current term on any catalogue package, started up to two years before `now`. */
const term = fc
  .record({
    pkg: fc.constantFrom(...packages),
    value: fc.integer({ min: 0, max: 1_000_00 }),
    startedDaysAgo: fc.integer({ min: -5, max: 800 }),
    hours: fc.integer({ min: 0, max: 23 }),
  })
  .map(({ pkg, value, startedDaysAgo, hours }) => {
    const now = new Date(Date.UTC(2030, 0, 1) + hours * 3_600_000);
    const startsAt = new Date(now.getTime() - startedDaysAgo * DAY_MS);
    const t: CurrentTerm = {
      packageId: pkg.id,
      currency: pkg.currencyCode,
      years: pkg.subDurationInYears,
      startsAt,
      expiresAt: new Date(startsAt.getTime() + pkg.subDurationInYears * 365 * DAY_MS),
      valueMinor: Math.min(value, toMinor(pkg.totalPrice)),
      listPriceMinor: toMinor(pkg.totalPrice),
    };
    return { term: t, now };
  });

describe('quote invariants (fast-check)', () => {
  it('charged = max(0, list − discount − credit) in minor units; discount ≤ list; prorated only for an upgrade', () => {
    fc.assert(
      fc.property(offered, money, fc.option(term, { nil: undefined }), ({ selection, context }, amount, current) => {
        const ctx: QuoteContext = {
          ...context,
          coupons: [{ packageId: selection.packageId, status: 'available', discountAmount: amount }],
          ...(current ? { currentTerm: current.term, now: current.now } : {}),
        };
        let q;
        try {
          q = quote(selection, ctx);
        } catch (e) {
          // only a current term can refuse an offered selection, and only when it is not an upgrade
          expect(e).toBeInstanceOf(QuoteError);
          expect((e as QuoteError).code).toBe('not_an_upgrade');
          expect(current).toBeDefined();
          return;
        }
        const [list, discount, credit, charged] = [q.list, q.discount, q.credit, q.charged].map(toMinor);
        expect(charged).toBe(Math.max(0, list! - discount! - credit!));
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(list!);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(q.prorated === null).toBe(current === undefined);
        if (q.prorated !== null) expect(q.prorated).toBe(q.charged);
        if (getPackage(q.packageId)!.packageType === 'pro') expect(q.discount).toBe(0);
      }),
    );
  });

  it('a current term refuses exactly the packages isUpgrade refuses', () => {
    fc.assert(
      fc.property(offered, term, ({ selection, context }, { term: t, now }) => {
        let code: string | undefined;
        let q;
        try {
          q = quote(selection, { ...context, currentTerm: t, now });
        } catch (e) {
          code = (e as QuoteError).code;
        }
        const purchase = quote(selection, context);
        const target = {
          packageId: purchase.packageId,
          currency: purchase.currency,
          years: purchase.years,
          listPriceMinor: toMinor(purchase.list),
          priceMinor: toMinor(purchase.charged),
        };
        expect(code === 'not_an_upgrade').toBe(!isUpgrade(t, target));
        if (q) expect(q.charged).toBeLessThanOrEqual(purchase.charged);
      }),
    );
  });

  it('§9 vat only for GBP and = vatForPrice(charged); monthly = charged / (12 × years) rounded', () => {
    fc.assert(
      fc.property(offered, money, ({ selection, context }, amount) => {
        const q = quote(selection, {
          ...context,
          coupons: [{ packageId: selection.packageId, status: 'available', discountAmount: amount }],
        });
        if (q.currency === 'GBP') expect(q.vat).toBe(vatForPrice(q.charged, 'GBP'));
        else expect(q.vat).toBeNull();
        expect(q.monthly).toBe(monthlyPrice(q.charged, q.years));
        // within half a cent of the exact quotient
        expect(Math.abs(toMinor(q.monthly) * 12 * q.years - toMinor(q.charged))).toBeLessThanOrEqual(6 * q.years);
      }),
    );
  });
});
