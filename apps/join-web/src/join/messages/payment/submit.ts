import { defineMessages } from '../../../i18n/define-messages.js';

/** The pay button of the payment step and what its answer says: paying, resuming, a payment in doubt, a price change. */
export const paymentSubmitMessages = /* @__PURE__ */ defineMessages({
  pay: {
    id: 'payment.pay',
    description: 'Button that submits the card payment; {amount} is the formatted amount charged.',
    defaultMessage: 'Pay {amount}',
  },
  paying: {
    id: 'payment.paying',
    description: 'Shown while the payment is processed.',
    defaultMessage: 'Processing your payment…',
  },
  resuming: {
    id: 'payment.resuming',
    description: 'Shown after a page reload while the app checks whether a payment that was started went through.',
    defaultMessage: 'Checking the payment you started before the page reloaded…',
  },
  errorTitle: {
    id: 'payment.errorTitle',
    description: 'Heading of the error box when a payment failed.',
    defaultMessage: 'Payment not completed',
  },
  inDoubt: {
    id: 'payment.error.inDoubt',
    description:
      'Error when the app cannot tell yet whether the payment went through (join-api keeps the order in doubt until the gateway answers: a sale gets 60 s, and the order is settled within about two minutes). Retrying or reloading is safe: the parent is charged at most once.',
    defaultMessage:
      'We are still confirming your payment. You will be charged at most once, so you can safely try again or reload the page. Confirming can take up to about two minutes.',
  },
  fixCard: {
    id: 'payment.error.fixCard',
    description: 'Error above the card form when some card fields are invalid; the invalid fields are highlighted.',
    defaultMessage: 'Check the highlighted card details.',
  },
  /** join-api 409 `price_changed`: the order costs another amount than the page showed (docs/PAYMENTS.md); nothing charged. */
  priceChanged: {
    id: 'payment.error.priceChanged',
    description:
      'Error after Pay when the price changed since the page showed it (e.g. a coupon ended). {amount} is the new total with its currency symbol. Nothing was charged.',
    defaultMessage: 'The price is now {amount}. Nothing was charged: check the new total, then pay again.',
  },
  /** join-api 409 `not_an_upgrade`: with a current subscription only an upgrade can be bought. */
  notAnUpgrade: {
    id: 'payment.error.notAnUpgrade',
    description:
      'Error after paying when the server refused the purchase because it is not an upgrade of the current subscription.',
    defaultMessage:
      'You already have a subscription. Only an upgrade to a higher plan can be bought; nothing was charged.',
  },
  /** join-api 422 `payment_method_expired`: the nonce was unknown, expired or already used. */
  cardExpired: {
    id: 'payment.error.cardExpired',
    description: 'Error when the card details expired before the payment; the parent enters the card again.',
    defaultMessage: 'This card could not be charged. Enter the card details again.',
  },
});
