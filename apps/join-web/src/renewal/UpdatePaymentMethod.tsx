import type { RenewalLink } from '@ofw/api-client';
import { queryOptionsFor } from '@ofw/api-client/query';
import type { PaymentsConfig } from '@ofw/payments';
import { PaymentsProvider } from '@ofw/payments/react';
import { StatusMessage } from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { toLocale } from '../i18n/locales.js';
import { RetryableError } from '../join/RetryableError.js';
import { loadingMessages } from '../join/messages.js';
import { useServices } from '../services.js';
import { UpdateCardForm } from './UpdateCardForm.js';

/**
 * A declined renewal's link (`update_payment_method`): the update-card form inside `<PaymentsProvider>`, with the
 * client token of `GET /renewal-links/{token}/payments-config` (the subscription's currency, so 3D Secure runs in its
 * merchant account).
 */
export function UpdatePaymentMethod({ token, link }: { token: string; link: RenewalLink }) {
  const intl = useIntl();
  const { api } = useServices();
  const config = useQuery(
    queryOptionsFor(api, 'getRenewalLinkPaymentsConfig', { params: { token } }, { staleTime: Infinity }),
  );
  if (config.isError)
    return (
      <RetryableError error={config.error} kind="load" busy={config.isFetching} onRetry={() => void config.refetch()} />
    );
  if (!config.data) return <StatusMessage>{intl.formatMessage(loadingMessages.cardLoading)}</StatusMessage>;
  const providerConfig: PaymentsConfig = { ...config.data, locale: toLocale(intl.locale) };
  return (
    <PaymentsProvider config={providerConfig}>
      <UpdateCardForm token={token} link={link} />
    </PaymentsProvider>
  );
}
