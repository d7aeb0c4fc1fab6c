import { isApiError, type OrderRequest } from '@ofw/api-client';
import { type Flow, type JoinState } from '@ofw/domain';
import {
  isThreeDSecureAccepted,
  paymentMessages,
  PaymentsProvider,
  PayPalButton,
  toPaymentError,
  useApplePay,
  useHostedFields,
  usePaymentMethods,
  usePayments,
  useThreeDSecure,
  useVenmo,
  type CardFormField,
} from '@ofw/payments';
import {
  BackButton,
  BillingInformation,
  Button,
  ErrorBanner,
  StatusMessage,
  VenmoLogo,
  type BillingAddressValue,
} from '@ofw/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { toLocale } from '../../i18n/locales.js';
import { useServices } from '../../services.js';
import { applyParentState } from '../../state/parent-state.js';
import {
  invalidatePackageData,
  isChosen,
  resolveChosen,
  usePackageData,
  type ChosenPackage,
} from '../chosen-package.js';
import { problemMessage } from '../api-errors.js';
import { appMessages, packageMessages, paymentMessagesUi, stepMessages } from '../messages.js';
import { billingLabels, validateBilling, type BillingErrors } from '../billing.js';
import { price } from '../pricing.js';
import {
  clearPaymentAttempt,
  loadPaymentAttempt,
  savePaymentAttempt,
  type PaymentAttempt,
} from '../payment-attempt.js';
import { paymentsConfigQuery } from '../payment-prefetch.js';
import { useJoin, type StepNav } from '../use-join.js';

/**
 * Step 4, payment (§2 "A payment step with an error banner", DESIGN.md §5). Lazy-loaded with @ofw/payments.
 * Loads the provider config, then renders the card form inside `<PaymentsProvider>`.
 */
export default function PaymentStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state, progress } = useJoin();
  const { currency, query } = usePackageData(flow);
  // The client token is issued for the merchant account of the currency charged, so 3D Secure runs in it (issue 10).
  // Usually already fetched while the parent read the terms (usePaymentStepPrefetch).
  const config = useQuery(paymentsConfigQuery(api, state.parent.userId, Boolean(progress.signedIn), currency));
  const chosen = resolveChosen(
    progress,
    query.data,
    state.availableCoupons,
    currency,
    flow,
    intl.formatMessage(packageMessages.byoHeading),
  );

  if (chosen && !isChosen(chosen)) {
    // The choice cannot be bought any more (e.g. after a paid order it is not an upgrade of the plan now held).
    return (
      <>
        <ErrorBanner
          message={intl.formatMessage(
            chosen.refused === 'not_an_upgrade' ? paymentMessagesUi.notAnUpgrade : appMessages.unexpectedError,
          )}
        />
        <div className="ofw-actions">
          <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
        </div>
      </>
    );
  }
  if (config.isError || query.isError) {
    return (
      <>
        <ErrorBanner
          message={problemMessage(intl, config.error ?? query.error) ?? intl.formatMessage(appMessages.unexpectedError)}
        />
        <div className="ofw-actions">
          <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
        </div>
      </>
    );
  }
  if (!config.data || !chosen)
    return <StatusMessage>{intl.formatMessage(paymentMessagesUi.cardLoading)}</StatusMessage>;
  const providerConfig = {
    ...config.data,
    locale: toLocale(state.languageLocale),
  };
  return (
    <PaymentsProvider config={providerConfig}>
      <CardPayment chosen={chosen} nav={nav} />
    </PaymentsProvider>
  );
}

const CARD_FIELDS: ReadonlyArray<{
  key: CardFormField;
  id: string;
  label: keyof typeof paymentMessagesUi;
  error: keyof typeof paymentMessagesUi;
}> = [
  { key: 'number', id: 'card-number', label: 'cardNumber', error: 'cardNumberError' },
  { key: 'expirationDate', id: 'card-expiration-date', label: 'expirationDate', error: 'expirationDateError' },
  { key: 'cvv', id: 'card-cvv', label: 'cvv', error: 'cvvError' },
];

/** A payment attempt: its idempotency key and the exact request, re-sent as is when the answer was lost. */
type Attempt = PaymentAttempt;

function CardPayment({ chosen, nav }: { chosen: ChosenPackage; nav: StepNav }) {
  const intl = useIntl();
  const { api, newIdempotencyKey } = useServices();
  const { client } = usePayments();
  const queryClient = useQueryClient();
  const { state, setState, progress, patchProgress } = useJoin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const userId = state.parent.userId;
  // An attempt whose answer was lost before a reload (sessionStorage, per parent): resumed once on mount, below.
  const [restored] = useState(() => loadPaymentAttempt(userId));
  const pending = useRef<Attempt | undefined>(restored);
  const [resuming, setResuming] = useState(Boolean(restored));
  const methods = usePaymentMethods(chosen.quote.currency);
  const hosted = useHostedFields({
    fields: {
      number: { container: '#card-number' },
      expirationDate: { container: '#card-expiration-date', placeholder: 'MM/YY' },
      cvv: { container: '#card-cvv' },
    },
    supportedCardBrands: methods.supportedCardBrands,
  });
  const threeDS = useThreeDSecure({
    labels: {
      title: intl.formatMessage(paymentMessages['payments.threeDSecure.title']),
      interstitial: intl.formatMessage(paymentMessages['payments.threeDSecure.interstitial']),
      close: intl.formatMessage(paymentMessages['payments.threeDSecure.close']),
    },
  });
  const country = state.address.country;
  const q = chosen.quote;
  const fmt = (n: number) => price(n, q.currency);
  const billing = progress.billing;

  /** Validates the billing address (focusing the first bad field); true when it is complete. */
  function billingReady(): boolean {
    const be = validateBilling(intl, billing);
    setBillingErrors(be);
    const firstBad = (Object.keys(be) as Array<keyof BillingAddressValue>)[0];
    if (firstBad) document.getElementById(`billing-${firstBad}`)?.focus();
    return !firstBad;
  }

  /**
   * One payment attempt: get a nonce (card + 3D Secure, or a wallet), then POST /orders with a fresh
   * Idempotency-Key. An attempt whose answer was lost is re-sent as is (same key, same nonce) by the next Pay.
   */
  async function pay(getNonce: () => Promise<string | undefined>) {
    if (busy) return;
    setError(undefined);
    if (pending.current === undefined && !billingReady()) return;
    setBusy(true);
    try {
      let attempt = pending.current;
      if (!attempt) {
        const nonce = await getNonce();
        if (!nonce) {
          setBusy(false);
          return;
        }
        const deviceData = await client?.collectDeviceData().catch(() => undefined);
        // The order is the quote's payload (package, or build-your-own product + services); join-api prices it by the
        // same `quote` and charges `charged` — the amount shown, and authenticated by 3D Secure.
        const body: OrderRequest = {
          ...q.payload,
          paymentMethodNonce: nonce,
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
        // stored before it is sent: a reload while the answer is out still re-sends this key, never a new one
        savePaymentAttempt(userId, attempt);
      }
      await submitOrder(attempt);
    } catch (err) {
      setError(messageFor(intl, err));
      setBusy(false);
    } finally {
      setResuming(false);
    }
  }

  /**
   * After a reload, the attempt whose answer was lost is re-sent once, as is (same key, same body), without a click:
   * the parent already pressed Pay, the card fields are empty again, and join-api answers a key it charged with the
   * same order instead of charging again (README "Payments").
   */
  const resume = useEffectEvent(() => void pay(() => Promise.resolve(undefined)));
  const resumed = useRef(false);
  useEffect(() => {
    if (!restored || resumed.current) return;
    resumed.current = true;
    resume();
  }, [restored]);

  /** Card: tokenize the hosted fields, then 3D Secure (§4 "3D Secure flow"); returns the nonce to charge. */
  async function cardNonce(): Promise<string> {
    const card = await hosted.tokenize({ billingAddress: { postalCode: billing.postalCode.trim() } });
    const bin = card.details?.bin;
    // Issue 11 defect 5: without a BIN 3D Secure cannot run, so the card is refused rather than charged unverified.
    if (!bin) throw new CardWithoutBin();
    const result = await threeDS.verifyCard({
      nonce: card.nonce,
      amount: q.charged,
      bin: String(bin),
      ...(state.parent.email ? { email: state.parent.email } : {}),
      billingAddress: {
        givenName: state.parent.firstName,
        surname: state.parent.lastName,
        streetAddress: billing.streetAddress.trim(),
        locality: billing.locality.trim(),
        region: billing.region.trim(),
        postalCode: billing.postalCode.trim(),
        countryCodeAlpha2: (country ?? 'US').toUpperCase(),
      },
    });
    if (!isThreeDSecureAccepted(result)) throw new ThreeDSFailed();
    return result.nonce;
  }

  async function submitOrder(attempt: Attempt) {
    try {
      await api.createOrder(attempt.body, { idempotencyKey: attempt.key });
    } catch (err) {
      if (isApiError(err, 'order_already_paid')) {
        // This very package is the parent's current, paid one (an earlier attempt whose answer was lost): carry on as
        // paid. A refused package (409 not_an_upgrade) is an error shown on this step.
      } else {
        // A lost answer (network, 5xx, in flight) keeps the attempt: retrying re-sends the same key, never a new charge.
        if (!(isApiError(err) && (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight'))) {
          pending.current = undefined;
          clearPaymentAttempt(userId);
        }
        throw err;
      }
    }
    pending.current = undefined;
    clearPaymentAttempt(userId);
    // Paid: the parent now has a current subscription, so join-api's package data carries upgrade options (§3).
    void invalidatePackageData(queryClient);
    const parentId = Number(state.parent.userId);
    let next: JoinState = {
      ...state,
      billingAddressComplete: true,
      isSubscriptionCurrent: true,
      subscriptionStatus: 'current',
    };
    try {
      next = applyParentState(next, await api.getParent(parentId));
    } catch {
      // Paid; the account step re-reads the parent anyway.
    }
    setState(next);
    nav.next();
  }

  const cardError = hosted.status === 'error' ? intl.formatMessage(paymentMessagesUi.cardLoadFailed) : undefined;
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void pay(cardNonce);
      }}
      aria-busy={busy || undefined}
      className="app-narrow"
    >
      <p>{intl.formatMessage(paymentMessagesUi.intro)}</p>
      <StatusMessage>{resuming ? intl.formatMessage(paymentMessagesUi.resuming) : null}</StatusMessage>
      <ErrorBanner title={intl.formatMessage(paymentMessagesUi.errorTitle)} message={error ?? cardError} />
      <section className="order-summary" aria-labelledby="order-summary-heading">
        <h2 id="order-summary-heading" className="ofw-fieldset__legend">
          {intl.formatMessage(paymentMessagesUi.summary)}
        </h2>
        <p>{intl.formatMessage(paymentMessagesUi.plan, { plan: chosen.name, years: q.years })}</p>
        {q.discount > 0 ? (
          <p>
            {intl.formatMessage(paymentMessagesUi.discount, {
              amount: fmt(q.discount),
              percent: q.discountPercent,
            })}
          </p>
        ) : null}
        {q.credit > 0 ? <p>{intl.formatMessage(paymentMessagesUi.credit, { amount: fmt(q.credit) })}</p> : null}
        {q.vat !== null ? <p>{intl.formatMessage(paymentMessagesUi.vat, { vat: fmt(q.vat) })}</p> : null}
        <p>
          <strong>{intl.formatMessage(paymentMessagesUi.total, { total: fmt(q.charged) })}</strong>
        </p>
      </section>
      <Wallets chosen={chosen} busy={busy} onPay={pay} onError={(err) => setError(messageFor(intl, err))} />
      <fieldset className="ofw-fieldset" disabled={busy}>
        <legend className="ofw-fieldset__legend">{intl.formatMessage(paymentMessagesUi.card)}</legend>
        <StatusMessage>
          {hosted.status === 'loading' ? intl.formatMessage(paymentMessagesUi.cardLoading) : null}
        </StatusMessage>
        <div className="card-fields">
          {CARD_FIELDS.map(({ key, label, error: errorKey, id }) => {
            const invalid = hosted.status === 'ready' && hosted.showError(key);
            return (
              <div key={key} className={`card-field${key === 'number' ? ' card-field__number' : ''}`}>
                <span className="card-field__label" aria-hidden="true">
                  {intl.formatMessage(paymentMessagesUi[label])}
                </span>
                <div id={id} className={`card-field__frame${invalid ? ' card-field__frame--invalid' : ''}`} />
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
          {intl.formatMessage(paymentMessagesUi.pay, { amount: fmt(q.charged) })}
        </Button>
      </div>
    </form>
  );
}

/** Tokenization returned no BIN, so 3D Secure cannot run: the card is refused, never charged unauthenticated. */
class CardWithoutBin extends Error {
  override readonly name = 'CardWithoutBin';
}

/** 3D Secure ran but did not authenticate the card (§4 "3D Secure flow" 4: failure ends the flow). */
class ThreeDSFailed extends Error {
  override readonly name = 'ThreeDSFailed';
}

/** Localized banner text for a failed payment: order problems from join-api, provider errors via `toPaymentError` (§8). */
export function messageFor(intl: IntlShape, err: unknown): string {
  const common = problemMessage(intl, err);
  if (common) return common;
  if (isApiError(err)) {
    if (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight')
      return intl.formatMessage(paymentMessagesUi.inDoubt);
    if (err.code === 'payment_method_expired') return intl.formatMessage(paymentMessagesUi.cardExpired);
    if (err.code === 'not_an_upgrade') return intl.formatMessage(paymentMessagesUi.notAnUpgrade);
    // the gateway refused a card its bank did not authenticate (threeDSecure.required): not a bank decline
    if (err.code === 'gateway_rejected' && err.problem.gatewayRejectionReason === 'three_d_secure')
      return intl.formatMessage(paymentMessagesUi.threeDSFailed);
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

/**
 * Wallet buttons (§5 visibility per currency and flags, via @ofw/payments' hooks). Each one needs the billing
 * address like the card does; its nonce goes through the same order submission. PayPal's customer cancel is not an
 * error (§4 "Other wallet flows"): the parent stays on the step with nothing shown.
 */
function Wallets({
  chosen,
  busy,
  onPay,
  onError,
}: {
  chosen: ChosenPackage;
  busy: boolean;
  onPay: (getNonce: () => Promise<string | undefined>) => Promise<void>;
  /** A wallet that failed outside a payment attempt (e.g. PayPal's button could not be shown). */
  onError: (error: unknown) => void;
}) {
  const intl = useIntl();
  const { charged, currency } = chosen.quote;
  const venmo = useVenmo(currency);
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
        label={intl.formatMessage(paymentMessagesUi.payPal)}
        onApprove={(result) => void onPay(() => Promise.resolve(result.nonce))}
        onError={onError}
      />
    ) : null,
    venmo.isVisible ? (
      <Button
        key="venmo"
        variant="secondary"
        busy={busy && venmo.isPending}
        aria-label={intl.formatMessage(paymentMessagesUi.venmo)}
        onClick={() => void onPay(async () => (await venmo.tokenize()).nonce)}
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
      <Button
        key="applepay"
        variant="secondary"
        busy={busy && applePay.isPending}
        onClick={() => void onPay(() => applePay.pay())}
      >
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
