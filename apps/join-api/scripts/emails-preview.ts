// `pnpm --filter join-api emails:preview`: renders every e-mail (invitation, sign-in, receipt in USD and in GBP with
// VAT) in every catalogue (en-US, en-GB, es-US, es-MX) to <repo>/.data/email-previews/<kind>-<locale>.html (and .txt),
// from the same templates and messages the outbox worker sends, and prints the index page to open.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@ofw/domain';
import { repoRoot } from '../src/env.js';
import { renderEmail, type EmailKind, type EmailPayload } from '../src/emails/render.js';

const base = { languageLocale: 'en-US' };
const receipt: EmailPayload<'receipt'> = {
  ...base,
  firstName: 'Pat',
  orderId: 'ord_0123456789abcdef',
  paidAt: '2026-03-01T12:00:00.000Z',
  packageId: 2051,
  packageName: 'Essentials',
  years: 1,
  currency: 'USD',
  amountMinor: 14999,
  vatMinor: null,
  discountMinor: 0,
  creditMinor: 0,
  cardBrand: 'Visa',
  cardLast4: '1111',
};
const samples: { name: string; kind: EmailKind; payload: EmailPayload<EmailKind> }[] = [
  {
    name: 'invitation',
    kind: 'invitation',
    payload: {
      ...base,
      inviterFirstName: 'Pat',
      link: 'http://localhost:3000/invite/PREVIEW-TOKEN-0000000000000000000000000000',
      expiresAt: '2026-03-15T12:00:00.000Z',
    },
  },
  {
    name: 'sign-in',
    kind: 'coparent_sign_in',
    payload: {
      ...base,
      inviterFirstName: 'Pat',
      signInUrl: 'http://localhost:3000/ofw/home.form',
    },
  },
  { name: 'receipt-usd', kind: 'receipt', payload: receipt },
  {
    name: 'receipt-gbp',
    kind: 'receipt',
    payload: { ...receipt, packageId: 2061, currency: 'GBP', amountMinor: 10799, vatMinor: 1800 },
  },
];

const out = path.join(repoRoot(), '.data/email-previews');
fs.mkdirSync(out, { recursive: true });
const links: string[] = [];
for (const s of samples) {
  for (const locale of LOCALES) {
    const mail = await renderEmail(s.kind, s.payload, locale);
    const file = `${s.name}-${locale}`;
    fs.writeFileSync(path.join(out, `${file}.html`), mail.html);
    fs.writeFileSync(path.join(out, `${file}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    links.push(`<li><a href="${file}.html">${file}</a> (<a href="${file}.txt">text</a>) — ${mail.subject}</li>`);
  }
}
fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>E-mail previews</title><ul>${links.join('')}</ul>`,
);
console.log(`E-mail previews: ${path.join(out, 'index.html')}`);
