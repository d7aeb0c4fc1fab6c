import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderResponseSchema, type OrderResponse } from '@ofw/api-client';
import { outbox, subscriptions } from '../src/db/schema.js';
import { renderEmail } from '../src/emails/render.js';
import type { ReceiptPayload } from '../src/emails/templates.js';
import { DATABASES, SIGNUP, order, signup, withFakeSandboxApp, type TestApp } from './helpers.js';

let n = 0;

/**
 * Spec §3 Package `subDurationInYears` and Join state `parent.timeZone`, §9 prices (GBP include VAT): a paid order's
 * term ends on the same calendar date 1 or 2 years later in the parent's time zone; its receipt (the answer, the
 * e-mail and the printable page) dates it there, in the parent's language, and a GBP order carries a VAT invoice.
 */
describe.each(DATABASES)('calendar terms and receipts (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date('2028-03-01T04:30:00Z');
  withFakeSandboxApp(kind, { now: () => clock }, (_, app) => (t = app));

  const pay = async (o: { timeZone: string; at: string; packageId: number; country?: string; locale?: string }) => {
    clock = new Date(o.at);
    const email = `receipt${++n}-${kind}@example.com`;
    const s = await signup(t, {
      ...SIGNUP,
      languageLocale: o.locale ?? 'en-US',
      address: { country: o.country ?? 'US' },
      parent: { ...SIGNUP.parent, email, timeZone: o.timeZone },
    });
    const key = `receipt-order-${n}-${kind}`;
    const res = await order(t, s.authToken, key, { packageId: o.packageId });
    expect(res.status).toBe(201);
    return { ...s, key, answer: OrderResponseSchema.parse(await res.json()) };
  };
  const receiptMail = async (orderId: string) => {
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `receipt:${orderId}`));
    return renderEmail('receipt', row!.payload as ReceiptPayload);
  };
  const pagePath = (answer: OrderResponse) => new URL(answer.receipt.receiptUrl!).pathname;

  it('§3 a term bought on 29 February 2028 ends on 28 February 2029 (23:30 in New York), dated so on the receipt', async () => {
    // 29 February 2028, 23:30 in New York is 1 March 04:30 UTC
    const { answer } = await pay({ timeZone: 'America/New_York', at: '2028-03-01T04:30:00Z', packageId: 2053 });
    expect(answer.subscription).toMatchObject({
      startsAt: '2028-03-01T04:30:00.000Z',
      expiresAt: '2029-03-01T04:30:00.000Z', // 28 February 2029, 23:30 in New York
    });
    expect(answer.receipt.timeZone).toBe('America/New_York');
    const mail = await receiptMail(answer.orderId);
    expect(mail.text).toMatch(/Subscription starts\s+February 29, 2028/);
    expect(mail.text).toMatch(/Subscription ends\s+February 28, 2029/);
    expect(mail.text).toMatch(/Date\s+February 29, 2028/); // not the UTC date, 1 March
  });

  it('§3 a year spanning 29 February is 366 days: bought 1 March 2027 in Chicago ends 1 March 2028, a 2-year term on the same date', async () => {
    const one = await pay({ timeZone: 'America/Chicago', at: '2027-03-01T15:00:00Z', packageId: 2053 });
    expect(one.answer.subscription.expiresAt).toBe('2028-03-01T15:00:00.000Z');
    const two = await pay({ timeZone: 'America/Chicago', at: '2028-01-15T15:00:00Z', packageId: 2054 });
    expect(two.answer.subscription.expiresAt).toBe('2030-01-15T15:00:00.000Z');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, two.answer.orderId));
    expect(row!.expiresAt.toISOString()).toBe('2030-01-15T15:00:00.000Z');
  });

  it('§9 GBP: a VAT invoice with a unique, increasing number, the seller, 20 %, net £89.99 + VAT £18.00 = £107.99', async () => {
    const gb = { timeZone: 'Europe/London', packageId: 2061, country: 'GB', locale: 'en-GB' };
    const first = await pay({ ...gb, at: '2028-06-01T10:00:00Z' });
    // a replay of the paid key answers the same number
    const replay = await order(t, first.authToken, first.key, { packageId: 2061 });
    expect(OrderResponseSchema.parse(await replay.json()).receipt.invoiceNumber).toBe(
      first.answer.receipt.invoiceNumber,
    );
    const second = await pay({ ...gb, at: '2028-06-01T11:00:00Z' });
    const usd = await pay({ timeZone: 'America/New_York', at: '2028-06-01T12:00:00Z', packageId: 2053 });
    const a = first.answer.receipt.invoiceNumber!;
    expect(a).toBeGreaterThan(0);
    expect(second.answer.receipt.invoiceNumber).toBeGreaterThan(a);
    expect(usd.answer.receipt.invoiceNumber).toBeNull();
    const mail = await receiptMail(first.answer.orderId);
    expect(mail.text).toMatch(/VAT invoice/i);
    expect(mail.text).toMatch(new RegExp(`Invoice number\\s+${a}\\b`));
    expect(mail.text).toMatch(/Seller\s+OurFamilyWizard \(development\)/);
    expect(mail.text).toMatch(/VAT registration number\s+GB000000000/);
    expect(mail.text).toMatch(/VAT rate\s+20%/);
    expect(mail.text).toMatch(/Net amount\s+£89\.99/);
    expect(mail.text).toMatch(/Total including VAT\s+£107\.99/);
    expect(mail.text).toContain(first.answer.receipt.receiptUrl);
    expect((await receiptMail(usd.answer.orderId)).text).not.toMatch(/VAT/);
  });

  it('the printable receipt opens by its signed link without signing in, in the parent’s language and time zone, read-only', async () => {
    const { answer } = await pay({
      timeZone: 'America/Mexico_City',
      at: '2028-03-01T05:30:00Z', // 29 February 2028, 23:30 in Mexico City
      packageId: 2053,
      locale: 'es-MX',
    });
    const res = await t.call(pagePath(answer));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // the link's signature is never sent to another origin as a Referer
    expect(res.headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
    const html = await res.text();
    expect(html).toContain(`lang="es-MX"`);
    expect(html).toContain(answer.orderId);
    expect(html).toContain('29 de febrero de 2028');
    expect(html).toContain('28 de febrero de 2029');
    expect(html).toContain('@media print');
    expect((await t.call(pagePath(answer), { method: 'POST' })).status).toBe(404);
  });

  it('§9 the printable receipt of a GBP order is a VAT invoice; a tampered or borrowed signature is 404', async () => {
    const gb = await pay({
      timeZone: 'Europe/London',
      at: '2028-07-01T10:00:00Z',
      packageId: 2061,
      country: 'GB',
      locale: 'en-GB',
    });
    const html = await (await t.call(pagePath(gb.answer))).text();
    expect(html).toContain('VAT invoice');
    expect(html).toContain(String(gb.answer.receipt.invoiceNumber));
    expect(html).toContain('GB000000000');
    expect(html).toContain('£89.99');
    expect(html).toContain('1 July 2028');
    const [, , orderId, sig] = pagePath(gb.answer).split('/');
    const other = await pay({ timeZone: 'UTC', at: '2028-07-01T11:00:00Z', packageId: 2053 });
    for (const path of [`/receipts/${orderId}/${sig!.slice(0, -2)}AA`, `/receipts/${other.answer.orderId}/${sig}`]) {
      const res = await t.call(path, { headers: { 'accept-language': 'es-MX' } });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('no es válido');
    }
  });
});
