import { Button, StatusMessage, TextField } from '@ofw/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { emailMessages, stepMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import { useParentState } from '../server-state.js';
import { useJoin, type StepNav } from '../use-join.js';
import { CodeActions } from './email/CodeActions.js';
import { ExistingAccount } from './email/ExistingAccount.js';
import { codeErrorOf, typedCode, useEmailProof } from './email/use-email-proof.js';

/**
 * Step 2, "Check your e-mail" (docs/IDENTITY.md): the 6-digit code e-mailed at sign-up proves the address before the
 * plans and the payment. One field (`autocomplete="one-time-code"`, numeric keyboard) takes the code typed or pasted
 * (spaces and dashes ignored; a pasted code is sent at once); its error says why a code failed and how many tries are
 * left, and is announced with the field; the other ways on are {@link CodeActions}. A proven address shows Continue; one that already has an account
 * shows sign-in ({@link ExistingAccount}).
 */
export function EmailStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  const { state } = useJoin();
  const parent = useParentState().data;
  const verified = parent?.emailVerified === true;
  const proof = useEmailProof(nav, verified);
  const { send, verify, proceed, existing } = proof;
  const [raw, setRaw] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [resent, setResent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const email = parent?.parent.email ?? state.parent.email ?? '';

  const submit = (value: string) => {
    const code = typedCode(value);
    setInvalid(code === undefined);
    if (code === undefined) return input.current?.focus();
    verify.mutate(code, { onError: () => input.current?.focus() });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!verify.isPending) submit(raw);
  };
  const fieldError = invalid ? intl.formatMessage(emailMessages.invalid) : codeErrorOf(intl, verify.error);

  if (existing) return <ExistingAccount existing={existing} onContinue={proceed} />;
  if (verified)
    return (
      <div className="app-narrow">
        <StatusMessage>{intl.formatMessage(emailMessages.verified)}</StatusMessage>
        <div className="ofw-actions">
          <Button onClick={proceed}>{intl.formatMessage(stepMessages.continue)}</Button>
        </div>
      </div>
    );
  return (
    <form className="app-narrow" noValidate onSubmit={onSubmit}>
      <p>{intl.formatMessage(emailMessages.intro, { email })}</p>
      <p role="status" aria-live="polite">
        {send.isPending
          ? intl.formatMessage(emailMessages.sending)
          : resent && send.isSuccess
            ? intl.formatMessage(emailMessages.resent, { email })
            : ''}
      </p>
      <TextField
        ref={input}
        id="emailCode"
        label={intl.formatMessage(emailMessages.codeLabel)}
        hint={intl.formatMessage(emailMessages.codeHint, { minutes: 10 })}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={16}
        spellCheck={false}
        value={raw}
        error={fieldError}
        onChange={(e) => {
          setRaw(e.target.value);
          setInvalid(false);
        }}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          if (typedCode(pasted) === undefined) return;
          e.preventDefault();
          setRaw(pasted.trim());
          submit(pasted);
        }}
      />
      <RetryableError
        error={codeErrorOf(intl, verify.error) ? undefined : verify.error}
        kind="save"
        busy={verify.isPending}
        onRetry={() => submit(raw)}
      />
      <div className="ofw-actions">
        <Button type="submit" busy={verify.isPending}>
          {intl.formatMessage(emailMessages.confirm)}
        </Button>
      </div>
      <CodeActions
        nav={nav}
        proof={proof}
        onResend={() => {
          setResent(true);
          send.mutate();
        }}
      />
    </form>
  );
}
