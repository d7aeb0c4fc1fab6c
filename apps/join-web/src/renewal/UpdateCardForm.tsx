import type { RenewalLink } from '@ofw/api-client';
import { useDataCollector } from '@ofw/payments/react';
import { BillingInformation, Button, ErrorBanner, StatusMessage, type BillingAddressValue } from '@ofw/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  billingFormProps,
  billingRequest,
  shownBilling,
  validateBilling,
  type BillingErrors,
} from '../join/billing.js';
import { paymentMessagesUi, renewalMessages as m } from '../join/messages.js';
import { CardFields } from '../join/steps/payment/CardFields.js';
import { messageFor } from '../join/steps/payment/payment-error.js';
import { useVerifiedCard } from '../join/steps/payment/use-card-nonce.js';
import type { GetNonce } from '../join/steps/payment/use-submit-payment.js';
import { Wallets } from '../join/steps/payment/Wallets.js';
import { focusFirstBillingError } from '../join/use-billing-form.js';
import { billingCountryOf, termYears } from './link.js';
import { useLongDate } from './SubscriptionSummary.js';
import { useSaveRenewalMethod } from './use-save-method.js';

const EMPTY: BillingAddressValue = { streetAddress: '', extendedAddress: '', locality: '', region: '', postalCode: '' };

/**
 * The update-card form of a declined renewal's link (docs/RENEWAL.md): the payment step's machinery — hosted card
 * fields, 3D Secure for the renewal amount (`useVerifiedCard`), device data, the wallets in their saving mode — and a
 * card's billing address, then `POST /renewal-links/{token}/payment-method` (`useSaveRenewalMethod`). A decline (402)
 * shows its category's message (`messageFor`, as the payment step) and the form stays for another try.
 */
export function UpdateCardForm({ token, link }: { token: string; link: RenewalLink }) {
  const intl = useIntl();
  const date = useLongDate(link.timeZone);
  const renewal = link.subscription.renewal;
  const currency = renewal?.currencyCode ?? 'USD';
  const amount = renewal?.amount ?? 0;
  const country = billingCountryOf(currency);
  const [billing, setBilling] = useState<BillingAddressValue>(EMPTY);
  const [errors, setErrors] = useState<BillingErrors>({});
  const [walletError, setWalletError] = useState<unknown>();
  const payer = { firstName: link.firstName };
  const { hosted, cardNonce } = useVerifiedCard({ amount, currency, country, payer }, billing);
  const collector = useDataCollector();
  const save = useSaveRenewalMethod(token, collector.getDeviceData);
  const busy = save.isPending;
  const submit = (getNonce: GetNonce, card: boolean) => {
    if (busy) return;
    setWalletError(undefined);
    if (card) {
      const found = validateBilling(intl, billing, country);
      setErrors(found);
      if (focusFirstBillingError(found)) return;
    }
    save.mutate({ getNonce, ...(card ? { billingAddress: billingRequest(billing, country) } : {}) });
  };
  if (save.data) {
    const until = date(save.data.subscription.expiresAt);
    const done = save.data.outcome === 'renewed' ? m.updateRenewed : m.updateSaved;
    return <StatusMessage>{intl.formatMessage(done, { date: until })}</StatusMessage>;
  }
  const failure = save.error ?? walletError;
  const price = renewal?.formattedAmount ?? '';
  return (
    <form
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        submit(cardNonce, true);
      }}
    >
      <p>{intl.formatMessage(m.updateIntro, { price })}</p>
      <ErrorBanner
        title={intl.formatMessage(paymentMessagesUi.errorTitle)}
        message={failure ? messageFor(intl, failure) : undefined}
      />
      <Wallets
        amount={amount}
        currency={currency}
        saving={{ agreement: intl.formatMessage(m.agreement, { years: termYears(link), price }) }}
        busy={busy}
        onPay={(getNonce) => submit(getNonce, false)}
        onError={setWalletError}
      />
      <CardFields hosted={hosted} busy={busy} />
      <BillingInformation
        value={shownBilling(billing, country)}
        onChange={setBilling}
        {...billingFormProps(intl, country)}
        errors={errors}
        disabled={busy}
        onBlurField={(k) => errors[k] && setErrors(validateBilling(intl, billing, country))}
      />
      <StatusMessage hidden>{busy ? intl.formatMessage(m.updateSaving) : null}</StatusMessage>
      <div className="ofw-actions">
        <Button type="submit" busy={busy} disabled={hosted.status !== 'ready'}>
          {intl.formatMessage(m.updateSave, { price })}
        </Button>
      </div>
    </form>
  );
}
