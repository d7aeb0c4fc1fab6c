#!/usr/bin/env node
/**
 * Component catalogue: renders every @ofw/ui component in its main states to one static page,
 * dist/catalogue/index.html, with the package stylesheet inlined. Run `pnpm --filter @ofw/ui catalogue`
 * (builds the package first) and open the file in a browser.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as ui from '../dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const noop = () => {};
const billing = { streetAddress: '1 Main Street', locality: 'Seattle', region: 'WA', postalCode: '' };
const premium = {
  id: 2052,
  selectButtonId: 'select-package-2052',
  name: 'Premium',
  description: 'Premium, 1 year',
  totalPrice: '$216.00',
  monthlyPrice: '$18.00/month',
  termText: 'for 1 year, billed once',
  primaryFeatures: ['Shared calendar', 'Secure messaging'],
  secondaryFeatures: ['ToneMeter'],
};

const entries = [
  [
    'StepIndicator',
    h(ui.StepIndicator, {
      label: 'Sign-up progress',
      steps: ['Details', 'Plan', 'Terms', 'Payment', 'Login'],
      current: 2,
    }),
  ],
  [
    'StepHeading + StatusMessage',
    h(
      Fragment,
      null,
      h(ui.StepHeading, { stepKey: 'x' }, 'Choose your plan'),
      h(ui.StatusMessage, null, 'Loading plans…'),
    ),
  ],
  [
    'ErrorBanner',
    h(ui.ErrorBanner, {
      title: 'Payment not completed',
      message: 'Your card was declined. Try another card or contact your bank.',
      dismissLabel: 'Dismiss',
      onDismiss: noop,
    }),
  ],
  [
    'TermsList',
    h(ui.TermsList, {
      intro: 'By continuing you agree to the following:',
      items: ['The Terms of Service.', 'The Privacy Policy.'],
      continueLabel: 'Continue',
      onContinue: noop,
    }),
  ],
  [
    'TextField (error)',
    h(ui.TextField, { label: 'Email', defaultValue: 'ada@', error: 'Enter a valid email address.' }),
  ],
  [
    'CountrySelect / PhoneCodeSelect',
    h(
      Fragment,
      null,
      h(ui.PhoneCodeSelect, {
        label: 'Country code',
        codes: [
          { value: '+1', label: 'United States / Canada (+1)' },
          { value: '+44', label: 'United Kingdom (+44)' },
        ],
        defaultValue: '+1',
      }),
      h(ui.CountrySelect, {
        label: 'Country',
        countries: ['IE', 'GB', 'US', 'NZ', 'AU', 'CA'].map((c) => ({ value: c, label: c })),
        groupLabels: { priority: 'Common countries', all: 'All countries' },
        defaultValue: 'US',
      }),
    ),
  ],
  [
    'BillingInformation',
    h(ui.BillingInformation, {
      value: billing,
      onChange: noop,
      labels: {
        legend: 'Billing address',
        streetAddress: 'Street address',
        locality: 'City',
        region: 'State',
        postalCode: 'ZIP code',
      },
      errors: { postalCode: 'This field is required.' },
    }),
  ],
  [
    'SecurityQuestions',
    h(ui.SecurityQuestions, {
      questions: [
        { id: '1', text: 'What was the name of your first pet?' },
        { id: '2', text: 'In what city were you born?' },
      ],
      value: [
        { questionId: '1', answer: 'Rex' },
        { questionId: '', answer: '' },
        { questionId: '', answer: '' },
      ],
      onChange: noop,
      labels: {
        legend: 'Security questions',
        question: (n) => `Security question ${n}`,
        answer: (n) => `Answer ${n}`,
        placeholder: 'Choose a question',
      },
    }),
  ],
  [
    'CoParentEmailQuestion',
    h(ui.CoParentEmailQuestion, {
      value: { hasEmail: true, email: 'co@example.com' },
      onChange: noop,
      labels: {
        legend: 'Do you know your co-parent’s email address?',
        yes: 'Yes',
        no: 'No',
        email: 'Co-parent’s email address',
      },
    }),
  ],
  [
    'YearSwitch + PackageGrid + PackageCard',
    h(
      Fragment,
      null,
      h(ui.YearSwitch, {
        value: 1,
        onChange: noop,
        labels: { legend: 'Subscription length', one: '1 year', two: '2 years' },
      }),
      h(
        ui.PackageGrid,
        { label: 'Plans' },
        h(ui.PackageCard, { pkg: premium, selectLabel: 'Select', onSelect: noop }),
        h(ui.PackageCard, {
          pkg: {
            ...premium,
            id: 2062,
            selectButtonId: 'gbp',
            totalPrice: '£155.99',
            monthlyPrice: '£13.00/month',
            vatLine: 'Includes £26.00 VAT',
            badge: 'Most popular',
          },
          selectLabel: 'Select',
          onSelect: noop,
          selected: true,
        }),
        h(ui.PackageCard, {
          pkg: {
            ...premium,
            id: 3,
            selectButtonId: 'disc',
            discount: {
              label: 'Save $25.00 (11%)',
              discountedTotal: '$191.00',
              originalTotal: '$216.00',
              originalLabel: 'Was',
            },
            proratedLine: 'Upgrade today for $52.34 (prorated)',
          },
          selectLabel: 'Select',
          onSelect: noop,
        }),
      ),
    ),
  ],
  [
    'FaqAccordion',
    h(ui.FaqAccordion, {
      heading: 'Frequently asked questions',
      items: [{ id: 'a', question: 'Can I change my plan later?', answer: 'Yes.' }],
    }),
  ],
  [
    'BackButton / BackLink / Button',
    h(
      'div',
      { className: 'ofw-actions' },
      h(ui.BackButton, { label: 'Back', onClick: noop }),
      h(ui.BackLink, { label: 'Back to sign up', href: '#' }),
      h(ui.Button, { busy: true }, 'Pay $216.00'),
    ),
  ],
  [
    'VenmoLogo',
    h(Fragment, null, h(ui.VenmoLogo, { width: 100 }), ' ', h(ui.VenmoLogo, { width: 150, color: 'black' })),
  ],
  [
    'ThreeDSecureModal (inline variant)',
    h(
      ui.ThreeDSecureModal,
      { open: true, variant: 'inline', title: 'Verify your card', closeLabel: 'Cancel verification', onCancel: noop },
      h('p', null, 'The bank’s challenge frame goes here (400×400).'),
    ),
  ],
];

const body = entries
  .map(
    ([name, el]) =>
      `<section class="cat"><h2 class="cat__name">${name}</h2><div class="cat__demo">${renderToStaticMarkup(el)}</div></section>`,
  )
  .join('\n');
const css = readFileSync(path.join(root, 'dist/styles.css'), 'utf8');
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>@ofw/ui catalogue</title>
<style>${css}
body{margin:0;padding:16px;max-width:1040px;margin:auto}.cat{border-top:1px solid #d0d7de;padding:16px 0}.cat__name{font-size:0.875rem;text-transform:uppercase;letter-spacing:.05em;color:#4a5561}</style></head>
<body><h1>@ofw/ui component catalogue</h1>${body}</body></html>`;
const out = path.join(root, 'dist/catalogue');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'index.html'), html);
console.log(`catalogue: ${entries.length} components → ${path.relative(process.cwd(), path.join(out, 'index.html'))}`);
