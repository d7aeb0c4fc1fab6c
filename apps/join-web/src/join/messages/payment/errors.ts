import { defineMessages } from '../../../i18n/define-messages.js';

/** The payment step's errors: 3D Secure, the bank's declines and the payment provider's error groups (§8). */
export const paymentErrorMessages = /* @__PURE__ */ defineMessages({
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
});
