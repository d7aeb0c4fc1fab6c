import type { Quote } from '@ofw/domain';
import { CheckboxField } from '@ofw/ui';
import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { autoRenewAtom } from '../../../state/join-state.js';
import { termsMessages } from '../../messages.js';
import { reminderDays, renewalPriceText } from './renewal-text.js';

/**
 * The terms step's automatic renewal choice (docs/RENEWAL.md): a checkbox, unticked until the parent ticks it,
 * "Renew automatically every year at {price}" — the price is `@ofw/domain`'s `renewalQuote` of the chosen package
 * (`ChosenPackage.renewal`) — and one sentence on what it means. The choice lives in the join's progress
 * (`autoRenewAtom`, persisted like the other choices) and goes in `POST /orders` as `autoRenew`.
 */
export function RenewalChoice({ renewal, disabled }: { renewal: Quote; disabled?: boolean }) {
  const intl = useIntl();
  const [{ autoRenew }, setChoice] = useAtom(autoRenewAtom);
  return (
    <CheckboxField
      id="auto-renew"
      className="renewal-choice"
      checked={autoRenew === true}
      disabled={disabled}
      onChange={(e) => setChoice({ autoRenew: e.target.checked })}
      label={intl.formatMessage(termsMessages.renewLabel, {
        years: renewal.years,
        price: renewalPriceText(intl, renewal),
      })}
      description={intl.formatMessage(termsMessages.renewMeaning, reminderDays())}
    />
  );
}
