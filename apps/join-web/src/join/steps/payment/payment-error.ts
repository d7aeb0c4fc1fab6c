import type { DeclineCategory } from '@ofw/api-client';
import { isApiError } from '@ofw/api-client/errors';
import { toPaymentError, type PaymentErrorGroup } from '@ofw/payments';
import type { IntlShape } from 'react-intl';
import { problemMessage } from '../../api-errors.js';
import { answerMayBeLost } from '../../in-doubt.js';
import { appMessages, paymentMessagesUi } from '../../messages.js';

/** Tokenization returned no BIN, so 3D Secure cannot run: the card is refused, never charged unauthenticated. */
export class CardWithoutBin extends Error {
  override readonly name = 'CardWithoutBin';
}

/** 3D Secure ran but did not authenticate the card (§4 "3D Secure flow" 4: failure ends the flow). */
export class ThreeDSFailed extends Error {
  override readonly name = 'ThreeDSFailed';
}

/** The banner of each `declineCategory` of a 402 (join-api tells the category only, never the processor's code). */
const DECLINE_MESSAGES = {
  insufficient_funds: paymentMessagesUi.declineInsufficientFunds,
  expired_card: paymentMessagesUi.declineExpiredCard,
  authentication_failed: paymentMessagesUi.declineAuthentication,
  card_declined: paymentMessagesUi.declineCardDeclined,
} satisfies Record<DeclineCategory, unknown>;

/**
 * The banner of each provider failure group (@ofw/payments `PaymentErrorGroup`): every braintree-web code (and the
 * sandbox's) lands in one, so the parent reads this page's words, never the provider's `message` nor §8's
 * developer-facing texts.
 */
const PROVIDER_MESSAGES = {
  setup: paymentMessagesUi.providerSetup,
  load_failed: paymentMessagesUi.cardLoadFailed,
  network: paymentMessagesUi.providerNetwork,
  rate_limited: paymentMessagesUi.providerRateLimited,
  fields_invalid: paymentMessagesUi.fixCard,
  card_invalid: paymentMessagesUi.providerCardInvalid,
  security_code: paymentMessagesUi.providerSecurityCode,
  canceled: paymentMessagesUi.providerCanceled,
  three_d_secure_failed: paymentMessagesUi.threeDSFailed,
  // spec §4 "3D Secure flow" 7: the authentication script did not load or set up in time — the page offers a retry
  three_d_secure_unavailable: paymentMessagesUi.threeDSUnavailable,
  in_progress: paymentMessagesUi.providerInProgress,
  declined: paymentMessagesUi.providerDeclined,
  wallet_unavailable: paymentMessagesUi.providerWalletUnavailable,
  popup_blocked: paymentMessagesUi.providerPopupBlocked,
  wallet_failed: paymentMessagesUi.providerWalletFailed,
  generic: appMessages.unexpectedError,
} satisfies Record<PaymentErrorGroup, unknown>;

/**
 * Whether the page offers "Try again" for a failed payment: the bank's verification did not load or set up in time
 * (spec §4 "3D Secure flow" 7; §8 "setup timed out", "response timed out"), so the same card may simply be retried.
 */
export function offersRetry(err: unknown): boolean {
  if (err === undefined || err === null || isApiError(err)) return false;
  return toPaymentError(err).group === 'three_d_secure_unavailable';
}

/** The message descriptor of a provider failure's group (for the page's banner and its tests). */
export function providerMessage(group: PaymentErrorGroup) {
  return PROVIDER_MESSAGES[group] ?? appMessages.unexpectedError;
}

/**
 * Localized banner text for a failed payment: order problems from join-api, provider errors via `toPaymentError`
 * (§8) by their group ({@link providerMessage}); a 402 without a `declineCategory` reads as a generic decline.
 */
export function messageFor(intl: IntlShape, err: unknown): string {
  const common = problemMessage(intl, err); // 429 with its wait, currency_not_offered
  if (common) return common;
  if (answerMayBeLost(err)) return intl.formatMessage(paymentMessagesUi.inDoubt);
  if (isApiError(err)) {
    if (err.code === 'payment_method_expired') return intl.formatMessage(paymentMessagesUi.cardExpired);
    if (err.code === 'not_an_upgrade') return intl.formatMessage(paymentMessagesUi.notAnUpgrade);
    // docs/IDENTITY.md "Contract": refused before the gateway, nothing charged; OrderRefused offers the way on
    if (err.code === 'email_unverified') return intl.formatMessage(paymentMessagesUi.emailUnverified);
    if (err.code === 'already_subscribed') return intl.formatMessage(paymentMessagesUi.alreadySubscribed);
    const quote = err.code === 'price_changed' ? err.problem.quote : undefined;
    if (quote) {
      const amount = intl.formatNumber(Number(quote.amount), { style: 'currency', currency: quote.currencyCode });
      return intl.formatMessage(paymentMessagesUi.priceChanged, { amount });
    }
    // the bank asked for authentication and no step-up could be made (docs/PAYMENTS.md): it could not verify the card
    if (err.code === 'authentication_required') return intl.formatMessage(paymentMessagesUi.threeDSFailed);
    // a decline (402) says its category's message; an older server's 402 without one falls through to §8's texts
    const category = err.status === 402 ? err.problem.declineCategory : undefined;
    if (category && category in DECLINE_MESSAGES) return intl.formatMessage(DECLINE_MESSAGES[category]);
    if (err.code === 'package_unavailable' || err.code === 'validation_failed')
      return intl.formatMessage(appMessages.unexpectedError);
  }
  if (err instanceof ThreeDSFailed) return intl.formatMessage(paymentMessagesUi.threeDSFailed);
  if (err instanceof CardWithoutBin) return intl.formatMessage(paymentMessagesUi.noBin);
  const pe = toPaymentError(err);
  if (pe.code === 'THREEDS_CARDINAL_SDK_CANCELED' || pe.messageId === 'payments.threeDSecure.canceled')
    return intl.formatMessage(paymentMessagesUi.threeDSCanceled);
  return intl.formatMessage(providerMessage(pe.group));
}
