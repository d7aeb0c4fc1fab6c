import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPostalCode, JOIN_COUNTRIES, normalizePostalCode, POSTAL_CODE_EXAMPLES } from '../src/index.js';

describe('postal codes of the join countries (§1 Countries), as each postal service writes them', () => {
  it.each([
    // USPS Publication 28: ZIP (5 digits) or ZIP+4 (5, hyphen, 4)
    ['US', '12345', '12345'],
    ['US', '12345-6789', '12345-6789'],
    ['US', '123456789', '12345-6789'],
    ['US', ' 12345 6789 ', '12345-6789'],
    // Royal Mail PAF: every outward-code shape, case and spaces ignored, one space before the inward code
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'b338th', 'B33 8TH'],
    ['GB', 'CR2 6XH', 'CR2 6XH'],
    ['GB', 'dn55 1pt', 'DN55 1PT'],
    ['GB', 'W1A 0AX', 'W1A 0AX'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'EC1A  1BB', 'EC1A 1BB'],
    ['GB', 'gir 0aa', 'GIR 0AA'],
    // Canada Post: A9A 9A9
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['CA', 'H3Z 2Y7', 'H3Z 2Y7'],
    // Australia Post and NZ Post: 4 digits
    ['AU', '2000', '2000'],
    ['AU', '0800', '0800'],
    ['NZ', '6011', '6011'],
    // Eircode: routing key + unique identifier
    ['IE', 'd02x285', 'D02 X285'],
    ['IE', 'A65 F4E2', 'A65 F4E2'],
    ['IE', 'D6W 1234', 'D6W 1234'],
    // not a join country: trimmed, Braintree's characters
    ['FR', ' 75001 ', '75001'],
    ['mx', '06600', '06600'],
  ])('%s %j is valid and is written %j', (country, typed, written) => {
    expect(normalizePostalCode(typed, country)).toBe(written);
    expect(isValidPostalCode(typed, country)).toBe(true);
  });

  it.each([
    ['US', '1234'],
    ['US', '123456'],
    ['US', '12345-678'],
    ['US', '1234-56789'],
    ['US', 'ABCDE'],
    ['GB', 'SW1A'],
    ['GB', 'QW1 1AA'], // Q never starts a postcode
    ['GB', 'AI1 1AA'], // I never second
    ['GB', 'W1I 1AA'], // I not in the third position of A9A
    ['GB', 'M1 1CE'], // C never in the inward code
    ['GB', 'SW1A-1AA'],
    ['GB', '12345'],
    ['CA', 'D1A 1A1'], // D never used
    ['CA', 'W1A 1A1'], // W never first
    ['CA', 'K1A 0B'],
    ['CA', '12345'],
    ['AU', '200'],
    ['AU', '20000'],
    ['NZ', 'AB12'],
    ['IE', 'D02 X28'],
    ['IE', 'B02 X285'], // B is not an Eircode letter
    ['IE', 'D02 XB85'],
    ['FR', 'x'],
    ['FR', '-7500'],
    ['FR', '1234567890'], // Braintree 81809: more than 9 letters or digits
    ['US', ''],
  ])('%s %j is refused', (country, typed) => {
    expect(normalizePostalCode(typed, country)).toBeUndefined();
    expect(isValidPostalCode(typed, country)).toBe(false);
  });

  it('every join country has a valid example, written as the country writes it', () => {
    for (const c of JOIN_COUNTRIES)
      expect(normalizePostalCode(POSTAL_CODE_EXAMPLES[c], c)).toBe(POSTAL_CODE_EXAMPLES[c]);
  });

  it('property: normalising is idempotent and ignores case and spaces', () => {
    const typed = fc.oneof(
      fc.constantFrom(...Object.values(POSTAL_CODE_EXAMPLES), 'b338th', 'gir0aa', '123456789', 'k1a0b1', 'a65f4e2'),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(typed, fc.constantFrom(...JOIN_COUNTRIES), (code, country) => {
        const once = normalizePostalCode(code, country);
        if (once === undefined) return;
        expect(normalizePostalCode(once, country)).toBe(once);
        expect(normalizePostalCode(` ${code.toLowerCase()} `, country)).toBe(once);
        expect(normalizePostalCode(once, country.toLowerCase())).toBe(once);
      }),
    );
  });

  it('property: a written code is upper-case with at most one space and fits Braintree (≤ 9 letters or digits)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom(...JOIN_COUNTRIES), (code, country) => {
        const written = normalizePostalCode(code, country);
        if (written === undefined) return;
        expect(written).toBe(written.toUpperCase());
        expect(written.split(' ').length).toBeLessThanOrEqual(2);
        expect(written.replace(/[^A-Z0-9]/g, '').length).toBeLessThanOrEqual(9);
      }),
    );
  });
});
