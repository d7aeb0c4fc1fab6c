import { BackLink } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { appMessages } from './messages.js';

/** Unknown paths: a heading and a back link to the join. */
export function NotFound() {
  const intl = useIntl();
  return (
    <div className="app-narrow">
      <h1>{intl.formatMessage(appMessages.notFoundTitle)}</h1>
      <p>{intl.formatMessage(appMessages.notFoundBody)}</p>
      <BackLink href="/join" label={intl.formatMessage(appMessages.backToJoin)} />
    </div>
  );
}
