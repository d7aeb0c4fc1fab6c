import { isThreeDSecureAccepted, paymentMessages } from '@ofw/payments';
import { useHostedFields, usePaymentMethods, useThreeDSecure } from '@ofw/payments/react';
import type { Currency } from '@ofw/domain';
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

/** What 3D Secure verifies a card for: the amount charged, its currency, and who pays (billing country and name). */
export interface CardVerification {
  /** The amount to authenticate, major units (the amount that will be charged). */
  amount: number;
  currency: Currency;
  /** The billing country (the billing address' rules, `billingRequest`). */
  country: string | undefined;
  payer: { email?: string | undefined; firstName?: string | undefined; lastName?: string | undefined };
}

/**
 * The card of the payment step: the provider's hosted fields (in `#card-number`, `#card-expiration-date`,
 * `#card-cvv`) and `cardNonce`, which tokenizes them and runs 3D Secure for the amount charged (§4 "3D Secure flow").
 * `cardNonce` rejects with {@link CardWithoutBin} (no BIN: 3D Secure cannot run), {@link ThreeDSFailed}
 * or the provider's error.
 */
export function useCardNonce(chosen: ChosenPackage, billing: BillingAddressValue) {
  const { state } = useJoin();
  // the parent as the server has it (trimmed at the signup), else as typed
  const parent = useParentState().data?.parent ?? state.parent;
  const { charged, currency } = chosen.quote;
  return useVerifiedCard({ amount: charged, currency, country: state.address.country, payer: parent }, billing);
}

/**
 * Hosted card fields and `cardNonce` for any amount (the payment step's {@link useCardNonce}, the renewal link's
 * update-card form with the renewal amount): tokenize, then 3D Secure `verifyCard` for `v.amount`.
 */
export function useVerifiedCard(v: CardVerification, billing: BillingAddressValue) {
  const intl = useIntl();
  const methods = usePaymentMethods(v.currency);
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
    const address = billingRequest(billing, v.country);
    const card = await hosted.tokenize({ billingAddress: { postalCode: address.postalCode } });
    const bin = card.details?.bin;
    if (!bin) throw new CardWithoutBin();
    const result = await threeDS.verifyCard({
      nonce: card.nonce,
      amount: v.amount,
      bin: String(bin),
      ...(v.payer.email ? { email: v.payer.email } : {}),
      billingAddress: { givenName: v.payer.firstName, surname: v.payer.lastName, ...address },
      ...(o.challengeRequested ? { challengeRequested: true } : {}),
    });
    if (!isThreeDSecureAccepted(result)) throw new ThreeDSFailed();
    return { nonce: result.nonce };
  }

  return { hosted, cardNonce };
}
