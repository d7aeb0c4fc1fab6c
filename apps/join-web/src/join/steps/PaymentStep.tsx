import { paymentsConfigQuery } from '@ofw/api-client/query';
import type { Flow } from '@ofw/domain';
import type { PaymentsConfig } from '@ofw/payments';
import { PaymentsProvider } from '@ofw/payments/react';
import { BackButton, ErrorBanner, StatusMessage } from '@ofw/ui';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { toLocale } from '../../i18n/locales.js';
import { useServices } from '../../services.js';
import { failureMessage } from '../api-errors.js';
import { RetryableError } from '../RetryableError.js';
import { isChosen, resolveChosen, useCoupons, usePackageData } from '../chosen-package.js';
import { appMessages, loadingMessages, packageMessages, paymentMessagesUi, stepMessages } from '../messages.js';
import { useSignedInUserId } from '../server-state.js';
import { useJoin, type StepNav } from '../use-join.js';
import { CardPayment } from './payment/CardPayment.js';

/** An error banner with Back (the step cannot go on), and Try again when the failure was a load (`retry`). */
function Stopped({
  message,
  nav,
  retry,
}: {
  message: string;
  nav: StepNav;
  retry?: { error: unknown; run: () => void };
}) {
  const intl = useIntl();
  return (
    <>
      {retry ? (
        <RetryableError error={retry.error} kind="load" message={message} onRetry={retry.run} />
      ) : (
        <ErrorBanner message={message} />
      )}
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
    </>
  );
}

/**
 * Step 4, payment (§2 "A payment step with an error banner", docs/PAYMENTS.md). Lazy-loaded with @ofw/payments.
 * Loads the provider config (a client token for the merchant account of the currency charged, so 3D Secure runs in
 * it; usually fetched already while the parent read the terms, usePaymentStepPrefetch), the package data and coupons, then renders the card form inside `<PaymentsProvider>`.
 */
export default function PaymentStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state, progress } = useJoin();
  const { currency, query } = usePackageData(flow);
  const userId = useSignedInUserId();
  const config = useQuery(paymentsConfigQuery(api, { userId: userId ?? skipToken, currency }));
  const coupons = useCoupons(flow);
  const chosen = resolveChosen(
    progress,
    query.data,
    coupons.data,
    currency,
    flow,
    intl.formatMessage(packageMessages.byoHeading),
  );

  if (chosen && !isChosen(chosen)) {
    // The choice cannot be bought any more (e.g. after a paid order it is not an upgrade of the plan now held).
    const refusal = chosen.refused === 'not_an_upgrade' ? paymentMessagesUi.notAnUpgrade : appMessages.unexpectedError;
    return <Stopped message={intl.formatMessage(refusal)} nav={nav} />;
  }
  if (config.isError || query.isError) {
    const error = config.error ?? query.error;
    // README "Recoverable failures": the config or the plans did not load — Try again refetches what failed
    const run = () => void Promise.all([config.isError && config.refetch(), query.isError && query.refetch()]);
    return <Stopped message={failureMessage(intl, error, 'load')} nav={nav} retry={{ error, run }} />;
  }
  if (!config.data || !chosen || coupons.isLoading)
    return <StatusMessage>{intl.formatMessage(loadingMessages.cardLoading)}</StatusMessage>;
  const providerConfig: PaymentsConfig = { ...config.data, locale: toLocale(state.languageLocale) };
  return (
    <PaymentsProvider config={providerConfig}>
      <CardPayment chosen={chosen} nav={nav} />
    </PaymentsProvider>
  );
}
