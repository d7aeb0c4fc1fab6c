import type { EmailVerificationResponse } from '@ofw/api-client';
import { Button } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { emailMessages, stepMessages } from '../../messages.js';

/**
 * After the right code, when the address already has an account (docs/IDENTITY.md "One address, one subscription"):
 * sign in there (`signInUrl`, the OurFamilyWizard app where sign-in and the account's upgrades start). With a current
 * subscription nothing more is offered here — join-api would refuse a second one (409 `already_subscribed`); without
 * one the parent may go on and subscribe anew.
 */
export function ExistingAccount({
  existing,
  onContinue,
}: {
  existing: NonNullable<EmailVerificationResponse['existingAccount']>;
  onContinue: () => void;
}) {
  const intl = useIntl();
  return (
    <section className="app-narrow" aria-labelledby="existing-account-title">
      <h3 id="existing-account-title" tabIndex={-1} ref={(el) => el?.focus()}>
        {intl.formatMessage(emailMessages.existingTitle)}
      </h3>
      <p>
        {intl.formatMessage(existing.subscriptionCurrent ? emailMessages.existingCurrent : emailMessages.existingOther)}
      </p>
      <div className="ofw-actions">
        <a className="ofw-button ofw-button--primary" href={existing.signInUrl}>
          {intl.formatMessage(emailMessages.signIn)}
        </a>
        {existing.subscriptionCurrent ? null : (
          <Button variant="secondary" onClick={onContinue}>
            {intl.formatMessage(stepMessages.continue)}
          </Button>
        )}
      </div>
    </section>
  );
}
