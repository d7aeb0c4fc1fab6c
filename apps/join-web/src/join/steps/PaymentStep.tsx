import { isApiError, type OrderRequest, type PaymentsConfig as ApiPaymentsConfig } from '@ofw/api-client';
import { isUK, paymentMethodVisibility, type Flow, type JoinState } from '@ofw/domain';
import {
  paymentMessages,
  PaymentsProvider,
  toPaymentError,
  useHostedFields,
  usePayments,
  type CardFormField,
  type PaymentsConfig,
} from '@ofw/payments';
import { BackButton, BillingInformation, Button, ErrorBanner, StatusMessage, VenmoLogo, type BillingAddressValue } from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { toLocale } from '../../i18n/locales.js';
import { useServices } from '../../services.js';
import { applyParentState } from '../../state/parent-state.js';
import { resolveChosen, usePackageData, type ChosenPackage } from '../chosen-package.js';
import { appMessages, packageMessages, paymentMessagesUi, stepMessages } from '../messages.js';
import { money } from './PackageStep.js';
import { useJoin, type StepNav } from '../use-join.js';

type BillingErrors = Partial<Record<keyof BillingAddressValue, string>>;

/** Region and postal-code wording by country ("State"/"ZIP code" in the US, "County"/"Postcode" in the UK…). */
export function billingLabels(intl: IntlShape, country: string | undefined) {
  const c = country?.toUpperCase();
  const region = isUK(c) ? paymentMessagesUi.county : c === 'CA' ? paymentMessagesUi.province : c === 'AU' || c === 'NZ' ? paymentMessagesUi.region : paymentMessagesUi.state;
  const postal = c === 'US' || !c ? paymentMessagesUi.zip : isUK(c) ? paymentMessagesUi.postcode : paymentMessagesUi.postalCode;
  return {
    legend: intl.formatMessage(paymentMessagesUi.billing),
    streetAddress: intl.formatMessage(paymentMessagesUi.streetAddress),
    locality: intl.formatMessage(paymentMessagesUi.city),
    region: intl.formatMessage(region),
    postalCode: intl.formatMessage(postal),
  };
}

/** Required-field check of the billing address; localized errors per field. */
export function validateBilling(intl: IntlShape, b: BillingAddressValue): BillingErrors {
  const e: BillingErrors = {};
  for (const k of ['streetAddress', 'locality', 'region', 'postalCode'] as const) {
    if (!b[k].trim() || (k === 'postalCode' && b[k].trim().length < 2)) e[k] = intl.formatMessage(paymentMessagesUi.required);
  }
  return e;
}

/**
 * Step 4, payment (§2 "A payment step with an error banner", DESIGN.md §5). Lazy-loaded with @ofw/payments.
 * Loads the provider config, then renders the card form inside `<PaymentsProvider>`.
 */
export default function PaymentStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state, progress } = useJoin();
  const config = useQuery({ queryKey: ['paymentsConfig', state.authToken], queryFn: () => api.getPaymentsConfig(), staleTime: Infinity, enabled: Boolean(state.authToken) });
  const { currency, query } = usePackageData(flow);
  const chosen = resolveChosen(progress, query.data, state.availableCoupons, currency, intl.formatMessage(packageMessages.byoHeading));

  if (config.isError || query.isError) {
    return (
      <>
        <ErrorBanner message={intl.formatMessage(appMessages.unexpectedError)} />
        <div className="ofw-actions">
          <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
        </div>
      </>
    );
  }
  if (!config.data || !chosen) return <StatusMessage>{intl.formatMessage(paymentMessagesUi.cardLoading)}</StatusMessage>;
  const providerConfig = { ...(config.data as ApiPaymentsConfig), locale: toLocale(state.languageLocale) } as PaymentsConfig;
  return (
    <PaymentsProvider config={providerConfig}>
      <CardPayment chosen={chosen} nav={nav} />
    </PaymentsProvider>
  );
}

const CARD_FIELDS: ReadonlyArray<{ key: CardFormField; label: keyof typeof paymentMessagesUi; error: keyof typeof paymentMessagesUi }> = [
  { key: 'number', label: 'cardNumber', error: 'cardNumberError' },
  { key: 'expirationDate', label: 'expirationDate', error: 'expirationDateError' },
  { key: 'cvv', label: 'cvv', error: 'cvvError' },
];

/** A payment attempt: its idempotency key and the exact request, re-sent as is when the answer was lost. */
interface Attempt {
  key: string;
  body: OrderRequest;
}

function CardPayment({ chosen, nav }: { chosen: ChosenPackage; nav: StepNav }) {
  const intl = useIntl();
  const { api, newIdempotencyKey } = useServices();
  const { client, config } = usePayments();
  const { state, setState, progress, patchProgress } = useJoin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const pending = useRef<Attempt | undefined>(undefined);
  const hosted = useHostedFields({
    fields: {
      number: { container: '#card-number' },
      expirationDate: { container: '#card-expiration-date', placeholder: 'MM/YY' },
      cvv: { container: '#card-cvv' },
    },
  });
  const country = state.address.country;
  const fmt = (n: number) => money(intl, n, chosen.currency);
  const visibility = paymentMethodVisibility(chosen.currency, config.flags);
  const billing = progress.billing;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    const be = validateBilling(intl, billing);
    setBillingErrors(be);
    const firstBad = (Object.keys(be) as Array<keyof BillingAddressValue>)[0];
    if (firstBad && pending.current === undefined) {
      document.getElementById(`billing-${firstBad}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      let attempt = pending.current;
      if (!attempt) {
        const card = await hosted.tokenize({ billingAddress: { postalCode: billing.postalCode.trim() } });
        const deviceData = await client?.collectDeviceData().catch(() => undefined);
        const body: OrderRequest = {
          ...chosen.order,
          ...(chosen.order.productId ? { productId: Number(chosen.order.productId) } : {}),
          paymentMethodNonce: card.nonce,
          ...(deviceData ? { deviceData } : {}),
          billingAddress: {
            streetAddress: billing.streetAddress.trim(),
            locality: billing.locality.trim(),
            region: billing.region.trim(),
            postalCode: billing.postalCode.trim(),
            countryCodeAlpha2: (country ?? 'US').toUpperCase(),
          },
        } as OrderRequest;
        attempt = { key: newIdempotencyKey(), body };
        pending.current = attempt;
      }
      await submitOrder(attempt);
    } catch (err) {
      setError(messageFor(intl, err));
      setBusy(false);
    }
  }

  async function submitOrder(attempt: Attempt) {
    try {
      await api.createOrder(attempt.body, { idempotencyKey: attempt.key });
    } catch (err) {
      if (isApiError(err, 'order_already_paid')) {
        // Paid by an earlier attempt whose answer was lost: carry on as paid.
      } else {
        // A lost answer (network, 5xx, in flight) keeps the attempt: retrying re-sends the same key, never a new charge.
        if (!(isApiError(err) && (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight'))) pending.current = undefined;
        throw err;
      }
    }
    pending.current = undefined;
    const userId = Number(state.parent.userId);
    let next: JoinState = { ...state, billingAddressComplete: true, isSubscriptionCurrent: true, subscriptionStatus: 'current' };
    try {
      next = applyParentState(next, await api.getParent(userId));
    } catch {
      // Paid; the account step re-reads the parent anyway.
    }
    setState(next);
    patchProgress({ billing });
    nav.next();
  }

  const cardError = hosted.status === 'error' ? intl.formatMessage(paymentMessagesUi.cardLoadFailed) : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined} className="app-narrow">
      <p>{intl.formatMessage(paymentMessagesUi.intro)}</p>
      <ErrorBanner title={intl.formatMessage(paymentMessagesUi.errorTitle)} message={error ?? cardError} />
      <section className="order-summary" aria-labelledby="order-summary-heading">
        <h2 id="order-summary-heading" className="ofw-fieldset__legend">
          {intl.formatMessage(paymentMessagesUi.summary)}
        </h2>
        <p>{intl.formatMessage(paymentMessagesUi.plan, { plan: chosen.name, years: chosen.years })}</p>
        {chosen.discount ? (
          <p>{intl.formatMessage(paymentMessagesUi.discount, { amount: fmt(chosen.discount.discountAmount), percent: chosen.discount.discountPercent })}</p>
        ) : null}
        {chosen.vatAmount !== undefined ? <p>{intl.formatMessage(paymentMessagesUi.vat, { vat: fmt(chosen.vatAmount) })}</p> : null}
        <p>
          <strong>{intl.formatMessage(paymentMessagesUi.total, { total: fmt(chosen.amount) })}</strong>
        </p>
      </section>
      <Wallets visibility={visibility} />
      <fieldset className="ofw-fieldset" disabled={busy}>
        <legend className="ofw-fieldset__legend">{intl.formatMessage(paymentMessagesUi.card)}</legend>
        <StatusMessage>{hosted.status === 'loading' ? intl.formatMessage(paymentMessagesUi.cardLoading) : null}</StatusMessage>
        <div className="card-fields">
          {CARD_FIELDS.map(({ key, label, error: errorKey }) => {
            const invalid = hosted.status === 'ready' && hosted.showError(key);
            const f = hosted.fields[key];
            return (
              <div key={key} className={`card-field${key === 'number' ? ' card-field__number' : ''}`}>
                <span className="card-field__label" aria-hidden="true">
                  {intl.formatMessage(paymentMessagesUi[label])}
                </span>
                <div
                  id={key === 'number' ? 'card-number' : key === 'cvv' ? 'card-cvv' : 'card-expiration-date'}
                  className={`card-field__frame${invalid ? ' card-field__frame--invalid' : ''}${f.touched && !f.hasBlurred ? '' : ''}`}
                />
                <p className="ofw-field__error" aria-live="polite">
                  {invalid ? intl.formatMessage(paymentMessagesUi[errorKey]) : null}
                </p>
              </div>
            );
          })}
        </div>
      </fieldset>
      <BillingInformation
        value={billing}
        onChange={(b) => patchProgress({ billing: b })}
        labels={billingLabels(intl, country)}
        errors={billingErrors}
        disabled={busy}
        onBlurField={(k) => billingErrors[k] && setBillingErrors(validateBilling(intl, billing))}
      />
      <StatusMessage hidden>{busy ? intl.formatMessage(paymentMessagesUi.paying) : null}</StatusMessage>
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} disabled={busy} />
        <Button type="submit" busy={busy} disabled={hosted.status !== 'ready'}>
          {intl.formatMessage(paymentMessagesUi.pay, { amount: fmt(chosen.amount) })}
        </Button>
      </div>
    </form>
  );
}

/** Localized banner text for a failed payment: order problems from join-api, provider errors via `toPaymentError` (§8). */
export function messageFor(intl: IntlShape, err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight') return intl.formatMessage(paymentMessagesUi.inDoubt);
    if (err.code === 'package_unavailable' || err.code === 'validation_failed') return intl.formatMessage(appMessages.unexpectedError);
  }
  const pe = toPaymentError(err);
  if (pe.code === 'HOSTED_FIELDS_FIELDS_INVALID' || pe.code === 'HOSTED_FIELDS_FIELDS_EMPTY') return intl.formatMessage(paymentMessagesUi.fixCard);
  return intl.formatMessage(paymentMessages[pe.messageId]);
}

/** Wallet buttons shown per `paymentMethodVisibility` (§5); they appear only where the provider offers them. */
function Wallets({ visibility }: { visibility: ReturnType<typeof paymentMethodVisibility> }) {
  const intl = useIntl();
  const { client } = usePayments();
  const offers = client as unknown as Partial<Record<'payWithVenmo' | 'payWithPayPal' | 'payWithApplePay', () => Promise<unknown>>> | null;
  const buttons = [
    visibility.payPal && offers?.payWithPayPal ? (
      <Button key="paypal" variant="secondary" onClick={() => void offers.payWithPayPal!()}>
        {intl.formatMessage(paymentMessagesUi.payPal)}
      </Button>
    ) : null,
    visibility.venmo && offers?.payWithVenmo ? (
      <Button key="venmo" variant="secondary" aria-label={intl.formatMessage(paymentMessagesUi.venmo)} onClick={() => void offers.payWithVenmo!()}>
        <VenmoLogo width={90} title={intl.formatMessage(paymentMessagesUi.venmoLogo)} />
      </Button>
    ) : null,
    visibility.applePay && offers?.payWithApplePay ? (
      <Button key="applepay" variant="secondary" onClick={() => void offers.payWithApplePay!()}>
        {intl.formatMessage(paymentMessagesUi.applePay)}
      </Button>
    ) : null,
  ].filter(Boolean);
  if (!buttons.length) return null;
  return (
    <div className="wallets" role="group" aria-label={intl.formatMessage(paymentMessagesUi.wallets)}>
      {buttons}
    </div>
  );
}
