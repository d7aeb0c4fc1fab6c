import type { CardFormField } from '@ofw/payments';
import type { useHostedFields } from '@ofw/payments/react';
import { StatusMessage } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { loadingMessages, paymentMessagesUi } from '../../messages.js';

const CARD_FIELDS: ReadonlyArray<{
  key: CardFormField;
  id: string;
  label: keyof typeof paymentMessagesUi;
  error: keyof typeof paymentMessagesUi;
}> = [
  { key: 'number', id: 'card-number', label: 'cardNumber', error: 'cardNumberError' },
  { key: 'expirationDate', id: 'card-expiration-date', label: 'expirationDate', error: 'expirationDateError' },
  { key: 'cvv', id: 'card-cvv', label: 'cvv', error: 'cvvError' },
];

/** The card fieldset: containers of the provider's hosted fields with their labels and errors. */
export function CardFields({ hosted, busy }: { hosted: ReturnType<typeof useHostedFields>; busy: boolean }) {
  const intl = useIntl();
  return (
    <fieldset className="ofw-fieldset" disabled={busy}>
      <legend className="ofw-fieldset__legend">{intl.formatMessage(paymentMessagesUi.card)}</legend>
      <StatusMessage>
        {hosted.status === 'loading' ? intl.formatMessage(loadingMessages.cardLoading) : null}
      </StatusMessage>
      <div className="card-fields">
        {CARD_FIELDS.map(({ key, label, error: errorKey, id }) => {
          const invalid = hosted.status === 'ready' && hosted.showError(key);
          return (
            <div key={key} className={`card-field${key === 'number' ? ' card-field__number' : ''}`}>
              <span className="card-field__label" aria-hidden="true">
                {intl.formatMessage(paymentMessagesUi[label])}
              </span>
              <div id={id} className={`card-field__frame${invalid ? ' card-field__frame--invalid' : ''}`} />
              <p className="ofw-field__error" aria-live="polite">
                {invalid ? intl.formatMessage(paymentMessagesUi[errorKey]) : null}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
