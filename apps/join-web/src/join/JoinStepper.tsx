import type { ParentState } from '@ofw/api-client';
import { queryKeys } from '@ofw/api-client/query';
import type { Flow } from '@ofw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { StatusMessage } from '@ofw/ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { joinStateAtom, progressAtom } from '../state/join-state.js';
import { useIntl } from 'react-intl';
import type { StepId } from '../state/join-state.js';
import { clampStep, furthestStep, landingStep, nextStep, previousStep, stepsFor } from '../state/steps.js';
import { appMessages, loadingMessages } from './messages.js';
import { signedInUserId, useParentState } from './server-state.js';
import { AllMessages } from '../i18n/I18nProvider.js';
import { paymentStep } from './lazy-step.js';
import { StepFrame } from './StepFrame.js';
import { DetailsStep } from './steps/DetailsStep.js';
import { useJoin, type StepNav } from './use-join.js';

// Only the first step ships with the wizard; each later step is its own chunk, loaded when the parent reaches it
// (the payment step brings @ofw/payments and the provider's SDK with it).
const PackageStep = lazy(() => import('./steps/PackageStep.js').then((m) => ({ default: m.PackageStep })));
const TermsStep = lazy(() => import('./steps/TermsStep.js').then((m) => ({ default: m.TermsStep })));
// The payment step is preloaded while the parent reads the terms, so it renders without suspending.
const PaymentStep = paymentStep.Component;
const EmailStep = lazy(() => import('./steps/EmailStep.js').then((m) => ({ default: m.EmailStep })));
const AccountStep = lazy(() => import('./steps/AccountStep.js').then((m) => ({ default: m.AccountStep })));

/**
 * The join wizard: the step indicator with dots (§2), the focused step heading, and the current step. Each step
 * gets `next`/`back`; Back keeps every input because it all lives in the persisted join state.
 *
 * The URL names the step (`?step=package`, README "Steps in the URL"): `next` and `back` push a history entry, so the
 * browser's Back and Forward move between steps and a reload stays on the step. A URL without a step, or naming one
 * the parent has not reached (a deep link), lands on the furthest step reached — the first incomplete one — by
 * replacing the URL, not pushing it. The progress `step` holds that furthest step (what a stored join resumes at).
 */
export function JoinStepper({ flow, proReferralToken }: { flow: Flow; proReferralToken?: string | undefined }) {
  const intl = useIntl();
  const { state, progress, patchProgress } = useJoin();
  // the server's view of the parent (TanStack Query): whether the professional created the account, their name
  const parentState = useParentState().data;
  const userCreatedByPro = parentState?.userCreatedByPro;
  // until the parent is read, a join whose furthest step is the e-mail step is unproven (a reload on it stays there)
  const emailVerified = parentState?.emailVerified ?? (progress.step === 'email' ? false : undefined);
  const steps = useMemo(
    () => stepsFor(flow, { userCreatedByPro, emailVerified }),
    [flow, userCreatedByPro, emailVerified],
  );
  const urlStep = useSearch({ strict: false, select: (search: { step?: StepId }) => search.step });
  const step = landingStep(steps, urlStep, progress.step);
  const index = steps.indexOf(step);

  const navigate = useNavigate();
  const go = (to: StepId, replace = false) =>
    void navigate({ to: '.', search: (prev: object) => ({ ...prev, step: to }), replace, resetScroll: true });
  // the URL names the step shown: a URL without one, or naming one not reached yet, is replaced (not pushed)
  useEffect(() => {
    if (urlStep !== step) go(step, true);
  });
  const shown = useRef(step);
  shown.current = step;

  // The steps are recomputed from the stores at call time: a step may change the parent (e.g. the signup makes the
  // account pro-created) just before it moves on, and the steps captured by this render would be stale.
  const store = useStore();
  const queryClient = useQueryClient();
  const liveSteps = () => {
    const userId = signedInUserId(store.get(joinStateAtom), store.get(progressAtom));
    const live = userId ? queryClient.getQueryData<ParentState>(queryKeys.parent(userId)) : undefined;
    return stepsFor(flow, { userCreatedByPro: live?.userCreatedByPro, emailVerified: live?.emailVerified });
  };
  const nav: StepNav = {
    index,
    next: (o) => {
      const to = nextStep(liveSteps(), clampStep(liveSteps(), shown.current));
      patchProgress((p) => ({ step: furthestStep(p.step, to) }));
      go(to, o?.replace);
    },
    resume: (o) => {
      const steps = liveSteps();
      const furthest = clampStep(steps, store.get(progressAtom).step);
      if (steps.indexOf(furthest) > steps.indexOf(clampStep(steps, shown.current))) go(furthest, o?.replace);
      else nav.next(o);
    },
    back: () => go(previousStep(liveSteps(), clampStep(liveSteps(), shown.current))),
    goTo: (to) => go(to),
  };
  // §1 pro-referred join: the professional is named on every step (the name may only arrive with the signup).
  const proName =
    flow === 'pro'
      ? [parentState?.proFirstName ?? state.proFirstName, parentState?.proLastName ?? state.proLastName]
          .filter(Boolean)
          .join(' ')
      : '';

  return (
    <StepFrame steps={steps} step={step} proName={proName}>
      {step === 'details' ? <DetailsStep flow={flow} nav={nav} proReferralToken={proReferralToken} /> : null}
      <Suspense
        fallback={
          <StatusMessage>
            {intl.formatMessage(step === 'payment' ? loadingMessages.cardLoading : appMessages.loading)}
          </StatusMessage>
        }
      >
        {step !== 'details' ? (
          // the later steps' texts are in the catalogue's later part, loaded right after the first screen
          <AllMessages>
            {step === 'email' ? <EmailStep nav={nav} /> : null}
            {step === 'package' ? <PackageStep flow={flow} nav={nav} /> : null}
            {step === 'terms' ? <TermsStep nav={nav} /> : null}
            {step === 'payment' ? <PaymentStep flow={flow} nav={nav} /> : null}
            {step === 'account' ? <AccountStep flow={flow} nav={nav} /> : null}
          </AllMessages>
        ) : null}
      </Suspense>
    </StepFrame>
  );
}
