import { StatusMessage, StepHeading } from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { AllMessages } from '../i18n/I18nProvider.js';
import { RetryableError } from '../join/RetryableError.js';
import { appMessages, renewalMessages as m } from '../join/messages.js';
import { useServices } from '../services.js';
import { ComeBack } from './ComeBack.js';
import { isDeadLink, renewalLinkQuery } from './link.js';
import { LinkInvalid } from './LinkInvalid.js';
import { TurnOffRenewal } from './TurnOffRenewal.js';

// the update-card form brings @ofw/payments (and the provider's SDK): only for an update_payment_method link
const UpdatePaymentMethod = lazy(() =>
  import('./UpdatePaymentMethod.js').then((module) => ({ default: module.UpdatePaymentMethod })),
);

/** The link's page once `GET /renewal-links/{token}` answered, or its loading, failure or dead end. */
function LinkContent({ token }: { token: string }) {
  const intl = useIntl();
  const { api } = useServices();
  const link = useQuery(renewalLinkQuery(api, token));
  if (link.isError) {
    if (isDeadLink(link.error)) return <LinkInvalid />;
    return <RetryableError error={link.error} kind="load" busy={link.isFetching} onRetry={() => void link.refetch()} />;
  }
  if (!link.data) return <StatusMessage>{intl.formatMessage(m.loading)}</StatusMessage>;
  const data = link.data;
  return (
    <>
      <p>{intl.formatMessage(m.greeting, { firstName: data.firstName })}</p>
      {data.purpose === 'turn_off_renewal' ? <TurnOffRenewal token={token} link={data} /> : null}
      {data.purpose === 'update_payment_method' ? <UpdatePaymentMethod token={token} link={data} /> : null}
      {data.purpose === 'come_back' ? <ComeBack token={token} link={data} /> : null}
    </>
  );
}

/** The heading (and the document's title) and the link's content, once the catalogue's later part is in. */
function RenewalContent({ token }: { token: string | undefined }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.pageTitle);
  useEffect(() => {
    document.title = intl.formatMessage(appMessages.pageTitle, { step: title });
  }, [intl, title]);
  return (
    <>
      <StepHeading stepKey="renewal">{title}</StepHeading>
      {token ? <LinkContent token={token} /> : <LinkInvalid />}
    </>
  );
}

/**
 * `/renewal/$token` (docs/RENEWAL.md): the page of a renewal e-mail's link, in the app's shell (header, languages),
 * without signing in. What it shows is the link's `purpose`: turn renewal off, update the payment method, or come
 * back; a used or expired link (404 `link_invalid`) is a dead end with a way onward. Opening it changes nothing.
 */
export function RenewalPage() {
  const intl = useIntl();
  const { token } = useParams({ strict: false });
  return (
    <div className="app-narrow renewal-page">
      <Suspense fallback={<StatusMessage>{intl.formatMessage(appMessages.loading)}</StatusMessage>}>
        {/* the page's texts are in the catalogue's later part */}
        <AllMessages>
          <RenewalContent token={token} />
        </AllMessages>
      </Suspense>
    </div>
  );
}
