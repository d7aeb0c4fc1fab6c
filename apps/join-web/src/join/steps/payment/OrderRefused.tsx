import { isApiError } from '@ofw/api-client/errors';
import { Button } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { env } from '../../../env.js';
import { emailMessages, paymentMessagesUi } from '../../messages.js';
import type { StepNav } from '../../use-join.js';

/**
 * The way on after join-api refused the order for the parent's address (docs/IDENTITY.md "Contract"; refused before
 * the gateway, so nothing was charged — the banner says so, payment-error.ts):
 * - 403 `email_unverified`: the address is not proven yet — "Check your e-mail" goes back to that step for the code
 *   (the parent's cache already has the step again, use-submit-payment.ts);
 * - 409 `already_subscribed`: an account proven at this address has a subscription — sign in there
 *   (`VITE_HOME_PATH`, /ofw/home.form, as the e-mail step's "You already have an account" does) and upgrade from it.
 * Nothing for any other error.
 */
export function OrderRefused({ error, nav }: { error: unknown; nav: StepNav }) {
  const intl = useIntl();
  if (isApiError(error, 'email_unverified'))
    return (
      <div className="ofw-actions">
        <Button onClick={() => nav.goTo('email')}>{intl.formatMessage(paymentMessagesUi.checkEmail)}</Button>
      </div>
    );
  if (isApiError(error, 'already_subscribed'))
    return (
      <div className="ofw-actions">
        <a className="ofw-button ofw-button--primary" href={env.VITE_HOME_PATH}>
          {intl.formatMessage(emailMessages.signIn)}
        </a>
      </div>
    );
  return null;
}
