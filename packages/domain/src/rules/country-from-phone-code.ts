import type { CountryCode, CountryOption } from '../schemas.js';

/** Phone country codes with a fixed country (spec §9 "Phone codes": +1, +44, +61, +64). */
export const PHONE_CODES = ['+1', '+44', '+61', '+64'] as const;

const FIXED: Readonly<Record<string, CountryCode>> = { '+44': 'GB', '+61': 'AU', '+64': 'NZ' };

/** Options of {@link countryFromPhoneCode}. */
export interface CountryFromPhoneCodeOptions {
  /** Result of the Canadian phone check (`GET /phone/canadian`); only consulted for +1. */
  isCanadianPhoneNumber?: boolean;
  /** Phone-code options whose `label` is the code (e.g. `'+353'` or `'Ireland (+353)'`) and `key` the country. */
  countries?: readonly CountryOption[];
}

function normalize(code: string): string {
  const digits = code.trim().replace(/^\+/, '').replace(/\s+/g, '');
  return `+${digits}`;
}

/**
 * The country of a phone country code.
 *
 * Source: spec §5 "Country detection from the phone code": +1 is US unless the phone lookup says the number is
 * Canadian (then CA); +44 GB, +61 AU, +64 NZ; other codes are mapped by country label — the first option of
 * `opts.countries` whose `label` equals the code or ends with `(code)` gives its `key` (upper-cased).
 *
 * @param code - `'+44'`, `'44'` or `' +44 '`.
 * @returns ISO alpha-2 code, or `undefined` when no rule or option matches.
 */
export function countryFromPhoneCode(code: string, opts: CountryFromPhoneCodeOptions = {}): CountryCode | undefined {
  const c = normalize(code);
  if (c === '+1') return opts.isCanadianPhoneNumber ? 'CA' : 'US';
  const fixed = FIXED[c];
  if (fixed) return fixed;
  const match = opts.countries?.find((o) => {
    const label = o.label.trim();
    return label === c || label === c.slice(1) || label.endsWith(`(${c})`);
  });
  return match ? match.key.toUpperCase() : undefined;
}

/**
 * Whether the Canadian phone check should run: only when a phone number is present and the code is +1.
 *
 * Source: spec §5 "Country detection from the phone code".
 */
export function needsCanadianPhoneCheck(code: string, phoneNumber: string | null | undefined): boolean {
  return normalize(code) === '+1' && typeof phoneNumber === 'string' && phoneNumber.trim() !== '';
}

/**
 * GB and IE count as UK (spec §5 "Country detection from the phone code").
 *
 * @param country - ISO alpha-2 code, any case; `undefined`/`null` is not UK.
 */
export function isUK(country: string | null | undefined): boolean {
  const c = country?.trim().toUpperCase();
  return c === 'GB' || c === 'IE';
}
