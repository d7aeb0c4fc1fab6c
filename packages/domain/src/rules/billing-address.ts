import type { BillingAddress } from '../schemas.js';
import { normalizePostalCode } from './postal-code.js';

/*
 * A billing address as each join country (spec §1 "Countries") writes it. Subdivision codes are ISO 3166-2 (US,
 * CA, AU) plus the USPS codes of US territories and Armed Forces (USPS Publication 28 appendix B) — Braintree's 3D
 * Secure billing address takes "the 2 letter code for US states and an equivalent for other countries"
 * (braintree-web threeDSecure.verifyCard `billingAddress.region`). Names are accepted too (a browser's autofill
 * often writes "California") and written as the code.
 */

/** The subdivisions a US, Canadian or Australian address must name, code → English name. */
// prettier-ignore
export const SUBDIVISIONS = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
    IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
    MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
    MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
    NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
    PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
    UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
    AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'Virgin Islands',
    UM: 'United States Minor Outlying Islands', AA: 'Armed Forces Americas', AE: 'Armed Forces Europe',
    AP: 'Armed Forces Pacific',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
    QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  },
  AU: {
    ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland',
    SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
  },
} as const satisfies Record<string, Record<string, string>>;

/** A country whose addresses must name a state, province or territory: US, CA, AU. */
export type SubdivisionCountry = keyof typeof SUBDIVISIONS;

/**
 * The Spanish names of {@link SUBDIVISIONS} (es-US, es-MX): the Spanish exonyms in common use ("Nueva York",
 * "Columbia Británica", "Nueva Gales del Sur"); a name Spanish writes as English does ("Texas", "Ontario") is
 * repeated, so every code has its name.
 */
// prettier-ignore
export const SUBDIVISION_NAMES_ES = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'Distrito de Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawái', ID: 'Idaho',
    IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Luisiana', ME: 'Maine',
    MD: 'Maryland', MA: 'Massachusetts', MI: 'Míchigan', MN: 'Minnesota', MS: 'Misisipi', MO: 'Misuri',
    MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'Nuevo Hampshire', NJ: 'Nueva Jersey', NM: 'Nuevo México',
    NY: 'Nueva York', NC: 'Carolina del Norte', ND: 'Dakota del Norte', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregón',
    PA: 'Pensilvania', RI: 'Rhode Island', SC: 'Carolina del Sur', SD: 'Dakota del Sur', TN: 'Tennessee', TX: 'Texas',
    UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'Virginia Occidental', WI: 'Wisconsin',
    WY: 'Wyoming', AS: 'Samoa Americana', GU: 'Guam', MP: 'Islas Marianas del Norte', PR: 'Puerto Rico',
    VI: 'Islas Vírgenes de los Estados Unidos', UM: 'Islas Ultramarinas Menores de los Estados Unidos',
    AA: 'Fuerzas Armadas (América)', AE: 'Fuerzas Armadas (Europa)', AP: 'Fuerzas Armadas (Pacífico)',
  },
  CA: {
    AB: 'Alberta', BC: 'Columbia Británica', MB: 'Manitoba', NB: 'Nuevo Brunswick', NL: 'Terranova y Labrador',
    NS: 'Nueva Escocia', NT: 'Territorios del Noroeste', NU: 'Nunavut', ON: 'Ontario', PE: 'Isla del Príncipe Eduardo',
    QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukón',
  },
  AU: {
    ACT: 'Territorio de la Capital Australiana', NSW: 'Nueva Gales del Sur', NT: 'Territorio del Norte',
    QLD: 'Queensland', SA: 'Australia Meridional', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Australia Occidental',
  },
} as const satisfies { [C in SubdivisionCountry]: Record<keyof (typeof SUBDIVISIONS)[C], string> };

/** One choice of a state, province or territory: its code (the value an address carries) and its name. */
export interface SubdivisionOption {
  code: string;
  name: string;
}

/**
 * The states, provinces or territories of a US, Canadian or Australian address to choose from — exactly the codes
 * {@link checkBillingAddress} accepts for the country — named in the UI locale's language (Spanish for `es-*`,
 * English otherwise) and sorted by that name as the locale sorts; empty for any other country.
 */
export function subdivisionOptions(country: string | null | undefined, locale: string): SubdivisionOption[] {
  const c = subdivisionCountry(country);
  if (!c) return [];
  const names: Record<string, string> = /^es\b/i.test(locale) ? SUBDIVISION_NAMES_ES[c] : SUBDIVISIONS[c];
  const collator = new Intl.Collator(locale);
  return Object.keys(SUBDIVISIONS[c])
    .map((code) => ({ code, name: names[code]! }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

function subdivisionCountry(country: string | null | undefined): SubdivisionCountry | undefined {
  const c = country?.trim().toUpperCase();
  return c !== undefined && c in SUBDIVISIONS ? (c as SubdivisionCountry) : undefined;
}

/** Case, accents, dots and spacing do not matter when a name is compared ("Québec" = "quebec"). */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/**
 * Whether an address of this country must give its region: the state, province or territory in the US, Canada and
 * Australia (their postal services address mail with it); elsewhere (GB and IE county, NZ region, any other country)
 * it may be left out — Braintree takes a billing address without one.
 */
export function regionRequired(country: string | null | undefined): boolean {
  return subdivisionCountry(country) !== undefined;
}

/**
 * The region as the address should carry it: in the US, Canada and Australia the subdivision code of
 * {@link SUBDIVISIONS} (`'ny'`, `'New York'` → `'NY'`; `'Québec'` → `'QC'`; `'nsw'` → `'NSW'`), or `undefined` when
 * it names none; elsewhere the trimmed text (`undefined` when empty).
 */
export function normalizeRegion(
  region: string | null | undefined,
  country: string | null | undefined,
): string | undefined {
  const c = subdivisionCountry(country);
  const t = region?.trim() ?? '';
  if (!c) return t || undefined;
  const wanted = fold(t);
  if (!wanted) return undefined;
  const found = Object.entries(SUBDIVISIONS[c]).find(([code, name]) => code === wanted || fold(name) === wanted);
  return found?.[0];
}

/** A field of a billing address that the country's rules refuse: empty where required, or not the country's. */
export interface BillingAddressIssue {
  field: 'region' | 'postalCode';
  reason: 'required' | 'invalid';
}

/** What {@link checkBillingAddress} finds. */
export type BillingAddressCheck = { ok: true; address: BillingAddress } | { ok: false; issues: BillingAddressIssue[] };

/**
 * The country rules of a billing address, after its shape was checked (`BillingAddressSchema`): the postal code
 * must be one of the country's ({@link normalizePostalCode}); the region is required and must name a subdivision in
 * the US, Canada and Australia ({@link regionRequired}, {@link normalizeRegion}), and is optional elsewhere. The one
 * rule join-web's form and join-api apply (join-api answers 422 with the fields at fault).
 *
 * @returns the address written canonically (postal code and region normalised; an empty `region` or
 *   `extendedAddress` left out), or the issues, at most one per field.
 */
export function checkBillingAddress(address: BillingAddress): BillingAddressCheck {
  const country = address.countryCodeAlpha2;
  const issues: BillingAddressIssue[] = [];
  const region = normalizeRegion(address.region, country);
  const regionText = address.region?.trim();
  if (regionRequired(country) && !region) issues.push({ field: 'region', reason: regionText ? 'invalid' : 'required' });
  const postalCode = normalizePostalCode(address.postalCode, country);
  if (!postalCode) issues.push({ field: 'postalCode', reason: address.postalCode.trim() ? 'invalid' : 'required' });
  if (issues.length) return { ok: false, issues };
  const extendedAddress = address.extendedAddress?.trim();
  return {
    ok: true,
    address: {
      streetAddress: address.streetAddress.trim(),
      ...(extendedAddress ? { extendedAddress } : {}),
      locality: address.locality.trim(),
      ...(region ? { region } : {}),
      postalCode: postalCode!,
      countryCodeAlpha2: country,
    },
  };
}
