import { CoParentEmailRequestSchema, CredentialsRequestSchema, SecurityAnswersRequestSchema } from '@ofw/api-client';
import type { SecurityAnswer } from '@ofw/ui';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BillingErrors } from '../../billing.js';
import { accountMessages } from '../../messages.js';
import { focusFirstBillingError, useBillingForm } from '../../use-billing-form.js';
import { useAtom } from 'jotai';
import { coParentEmailDraftAtom } from '../../../state/join-state.js';
import { zodIssuesToMessages } from '../../zod-messages.js';

const EMPTY: SecurityAnswer[] = [1, 2, 3].map(() => ({ questionId: '', answer: '' }));
const AnswerSchema = SecurityAnswersRequestSchema.shape.answers.element;

/** Localized errors of the account form. */
export interface AccountErrors {
  username?: string;
  password?: string;
  coParentEmail?: string;
  billing?: BillingErrors;
  questions?: Array<{ question?: string; answer?: string } | undefined>;
}

/** Which parts the account step asks for (§2, §4 "Completion"). */
export interface AccountAsks {
  credentials: boolean;
  questions: boolean;
  billing: boolean;
}

/**
 * State and validation of the account step: credentials, three security answers, the co-parent email (in the
 * persisted progress) and the billing address. Rules are api-client's request schemas (`CredentialsRequestSchema`,
 * `SecurityAnswersRequestSchema`, `CoParentEmailRequestSchema`, `BillingAddressRequestSchema`), their issues mapped to
 * the form's messages. `check` shows the errors and focuses the first field in error; true when the form is valid.
 */
export function useAccountForm(ask: AccountAsks) {
  const intl = useIntl();
  const [{ coParentEmail: coParent }, patchCoParent] = useAtom(coParentEmailDraftAtom);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [answers, setAnswers] = useState<SecurityAnswer[]>(EMPTY);
  const [errors, setErrors] = useState<AccountErrors>({});
  const billing = useBillingForm();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function validate(): AccountErrors {
    const e: AccountErrors = {};
    if (ask.credentials) {
      const parsed = CredentialsRequestSchema.safeParse({ username, password });
      Object.assign(
        e,
        zodIssuesToMessages(intl, parsed.error?.issues, {
          username: accountMessages.errorUsername,
          password: accountMessages.errorPassword,
        }),
      );
    }
    if (ask.questions) {
      const q = answers.map((a) => {
        const parsed = AnswerSchema.safeParse({ questionId: Number(a.questionId), answer: a.answer });
        const found = zodIssuesToMessages(intl, parsed.error?.issues, {
          questionId: accountMessages.errorQuestion,
          answer: accountMessages.errorAnswer,
        });
        return {
          ...(found.questionId ? { question: found.questionId } : {}),
          ...(found.answer ? { answer: found.answer } : {}),
        };
      });
      if (q.some((x) => x.question || x.answer)) e.questions = q;
    }
    if (ask.billing) {
      const b = billing.validate();
      if (Object.keys(b).length) e.billing = b;
    }
    if (coParent.hasEmail) {
      const parsed = CoParentEmailRequestSchema.safeParse({ coParentEmail: coParent.email.trim() });
      if (!parsed.success) e.coParentEmail = intl.formatMessage(accountMessages.errorCoParentEmail);
    }
    return e;
  }

  /** Shows the errors and focuses the first field in error (in page order); true when there is none. */
  function check(): boolean {
    const found = validate();
    setErrors(found);
    if (found.username) return (void usernameRef.current?.focus(), false);
    if (found.password) return (void passwordRef.current?.focus(), false);
    const qi = found.questions?.findIndex((q) => q?.question || q?.answer) ?? -1;
    if (qi >= 0) {
      const id = found.questions![qi]!.question ? `security-question-${qi + 1}` : `security-answer-${qi + 1}`;
      document.getElementById(id)?.focus();
      return false;
    }
    if (focusFirstBillingError(found.billing)) return false;
    return !found.coParentEmail;
  }

  return {
    username,
    setUsername,
    password,
    setPassword,
    answers,
    setAnswers,
    errors,
    setErrors,
    billing,
    coParent,
    setCoParent: (v: { hasEmail: boolean | undefined; email: string }) => patchCoParent({ coParentEmail: v }),
    usernameRef,
    passwordRef,
    check,
  };
}
