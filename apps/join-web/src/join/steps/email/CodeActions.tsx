import { isApiError } from '@ofw/api-client/errors';
import { BackButton, Button, ErrorBanner } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { failureMessage } from '../../api-errors.js';
import { emailMessages, stepMessages } from '../../messages.js';
import { useSignOut } from '../../SignOut.js';
import type { StepNav } from '../../use-join.js';
import type { useEmailProof } from './use-email-proof.js';

/**
 * The e-mail step's other ways on (docs/IDENTITY.md): "Send a new code" (disabled, counting down, while the cool-down
 * runs; a failed send says why — but the cool-down's own 429, which only means a code went out moments ago), Back,
 * and "Start again with another one" for a wrong address (sign out: the address belongs to the sign-up).
 */
export function CodeActions({
  nav,
  proof,
  onResend,
}: {
  nav: StepNav;
  proof: ReturnType<typeof useEmailProof>;
  onResend: () => void;
}) {
  const intl = useIntl();
  const signOut = useSignOut();
  const { send, resendIn } = proof;
  const coolingDown = isApiError(send.error, 'rate_limited') && (send.error.problem.retryAfterSeconds ?? 0) <= 30;
  return (
    <>
      <ErrorBanner message={send.isError && !coolingDown ? failureMessage(intl, send.error, 'save') : undefined} />
      <div className="ofw-actions">
        <Button variant="secondary" disabled={resendIn > 0} busy={send.isPending} onClick={onResend}>
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
    </>
  );
}
