import { defineMessages } from '../../../i18n/define-messages.js';

/** The card form of the payment step: its fields, their errors and the form that could not load. */
export const paymentCardMessages = /* @__PURE__ */ defineMessages({
  cardNumber: {
    id: 'payment.cardNumber',
    description: 'Label of the card number field.',
    defaultMessage: 'Card number',
  },
  expirationDate: {
    id: 'payment.expirationDate',
    description: 'Label of the card’s expiry date field (month and year printed on the card).',
    defaultMessage: 'Expiration date',
  },
  expirationPlaceholder: {
    id: 'payment.expirationPlaceholder',
    description:
      'Placeholder inside the card’s expiry date field: the format to type, month/year, as letters (MM/YY); translate the letters as the expiry error message does (Spanish MM/AA).',
    defaultMessage: 'MM/YY',
  },
  cvv: {
    id: 'payment.cvv',
    description: 'Label of the card security code field; CVV is the code printed on the back of the card.',
    defaultMessage: 'CVV',
  },
  cardNumberError: {
    id: 'payment.error.cardNumber',
    description: 'Error under the card number field when the number is not valid.',
    defaultMessage: 'Enter a valid card number.',
  },
  expirationDateError: {
    id: 'payment.error.expirationDate',
    description:
      'Error under the expiry date field; MM/YY shows the expected format (month/year), translate the letters.',
    defaultMessage: 'Enter a valid expiration date (MM/YY).',
  },
  cvvError: {
    id: 'payment.error.cvv',
    description: 'Error under the card security code field when it is missing or not valid.',
    defaultMessage: 'Enter the security code from your card.',
  },
  cardLoadFailed: {
    id: 'payment.cardLoadFailed',
    description: 'Error when the payment provider’s secure card fields cannot be loaded.',
    defaultMessage: 'The secure card form could not be loaded. Please reload the page and try again.',
  },
});
