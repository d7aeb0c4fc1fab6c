import { useDataCollector } from '@ofw/payments/react';
import { BackButton, BillingInformation, Button, ErrorBanner, StatusMessage } from '@ofw/ui';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Quote } from '@ofw/domain';
import { billingFormProps } from '../../billing.js';
import { chosenName, type ChosenPackage } from '../../chosen-package.js';
import { appMessages, paymentMessagesUi, renewalMessages, stepMessages } from '../../messages.js';
import { useChosenRenewal } from '../../renews.js';
import { renewalPriceText } from '../terms/renewal-text.js';
import { price } from '../../pricing.js';
import { focusFirstBillingError, useBillingForm } from '../../use-billing-form.js';
import { useJoin, type StepNav } from '../../use-join.js';
import { CardFields } from './CardFields.js';
import { OrderRefused } from './OrderRefused.js';
import { OrderSummary } from './OrderSummary.js';
import { messageFor, offersRetry } from './payment-error.js';
import { useCardNonce } from './use-card-nonce.js';
import { useSubmitPayment } from './use-submit-payment.js';
import { Wallets } from './Wallets.js';

/** The PayPal billing agreement's description of a renewal (docs/RENEWAL.md): the term and the renewal price. */
export function agreementText(intl: IntlShape, renewal: Quote): string {
  return intl.formatMessage(renewalMessages.agreement, {
    years: renewal.years,
    price: renewalPriceText(intl, renewal),
  });
}

/** The payment form inside `<PaymentsProvider>`: summary, wallets, card fields, billing address and Pay. */
export function CardPayment({ chosen, nav }: { chosen: ChosenPackage; nav: StepNav }) {
  const intl = useIntl();
  const { state } = useJoin();
  const form = useBillingForm();
  const { hosted, cardNonce } = useCardNonce(chosen, form.billing);
  // fraud data (FraudNet) is collected from the step's mount on, read when the parent pays (Braintree "Collect device data")
  const collector = useDataCollector();
  const submit = useSubmitPayment({
    chosen,
    billing: form.billing,
    billingReady: () => !focusFirstBillingError(form.validate()),
    getDeviceData: collector.getDeviceData,
    nav,
  });
  const [walletError, setWalletError] = useState<unknown>();
  const { busy } = submit;
  const q = chosen.quote;
  const renewal = useChosenRenewal(chosen);
  const failure = submit.error ?? walletError;
  const cardError = hosted.status === 'error' ? intl.formatMessage(paymentMessagesUi.cardLoadFailed) : undefined;
  const pay: typeof submit.pay = (getNonce) => {
    setWalletError(undefined);
    submit.pay(getNonce);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        pay(cardNonce);
      }}
      aria-busy={busy || undefined}
      className="app-narrow"
    >
      <p>{intl.formatMessage(paymentMessagesUi.intro)}</p>
      <StatusMessage>{submit.resuming ? intl.formatMessage(paymentMessagesUi.resuming) : null}</StatusMessage>
      <ErrorBanner
        title={intl.formatMessage(paymentMessagesUi.errorTitle)}
        message={failure ? messageFor(intl, failure) : cardError}
      />
      {/* the bank's verification did not load in time (spec §4 "3D Secure flow" 7): the same card, again */}
      {submit.error && offersRetry(submit.error) ? (
        <Button variant="secondary" busy={busy} onClick={() => pay(cardNonce)}>
          {intl.formatMessage(appMessages.tryAgain)}
        </Button>
      ) : null}
      {/* docs/IDENTITY.md "Contract": an order refused for the address — prove it, or sign in to its account */}
      <OrderRefused error={submit.error} nav={nav} />
      <OrderSummary name={chosenName(intl, chosen)} quote={q} />
      {renewal ? (
        // docs/RENEWAL.md: said before paying — every method offered here is saved (wallets run in their saving mode)
        <p className="renewal-note">
          {intl.formatMessage(renewalMessages.paymentSaved, { price: renewalPriceText(intl, renewal) })}
        </p>
      ) : null}
      <Wallets
        amount={q.charged}
        currency={q.currency}
        saving={renewal ? { agreement: agreementText(intl, renewal) } : undefined}
        busy={busy}
        onPay={pay}
        onError={setWalletError}
      />
      <CardFields hosted={hosted} busy={busy} />
      <BillingInformation
        value={form.billing}
        onChange={form.setBilling}
        {...billingFormProps(intl, state.address.country)}
        errors={form.errors}
        disabled={busy}
        onBlurField={form.onBlurField}
      />
      <StatusMessage hidden>{busy ? intl.formatMessage(paymentMessagesUi.paying) : null}</StatusMessage>
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} disabled={busy} />
        <Button type="submit" busy={busy} disabled={hosted.status !== 'ready'}>
          {intl.formatMessage(paymentMessagesUi.pay, { amount: price(q.charged, q.currency) })}
        </Button>
      </div>
    </form>
  );
}
