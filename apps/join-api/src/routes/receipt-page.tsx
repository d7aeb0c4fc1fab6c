import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { preferredLocale, type Locale } from '@ofw/domain';
import type { AppEnv, Services } from '../context.js';
import { orders, subscriptions, users } from '../db/schema.js';
import { EMAIL_CATALOGUES, emailLocale, planName } from '../emails/render.js';
import { receiptSections, type ReceiptLine } from '../emails/receipt-lines.js';
import type { ReceiptPayload } from '../emails/templates.js';
import { sellerOf } from '../env-receipts.js';
import { receiptPayload } from '../receipts.js';
import { RECEIPT_PATH, receiptUrl, validReceiptSignature } from '../receipt-link.js';

/*
 * The printable receipt (docs/RECEIPTS.md): `GET /receipts/<orderId>/<signature>`, the link of the receipt e-mail and
 * the confirmation. No sign-in — the HMAC signature is the credential —, read-only, one HTML page with a print
 * stylesheet, in the parent's language and time zone.
 */

/** Screen and print styles (inline: the page's CSP allows inline styles, not scripts). */
const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; color: #1f2933; background: #f4f5f7; margin: 0; }
main { background: #fff; max-width: 640px; margin: 24px auto; padding: 24px 32px; }
h1 { font-size: 22px; margin: 0 0 16px; } h2 { font-size: 18px; margin: 24px 0 8px; }
table { width: 100%; border-collapse: collapse; } th, td { padding: 6px 0; border-bottom: 1px solid #e4e7eb; }
th { text-align: left; font-weight: normal; color: #52606d; } td { text-align: right; font-weight: 600; }
@media print {
  @page { margin: 15mm; }
  body { background: #fff; color: #000; }
  main { margin: 0; padding: 0; max-width: none; }
  th { color: #000; } th, td { border-color: #999; }
  section { break-inside: avoid; }
}`;

function Lines({ lines }: { lines: ReceiptLine[] }) {
  return (
    <table>
      <tbody>
        {lines.map((l) => (
          <tr key={l.label}>
            <th scope="row">{l.label}</th>
            <td>{l.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function page(intl: IntlShape, title: string, body: ReactNode): Promise<string> {
  return render(
    <html lang={intl.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>,
  );
}

const cache = createIntlCache();
const intlOf = (locale: Locale) =>
  createIntl({ locale, messages: EMAIL_CATALOGUES[locale], defaultLocale: 'en-US' }, cache);

/** The receipt of a paid order as its e-mail had it, from the order, its subscription and its payer; or undefined. */
async function loadReceipt(s: Services, orderId: string): Promise<ReceiptPayload | undefined> {
  const [row] = await s.db
    .select({ order: orders, sub: subscriptions, user: users })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
  if (!row) return undefined;
  const ctx = { term: row.sub, seller: sellerOf(s.env), receiptUrl: receiptUrl(s.env, orderId) };
  return {
    ...receiptPayload(row.order, row.sub.startsAt, ctx),
    languageLocale: row.user.languageLocale,
    firstName: row.user.firstName,
    invoiceNumber: row.order.invoiceNumber,
  };
}

/**
 * Headers of every answer: never cached or indexed (the app's Referrer-Policy, web.ts, already keeps the signed path
 * from other origins).
 */
const PRIVATE = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
};

/** `GET /receipts/:orderId/:signature`: 200 the receipt page, 404 (in the reader's language) for any other link. */
export function receiptPageRoutes() {
  const r = new Hono<AppEnv>();
  r.get(`${RECEIPT_PATH}/:orderId/:signature`, async (c) => {
    const s = c.get('services');
    const { orderId, signature } = c.req.param();
    const valid = validReceiptSignature(s.env.RECEIPT_LINK_SECRET, orderId, signature);
    const receipt = valid ? await loadReceipt(s, orderId) : undefined;
    if (!receipt) {
      const intl = intlOf(preferredLocale(c.req.header('accept-language')));
      const text = intl.formatMessage({ id: 'receiptPage.notFound' });
      return c.body(await page(intl, text, <p>{text}</p>), 404, PRIVATE);
    }
    const intl = intlOf(emailLocale(receipt.languageLocale));
    const p = { ...receipt, packageName: planName(intl, receipt) };
    const sections = receiptSections(intl, p);
    const title = intl.formatMessage({ id: 'receiptPage.title' }, { orderId });
    const body = (
      <>
        <h1>{title}</h1>
        <section>
          <Lines lines={sections.lines} />
        </section>
        {sections.invoice ? (
          <section>
            <h2>{intl.formatMessage({ id: 'receipt.invoice.heading' })}</h2>
            <Lines lines={sections.invoice} />
          </section>
        ) : null}
      </>
    );
    return c.body(await page(intl, title, body), 200, PRIVATE);
  });
  return r;
}
