import { TextField } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { accountMessages } from '../../messages.js';
import type { useAccountForm } from './use-account-form.js';

/** The credentials fieldset of the account step (§2 "Username", "Password"). */
export function CredentialsFields({ form, busy }: { form: ReturnType<typeof useAccountForm>; busy: boolean }) {
  const intl = useIntl();
  return (
    <fieldset className="ofw-fieldset" disabled={busy}>
      <legend className="ofw-fieldset__legend">{intl.formatMessage(accountMessages.credentials)}</legend>
      <TextField
        ref={form.usernameRef}
        id="username"
        label={intl.formatMessage(accountMessages.username)}
        hint={intl.formatMessage(accountMessages.usernameHint)}
        autoComplete="username"
        required
        value={form.username}
        error={form.errors.username}
        onChange={(e) => form.setUsername(e.target.value)}
      />
      <TextField
        ref={form.passwordRef}
        id="password"
        type="password"
        label={intl.formatMessage(accountMessages.password)}
        hint={intl.formatMessage(accountMessages.passwordHint)}
        autoComplete="new-password"
        required
        value={form.password}
        error={form.errors.password}
        onChange={(e) => form.setPassword(e.target.value)}
      />
    </fieldset>
  );
}
