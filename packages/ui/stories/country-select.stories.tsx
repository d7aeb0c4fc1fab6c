import type { Story, StoryDefault } from '@ladle/react';
import { PRIORITY_COUNTRIES } from '@ofw/domain';
import { useState } from 'react';
import { CountrySelect, PhoneCodeSelect } from '../src/index.js';

export default { title: 'Steps / Country and phone code' } satisfies StoryDefault;

const CODES = ['US', 'GB', 'CA', 'AU', 'NZ', 'MX', 'IE', 'FR', 'DE', 'ES', 'IN', 'JP', 'BR', 'ZA'];

/** Country names as join-web gets them: Intl.DisplayNames in the page's locale. */
const countries = (locale: string) => {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return CODES.map((c) => ({ value: c, label: names.of(c) ?? c })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
};

/** §1 priority countries (US, AU, CA, GB, MX, NZ, from @ofw/domain) first, in their own group. */
export const Country: Story = () => {
  const [value, setValue] = useState('US');
  return (
    <CountrySelect
      label="Country"
      countries={countries('en-US')}
      groupLabels={{ priority: 'Common countries', all: 'All countries' }}
      priority={PRIORITY_COUNTRIES}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
};

export const CountryWithError: Story = () => (
  <CountrySelect
    label="Country"
    placeholder="Select your country"
    countries={countries('en-US')}
    groupLabels={{ priority: 'Common countries', all: 'All countries' }}
    priority={PRIORITY_COUNTRIES}
    defaultValue=""
    error="Choose your country."
  />
);

export const CountrySpanish: Story = () => (
  <CountrySelect
    label="País"
    countries={countries('es-MX')}
    groupLabels={{ priority: 'Países frecuentes', all: 'Todos los países' }}
    priority={PRIORITY_COUNTRIES}
    defaultValue="MX"
  />
);

/** §2 phone-country-code select; the caller orders the codes (priority countries first). */
export const PhoneCode: Story = () => {
  const [value, setValue] = useState('+1');
  return (
    <PhoneCodeSelect
      label="Country code"
      codes={[
        { value: '+1', label: 'United States / Canada (+1)' },
        { value: '+61', label: 'Australia (+61)' },
        { value: '+44', label: 'United Kingdom (+44)' },
        { value: '+52', label: 'Mexico (+52)' },
        { value: '+64', label: 'New Zealand (+64)' },
        { value: '+353', label: 'Ireland (+353)' },
      ]}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
};

/** The same story on a 360 px phone. */
export const Phone: Story = () => <Country />;
Phone.meta = { width: 360 };
