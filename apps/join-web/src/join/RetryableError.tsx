import { Button, ErrorBanner } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { failureMessage } from './api-errors.js';
import { appMessages } from './messages.js';

/**
 * A step's failed request, recoverable (README "Recoverable failures"): the localized reason ({@link failureMessage})
 * and a "Try again" button that retries it — a query's `refetch` or the step's own submit — instead of a dead end.
 * Renders nothing without an error.
 * @param error - the failed request's error (`undefined`/`null`: nothing to show).
 * @param kind - 'load' for a read, 'save' for a write (the text differs).
 * @param onRetry - retries the request.
 * @param busy - the retry is running (the button shows it and ignores clicks).
 * @param message - a text to show instead of the derived one (e.g. a flow's own wording).
 */
export function RetryableError({
  error,
  kind,
  onRetry,
  busy = false,
  message,
}: {
  error: unknown;
  kind: 'load' | 'save';
  onRetry: () => void;
  busy?: boolean;
  message?: string | undefined;
}) {
  const intl = useIntl();
  if (error === undefined || error === null) return null;
  return (
    <div className="app-retry">
      <ErrorBanner message={message ?? failureMessage(intl, error, kind)} focusOnShow={kind === 'save'} />
      <Button variant="secondary" busy={busy} onClick={onRetry}>
        {intl.formatMessage(appMessages.tryAgain)}
      </Button>
    </div>
  );
}
