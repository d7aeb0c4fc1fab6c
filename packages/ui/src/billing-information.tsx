import type { BillingAddress } from '@ofw/domain';
import { SelectField, TextField, type SelectOption } from './field.js';

/**
 * The billing address the payment step collects: the fields of @ofw/domain's `BillingAddress` (§3 address; Braintree
 * `billingAddress` names) that the form shows — `streetAddress` (`address-line1`), `extendedAddress` (address line 2,
 * `address-line2`, optional), `locality` (city or town, `address-level2`), `region` (state, county or province,
 * `address-level1`), `postalCode` (`postal-code`). The values are what the parent typed (not yet trimmed or checked;
 * an empty string where nothing was typed).
 */
export type BillingAddressValue = {
  [K in Exclude<keyof BillingAddress, 'countryCodeAlpha2' | 'extendedAddress'>]-?: string;
} & { extendedAddress?: string };

/** Localized labels of {@link BillingInformation}. `region` and `postalCode` should follow the country ("State"/"County", "ZIP code"/"Postcode"). */
export interface BillingInformationLabels {
  /** Fieldset legend, e.g. "Billing address"; names the group. */
  legend: string;
  /** Label of each field, e.g. "Street address", "City", "State", "ZIP code". */
  streetAddress: string;
  /** Label of address line 2, e.g. "Address line 2 (optional)"; without it the field is not shown. */
  extendedAddress?: string;
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
  /**
   * Fields the parent may leave empty (not `required`), e.g. `['region']` where the country needs no county; address
   * line 2 is always optional. Say so in the label too ("County (optional)").
   */
  optionalFields?: ReadonlyArray<keyof BillingAddressValue>;
  /** Called when a field loses focus (to validate on blur). */
  onBlurField?: (field: keyof BillingAddressValue) => void;
  /** Disables every field (the fieldset), e.g. while the payment is submitted. */
  disabled?: boolean;
  /** Prefix for the inputs' ids (default `billing`). */
  idPrefix?: string;
  /**
   * The regions of the country to choose from (e.g. the US states as `{ value: 'NY', label: 'New York' }`), with
   * the localized text of the empty first option ("Choose…"): the region is then a `<select>` instead of free text.
   * A `value.region` that is none of the options shows the empty option.
   */
  regionChoices?: { options: readonly SelectOption[]; placeholder: string };
}

const FIELDS: ReadonlyArray<{ key: keyof BillingAddressValue; autoComplete: string; full?: boolean }> = [
  { key: 'streetAddress', autoComplete: 'address-line1', full: true },
  { key: 'extendedAddress', autoComplete: 'address-line2', full: true },
  { key: 'locality', autoComplete: 'address-level2' },
  { key: 'region', autoComplete: 'address-level1' },
  { key: 'postalCode', autoComplete: 'postal-code' },
];

/**
 * §2 "Billing information": street address, address line 2 (when labelled), city, state/region and postal code in a
 * labelled fieldset; the state/region is a native `<select>` when `regionChoices` lists the country's regions.
 */
export function BillingInformation({
  value,
  onChange,
  labels,
  errors,
  optionalFields = [],
  onBlurField,
  disabled,
  idPrefix = 'billing',
  regionChoices,
}: BillingInformationProps) {
  return (
    <fieldset className="ofw-fieldset" disabled={disabled}>
      <legend className="ofw-fieldset__legend">{labels.legend}</legend>
      <div className="ofw-grid">
        {FIELDS.map(({ key, autoComplete, full }) => {
          const label = labels[key];
          if (label === undefined) return null;
          const common = {
            id: `${idPrefix}-${key}`,
            className: full ? 'ofw-grid__full' : undefined,
            label,
            autoComplete,
            required: key !== 'extendedAddress' && !optionalFields.includes(key),
            error: errors?.[key],
            onBlur: () => onBlurField?.(key),
          };
          if (key === 'region' && regionChoices) {
            const chosen = regionChoices.options.some((o) => o.value === value.region) ? value.region : '';
            return (
              <SelectField
                key={key}
                {...common}
                options={regionChoices.options}
                placeholder={regionChoices.placeholder}
                value={chosen}
                onChange={(e) => onChange({ ...value, region: e.target.value })}
              />
            );
          }
          return (
            <TextField
              key={key}
              {...common}
              value={value[key] ?? ''}
              onChange={(e) => onChange({ ...value, [key]: e.target.value })}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
