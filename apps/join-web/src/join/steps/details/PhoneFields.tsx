import { PhoneCodeSelect, TextField } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { detailsMessages } from '../../messages.js';
import { phoneCodeOptions } from './details-options.js';
import type { useDetailsForm } from './use-details-form.js';

/** Phone country code (priority codes first, §1) and phone number of the details step; blur runs the Canadian check. */
export function PhoneFields({ form }: { form: ReturnType<typeof useDetailsForm> }) {
  const intl = useIntl();
  const { parent, errors, refs, setParent } = form;
  return (
    <div className="ofw-grid">
      <PhoneCodeSelect
        id="phoneCountryCode"
        label={intl.formatMessage(detailsMessages.phoneCode)}
        codes={phoneCodeOptions(intl, form.countries.data)}
        value={form.code}
        onChange={(e) => setParent({ phoneCountryCode: e.target.value })}
      />
      <TextField
        ref={(el) => void (refs.current.phoneNumber = el)}
        id="phoneNumber"
        type="tel"
        label={intl.formatMessage(detailsMessages.phoneNumber)}
        autoComplete="tel-national"
        inputMode="tel"
        required
        value={parent.phoneNumber ?? ''}
        error={errors.phoneNumber}
        onChange={(e) => setParent({ phoneNumber: e.target.value })}
        onBlur={(e) => form.setPhoneForCheck(e.target.value)}
      />
    </div>
  );
}
