import {
  CanadianPhoneQuerySchema,
  JoinCountryCodeSchema,
  SignupParentSchema,
  type JoinCountryCode,
} from '@ofw/api-client';
import { needsCanadianPhoneCheck } from '@ofw/domain';
import type { IntlShape } from 'react-intl';
import { detailsMessages } from '../../messages.js';
import { zodIssuesToMessages } from '../../zod-messages.js';
import type { DetailsField } from './details-options.js';

/*
 * The details step's rules that need api-client's zod schemas. Loaded by `loadDetailsValidation`
 * (use-details-form.ts) once the step is on screen, never in the first load of /join.
 */

/**
 * Whether the Canadian phone check (§5) applies to `phone` after `code`: a +1 number that GET /phone/canadian takes
 * (api-client's `CanadianPhoneQuerySchema`, 4 to 20 digits, sent as digits only) — a number it would refuse is not sent.
 */
export function canadianCheckApplies(code: string, phone: string | undefined): boolean {
  return (
    needsCanadianPhoneCheck(code, phone) &&
    CanadianPhoneQuerySchema.safeParse({ phoneNumber: (phone ?? '').replace(/\D/g, '') }).success
  );
}

const ParentFieldsSchema = SignupParentSchema.pick({ firstName: true, lastName: true, email: true, phoneNumber: true });

/**
 * Validates the account details with api-client's `SignupParentSchema` (the rules join-api applies to POST /signups)
 * plus the country (required, and one of `joinCountries` when known); localized errors per field (empty = valid).
 */
export function validateDetails(
  intl: IntlShape,
  v: { firstName?: string; lastName?: string; email?: string; phoneNumber?: string; country?: string },
  joinCountries: readonly string[] | undefined,
): Partial<Record<DetailsField, string>> {
  const parsed = ParentFieldsSchema.safeParse({
    firstName: v.firstName ?? '',
    lastName: v.lastName ?? '',
    email: v.email?.trim() ?? '',
    phoneNumber: v.phoneNumber ?? '',
  });
  const e: Partial<Record<DetailsField, string>> = zodIssuesToMessages(intl, parsed.error?.issues, {
    firstName: detailsMessages.errorFirstName,
    lastName: detailsMessages.errorLastName,
    email: detailsMessages.errorEmail,
    phoneNumber: detailsMessages.errorPhone,
  });
  if (!v.country) e.country = intl.formatMessage(detailsMessages.errorCountry);
  else if (!joinCountryCode(v.country) || (joinCountries && !joinCountries.includes(v.country)))
    e.country = intl.formatMessage(detailsMessages.errorCountryUnsupported);
  return e;
}

/**
 * `code` as a country POST /signups takes (api-client's `JoinCountryCodeSchema`, §1 join countries), or undefined —
 * so a country the server's list names but this contract does not yet know is refused here (as unsupported, by
 * {@link validateDetails}) rather than sent.
 */
export function joinCountryCode(code: string | undefined): JoinCountryCode | undefined {
  const parsed = JoinCountryCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : undefined;
}
