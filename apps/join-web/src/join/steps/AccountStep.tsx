import type { Flow } from '@ofw/domain';
import { BackButton, BillingInformation, Button, ErrorBanner, StatusMessage } from '@ofw/ui';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { stepsFor } from '../../state/steps.js';
import { billingFormProps } from '../billing.js';
import { accountMessages, appMessages, stepMessages } from '../messages.js';
import { PaymentConfirmation } from '../confirmation/PaymentConfirmation.js';
import { loadPaidOrder } from '../paid-order.js';
import { useParentState, useSignedInUserId } from '../server-state.js';
import { RetryableError } from '../RetryableError.js';
import { useJoin, type StepNav } from '../use-join.js';
import { CredentialsFields } from './account/CredentialsFields.js';
import { QuestionsFields } from './account/QuestionsFields.js';
import { useAccountForm } from './account/use-account-form.js';
import { isUsernameTaken, useSubmitAccount } from './account/use-submit-account.js';

/**
 * Last step (§2): credentials ("Username", "Password") and three security questions — skipped in the invited
 * flow (§4 "Completion") — plus the co-parent email question, and the billing information when no payment
 * recorded it (a pro-created account skips the payment step, §4 "Completion"). Finish: see `useSubmitAccount`.
 *
 * Back (§2 "a back button"): once paid (a current subscription) it returns to the plans, where join-api now offers
 * the upgrades at their prorated prices (§3 "Upgrade options", §4 "Purchase flow"); otherwise the previous step.
 */
export function AccountStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const parent = useParentState();
  const intl = useIntl();
  if (parent.isLoading) return <StatusMessage>{intl.formatMessage(appMessages.loading)}</StatusMessage>;
  // without the server's view of the parent the step cannot tell what to ask: Try again reloads it
  if (parent.isError)
    return (
      <RetryableError error={parent.error} kind="load" busy={parent.isFetching} onRetry={() => void parent.refetch()} />
    );
  return <AccountForm flow={flow} nav={nav} />;
}

function AccountForm({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { state } = useJoin();
  const ps = useParentState().data;
  const userId = useSignedInUserId();
  // the confirmation of the order just paid (stored by the payment step, so a reload shows it again)
  const [paidOrder] = useState(() => loadPaidOrder(userId));
  const questionsFlow = flow !== 'ctj';
  const ask = {
    credentials: Boolean(ps?.requireCredentials || !ps?.securityQuestionsComplete),
    questions: questionsFlow,
    // Without a payment nothing recorded the billing address: a pro-created account gives it here (§4 "Completion").
    billing: !ps?.billingAddressComplete,
  };
  const form = useAccountForm(ask);
  const finish = useSubmitAccount({ ...ask, questionsFlow }, form);
  const busy = finish.isPending;
  const taken = isUsernameTaken(finish.error);
  const { setErrors, usernameRef } = form;
  useEffect(() => {
    if (!taken) return;
    setErrors({ username: intl.formatMessage(accountMessages.errorUsernameTaken) });
    usernameRef.current?.focus();
  }, [taken, intl, setErrors, usernameRef]);
  // a failed Finish (not a taken username, which its field says) offers Try again: the same submit
  const failed = finish.error && !taken ? finish.error : undefined;
  const banner = finish.data === 'incomplete' ? intl.formatMessage(accountMessages.notComplete) : undefined;
  const submit = () => {
    if (busy) return;
    finish.reset();
    if (form.check()) finish.mutate();
  };
  const backToPlans =
    ps?.isSubscriptionCurrent && stepsFor(flow, { userCreatedByPro: ps.userCreatedByPro }).includes('package');

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="app-narrow"
      aria-busy={busy || undefined}
    >
      {paidOrder && ps?.isSubscriptionCurrent ? <PaymentConfirmation order={paidOrder} /> : null}
      <p>
        {intl.formatMessage(
          ps?.isSubscriptionCurrent && !paidOrder ? accountMessages.intro : accountMessages.introNoPayment,
        )}
      </p>
      <ErrorBanner message={banner} />
      <RetryableError error={failed} kind="save" busy={busy} onRetry={submit} />
      <CredentialsFields form={form} busy={busy} />
      {ask.billing ? (
        <BillingInformation
          value={form.billing.billing}
          onChange={form.billing.setBilling}
          {...billingFormProps(intl, state.address.country)}
          errors={form.billing.errors}
          disabled={busy}
          onBlurField={form.billing.onBlurField}
        />
      ) : null}
      {questionsFlow ? <QuestionsFields form={form} busy={busy} /> : null}
      <StatusMessage hidden>{busy ? intl.formatMessage(accountMessages.finishing) : null}</StatusMessage>
      <div className="ofw-actions">
        <BackButton
          label={intl.formatMessage(stepMessages.back)}
          onClick={backToPlans ? () => nav.goTo('package') : nav.back}
          disabled={busy}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(accountMessages.finish)}
        </Button>
      </div>
    </form>
  );
}
