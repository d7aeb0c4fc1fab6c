import { defineMessages } from '../../../i18n/define-messages.js';

/** The wallet buttons of the payment step: PayPal, Venmo and Apple Pay (§5). */
export const paymentWalletMessages = /* @__PURE__ */ defineMessages({
  wallets: {
    id: 'payment.wallets',
    description: 'Heading before the PayPal, Venmo and Apple Pay buttons.',
    defaultMessage: 'Or pay with',
  },
  payPal: {
    id: 'payment.payPal',
    description: 'Accessible label of the PayPal button.',
    defaultMessage: 'Check out with PayPal',
  },
  venmo: {
    id: 'payment.venmo',
    description: 'Accessible label of the Venmo button.',
    defaultMessage: 'Check out with Venmo',
  },
  applePay: {
    id: 'payment.applePay',
    description: 'Accessible label of the Apple Pay button.',
    defaultMessage: 'Check out with Apple Pay',
  },
});
