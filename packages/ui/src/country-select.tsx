import { forwardRef } from 'react';
import { SelectField, type SelectFieldProps, type SelectOption } from './field.js';

/** A country as the API lists it (§3 "Country option": key, value, name, label). */
export interface CountryOptionLike {
  /** ISO 3166-1 alpha-2 code, e.g. "US". */
  value: string;
  /** Localized display name. */
  label: string;
}

/**
 * Splits options into the priority countries (in `priority` order) and the rest (in the given order).
 * Pure; exported for tests and for callers who render their own list.
 */
export function splitPriority<T extends { value: string }>(options: readonly T[], priority: readonly string[]) {
  const top = priority.map((code) => options.find((o) => o.value === code)).filter((o): o is T => Boolean(o));
  const rest = options.filter((o) => !priority.includes(o.value));
  return { top, rest };
}

/** Props of {@link CountrySelect}. */
export type CountrySelectProps = Omit<SelectFieldProps, 'options'> & {
  /** The countries to offer, in display order (e.g. sorted by localized name); priority ones are moved first. */
  countries: readonly CountryOptionLike[];
  /** Localized optgroup labels; without them the lists are ungrouped (priority first). */
  groupLabels?: { priority: string; all: string };
  /**
   * ISO codes shown first, in this order: the §1 priority countries, which the app takes from `@ofw/domain`
   * (`PRIORITY_COUNTRIES`). Without it the list is not reordered.
   */
  priority?: readonly string[];
};

/** §2 country select: the given priority countries (§1: US, AU, CA, GB, MX, NZ) first, then the others. */
export const CountrySelect = forwardRef<HTMLSelectElement, CountrySelectProps>(function CountrySelect(
  { countries, groupLabels, priority, ...rest },
  ref,
) {
  const { top, rest: others } = splitPriority(countries, priority ?? []);
  const options = [
    { label: groupLabels?.priority ?? '', options: top },
    { label: groupLabels?.all ?? '', options: others },
  ].filter((g) => g.options.length > 0);
  return <SelectField ref={ref} options={options} {...rest} />;
});

/** One phone country code option, e.g. `{ value: '+44', label: '+44 United Kingdom' }`. */
export type PhoneCodeOption = SelectOption;

/** Props of {@link PhoneCodeSelect}. */
export type PhoneCodeSelectProps = Omit<SelectFieldProps, 'options'> & {
  /** The codes to offer, in display order (priority countries first). */
  codes: readonly PhoneCodeOption[];
};

/** §2 phone-country-code select (§3 `phoneCountryCode`, default "+1"; the caller supplies the priority order). */
export const PhoneCodeSelect = forwardRef<HTMLSelectElement, PhoneCodeSelectProps>(function PhoneCodeSelect(
  { codes, ...rest },
  ref,
) {
  return <SelectField ref={ref} options={codes} autoComplete="tel-country-code" {...rest} />;
});
