import type { JoinCountry } from './countries.js';

/*
 * Postal codes of the join countries (spec §1 "Countries": US, AU, CA, GB, IE, NZ), checked and written the way each
 * country's postal service writes them. A hand-written rule rather than a package: @ofw/domain may import zod only
 * (docs/ARCHITECTURE.md "May import"), and the six formats below are short and stable. Sources:
 * - US: USPS Publication 28 "Postal Addressing Standards" §23 (ZIP Code: 5 digits; ZIP+4: 5 digits, a hyphen, 4).
 * - GB: Royal Mail Programmers' Guide to the PAF, "Postcode format" and the GOV.UK "Bulk Data Transfer: additional
 *   validation for CAS postcodes" (BS 7666) letter restrictions: outward code A9, A99, AA9, AA99, A9A or AA9A
 *   (first letter not Q, V, X; second not I, J, Z; a third-position letter one of ABCDEFGHJKPSTUW; a fourth-position
 *   letter one of ABEHMNPRVWXY), inward code 9AA (letters not C, I, K, M, O, V), plus the non-geographic GIR 0AA.
 * - CA: Canada Post Addressing Guidelines §5.6 "Postal code": A9A 9A9, no D, F, I, O, Q or U, and no W or Z in the
 *   first position.
 * - AU: Australia Post "Addressing guidelines": 4 digits. NZ: NZ Post "How to address mail": 4 digits.
 * - IE: Eircode (eircode.ie "Eircode structure"): a routing key (a letter and two digits, or D6W) and a unique
 *   identifier of 4 characters drawn from 0–9 and A C D E F H K N P R T V W X Y.
 */

const LETTERS_IE = 'ACDEFHKNPRTVWXY';

/** Each join country's postal code without spaces, upper-case (see the sources above); ZIP+4 keeps its hyphen. */
const COMPACT: Readonly<Record<JoinCountry, RegExp>> = {
  US: /^\d{5}(?:-?\d{4})?$/,
  GB: /^(?:GIR0AA|[A-PR-UWYZ](?:\d\d?|[A-HK-Y]\d\d?|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])\d[ABD-HJLNP-UW-Z]{2})$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  IE: new RegExp(`^(?:[${LETTERS_IE}]\\d\\d|D6W)[\\d${LETTERS_IE}]{4}$`),
};

/** How each join country writes a compact, valid code (where the space or hyphen goes). */
const WRITTEN: Readonly<Record<JoinCountry, (compact: string) => string>> = {
  US: (c) => (c.length > 5 ? `${c.slice(0, 5)}-${c.slice(-4)}` : c),
  GB: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
  CA: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  AU: (c) => c,
  NZ: (c) => c,
  IE: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
};

/** One valid postal code per join country, as the country writes it (form hints, error messages, tests). */
export const POSTAL_CODE_EXAMPLES: Readonly<Record<JoinCountry, string>> = {
  US: '12345',
  GB: 'SW1A 1AA',
  CA: 'K1A 0B1',
  AU: '2000',
  NZ: '6011',
  IE: 'D02 X285',
};

function joinCountry(country: string | null | undefined): JoinCountry | undefined {
  const c = country?.trim().toUpperCase();
  return c !== undefined && c in COMPACT ? (c as JoinCountry) : undefined;
}

/**
 * A postal code as the country's postal service writes it, or `undefined` when it is not one of that country's codes.
 *
 * Join countries (§1) are checked against their format (sources at the top of this file), case and spaces ignored,
 * and written canonically: US `12345` or `12345-6789` (`123456789` and `12345 6789` get the hyphen), GB upper-case with one
 * space before the inward code (`sw1a1aa` → `SW1A 1AA`, `gir0aa` → `GIR 0AA`), CA `K1A 0B1`, IE `D02 X285`, AU and NZ
 * 4 digits. Any other country's code is only trimmed and must be 2–12 characters that Braintree accepts (letters,
 * digits, spaces and hyphens, starting with a letter or digit; Braintree validation errors 81813/81809).
 *
 * @param postalCode - what the parent typed.
 * @param country - ISO 3166-1 alpha-2 code of the address, any case.
 * @returns the canonical code, or `undefined` when it is not valid for the country.
 * @example normalizePostalCode(' sw1a1aa ', 'GB') // → 'SW1A 1AA'
 * @example normalizePostalCode('1234', 'US') // → undefined
 */
export function normalizePostalCode(postalCode: string, country: string | null | undefined): string | undefined {
  const c = joinCountry(country);
  if (!c) {
    const t = postalCode.trim();
    const alnum = t.replace(/[^A-Za-z0-9]/g, '').length;
    return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(t) && alnum <= 9 ? t : undefined;
  }
  const compact = postalCode.replace(/\s+/g, '').toUpperCase();
  return COMPACT[c].test(compact) ? WRITTEN[c](compact) : undefined;
}

/**
 * Whether `postalCode` is a valid postal code of `country` (see {@link normalizePostalCode}, which also says how
 * to write it).
 */
export function isValidPostalCode(postalCode: string, country: string | null | undefined): boolean {
  return normalizePostalCode(postalCode, country) !== undefined;
}
