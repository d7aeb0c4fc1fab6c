import { defineMessages } from '../../i18n/define-messages.js';

export const paymentMessagesUi = /* @__PURE__ */ defineMessages({
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
  billing: {
    id: 'payment.billing',
    description: 'Heading of the billing address part of the payment form.',
    defaultMessage: 'Billing address',
  },
  streetAddress: {
    id: 'payment.streetAddress',
    description: 'Label of the street address field of the billing address.',
    defaultMessage: 'Street address',
  },
  city: {
    id: 'payment.city',
    description: 'Label of the city (or town) field of the billing address.',
    defaultMessage: 'City',
  },
  state: {
    id: 'payment.state',
    description: 'Label of the state field of a billing address in the United States.',
    defaultMessage: 'State',
  },
  zip: {
    id: 'payment.zip',
    description: 'Label of the ZIP code field of a billing address in the United States.',
    defaultMessage: 'ZIP code',
  },
  regionChoose: {
    id: 'payment.regionChoose',
    description:
      'Empty first choice of the state, province or territory list of a billing address (US, Canada, Australia), shown until one is chosen.',
    defaultMessage: 'Choose…',
  },
  region: {
    id: 'payment.region',
    description: 'Label of the state or territory field of a billing address in Australia.',
    defaultMessage: 'State or territory',
  },
  postcode: {
    id: 'payment.postcode',
    description: 'Label of the postcode field of a billing address in the United Kingdom.',
    defaultMessage: 'Postcode',
  },
  postalCode: {
    id: 'payment.postalCode',
    description: 'Label of the postal code field of a billing address in other countries (e.g. Canada).',
    defaultMessage: 'Postal code',
  },
  addressLine2: {
    id: 'payment.addressLine2',
    description:
      'Label of the optional second line of the billing address (flat, apartment, suite, building); may be left empty.',
    defaultMessage: 'Address line 2 (optional)',
  },
  townOrCity: {
    id: 'payment.townOrCity',
    description: 'Label of the town or city field of a billing address in the UK, Ireland and New Zealand.',
    defaultMessage: 'Town or city',
  },
  provinceOrTerritory: {
    id: 'payment.provinceOrTerritory',
    description: 'Label of the province or territory field of a billing address in Canada (required).',
    defaultMessage: 'Province or territory',
  },
  countyOptional: {
    id: 'payment.countyOptional',
    description: 'Label of the county field of a billing address in the UK or Ireland; it may be left empty.',
    defaultMessage: 'County (optional)',
  },
  regionOptional: {
    id: 'payment.regionOptional',
    description: 'Label of the region field of a billing address in New Zealand; it may be left empty.',
    defaultMessage: 'Region (optional)',
  },
  eircode: {
    id: 'payment.eircode',
    description:
      'Label of the postal code field of a billing address in Ireland (the Irish postcode is called Eircode).',
    defaultMessage: 'Eircode',
  },
  zipInvalid: {
    id: 'payment.error.zip',
    description: 'Error under the ZIP code field (US) when it is not a ZIP code. Keep the example codes as they are.',
    defaultMessage: 'Enter a ZIP code like 12345 or 12345-6789.',
  },
  postcodeInvalid: {
    id: 'payment.error.postcode',
    description: 'Error under the postcode field (UK) when it is not a UK postcode; {example} is one (SW1A 1AA).',
    defaultMessage: 'Enter a postcode like {example}.',
  },
  postcode4Invalid: {
    id: 'payment.error.postcode4',
    description: 'Error under the postcode field (Australia, New Zealand) when it is not 4 digits; {example} is one.',
    defaultMessage: 'Enter a 4-digit postcode, like {example}.',
  },
  postalCodeInvalid: {
    id: 'payment.error.postalCode',
    description: 'Error under the postal code field (Canada) when it is not a Canadian postal code; {example} is one.',
    defaultMessage: 'Enter a postal code like {example}.',
  },
  eircodeInvalid: {
    id: 'payment.error.eircode',
    description: 'Error under the Eircode field (Ireland) when it is not an Eircode; {example} is one (D02 X285).',
    defaultMessage: 'Enter an Eircode like {example}.',
  },
  postalCodeOtherInvalid: {
    id: 'payment.error.postalCodeOther',
    description: 'Error under the postal code field of another country when it cannot be a postal code.',
    defaultMessage: 'Enter a valid postal code.',
  },
  stateInvalid: {
    id: 'payment.error.state',
    description: 'Error under the state field (US) when it names no US state. Keep NY and New York as they are.',
    defaultMessage: 'Enter a US state, like NY or New York.',
  },
  provinceInvalid: {
    id: 'payment.error.province',
    description: 'Error under the province field (Canada) when it names none. Keep ON and Ontario as they are.',
    defaultMessage: 'Enter a province or territory, like ON or Ontario.',
  },
  stateOrTerritoryInvalid: {
    id: 'payment.error.stateOrTerritory',
    description:
      'Error under the state or territory field (Australia) when it names none. Keep NSW and New South Wales as they are.',
    defaultMessage: 'Enter a state or territory, like NSW or New South Wales.',
  },
  required: {
    id: 'payment.error.required',
    description: 'Error under a billing address field that is empty.',
    defaultMessage: 'This field is required.',
  },
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
  /**
   * join-api 403 `email_unverified` (docs/IDENTITY.md "Contract"): the address is not proven yet; refused before the
   * gateway, so nothing was charged. The step's "Check your e-mail" button ({@link checkEmail}) goes to the code.
   */
  emailUnverified: {
    id: 'payment.error.emailUnverified',
    description:
      'Error after Pay when the parent has not yet confirmed their e-mail address with the 6-digit code: payment waits for it. A button "Check your e-mail" follows. Nothing was charged.',
    defaultMessage: 'Confirm your e-mail address before you pay: enter the code we send to it. Nothing was charged.',
  },
  /** The action of {@link emailUnverified}: back to the "Check your e-mail" step (docs/IDENTITY.md "The flows"). */
  checkEmail: {
    id: 'payment.checkEmail',
    description:
      'Button under the payment error about an unconfirmed e-mail address: goes back to the sign-up step of the same name, where the parent enters the code e-mailed to them. Use the same words as that step’s name.',
    defaultMessage: 'Check your e-mail',
  },
  /**
   * join-api 409 `already_subscribed` (docs/IDENTITY.md "One address, one subscription"): another account proven at
   * this address — the mailbox the parent proved — has a subscription (or a payment under way); nothing was charged.
   * It says no more than the right code did (the e-mail step's "You already have an account").
   */
  alreadySubscribed: {
    id: 'payment.error.alreadySubscribed',
    description:
      'Error after Pay when the parent’s confirmed e-mail address already has an OurFamilyWizard account with a subscription (or one being paid for). A "Sign in" link follows. Nothing was charged.',
    defaultMessage:
      'This e-mail address already has an OurFamilyWizard account with a subscription. Sign in to use it; you can upgrade your plan from your account. Nothing was charged.',
  },
  /** join-api 422 `payment_method_expired`: the nonce was unknown, expired or already used. */
  cardExpired: {
    id: 'payment.error.cardExpired',
    description: 'Error when the card details expired before the payment; the parent enters the card again.',
    defaultMessage: 'This card could not be charged. Enter the card details again.',
  },
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
  threeDSCanceled: {
    id: 'payment.threeDS.canceled',
    description: 'Error when the parent closed the bank’s card verification (3D Secure) window.',
    defaultMessage: 'Card verification was canceled. You have not been charged.',
  },
  /** Spec §5 "3D Secure": tokenization gave no BIN, so 3D Secure cannot run; the card is refused, not charged. */
  noBin: {
    id: 'payment.error.noBin',
    description: 'Error when the card cannot go through the bank’s verification (3D Secure); the card is refused.',
    defaultMessage: 'This card cannot be verified with your bank, so it was not charged. Please use a different card.',
  },
  /** A 402 decline's `declineCategory` (join-api: coarse on purpose, no processor codes): one message each. */
  declineInsufficientFunds: {
    id: 'payment.decline.insufficientFunds',
    description:
      'Error after paying when the bank declined the card for insufficient funds or a limit; try another card.',
    defaultMessage: 'This card has insufficient funds. Please try another card.',
  },
  declineExpiredCard: {
    id: 'payment.decline.expiredCard',
    description: 'Error after paying when the bank declined the card because it has expired.',
    defaultMessage: 'This card has expired. Please use another card.',
  },
  declineAuthentication: {
    id: 'payment.decline.authenticationFailed',
    description:
      'Error after paying when the bank could not verify the card (security code, billing address or bank verification).',
    defaultMessage: 'Your bank could not verify the card. Check the security code, or use a different card.',
  },
  declineCardDeclined: {
    id: 'payment.decline.cardDeclined',
    description: 'Error after paying when the bank declined the card for any other reason; try another card.',
    defaultMessage: 'Your bank declined the payment. Please try another card.',
  },
  /**
   * The payment provider's failures, one message per @ofw/payments `PaymentErrorGroup` (no provider text reaches the
   * page); the other groups reuse fixCard, cardLoadFailed, threeDSFailed and threeDSCanceled.
   */
  providerSetup: {
    id: 'payment.provider.setup',
    description:
      'Error when card payments cannot work because of the site’s own payment set-up (not the parent’s fault).',
    defaultMessage: 'Card payments are not available right now. You have not been charged. Please try again later.',
  },
  providerNetwork: {
    id: 'payment.provider.network',
    description: 'Error when the payment provider could not be reached or did not answer in time.',
    defaultMessage: 'We could not reach our payment provider. Check your connection and try again.',
  },
  providerRateLimited: {
    id: 'payment.provider.rateLimited',
    description: 'Error when the payment provider refused because of too many attempts in a short time.',
    defaultMessage: 'Too many payment attempts. Please wait a few minutes and try again.',
  },
  providerCardInvalid: {
    id: 'payment.provider.cardInvalid',
    description: 'Error when the card details could not be used by the payment provider.',
    defaultMessage: 'This card could not be used. Check the card details, or use another card.',
  },
  providerSecurityCode: {
    id: 'payment.provider.securityCode',
    description: 'Error when the card’s security code (CVV) did not verify.',
    defaultMessage: 'The security code did not match. Check the security code on your card and try again.',
  },
  providerCanceled: {
    id: 'payment.provider.canceled',
    description: 'Shown when the parent closed the PayPal, Venmo, Apple Pay or payment window before paying.',
    defaultMessage: 'The payment was canceled. You have not been charged.',
  },
  providerInProgress: {
    id: 'payment.provider.inProgress',
    description: 'Error when a card verification or wallet payment is already open in another window.',
    defaultMessage: 'A payment is already in progress. Finish it, or wait a moment and try again.',
  },
  providerDeclined: {
    id: 'payment.provider.declined',
    description: 'Error when the payment was declined and no more precise reason is known; try another card.',
    defaultMessage: 'Your payment was declined. Please try another card or contact your bank.',
  },
  providerWalletUnavailable: {
    id: 'payment.provider.walletUnavailable',
    description: 'Error when PayPal, Venmo or Apple Pay is not available on this site or device.',
    defaultMessage: 'This payment method is not available right now. Please pay by card.',
  },
  providerPopupBlocked: {
    id: 'payment.provider.popupBlocked',
    description: 'Error when the browser blocked the PayPal or Venmo window.',
    defaultMessage: 'The payment window could not open. Allow pop-ups for this site and try again.',
  },
  providerWalletFailed: {
    id: 'payment.provider.walletFailed',
    description: 'Error when a PayPal, Venmo or Apple Pay payment failed.',
    defaultMessage: 'The payment could not be completed. Please try again, or pay by card.',
  },
  threeDSUnavailable: {
    id: 'payment.threeDS.unavailable',
    description:
      'Error when the bank’s card verification (3D Secure) could not load or did not answer in time; shown with a “Try again” button. Nothing was charged.',
    defaultMessage: 'Your bank’s card verification could not be loaded. You have not been charged. Please try again.',
  },
  threeDSFailed: {
    id: 'payment.threeDS.failed',
    description: 'Error when the bank’s card verification (3D Secure) failed.',
    defaultMessage: 'Your bank could not verify the card. Please try again or use a different card.',
  },
});
