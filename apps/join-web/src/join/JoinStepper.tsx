import type { ParentState } from '@ofw/api-client';
import { queryKeys } from '@ofw/api-client/query';
import type { Flow } from '@ofw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { StatusMessage, StepHeading, StepIndicator } from '@ofw/ui';
import { useStore } from 'jotai';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { joinStateAtom, progressAtom } from '../state/join-state.js';
import { useIntl } from 'react-intl';
import { clampStep, nextStep, previousStep, stepsFor } from '../state/steps.js';
import { appMessages, detailsMessages, loadingMessages, stepMessages } from './messages.js';
import { signedInUserId, useParentState } from './server-state.js';
import { AllMessages } from '../i18n/I18nProvider.js';
import { paymentStep } from './lazy-step.js';
import { DetailsStep } from './steps/DetailsStep.js';
import { useJoin, type StepNav } from './use-join.js';

// Only the first step ships with the wizard; each later step is its own chunk, loaded when the parent reaches it
// (the payment step brings @ofw/payments and the provider's SDK with it).
const PackageStep = lazy(() => import('./steps/PackageStep.js').then((m) => ({ default: m.PackageStep })));
const TermsStep = lazy(() => import('./steps/TermsStep.js').then((m) => ({ default: m.TermsStep })));
// The payment step is preloaded while the parent reads the terms (issue 15), so it renders without suspending.
const PaymentStep = paymentStep.Component;
const AccountStep = lazy(() => import('./steps/AccountStep.js').then((m) => ({ default: m.AccountStep })));

/**
 * The join wizard: the step indicator with dots (§2), the focused step heading, and the current step. Each step
 * gets `next`/`back`; Back keeps every input because it all lives in the persisted join state.
 */
export function JoinStepper({ flow, proReferralToken }: { flow: Flow; proReferralToken?: string | undefined }) {
  const intl = useIntl();
  const { state, progress, patchProgress } = useJoin();
  // the server's view of the parent (TanStack Query): whether the professional created the account, their name
  const parentState = useParentState().data;
  const userCreatedByPro = parentState?.userCreatedByPro;
  const steps = useMemo(() => stepsFor(flow, { userCreatedByPro }), [flow, userCreatedByPro]);
  const step = clampStep(steps, progress.step);
  const index = steps.indexOf(step);
  const title = intl.formatMessage(stepMessages[step]);

  useEffect(() => {
    document.title = intl.formatMessage(appMessages.pageTitle, { step: title });
  }, [intl, title]);

  // The steps are recomputed from the stores at call time: a step may change the parent (e.g. the signup makes the
  // account pro-created) just before it moves on, and the steps captured by this render would be stale.
  const store = useStore();
  const queryClient = useQueryClient();
  const liveSteps = () => {
    const userId = signedInUserId(store.get(joinStateAtom), store.get(progressAtom));
    const live = userId ? queryClient.getQueryData<ParentState>(queryKeys.parent(userId)) : undefined;
    return stepsFor(flow, { userCreatedByPro: live?.userCreatedByPro });
  };
  const nav: StepNav = {
    index,
    next: () => patchProgress((p) => ({ step: nextStep(liveSteps(), clampStep(liveSteps(), p.step)) })),
    back: () => patchProgress((p) => ({ step: previousStep(liveSteps(), clampStep(liveSteps(), p.step)) })),
  };
  const names = steps.map((s) => intl.formatMessage(stepMessages[s]));
  // §1 pro-referred join: the professional is named on every step (the name may only arrive with the signup).
  const proName =
    flow === 'pro'
      ? [parentState?.proFirstName ?? state.proFirstName, parentState?.proLastName ?? state.proLastName]
          .filter(Boolean)
          .join(' ')
      : '';

  return (
    <div>
      <StepIndicator
        label={intl.formatMessage(stepMessages.progress)}
        steps={names}
        current={index}
        describeStep={(i, name) =>
          intl.formatMessage(stepMessages.describe, { number: i + 1, total: steps.length, name })
        }
      />
      <StepHeading stepKey={step}>{title}</StepHeading>
      {proName ? (
        <p className="pro-banner app-narrow">{intl.formatMessage(detailsMessages.proReferral, { name: proName })}</p>
      ) : null}
      {step === 'details' ? <DetailsStep flow={flow} nav={nav} proReferralToken={proReferralToken} /> : null}
      <Suspense
        fallback={
          <StatusMessage>
            {intl.formatMessage(step === 'payment' ? loadingMessages.cardLoading : appMessages.loading)}
          </StatusMessage>
        }
      >
        {step !== 'details' ? (
          // the later steps' texts are in the catalogue's later part (issue 15), loaded right after the first screen
          <AllMessages>
            {step === 'package' ? <PackageStep flow={flow} nav={nav} /> : null}
            {step === 'terms' ? <TermsStep nav={nav} /> : null}
            {step === 'payment' ? <PaymentStep flow={flow} nav={nav} /> : null}
            {step === 'account' ? <AccountStep flow={flow} nav={nav} /> : null}
          </AllMessages>
        ) : null}
      </Suspense>
    </div>
  );
}
