import { isApiError } from '@ofw/api-client/errors';
import type { CountryOption } from '@ofw/domain';
import type { IntlShape } from 'react-intl';
import { failureMessage, fieldErrorsOf } from '../../api-errors.js';
import { appMessages, detailsMessages } from '../../messages.js';

/** Phone country codes offered (§9 +1, +44, +61, +64, and Ireland's +353 for the IE join country), priority first. */
export const PHONE_CODE_COUNTRIES: ReadonlyArray<{ code: string; countries: readonly string[] }> = [
  { code: '+1', countries: ['US', 'CA'] },
  { code: '+61', countries: ['AU'] },
  { code: '+44', countries: ['GB'] },
  { code: '+64', countries: ['NZ'] },
  { code: '+353', countries: ['IE'] },
];

/** The details form's fields (their ids too). */
export type DetailsField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'country';

/** One `Intl.DisplayNames` per locale (null: the browser cannot name regions in it): each costs ms to build. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A region's name in the page's language (the code itself when the browser cannot name it), e.g. `regionName(intl,
 * 'GB')` → "United Kingdom". The details step names six regions on each render (the phone codes): one
 * `Intl.DisplayNames` per locale serves them all.
 */
export function regionName(intl: IntlShape, code: string): string {
  let names = regionNames.get(intl.locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([intl.locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(intl.locale, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The priority phone codes as country options (for `countryFromPhoneCode`'s label matching, §5). */
export const PHONE_CODE_OPTIONS: CountryOption[] = PHONE_CODE_COUNTRIES.map(({ code, countries }) => ({
  key: countries[0]!,
  value: countries[0]!,
  name: countries[0]!,
  label: `(${code})`,
}));

/** Priority codes first (§1), then every other calling code of the API's (localized) country list. */
export function phoneCodeOptions(intl: IntlShape, countries: readonly CountryOption[] | undefined) {
  const options = PHONE_CODE_COUNTRIES.map(({ code, countries: cs }) => ({
    value: code,
    label: intl.formatMessage(detailsMessages.phoneCodeOption, {
      code,
      country: cs.map((x) => regionName(intl, x)).join(' / '),
    }),
  }));
  for (const option of countries ?? []) {
    const calling = /\((\+\d{1,4})\)$/.exec(option.label)?.[1];
    if (calling && !options.some((o) => o.value === calling)) {
      options.push({
        value: calling,
        label: intl.formatMessage(detailsMessages.phoneCodeOption, { code: calling, country: option.name }),
      });
    }
  }
  return options;
}

/**
 * The join countries as select options, named from the API's localized list; a `current` country not open for
 * sign-up (detected from the phone code) stays visible, with its error.
 */
export function countryOptions(
  intl: IntlShape,
  joinCountries: readonly CountryOption[] | undefined,
  countries: readonly CountryOption[] | undefined,
  current: string | undefined,
) {
  const options = (joinCountries ?? []).map((c) => ({
    value: c.value,
    label: countries?.find((o) => o.value === c.value)?.name ?? regionName(intl, c.value),
  }));
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: regionName(intl, current) }]
    : options;
}

/**
 * The localized field errors (or a banner) for a failed signup: 409 conflict (email taken), validation_failed fields,
 * the problems any step can get (429 with its wait, `problemMessage`), else the unexpected-error banner.
 */
export function signupErrorsOf(
  intl: IntlShape,
  err: unknown,
): { fields: Partial<Record<DetailsField, string>>; banner?: string } {
  if (isApiError(err, 'conflict')) return { fields: { email: intl.formatMessage(detailsMessages.errorEmailTaken) } };
  const fields = fieldErrorsOf(err);
  const mapped: Partial<Record<DetailsField, string>> = {};
  if (fields.email) mapped.email = intl.formatMessage(detailsMessages.errorEmail);
  if (fields.phoneNumber) mapped.phoneNumber = intl.formatMessage(detailsMessages.errorPhone);
  if (fields.firstName) mapped.firstName = intl.formatMessage(detailsMessages.errorFirstName);
  if (fields.lastName) mapped.lastName = intl.formatMessage(detailsMessages.errorLastName);
  if (fields.country) mapped.country = intl.formatMessage(detailsMessages.errorCountryUnsupported);
  if (Object.keys(mapped).length) return { fields: mapped };
  if (Object.keys(fields).length) return { fields: {}, banner: intl.formatMessage(appMessages.unexpectedError) };
  return { fields: {}, banner: failureMessage(intl, err, 'save') };
}
