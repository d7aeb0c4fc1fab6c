import { isApiError } from '@ofw/api-client';
import { isJoinComplete, type Flow } from '@ofw/domain';
import {
  BackButton,
  BillingInformation,
  Button,
  CoParentEmailQuestion,
  ErrorBanner,
  SecurityQuestions,
  StatusMessage,
  TextField,
  type BillingAddressValue,
  type SecurityAnswer,
} from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { env } from '../../env.js';
import { toLocale } from '../../i18n/locales.js';
import { useServices } from '../../services.js';
import { clearPersistedJoin } from '../../state/join-state.js';
import { stepsFor } from '../../state/steps.js';
import { applyParentState } from '../../state/parent-state.js';
import { billingLabels, validateBilling, type BillingErrors } from '../billing.js';
import { problemMessage } from '../api-errors.js';
import { accountMessages, appMessages, stepMessages } from '../messages.js';
import { useJoin, type StepNav } from '../use-join.js';

import { EMAIL_PATTERN as EMAIL } from '../validation.js';

const USERNAME = /^[A-Za-z0-9._@+-]{3,64}$/;
const EMPTY: SecurityAnswer[] = [1, 2, 3].map(() => ({ questionId: '', answer: '' }));

type Errors = {
  username?: string;
  password?: string;
  coParentEmail?: string;
  billing?: BillingErrors;
  questions?: Array<{ question?: string; answer?: string } | undefined>;
};

/**
 * Last step (§2): credentials ("Username", "Password") and three security questions — skipped in the invited
 * flow (§4 "Completion") — plus the co-parent email question, and the billing information when no payment
 * recorded it (a pro-created account skips the payment step, §4 "Completion"). Finish saves them (PUT
 * …/credentials, …/security-questions, …/billing-address, …/coparent-email), re-reads the parent and, when
 * `isJoinComplete` (§4), clears the persisted join (and the invite token) and goes to /ofw/home.form.
 *
 * Back (§2 "a back button"): once paid (a current subscription) it returns to the plans, where join-api now offers
 * the upgrades at their prorated prices (§3 "Upgrade options", §4 "Purchase flow"); otherwise the previous step.
 */
export function AccountStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api, leaveTo } = useServices();
  const { state, setState, progress, patchProgress } = useJoin();
  const askQuestions = flow !== 'ctj';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [answers, setAnswers] = useState<SecurityAnswer[]>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string>();
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  // Focus wanted once the form is enabled again (a disabled fieldset cannot take focus).
  const focusAfterBusy = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!busy && focusAfterBusy.current) {
      focusAfterBusy.current.focus();
      focusAfterBusy.current = null;
    }
  }, [busy]);
  const passwordRef = useRef<HTMLInputElement>(null);
  const locale = toLocale(state.languageLocale);
  const questions = useQuery({
    queryKey: ['securityQuestions', locale],
    queryFn: ({ signal }) => api.getSecurityQuestions(locale, signal),
    enabled: askQuestions,
    staleTime: 60 * 60 * 1000,
  });
  const userId = Number(state.parent.userId);
  // Without a payment nothing recorded the billing address: a pro-created account gives it here (§4 "Completion").
  const askBilling = !state.billingAddressComplete;
  const billing = progress.billing;
  const backToPlans =
    state.isSubscriptionCurrent && stepsFor(flow, { userCreatedByPro: state.userCreatedByPro }).includes('package');
  const back = backToPlans ? () => patchProgress({ step: 'package' }) : nav.back;

  function validate(): Errors {
    const e: Errors = {};
    if (state.requireCredentials || !state.securityQuestionsComplete) {
      if (!USERNAME.test(username.trim())) e.username = intl.formatMessage(accountMessages.errorUsername);
      if (password.length < 12) e.password = intl.formatMessage(accountMessages.errorPassword);
    }
    if (askQuestions) {
      const q = answers.map((a) => ({
        ...(a.questionId ? {} : { question: intl.formatMessage(accountMessages.errorQuestion) }),
        ...(a.answer.trim() ? {} : { answer: intl.formatMessage(accountMessages.errorAnswer) }),
      }));
      if (q.some((x) => x.question || x.answer)) e.questions = q;
    }
    if (askBilling) {
      const b = validateBilling(intl, billing);
      if (Object.keys(b).length) e.billing = b;
    }
    if (progress.coParentEmail.hasEmail && !EMAIL.test(progress.coParentEmail.email.trim()))
      e.coParentEmail = intl.formatMessage(accountMessages.errorCoParentEmail);
    return e;
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (busy) return;
    setBanner(undefined);
    const found = validate();
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    const qi = found.questions?.findIndex((q) => q?.question || q?.answer) ?? -1;
    if (qi >= 0) {
      const q = found.questions![qi]!;
      document.getElementById(q.question ? `security-question-${qi + 1}` : `security-answer-${qi + 1}`)?.focus();
      return;
    }
    const badBilling = found.billing && (Object.keys(found.billing) as Array<keyof BillingAddressValue>)[0];
    if (badBilling) return document.getElementById(`billing-${badBilling}`)?.focus();
    if (found.coParentEmail) return;
    setBusy(true);
    let next = state;
    try {
      // Credentials are set once (issue 12: changing them needs the current password). When the join state says
      // they are not required any more, the server decides — e.g. a retry after a later step failed.
      const setCredentials =
        state.requireCredentials || (username !== '' && (await api.getParent(userId)).requireCredentials);
      if (setCredentials) {
        next = applyParentState(next, await api.putCredentials(userId, { username: username.trim(), password }));
      }
      if (askQuestions && !next.securityQuestionsComplete) {
        next = applyParentState(
          next,
          await api.putSecurityQuestions(userId, {
            answers: answers.map((a) => ({ questionId: Number(a.questionId), answer: a.answer.trim() })),
          }),
        );
      }
      if (askBilling && !next.billingAddressComplete) {
        next = applyParentState(
          next,
          await api.putBillingAddress(userId, {
            streetAddress: billing.streetAddress.trim(),
            locality: billing.locality.trim(),
            region: billing.region.trim(),
            postalCode: billing.postalCode.trim(),
            countryCodeAlpha2: (state.address.country ?? 'US').toUpperCase(),
          }),
        );
      }
      const coParent = progress.coParentEmail;
      if (askQuestions && coParent.hasEmail !== undefined) {
        // §2 co-parent email question: the address to invite, or null when the parent chose not to invite now.
        next = applyParentState(
          next,
          await api.putCoParentEmail(userId, { coParentEmail: coParent.hasEmail ? coParent.email.trim() : null }),
        );
      }
      next = applyParentState(next, await api.getParent(userId));
      setState(next);
      if (isJoinComplete(next)) {
        // §4 Completion: clear the invite token (and the rest of the join) and go to the app home.
        clearPersistedJoin();
        leaveTo(env.VITE_HOME_PATH);
        return;
      }
      setBanner(intl.formatMessage(accountMessages.notComplete));
      setBusy(false);
    } catch (err) {
      // Keep what was saved (a retry does not repeat it), then say what failed.
      setState(next);
      setBusy(false);
      if (isApiError(err, 'username_taken') || isApiError(err, 'conflict')) {
        setErrors({ username: intl.formatMessage(accountMessages.errorUsernameTaken) });
        focusAfterBusy.current = usernameRef.current;
      } else setBanner(problemMessage(intl, err) ?? intl.formatMessage(appMessages.unexpectedError));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="app-narrow" aria-busy={busy || undefined}>
      <p>{intl.formatMessage(state.isSubscriptionCurrent ? accountMessages.intro : accountMessages.introNoPayment)}</p>
      <ErrorBanner message={banner} />
      <fieldset className="ofw-fieldset" disabled={busy}>
        <legend className="ofw-fieldset__legend">{intl.formatMessage(accountMessages.credentials)}</legend>
        <TextField
          ref={usernameRef}
          id="username"
          label={intl.formatMessage(accountMessages.username)}
          hint={intl.formatMessage(accountMessages.usernameHint)}
          autoComplete="username"
          required
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          ref={passwordRef}
          id="password"
          type="password"
          label={intl.formatMessage(accountMessages.password)}
          hint={intl.formatMessage(accountMessages.passwordHint)}
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </fieldset>
      {askBilling ? (
        <BillingInformation
          value={billing}
          onChange={(b) => patchProgress({ billing: b })}
          labels={billingLabels(intl, state.address.country)}
          errors={errors.billing}
          disabled={busy}
          onBlurField={(k) =>
            errors.billing?.[k] && setErrors((e) => ({ ...e, billing: validateBilling(intl, billing) }))
          }
        />
      ) : null}
      {askQuestions ? (
        <>
          {questions.isError ? (
            <ErrorBanner message={intl.formatMessage(appMessages.unexpectedError)} focusOnShow={false} />
          ) : null}
          <StatusMessage>{questions.isLoading ? intl.formatMessage(appMessages.loading) : null}</StatusMessage>
          <SecurityQuestions
            questions={(questions.data ?? []).map((q) => ({ id: String(q.id), text: q.text }))}
            value={answers}
            onChange={setAnswers}
            disabled={busy}
            errors={errors.questions}
            labels={{
              legend: intl.formatMessage(accountMessages.securityQuestions),
              question: (n) => intl.formatMessage(accountMessages.securityQuestion, { number: n }),
              answer: (n) => intl.formatMessage(accountMessages.answer, { number: n }),
              placeholder: intl.formatMessage(accountMessages.chooseQuestion),
            }}
          />
          <CoParentEmailQuestion
            value={{ hasEmail: progress.coParentEmail.hasEmail, email: progress.coParentEmail.email }}
            onChange={(v) => patchProgress({ coParentEmail: { hasEmail: v.hasEmail, email: v.email } })}
            error={errors.coParentEmail}
            disabled={busy}
            labels={{
              legend: intl.formatMessage(accountMessages.coParentQuestion),
              yes: intl.formatMessage(accountMessages.coParentYes),
              no: intl.formatMessage(accountMessages.coParentNo),
              email: intl.formatMessage(accountMessages.coParentEmail),
            }}
          />
        </>
      ) : null}
      <StatusMessage hidden>{busy ? intl.formatMessage(accountMessages.finishing) : null}</StatusMessage>
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={back} disabled={busy} />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(accountMessages.finish)}
        </Button>
      </div>
    </form>
  );
}
