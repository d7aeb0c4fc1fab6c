import { paymentsConfigQuery, termsMutation } from '@ofw/api-client/query';
import { currencyForCountry } from '@ofw/domain';
import { BackButton, TermsList } from '@ofw/ui';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createElement, Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useServices } from '../../services.js';
import { stepMessages, termsMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import { usePaymentStepPrefetch } from '../payment-prefetch.js';
import { requireSignedIn, useSignedInUserId } from '../server-state.js';
import { useJoin, type StepNav } from '../use-join.js';
import { RenewalChoice } from './terms/RenewalChoice.js';
import { usePlanTerms } from './terms/use-plan-terms.js';

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
 * The legal documents' item of the terms list (§2): the Terms of Service and the Privacy Policy as links, to the
 * addresses join-api's settings give the page's UI locale (`GET /payments/config` `legal`, the payment step's config,
 * fetched while the parent reads); plain text until it has them. Each opens in a new tab, and says so.
 */
function useLegalItem(): ReactNode {
  const intl = useIntl();
  const { api } = useServices();
  const { state } = useJoin();
  const userId = useSignedInUserId();
  const currency = currencyForCountry(state.address.country);
  const config = useQuery(paymentsConfigQuery(api, { userId: userId ?? skipToken, currency }));
  const links = config.data?.legal?.[intl.locale];
  const link = (href: string | undefined) => (chunks: ReactNode[]) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {chunks}
        <span className="ofw-visually-hidden"> {intl.formatMessage(termsMessages.newTab)}</span>
      </a>
    ) : (
      chunks
    );
  const parts = intl.formatMessage(termsMessages.service, {
    terms: link(links?.termsOfService),
    privacy: link(links?.privacyPolicy),
  });
  return createElement(Fragment, null, ...(Array.isArray(parts) ? parts : [parts]));
}

/**
 * Step 3, terms (§2 "A terms-and-conditions list with a continue button"): Continue records agreement (PUT …/terms).
 * The list says only what the product does (the legal documents, the plan's price and term, its end or renewal, the
 * co-parent's own subscription); its texts are placeholders in the catalogues for the legal team to replace. Below
 * it, the automatic renewal choice (`RenewalChoice`, unticked by default; none when the package cannot renew).
 * While the parent reads, the payment step's code, config and card frames load (usePaymentStepPrefetch).
 */
export function TermsStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  usePaymentStepPrefetch();
  const submit = useSubmitTerms(nav);
  const plan = usePlanTerms();
  const items = [useLegalItem(), ...plan.items, intl.formatMessage(termsMessages.coparent)];
  const renewal = plan.chosen?.renewal;

  return (
    <div className="app-narrow">
      <RetryableError error={submit.error} kind="save" busy={submit.isPending} onRetry={() => submit.mutate()} />
      <TermsList
        intro={intl.formatMessage(termsMessages.intro)}
        items={items}
        continueLabel={intl.formatMessage(stepMessages.continue)}
        onContinue={() => submit.mutate()}
        busy={submit.isPending}
      >
        {renewal ? <RenewalChoice renewal={renewal} disabled={submit.isPending} /> : null}
      </TermsList>
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
    </div>
  );
}
