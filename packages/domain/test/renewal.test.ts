import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  quote,
  QuoteError,
  renewalChargeAt,
  renewalQuote,
  renewalReminderAt,
  renewalRetryAt,
  termEnd,
  type QuoteContext,
} from '../src/index.js';

const USD: QuoteContext = { currency: 'USD', flow: 'join', pricingGroup: 'P3' };
const NY = 'America/New_York';

describe('renewal price: the package price for a new term (§4 Discount and §3 proration do not carry over)', () => {
  it('§9 a fixed tier renews at its catalogue total, whatever coupon the first term had', () => {
    const first = quote(
      { packageId: 2053 },
      { ...USD, coupons: [{ packageId: 2053, status: 'available', discountAmount: 50 }] },
    );
    const renewal = renewalQuote({ packageId: 2053 }, USD);
    expect(first.discount).toBe(50);
    expect(renewal.discount).toBe(0);
    expect(renewal.charged).toBe(renewal.list);
    expect(renewal.charged).toBe(first.list);
    expect(renewal.prorated).toBeNull();
    expect(renewal.credit).toBe(0);
  });

  it('§9 GBP renewals include VAT as a purchase does', () => {
    const gbp = renewalQuote({ packageId: 2061 }, { currency: 'GBP', flow: 'join', pricingGroup: 'P3' });
    expect(gbp.vat).toBe(quote({ packageId: 2061 }, { currency: 'GBP', flow: 'join', pricingGroup: 'P3' }).vat);
  });

  it('§4 a package no longer offered cannot renew: QuoteError not_offered', () => {
    expect(() => renewalQuote({ packageId: 2053 }, { ...USD, currency: 'GBP' })).toThrow(QuoteError);
  });
});

describe('renewal schedule in the parent zone (§3 parent.timeZone)', () => {
  const start = new Date('2026-11-29T15:00:00Z');
  const end = termEnd(start, 1, NY);

  it('a yearly term bought 29 Nov 2026 reminds on day 335 and 358 and renews on day 364', () => {
    const day = (d: Date) => Math.round((d.getTime() - start.getTime()) / 86_400_000);
    expect(day(renewalReminderAt(end, 30, NY))).toBe(335);
    expect(day(renewalReminderAt(end, 7, NY))).toBe(358);
    expect(day(renewalChargeAt(end, NY))).toBe(364);
  });

  it('the charge is one calendar day before the end at the same wall-clock time, across a DST change', () => {
    const march = new Date('2027-03-15T04:30:00Z'); // 00:30 EDT, 14 March ended at 00:30 EST (23 h earlier)
    expect(renewalChargeAt(march, NY).toISOString()).toBe('2027-03-14T05:30:00.000Z');
  });

  it('retries 1, 3 and 7 days after the first decline, then none', () => {
    const declined = new Date('2027-11-28T15:00:00Z');
    expect(renewalRetryAt(declined, 1, 'UTC')?.toISOString()).toBe('2027-11-29T15:00:00.000Z');
    expect(renewalRetryAt(declined, 2, 'UTC')?.toISOString()).toBe('2027-12-01T15:00:00.000Z');
    expect(renewalRetryAt(declined, 3, 'UTC')?.toISOString()).toBe('2027-12-05T15:00:00.000Z');
    expect(renewalRetryAt(declined, 4, 'UTC')).toBeNull();
    expect(() => renewalRetryAt(declined, 0, 'UTC')).toThrow(RangeError);
  });

  it('every reminder comes before the charge, and the charge before the end (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (at) => {
        const expires = termEnd(at, 1, NY);
        const charge = renewalChargeAt(expires, NY);
        expect(renewalReminderAt(expires, 30, NY) < renewalReminderAt(expires, 7, NY)).toBe(true);
        expect(renewalReminderAt(expires, 7, NY) < charge).toBe(true);
        expect(charge < expires).toBe(true);
      }),
    );
  });

  it('refuses an invalid date or day count', () => {
    expect(() => renewalChargeAt(new Date('x'), NY)).toThrow(RangeError);
    expect(() => renewalReminderAt(end, 0, NY)).toThrow(RangeError);
  });
});
