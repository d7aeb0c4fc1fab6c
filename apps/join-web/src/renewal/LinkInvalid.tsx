import { ErrorBanner } from '@ofw/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { env } from '../env.js';
import { renewalMessages as m } from '../join/messages.js';

/**
 * A renewal link join-api refused (404 `link_invalid`: unknown, used or expired — one answer for all): what happened
 * and the ways onward — signing in to OurFamilyWizard (its home page) to manage the subscription, or the join. Asking
 * again cannot make the link valid, so there is no Try again (as the invitation's dead end, InvalidInvite).
 */
export function LinkInvalid() {
  const intl = useIntl();
  return (
    <>
      <ErrorBanner message={intl.formatMessage(m.invalid)} />
      <p>
        {intl.formatMessage(m.invalidHowTo, {
          signin: (chunks: ReactNode[]) => <a href={env.VITE_HOME_PATH}>{chunks}</a>,
          join: (chunks: ReactNode[]) => <Link to="/join">{chunks}</Link>,
        })}
      </p>
    </>
  );
}
