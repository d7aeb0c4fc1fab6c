import { TextField } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { detailsMessages } from '../../messages.js';
import type { useDetailsForm } from './use-details-form.js';

/** First name, last name and email of the details step (§2). */
export function NameFields({ form }: { form: ReturnType<typeof useDetailsForm> }) {
  const intl = useIntl();
  const { parent, errors, refs, setParent } = form;
  return (
    <>
      <TextField
        ref={(el) => void (refs.current.firstName = el)}
        id="firstName"
        label={intl.formatMessage(detailsMessages.firstName)}
        autoComplete="given-name"
        required
        value={parent.firstName ?? ''}
        error={errors.firstName}
        onChange={(e) => setParent({ firstName: e.target.value })}
      />
      <TextField
        ref={(el) => void (refs.current.lastName = el)}
        id="lastName"
        label={intl.formatMessage(detailsMessages.lastName)}
        autoComplete="family-name"
        required
        value={parent.lastName ?? ''}
        error={errors.lastName}
        onChange={(e) => setParent({ lastName: e.target.value })}
      />
      <TextField
        ref={(el) => void (refs.current.email = el)}
        id="email"
        type="email"
        label={intl.formatMessage(detailsMessages.email)}
        autoComplete="email"
        required
        value={parent.email ?? ''}
        error={errors.email}
        onChange={(e) => setParent({ email: e.target.value })}
      />
    </>
  );
}
