import { BackButton, Button, ErrorBanner, StatusMessage, TextField } from '@ofw/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { emailMessages, stepMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import { useParentState } from '../server-state.js';
import { useSignOut } from '../SignOut.js';
import { useJoin, type StepNav } from '../use-join.js';
import { ExistingAccount } from './email/ExistingAccount.js';
import { codeErrorOf, typedCode, useEmailProof } from './email/use-email-proof.js';

/**
 * Step 2, "Check your e-mail" (docs/IDENTITY.md): the 6-digit code e-mailed at sign-up proves the address before the
 * plans and the payment. One field (`autocomplete="one-time-code"`, numeric keyboard) takes the code typed or pasted
 * (spaces and dashes ignored; a pasted code is sent at once); its error says why a code failed and how many tries are
 * left, and is announced with the field. "Send a new code" waits out the cool-down; "Start again with another one"
 * signs out (the address belongs to the sign-up). A proven address shows Continue; one that already has an account
 * shows sign-in ({@link ExistingAccount}).
 */
export function EmailStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  const { state } = useJoin();
  const parent = useParentState().data;
  const verified = parent?.emailVerified === true;
  const { send, verify, proceed, resendIn, existing } = useEmailProof(nav, verified);
  const signOut = useSignOut();
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
      <ErrorBanner message={send.isError && resendIn === 0 ? codeErrorOf(intl, send.error) : undefined} />
      <div className="ofw-actions">
        <Button type="submit" busy={verify.isPending}>
          {intl.formatMessage(emailMessages.confirm)}
        </Button>
        <Button
          variant="secondary"
          disabled={resendIn > 0}
          busy={send.isPending}
          onClick={() => {
            setResent(true);
            send.mutate();
          }}
        >
          {resendIn > 0
            ? intl.formatMessage(emailMessages.resendIn, { seconds: resendIn })
            : intl.formatMessage(emailMessages.resend)}
        </Button>
      </div>
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
        <Button variant="link" busy={signOut.isPending} onClick={() => signOut.mutate()}>
          {intl.formatMessage(emailMessages.changeEmail)}
        </Button>
      </div>
    </form>
  );
}
