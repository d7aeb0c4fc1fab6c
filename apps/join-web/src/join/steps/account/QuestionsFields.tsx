import { securityQuestionsQuery } from '@ofw/api-client/query';
import { CoParentEmailQuestion, SecurityQuestions, StatusMessage } from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { toLocale } from '../../../i18n/locales.js';
import { useServices } from '../../../services.js';
import { accountMessages, appMessages } from '../../messages.js';
import { RetryableError } from '../../RetryableError.js';
import { useJoin } from '../../use-join.js';
import type { useAccountForm } from './use-account-form.js';

/** The three security questions (list in the page's language) and the co-parent email question (§2). */
export function QuestionsFields({ form, busy }: { form: ReturnType<typeof useAccountForm>; busy: boolean }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state } = useJoin();
  const questions = useQuery(securityQuestionsQuery(api, toLocale(state.languageLocale)));
  return (
    <>
      <RetryableError
        error={questions.error}
        kind="load"
        busy={questions.isFetching}
        onRetry={() => void questions.refetch()}
      />
      <StatusMessage>{questions.isLoading ? intl.formatMessage(appMessages.loading) : null}</StatusMessage>
      <SecurityQuestions
        questions={(questions.data ?? []).map((q) => ({ id: String(q.id), text: q.text }))}
        value={form.answers}
        onChange={form.setAnswers}
        disabled={busy}
        errors={form.errors.questions}
        labels={{
          legend: intl.formatMessage(accountMessages.securityQuestions),
          question: (n) => intl.formatMessage(accountMessages.securityQuestion, { number: n }),
          answer: (n) => intl.formatMessage(accountMessages.answer, { number: n }),
          placeholder: intl.formatMessage(accountMessages.chooseQuestion),
        }}
      />
      <CoParentEmailQuestion
        value={{ hasEmail: form.coParent.hasEmail, email: form.coParent.email }}
        onChange={(v) => form.setCoParent({ hasEmail: v.hasEmail, email: v.email })}
        error={form.errors.coParentEmail}
        disabled={busy}
        labels={{
          legend: intl.formatMessage(accountMessages.coParentQuestion),
          yes: intl.formatMessage(accountMessages.coParentYes),
          no: intl.formatMessage(accountMessages.coParentNo),
          email: intl.formatMessage(accountMessages.coParentEmail),
        }}
      />
    </>
  );
}
