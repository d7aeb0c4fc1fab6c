import {
  isThreeDSecureAccepted,
  paymentMessages,
  useHostedFields,
  usePaymentMethods,
  useThreeDSecure,
} from '@ofw/payments';
import type { BillingAddressValue } from '@ofw/ui';
import { useIntl, type IntlShape } from 'react-intl';
import { billingRequest } from '../../billing.js';
import type { ChosenPackage } from '../../chosen-package.js';
import { paymentMessagesUi } from '../../messages.js';
import { useParentState } from '../../server-state.js';
import { useJoin } from '../../use-join.js';
import { CardWithoutBin, ThreeDSFailed } from './payment-error.js';
import type { PaymentNonce } from './use-submit-payment.js';

/**
 * The hosted card fields of the payment step (§2: number, expiration date, cvv), in their containers, with the
 * expiry placeholder in the parent's locale (`payment.expirationPlaceholder`: MM/YY, MM/AA in Spanish).
 */
export function cardFieldOptions(intl: Pick<IntlShape, 'formatMessage'>) {
  return {
    number: { container: '#card-number' },
    expirationDate: {
      container: '#card-expiration-date',
      placeholder: intl.formatMessage(paymentMessagesUi.expirationPlaceholder),
    },
    cvv: { container: '#card-cvv' },
  };
}

/**
 * The card of the payment step: the provider's hosted fields (in `#card-number`, `#card-expiration-date`,
 * `#card-cvv`) and `cardNonce`, which tokenizes them and runs 3D Secure for the amount charged (§4 "3D Secure flow").
 * `cardNonce` rejects with {@link CardWithoutBin} (no BIN: 3D Secure cannot run), {@link ThreeDSFailed}
 * or the provider's error.
 */
export function useCardNonce(chosen: ChosenPackage, billing: BillingAddressValue) {
  const intl = useIntl();
  const { state } = useJoin();
  // the parent as the server has it (trimmed at the signup), else as typed
  const parent = useParentState().data?.parent ?? state.parent;
  const methods = usePaymentMethods(chosen.quote.currency);
  const hosted = useHostedFields({
    fields: cardFieldOptions(intl),
    supportedCardBrands: methods.supportedCardBrands,
  });
  const threeDS = useThreeDSecure({
    labels: {
      title: intl.formatMessage(paymentMessages['payments.threeDSecure.title']),
      interstitial: intl.formatMessage(paymentMessages['payments.threeDSecure.interstitial']),
      close: intl.formatMessage(paymentMessages['payments.threeDSecure.close']),
    },
  });

  /**
   * Tokenizes the card fields and verifies the nonce with 3D Secure for the amount charged; `challengeRequested` asks
   * the bank for a challenge (the step-up after 402 `authentication_required`, §3 "verifyCard options").
   */
  async function cardNonce(o: { challengeRequested?: boolean } = {}): Promise<PaymentNonce> {
    const address = billingRequest(billing, state.address.country);
    const card = await hosted.tokenize({ billingAddress: { postalCode: address.postalCode } });
    const bin = card.details?.bin;
    if (!bin) throw new CardWithoutBin();
    const result = await threeDS.verifyCard({
      nonce: card.nonce,
      amount: chosen.quote.charged,
      bin: String(bin),
      ...(parent.email ? { email: parent.email } : {}),
      billingAddress: { givenName: parent.firstName, surname: parent.lastName, ...address },
      ...(o.challengeRequested ? { challengeRequested: true } : {}),
    });
    if (!isThreeDSecureAccepted(result)) throw new ThreeDSFailed();
    return { nonce: result.nonce };
  }

  return { hosted, cardNonce };
}
