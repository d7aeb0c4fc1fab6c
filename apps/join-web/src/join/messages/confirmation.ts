import { defineMessages } from '../../i18n/define-messages.js';

/** The confirmation a parent can keep, shown on the step after paying (from join-api's paid-order answer). */
export const confirmationMessages = /* @__PURE__ */ defineMessages({
  heading: {
    id: 'confirmation.heading',
    description: 'Heading of the payment confirmation shown after a successful payment.',
    defaultMessage: 'Payment received',
  },
  plan: {
    id: 'confirmation.plan',
    description: 'Label of the package and term bought, in the payment confirmation.',
    defaultMessage: 'Plan',
  },
  planValue: {
    id: 'confirmation.planValue',
    description: 'The package bought and its term. {plan} is the package name, {years} the term in years (1 or 2).',
    defaultMessage: '{plan}, {years, plural, one {# year} other {# years}}',
  },
  amount: {
    id: 'confirmation.amount',
    description: 'Label of the amount charged, in the payment confirmation.',
    defaultMessage: 'Amount paid',
  },
  vat: {
    id: 'confirmation.vat',
    description: 'UK only: the VAT included in the amount paid. {vat} is a formatted amount such as £18.00.',
    defaultMessage: 'Includes {vat} VAT',
  },
  paidWith: {
    id: 'confirmation.paidWith',
    description: 'Label of what paid (a card, PayPal, Venmo or Apple Pay), in the payment confirmation.',
    defaultMessage: 'Paid with',
  },
  card: {
    id: 'confirmation.card',
    description: 'The card that paid. {brand} is the card brand (e.g. Visa), {last4} its last four digits.',
    defaultMessage: '{brand} ending in {last4}',
  },
  cardNoBrand: {
    id: 'confirmation.cardNoBrand',
    description: 'The card that paid when its brand is unknown. {last4} is its last four digits.',
    defaultMessage: 'Card ending in {last4}',
  },
  cardUnknown: {
    id: 'confirmation.cardUnknown',
    description: 'The card that paid when neither its brand nor its last four digits are known.',
    defaultMessage: 'Card',
  },
  wallet: {
    id: 'confirmation.wallet',
    description:
      'A wallet that paid and its account. {wallet} is PayPal, Venmo or Apple Pay (not translated); {account} the PayPal e-mail, the Venmo @username or the Apple Pay card (e.g. "Visa ending in 1881").',
    defaultMessage: '{wallet} ({account})',
  },
  orderNumber: {
    id: 'confirmation.orderNumber',
    description: 'Label of the order number (the same the receipt e-mail names), in the payment confirmation.',
    defaultMessage: 'Order number',
  },
  receiptSent: {
    id: 'confirmation.receiptSent',
    description: 'Says where the receipt e-mail was sent. {email} is the parent’s e-mail address.',
    defaultMessage: 'We e-mailed your receipt to {email}.',
  },
  date: {
    id: 'confirmation.date',
    description: 'Label of the date the order was paid, in the payment confirmation.',
    defaultMessage: 'Date',
  },
  termStart: {
    id: 'confirmation.termStart',
    description: 'Label of the date the subscription bought starts, in the payment confirmation.',
    defaultMessage: 'Subscription starts',
  },
  termEnd: {
    id: 'confirmation.termEnd',
    description:
      'Label of the date the subscription bought ends (the same calendar date one or two years later), in the payment confirmation.',
    defaultMessage: 'Subscription ends',
  },
  invoiceNumber: {
    id: 'confirmation.invoiceNumber',
    description: 'UK only: label of the number of the VAT invoice of the order, in the payment confirmation.',
    defaultMessage: 'VAT invoice number',
  },
  printReceipt: {
    id: 'confirmation.printReceipt',
    description:
      'Link to a printable page of the receipt (and, in the UK, the VAT invoice), which opens in a new tab without signing in.',
    defaultMessage: 'View and print your receipt',
  },
});
