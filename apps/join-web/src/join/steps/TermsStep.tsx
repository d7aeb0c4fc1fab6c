import { termsMutation } from '@ofw/api-client/query';
import { BackButton, TermsList } from '@ofw/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useServices } from '../../services.js';
import { stepMessages, termsMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import { usePaymentStepPrefetch } from '../payment-prefetch.js';
import { requireSignedIn, useSignedInUserId } from '../server-state.js';
import type { StepNav } from '../use-join.js';

/**
 * Continue on the terms step: PUT …/terms (api-client's `termsMutation`, which writes the answer into the parent
 * query), then the next step. Needs the signup's session (nothing is sent without it). Busy and error state are the
 * returned mutation's.
 */
function useSubmitTerms(nav: StepNav) {
  const { api } = useServices();
  const userId = useSignedInUserId();
  const terms = useMutation(termsMutation(api, useQueryClient()));
  return useMutation({
    mutationFn: async () => {
      await terms.mutateAsync(requireSignedIn(userId));
      nav.next();
    },
  });
}

/**
 * Step 3, terms (§2 "A terms-and-conditions list with a continue button"): Continue records agreement (PUT …/terms).
 * While the parent reads, the payment step's code, config and card frames load (issue 15, usePaymentStepPrefetch).
 */
export function TermsStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  usePaymentStepPrefetch();
  const submit = useSubmitTerms(nav);
  const items = [
    termsMessages.service,
    termsMessages.renewal,
    termsMessages.records,
    termsMessages.coparent,
    termsMessages.refunds,
  ].map((m) => intl.formatMessage(m));

  return (
    <div className="app-narrow">
      <RetryableError error={submit.error} kind="save" busy={submit.isPending} onRetry={() => submit.mutate()} />
      <TermsList
        intro={intl.formatMessage(termsMessages.intro)}
        items={items}
        continueLabel={intl.formatMessage(stepMessages.continue)}
        onContinue={() => submit.mutate()}
        busy={submit.isPending}
      />
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
    </div>
  );
}
