import type { BillingAddressValue } from '@ofw/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { shownBilling, validateBilling, type BillingErrors } from './billing.js';
import { useAtom, useAtomValue } from 'jotai';
import { billingDraftAtom, joinStateAtom } from '../state/join-state.js';

/** Focuses the first billing field with an error (ids `billing-<field>`); true when there was one. */
export function focusFirstBillingError(errors: BillingErrors | undefined): boolean {
  const first = errors && (Object.keys(errors) as Array<keyof BillingAddressValue>)[0];
  if (first) document.getElementById(`billing-${first}`)?.focus();
  return Boolean(first);
}

/**
 * The billing address form of the payment and account steps: the value lives in the persisted progress (typed by the
 * browser, so a reload keeps it), the localized errors in the component. `validate` checks and shows the errors, with
 * the rules of the join state's country (`validateBilling`); `onBlurField` re-checks a field that shows an error.
 * `billing` is the address as the form shows it (`shownBilling`: a US, CA or AU region name as its code).
 */
export function useBillingForm() {
  const intl = useIntl();
  const country = useAtomValue(joinStateAtom).address.country;
  const [{ billing }, patchBilling] = useAtom(billingDraftAtom);
  const [errors, setErrors] = useState<BillingErrors>({});
  return {
    billing: shownBilling(billing, country),
    errors,
    setBilling: (b: BillingAddressValue) => patchBilling({ billing: b }),
    /** Checks the address, shows the errors and returns them (empty = complete). */
    validate: (): BillingErrors => {
      const found = validateBilling(intl, billing, country);
      setErrors(found);
      return found;
    },
    onBlurField: (k: keyof BillingAddressValue) => {
      if (errors[k]) setErrors(validateBilling(intl, billing, country));
    },
  };
}
