import { BillingAddressRequestSchema, type BillingAddressRequest } from '@ofw/api-client';
import {
  checkBillingAddress,
  isJoinCountry,
  normalizeRegion,
  POSTAL_CODE_EXAMPLES,
  regionRequired,
  subdivisionOptions,
  type JoinCountry,
} from '@ofw/domain';
import type { BillingAddressValue, BillingInformationProps } from '@ofw/ui';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { paymentMessagesUi as m } from './messages.js';
import { zodIssuesToMessages } from './zod-messages.js';

/** Localized error per billing-address field. */
export type BillingErrors = Partial<Record<keyof BillingAddressValue, string>>;

/** The billing country: the join state's, upper-case; US while the join state has none yet. */
const billingCountry = (country: string | undefined) => (country?.trim() || 'US').toUpperCase();

interface Wording {
  locality: MessageDescriptor;
  region: MessageDescriptor;
  postalCode: MessageDescriptor;
  /** The error of a region the country does not have (US, CA, AU only: elsewhere any text is taken). */
  regionInvalid?: MessageDescriptor;
  /** The error of a postal code the country does not have; `{example}` is @ofw/domain's `POSTAL_CODE_EXAMPLES`. */
  postalCodeInvalid: MessageDescriptor;
}

/** Each join country's wording (§1 Countries), as its postal service names the fields. */
const WORDING: Record<JoinCountry, Wording> = {
  US: {
    locality: m.city,
    region: m.state,
    postalCode: m.zip,
    regionInvalid: m.stateInvalid,
    postalCodeInvalid: m.zipInvalid,
  },
  CA: {
    locality: m.city,
    region: m.provinceOrTerritory,
    postalCode: m.postalCode,
    regionInvalid: m.provinceInvalid,
    postalCodeInvalid: m.postalCodeInvalid,
  },
  AU: {
    locality: m.city,
    region: m.region,
    postalCode: m.postcode,
    regionInvalid: m.stateOrTerritoryInvalid,
    postalCodeInvalid: m.postcode4Invalid,
  },
  GB: {
    locality: m.townOrCity,
    region: m.countyOptional,
    postalCode: m.postcode,
    postalCodeInvalid: m.postcodeInvalid,
  },
  IE: { locality: m.townOrCity, region: m.countyOptional, postalCode: m.eircode, postalCodeInvalid: m.eircodeInvalid },
  NZ: {
    locality: m.townOrCity,
    region: m.regionOptional,
    postalCode: m.postcode,
    postalCodeInvalid: m.postcode4Invalid,
  },
};
/** Another country (not a join country): the US labels, a region optional, any plausible postal code. */
const OTHER: Wording = {
  locality: m.city,
  region: m.state,
  postalCode: m.postalCode,
  postalCodeInvalid: m.postalCodeOtherInvalid,
};
const wordingOf = (c: string): Wording => (isJoinCountry(c) ? WORDING[c] : OTHER);

/**
 * What `<BillingInformation>` needs for the country: its labels ("State"/"ZIP code" in the US, "County (optional)"/
 * "Postcode" in the UK, "Province or territory"/"Postal code" in Canada, "Eircode" in Ireland…, and "Address line 2
 * (optional)"), the fields the country lets the parent leave empty (the region outside the US, Canada and
 * Australia: @ofw/domain `regionRequired`) and, in those three countries, the states, provinces or territories to
 * choose from (@ofw/domain `subdivisionOptions`: their codes, named and sorted in the page's language).
 */
export function billingFormProps(
  intl: IntlShape,
  country: string | undefined,
): Required<Pick<BillingInformationProps, 'labels' | 'optionalFields'>> &
  Pick<BillingInformationProps, 'regionChoices'> {
  const c = billingCountry(country);
  const w = wordingOf(c);
  const regions = subdivisionOptions(c, intl.locale);
  return {
    ...(regions.length
      ? {
          regionChoices: {
            options: regions.map((r) => ({ value: r.code, label: r.name })),
            placeholder: intl.formatMessage(m.regionChoose),
          },
        }
      : {}),
    labels: {
      legend: intl.formatMessage(m.billing),
      streetAddress: intl.formatMessage(m.streetAddress),
      extendedAddress: intl.formatMessage(m.addressLine2),
      locality: intl.formatMessage(w.locality),
      region: intl.formatMessage(w.region),
      postalCode: intl.formatMessage(w.postalCode),
    },
    optionalFields: regionRequired(c) ? [] : ['region'],
  };
}

/**
 * Checks the billing address as join-api does: the shape with api-client's `BillingAddressRequestSchema` (street,
 * city and postal code required, after trimming), then the country's rules with @ofw/domain's
 * `checkBillingAddress` (the postal code of the country; a state, province or territory in the US, Canada and
 * Australia). Localized errors per field, in the country's words ("Enter a postcode like SW1A 1AA.").
 */
export function validateBilling(intl: IntlShape, b: BillingAddressValue, country: string | undefined): BillingErrors {
  const body = trimmed(b, country);
  const parsed = BillingAddressRequestSchema.safeParse(body);
  // (the postal code's shape is left to the country rule below: "X" gets "Enter a postcode like SW1A 1AA.")
  const errors: BillingErrors = zodIssuesToMessages(intl, parsed.error?.issues, {
    streetAddress: m.required,
    locality: m.required,
  });
  const checked = checkBillingAddress({ ...body, region: body.region ?? '' });
  if (checked.ok) return errors;
  const c = body.countryCodeAlpha2;
  const w = wordingOf(c);
  const example = { example: isJoinCountry(c) ? POSTAL_CODE_EXAMPLES[c] : '' };
  for (const issue of checked.issues) {
    if (errors[issue.field]) continue;
    const invalid = issue.field === 'region' ? w.regionInvalid : w.postalCodeInvalid;
    errors[issue.field] = intl.formatMessage(issue.reason === 'required' || !invalid ? m.required : invalid, example);
  }
  // in the order of the form, so that the first error focused is the first on the page
  return Object.fromEntries(
    (['streetAddress', 'extendedAddress', 'locality', 'region', 'postalCode'] as const)
      .filter((k) => errors[k])
      .map((k) => [k, errors[k]]),
  );
}

function trimmed(b: BillingAddressValue, country: string | undefined) {
  const extendedAddress = b.extendedAddress?.trim();
  const region = b.region.trim();
  return {
    streetAddress: b.streetAddress.trim(),
    ...(extendedAddress ? { extendedAddress } : {}),
    locality: b.locality.trim(),
    ...(region ? { region } : {}),
    postalCode: b.postalCode.trim(),
    countryCodeAlpha2: billingCountry(country),
  };
}

/**
 * The billing address as join-api and the provider take it (`BillingAddressRequest`, 3D Secure's billing address):
 * every field trimmed, empty optional fields (address line 2, a county) left out, the country as an upper-case ISO
 * alpha-2 code (US when the join state has none yet), and — once valid — written as the country writes it
 * (@ofw/domain `checkBillingAddress`: `SW1A 1AA`, state code `NY`), as join-api stores it.
 */
export function billingRequest(b: BillingAddressValue, country: string | undefined): BillingAddressRequest {
  const body = trimmed(b, country);
  const checked = BillingAddressRequestSchema.safeParse(body).success ? checkBillingAddress(body) : undefined;
  return checked?.ok ? checked.address : body;
}

/**
 * The address as the form shows it: where the region is chosen from a list (US, CA, AU), a region kept as a name
 * ("Washington", typed before the field was a list or written by autofill) shows as its code, so the list shows the
 * choice the address already makes; anything else as it is.
 */
export function shownBilling(b: BillingAddressValue, country: string | undefined): BillingAddressValue {
  const c = billingCountry(country);
  if (!regionRequired(c)) return b;
  const code = normalizeRegion(b.region, c);
  return code && code !== b.region ? { ...b, region: code } : b;
}
