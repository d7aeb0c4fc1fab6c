import type { BillingAddress } from '@ofw/domain';
import { TextField } from './field.js';

/**
 * The billing address the payment step collects: the fields of @ofw/domain's `BillingAddress` (§3 address; Braintree
 * `billingAddress` names) that the form shows — `streetAddress` (`address-line1`), `locality` (city or town,
 * `address-level2`), `region` (state, county or province, `address-level1`), `postalCode` (`postal-code`). The
 * values are what the parent typed (not yet trimmed or checked).
 */
export type BillingAddressValue = Pick<BillingAddress, 'streetAddress' | 'locality' | 'region' | 'postalCode'>;

/** Localized labels of {@link BillingInformation}. `region` and `postalCode` should follow the country ("State"/"County", "ZIP code"/"Postcode"). */
export interface BillingInformationLabels {
  /** Fieldset legend, e.g. "Billing address"; names the group. */
  legend: string;
  /** Label of each field, e.g. "Street address", "City", "State", "ZIP code". */
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
}

/** Props of {@link BillingInformation}. */
export interface BillingInformationProps {
  /** The address shown (controlled). */
  value: BillingAddressValue;
  /** Called on every edit with the whole new address. */
  onChange: (value: BillingAddressValue) => void;
  /** Localized legend and field labels. */
  labels: BillingInformationLabels;
  /** Localized error per field, shown under it and linked with `aria-describedby`. */
  errors?: Partial<Record<keyof BillingAddressValue, string | undefined>>;
  /** Called when a field loses focus (to validate on blur). */
  onBlurField?: (field: keyof BillingAddressValue) => void;
  /** Disables every field (the fieldset), e.g. while the payment is submitted. */
  disabled?: boolean;
  /** Prefix for the inputs' ids (default `billing`). */
  idPrefix?: string;
}

const FIELDS: ReadonlyArray<{ key: keyof BillingAddressValue; autoComplete: string }> = [
  { key: 'streetAddress', autoComplete: 'address-line1' },
  { key: 'locality', autoComplete: 'address-level2' },
  { key: 'region', autoComplete: 'address-level1' },
  { key: 'postalCode', autoComplete: 'postal-code' },
];

/** §2 "Billing information": street address, city, state/region and postal code in a labelled fieldset. */
export function BillingInformation({
  value,
  onChange,
  labels,
  errors,
  onBlurField,
  disabled,
  idPrefix = 'billing',
}: BillingInformationProps) {
  return (
    <fieldset className="ofw-fieldset" disabled={disabled}>
      <legend className="ofw-fieldset__legend">{labels.legend}</legend>
      <div className="ofw-grid">
        {FIELDS.map(({ key, autoComplete }) => (
          <TextField
            key={key}
            id={`${idPrefix}-${key}`}
            className={key === 'streetAddress' ? 'ofw-grid__full' : undefined}
            label={labels[key]}
            autoComplete={autoComplete}
            required
            value={value[key]}
            error={errors?.[key]}
            onChange={(e) => onChange({ ...value, [key]: e.target.value })}
            onBlur={() => onBlurField?.(key)}
          />
        ))}
      </div>
    </fieldset>
  );
}
