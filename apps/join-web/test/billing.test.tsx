import { BillingInformation, type BillingAddressValue } from '@ofw/ui';
import { render, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/compiled/en-GB.json';
import enUS from '../src/i18n/compiled/en-US.json';
import esMX from '../src/i18n/compiled/es-MX.json';
import esUS from '../src/i18n/compiled/es-US.json';
import { billingFormProps, billingRequest, shownBilling, validateBilling } from '../src/join/billing.js';

/*
 * The billing form as each join country (§1 "Countries") writes an address: the labels its postal service uses, the
 * fields it lets the parent leave empty, and the errors of @ofw/domain's checkBillingAddress — the rule join-api
 * applies too (422) — in the four catalogues (§1 languages).
 */
const CATALOGUES = { 'en-US': enUS, 'en-GB': enGB, 'es-US': esUS, 'es-MX': esMX };
const intlFor = (locale: keyof typeof CATALOGUES) => createIntl({ locale, messages: CATALOGUES[locale] });
const en = intlFor('en-US');

const address = (over: Partial<BillingAddressValue> = {}): BillingAddressValue => ({
  streetAddress: '1 High St',
  extendedAddress: '',
  locality: 'London',
  region: '',
  postalCode: 'SW1A 1AA',
  ...over,
});

describe('billing form per country (§1 Countries)', () => {
  it.each([
    ['US', 'City', 'State', 'ZIP code', true],
    ['CA', 'City', 'Province or territory', 'Postal code', true],
    ['AU', 'City', 'State or territory', 'Postcode', true],
    ['GB', 'Town or city', 'County (optional)', 'Postcode', false],
    ['IE', 'Town or city', 'County (optional)', 'Eircode', false],
    ['NZ', 'Town or city', 'Region (optional)', 'Postcode', false],
  ])('%s: labels %s / %s / %s; region required → %s', (country, locality, region, postalCode, required) => {
    const { labels, optionalFields } = billingFormProps(en, country);
    expect(labels).toMatchObject({ locality, region, postalCode, extendedAddress: 'Address line 2 (optional)' });
    expect(optionalFields.includes('region')).toBe(!required);
  });

  it('every label differs from its id in every catalogue (no placeholder text), Spanish ones are Spanish', () => {
    for (const locale of Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>)
      for (const country of ['US', 'CA', 'AU', 'GB', 'IE', 'NZ'])
        for (const label of Object.values(billingFormProps(intlFor(locale), country).labels))
          expect(label).not.toMatch(/^payment\./);
    expect(billingFormProps(intlFor('es-MX'), 'GB').labels.region).toBe('Condado (opcional)');
    expect(billingFormProps(intlFor('es-US'), 'US').labels.extendedAddress).toBe('Dirección, línea 2 (opcional)');
  });

  it('US, CA and AU choose their region from a list of the codes join-api accepts, named in the page language', () => {
    for (const locale of Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>)
      for (const country of ['US', 'CA', 'AU']) {
        const choices = billingFormProps(intlFor(locale), country).regionChoices;
        expect(choices?.placeholder).toBe(locale.startsWith('es') ? 'Elige…' : 'Choose…');
        for (const { value } of choices?.options ?? [])
          expect(
            validateBilling(intlFor(locale), address({ region: value, postalCode: '' }), country),
          ).not.toHaveProperty('region');
      }
    const esStates = billingFormProps(intlFor('es-MX'), 'US').regionChoices?.options ?? [];
    expect(esStates).toContainEqual({ value: 'NY', label: 'Nueva York' });
    expect(billingFormProps(intlFor('en-GB'), 'AU').regionChoices?.options).toContainEqual({
      value: 'NSW',
      label: 'New South Wales',
    });
    for (const country of ['GB', 'IE', 'NZ']) expect(billingFormProps(en, country).regionChoices).toBeUndefined();
  });

  it('a region kept as a name shows as its code where the region is a list, so the list shows the choice already made', () => {
    expect(shownBilling(address({ region: 'Washington' }), 'US').region).toBe('WA');
    expect(shownBilling(address({ region: 'québec' }), 'CA').region).toBe('QC');
    expect(shownBilling(address({ region: 'Ontario' }), 'US').region).toBe('Ontario');
    expect(shownBilling(address({ region: 'Greater London' }), 'GB').region).toBe('Greater London');
  });

  it('GB without a county passes, and is sent without a region, the postcode written as Royal Mail writes it', () => {
    expect(validateBilling(en, address({ postalCode: 'sw1a1aa' }), 'GB')).toEqual({});
    expect(billingRequest(address({ postalCode: 'sw1a1aa', extendedAddress: ' Flat 2 ' }), 'GB')).toEqual({
      streetAddress: '1 High St',
      extendedAddress: 'Flat 2',
      locality: 'London',
      postalCode: 'SW1A 1AA',
      countryCodeAlpha2: 'GB',
    });
  });

  it.each([
    ['en-US', 'This field is required.'],
    ['es-MX', 'Este campo es obligatorio.'],
  ] as const)('US without a state fails, in %s: %s', (locale, message) => {
    const us = address({ locality: 'Austin', postalCode: '78701' });
    expect(validateBilling(intlFor(locale), us, 'US')).toEqual({ region: message });
  });

  it.each([
    [
      'en-US',
      'US',
      { region: 'Ontario', postalCode: '7870' },
      'Enter a US state, like NY or New York.',
      'Enter a ZIP code like 12345 or 12345-6789.',
    ],
    [
      'es-US',
      'CA',
      { region: 'Texas', postalCode: '78701' },
      'Escribe una provincia o territorio, como ON u Ontario.',
      'Escribe un código postal como K1A 0B1.',
    ],
    [
      'en-GB',
      'AU',
      { region: 'Ontario', postalCode: '20000' },
      'Enter a state or territory, like NSW or New South Wales.',
      'Enter a 4-digit postcode, like 2000.',
    ],
  ] as const)(
    '%s %s: a region and a postal code the country does not have get its own messages',
    (locale, country, over, region, postalCode) => {
      expect(validateBilling(intlFor(locale), address(over), country)).toEqual({ region, postalCode });
    },
  );

  it.each([
    ['GB', 'SW1A', 'Enter a postcode like SW1A 1AA.'],
    ['IE', 'D02 X28', 'Enter an Eircode like D02 X285.'],
    ['NZ', '60111', 'Enter a 4-digit postcode, like 6011.'],
    ['AU', 'X', 'Enter a 4-digit postcode, like 2000.'],
    ['GB', '', 'This field is required.'],
  ])('%s: postal code %j is refused with %j', (country, postalCode, message) => {
    expect(validateBilling(en, address({ postalCode, region: 'NSW' }), country)).toEqual({ postalCode: message });
  });

  it('the form: GB shows the county as optional (not required) and address line 2; the US requires the state', () => {
    const { unmount } = render(
      <BillingInformation value={address()} onChange={() => {}} {...billingFormProps(en, 'GB')} />,
    );
    expect(screen.getByRole('textbox', { name: 'County (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Address line 2 (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toBeRequired();
    unmount();
    render(<BillingInformation value={address()} onChange={() => {}} {...billingFormProps(en, 'US')} />);
    expect(screen.getByRole('combobox', { name: 'State' })).toBeRequired();
  });
});
