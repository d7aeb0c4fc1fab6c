import type { DeclineCategory } from '@ofw/api-client';
import { isApiError } from '@ofw/api-client/errors';
import { paymentMessages, toPaymentError } from '@ofw/payments';
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

/** Localized banner text for a failed payment: order problems from join-api, provider errors via `toPaymentError` (§8). */
export function messageFor(intl: IntlShape, err: unknown): string {
  const common = problemMessage(intl, err); // 429 with its wait, currency_not_offered (issue 12)
  if (common) return common;
  if (answerMayBeLost(err)) return intl.formatMessage(paymentMessagesUi.inDoubt);
  if (isApiError(err)) {
    if (err.code === 'payment_method_expired') return intl.formatMessage(paymentMessagesUi.cardExpired);
    if (err.code === 'not_an_upgrade') return intl.formatMessage(paymentMessagesUi.notAnUpgrade);
    const quote = err.code === 'price_changed' ? err.problem.quote : undefined;
    if (quote) {
      const amount = intl.formatNumber(Number(quote.amount), { style: 'currency', currency: quote.currencyCode });
      return intl.formatMessage(paymentMessagesUi.priceChanged, { amount });
    }
    // the bank asked for authentication and no step-up could be made (DESIGN.md §5): it could not verify the card
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
  if (pe.code === 'HOSTED_FIELDS_FIELDS_INVALID' || pe.code === 'HOSTED_FIELDS_FIELDS_EMPTY')
    return intl.formatMessage(paymentMessagesUi.fixCard);
  return intl.formatMessage(paymentMessages[pe.messageId]);
}
