import { defineMessages } from '../../i18n/define-messages.js';

export const termsMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'terms.intro',
    description: 'Sentence before the list of terms the parent accepts by continuing.',
    defaultMessage: 'By continuing you agree to the following:',
  },
  service: {
    id: 'terms.service',
    description:
      'Item of the terms list: the product’s legal documents. <terms>…</terms> and <privacy>…</privacy> become links to the Terms of Service and the Privacy Policy: keep both tags around the document names.',
    defaultMessage: 'The OurFamilyWizard <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.',
  },
  newTab: {
    id: 'terms.newTab',
    description: 'Read by screen readers after a legal document link of the terms list, which opens in a new tab.',
    defaultMessage: '(opens in a new tab)',
  },
  coparent: {
    id: 'terms.coparent',
    description: 'Item of the terms list: the other parent pays for their own subscription.',
    defaultMessage: 'Your co-parent needs their own subscription to join your family account.',
  },
  plan: {
    id: 'terms.plan',
    description:
      'Item of the terms list: the plan chosen, its price and its term (what the product charges). Placeholder wording for the legal team to replace; it must promise nothing the product does not do (no refunds; renewal is said by the termEnd item and the checkbox).',
    defaultMessage: '{plan}: {price} for {years, plural, one {# year} other {# years}}, billed once when you pay.',
  },
  termEnd: {
    id: 'terms.termEnd',
    description:
      'Item of the terms list when the parent has not ticked "Renew automatically": the subscription is current for the term, then expired. Placeholder wording for the legal team to replace; say nothing about refunds.',
    defaultMessage:
      'Your subscription is current for {years, plural, one {# year} other {# years}} from the day you pay and expires at the end of that term.',
  },
  termRenews: {
    id: 'terms.termRenews',
    description:
      'Item of the terms list when the parent ticked "Renew automatically": the subscription is current for the term and renews at its end at {price} (the renewal price with its currency) until renewal is turned off. Placeholder wording for the legal team to replace; say nothing about refunds.',
    defaultMessage:
      'Your subscription is current for {years, plural, one {# year} other {# years}} from the day you pay and renews automatically at the end of each term at {price} until you turn renewal off.',
  },
  renewLabel: {
    id: 'terms.renew.label',
    description:
      'Label of the automatic renewal checkbox on the terms step (not ticked until the parent ticks it). {years} is the term (1 or 2), {price} the renewal price formatted with its currency (e.g. "$216.00", or for GBP "£107.99 (includes £18.00 VAT)").',
    defaultMessage: 'Renew automatically {years, plural, one {every year} other {every # years}} at {price}',
  },
  renewPriceVat: {
    id: 'terms.renew.priceVat',
    description:
      'A GBP renewal price with the VAT it includes, inside the automatic renewal label: {price} and {vat} are amounts with their currency symbol.',
    defaultMessage: '{price} (includes {vat} VAT)',
  },
  renewMeaning: {
    id: 'terms.renew.meaning',
    description:
      'Sentence under the automatic renewal checkbox: what ticking it means, and what happens without it. {first} and {second} are the numbers of days before the renewal when reminder e-mails are sent (30 and 7).',
    defaultMessage:
      'If you tick this, we charge the payment method you pay with today on the last day of each term, after e-mailing you reminders {first} and {second} days before; you can turn renewal off any time from the reminder e-mail and your subscription then runs to the end of its term. If you do not, your subscription ends at the end of its term.',
  },
});
