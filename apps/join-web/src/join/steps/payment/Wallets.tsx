import { paymentMessages } from '@ofw/payments';
import { PayPalButton, useApplePay, usePaymentMethods, useVenmo } from '@ofw/payments/react';
import { Button, VenmoLogo } from '@ofw/ui';
import { useIntl } from 'react-intl';
import type { Currency } from '@ofw/domain';
import { paymentMessagesUi } from '../../messages.js';
import { ApplePayButton } from './ApplePayButton.js';
import type { GetNonce, PaymentNonce } from './use-submit-payment.js';

/** A wallet's nonce getter: wallet nonces get no 3D Secure step-up (docs/PAYMENTS.md), so a step-up gets `undefined`. */
const walletNonce =
  (get: () => Promise<PaymentNonce | undefined>): GetNonce =>
  (o) =>
    o?.challengeRequested ? Promise.resolve(undefined) : get();

/**
 * Wallet buttons (§5 visibility per currency and flags, via @ofw/payments' hooks). Each one needs the billing
 * address like the card does; its nonce goes through the same order submission. PayPal's customer cancel is not an
 * error (§4 "Other wallet flows"): the parent stays on the step with nothing shown.
 */
export function Wallets({
  amount: charged,
  currency,
  saving,
  busy,
  onPay,
  onError,
}: {
  /** The amount charged (PayPal's one-time checkout, Apple Pay's sheet), major units. */
  amount: number;
  currency: Currency;
  /**
   * docs/RENEWAL.md: the method is saved for renewals — each wallet approves an account that can be charged again
   * (PayPal's Vault flow with this billing agreement description, Venmo `multi_use`; Apple Pay's card is saved like a
   * card's, by join-api). `undefined`: one-time payments.
   */
  saving?: { agreement: string } | undefined;
  busy: boolean;
  onPay: (getNonce: GetNonce) => void;
  /** A wallet that failed outside a payment attempt (e.g. PayPal's button could not be shown). */
  onError: (error: unknown) => void;
}) {
  const intl = useIntl();
  const vault = saving !== undefined;
  const venmo = useVenmo(currency, {
    vault,
    onResume: (result) => onPay(walletNonce(() => Promise.resolve({ nonce: result.nonce }))),
  });
  const { payPal } = usePaymentMethods(currency);
  const applePay = useApplePay({ amount: charged, currency });
  const buttons = [
    // PayPal renders its own button (braintree-web paypalCheckout + PayPal's Buttons, or the sandbox's), so its popup
    // opens inside the click; the approved nonce then goes through the same order submission as a card's.
    payPal ? (
      <PayPalButton
        key="paypal"
        buttonClassName="ofw-button ofw-button--secondary"
        amount={charged}
        currency={currency}
        vault={vault}
        {...(saving ? { billingAgreementDescription: saving.agreement } : {})}
        label={intl.formatMessage(paymentMessagesUi.payPal)}
        onApprove={(result) => onPay(walletNonce(() => Promise.resolve({ nonce: result.nonce })))}
        onError={onError}
      />
    ) : null,
    venmo.isVisible ? (
      <Button
        key="venmo"
        variant="secondary"
        busy={busy && venmo.isPending}
        aria-label={intl.formatMessage(paymentMessagesUi.venmo)}
        onClick={() => onPay(walletNonce(async () => ({ nonce: (await venmo.tokenize()).nonce })))}
      >
        <VenmoLogo
          size="small"
          color="black"
          title={intl.formatMessage(paymentMessages['payments.venmo.title'])}
          aria-hidden="true"
        />
      </Button>
    ) : null,
    applePay.isSupported ? (
      <ApplePayButton
        key="applepay"
        label={intl.formatMessage(paymentMessagesUi.applePay)}
        locale={intl.locale}
        busy={busy && applePay.isPending}
        // the sheet stays open until the order is answered: `complete` closes it with success only when paid
        onClick={() => onPay(walletNonce(() => applePay.pay()))}
      />
    ) : null,
  ].filter(Boolean);
  if (!buttons.length) return null;
  return (
    <div className="wallets" role="group" aria-label={intl.formatMessage(paymentMessagesUi.wallets)}>
      {buttons}
    </div>
  );
}
