import { defineMessages } from '../../../i18n/define-messages.js';

/** The order summary of the payment step: what is bought, the total, VAT, credit and discount (§4). */
export const paymentSummaryMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'payment.intro',
    description: 'Introduction at the top of the payment step.',
    defaultMessage: 'Pay securely by card. Card details go straight to our payment provider.',
  },
  summary: {
    id: 'payment.summary',
    description: 'Heading of the box listing what is bought and the total.',
    defaultMessage: 'Order summary',
  },
  plan: {
    id: 'payment.plan',
    description: 'Line of the order summary; {plan} is the plan name, {years} the subscription length in years.',
    defaultMessage: '{plan}, {years, plural, one {# year} other {# years}}',
  },
  total: {
    id: 'payment.total',
    description: 'Total charged now in the order summary; {total} is a formatted amount.',
    defaultMessage: 'Total due today: {total}',
  },
  vat: {
    id: 'payment.vat',
    description:
      'Order summary line for prices in pounds: VAT (UK value added tax) included in the total; {vat} is a formatted amount.',
    defaultMessage: 'Includes {vat} VAT',
  },
  /** Spec §3 "Upgrade options": an upgrade's credit for the unused time of the plan held (quote().credit). */
  credit: {
    id: 'payment.credit',
    description:
      'Order summary line for an upgrade: the value of the unused time of the current plan, taken off the price; {amount} is a formatted amount.',
    defaultMessage: 'Credit for your current plan: {amount}',
  },
  discount: {
    id: 'payment.discount',
    description:
      'Order summary line: the coupon saving; {amount} is the formatted amount, {percent} the whole-number discount percentage (15 for 15 %), which the ::percent skeleton scales by 0.01 and formats as the locale does: keep the skeleton, write no % sign.',
    defaultMessage: 'Coupon discount: {amount} ({percent, number, ::percent scale/0.01})',
  },
  card: { id: 'payment.card', description: 'Heading of the card payment form.', defaultMessage: 'Card details' },
});
