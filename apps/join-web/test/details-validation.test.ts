import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { joinCountryCode, validateDetails } from '../src/join/steps/details/details-validation.js';
import { detailsMessages } from '../src/join/messages.js';

const intl = createIntl({ locale: 'en-US', messages: {} });
const VALID = { firstName: 'Pat', lastName: 'Parent', email: 'pat@example.com', phoneNumber: '2025550143' };

describe('§1 the details step sends only a join country', () => {
  it('§1 a join country of the contract is taken, as its typed code', () => {
    expect(validateDetails(intl, { ...VALID, country: 'GB' }, ['US', 'GB'])).toEqual({});
    expect(joinCountryCode('GB')).toBe('GB');
  });

  it("§1 a country the server's list names but POST /signups does not take is refused as unsupported, not sent", () => {
    const unsupported = intl.formatMessage(detailsMessages.errorCountryUnsupported);
    expect(validateDetails(intl, { ...VALID, country: 'FR' }, ['US', 'FR'])).toEqual({ country: unsupported });
    expect(joinCountryCode('FR')).toBeUndefined();
    expect(joinCountryCode(undefined)).toBeUndefined();
  });

  it('§1 a join country missing from the join-countries list is unsupported too; no country is required', () => {
    const unsupported = intl.formatMessage(detailsMessages.errorCountryUnsupported);
    expect(validateDetails(intl, { ...VALID, country: 'NZ' }, ['US'])).toEqual({ country: unsupported });
    expect(validateDetails(intl, { ...VALID }, ['US'])).toEqual({
      country: intl.formatMessage(detailsMessages.errorCountry),
    });
  });
});
