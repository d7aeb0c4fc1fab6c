import { termsMutation } from '@ofw/api-client/query';
import { BackButton, ErrorBanner, TermsList } from '@ofw/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useServices } from '../../services.js';
import { appMessages, stepMessages, termsMessages } from '../messages.js';
import { usePaymentStepPrefetch } from '../payment-prefetch.js';
import { useJoin, type StepNav } from '../use-join.js';

/**
 * Step 3, terms (§2 "A terms-and-conditions list with a continue button"): Continue records agreement (PUT …/terms).
 * While the parent reads, the payment step's code, config and card frames load (issue 15, usePaymentStepPrefetch).
 */
export function TermsStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  usePaymentStepPrefetch();
  const { api } = useServices();
  const { state } = useJoin();
  const terms = useMutation(termsMutation(api, useQueryClient()));
  const [error, setError] = useState<string>();
  const items = [
    termsMessages.service,
    termsMessages.renewal,
    termsMessages.records,
    termsMessages.coparent,
    termsMessages.refunds,
  ].map((m) => intl.formatMessage(m));

  async function onContinue() {
    setError(undefined);
    const userId = Number(state.parent.userId);
    if (!userId) {
      setError(intl.formatMessage(appMessages.unexpectedError));
      return;
    }
    try {
      await terms.mutateAsync(userId);
      nav.next();
    } catch {
      setError(intl.formatMessage(appMessages.unexpectedError));
    }
  }

  return (
    <div className="app-narrow">
      <ErrorBanner message={error} />
      <TermsList
        intro={intl.formatMessage(termsMessages.intro)}
        items={items}
        continueLabel={intl.formatMessage(stepMessages.continue)}
        onContinue={() => void onContinue()}
        busy={terms.isPending}
      />
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
    </div>
  );
}
