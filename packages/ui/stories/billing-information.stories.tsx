import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BillingInformation, type BillingAddressValue } from '../src/index.js';
import { billingLabelsGB, billingLabelsUS } from './fixtures.js';

export default { title: 'Payment / Billing information' } satisfies StoryDefault;

const EMPTY: BillingAddressValue = { streetAddress: '', locality: '', region: '', postalCode: '' };

/** Validates on blur: a field left empty shows "This field is required." linked to it. */
export const Interactive: Story = () => {
  const [value, setValue] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof BillingAddressValue, boolean>>>({});
  const errors = Object.fromEntries(
    (Object.keys(value) as Array<keyof BillingAddressValue>)
      .filter((k) => k !== 'extendedAddress' && touched[k] && !value[k]?.trim())
      .map((k) => [k, 'This field is required.']),
  );
  return (
    <BillingInformation
      value={value}
      onChange={setValue}
      labels={billingLabelsUS}
      errors={errors}
      onBlurField={(field) => setTouched((t) => ({ ...t, [field]: true }))}
    />
  );
};

export const WithErrors: Story = () => (
  <BillingInformation
    value={{ streetAddress: '1 Main Street', locality: 'Seattle', region: '', postalCode: '9810' }}
    onChange={() => {}}
    labels={billingLabelsUS}
    errors={{ region: 'This field is required.', postalCode: 'Enter a 5-digit ZIP code.' }}
  />
);

/** GB labels: "County (optional)" (not required) and "Postcode"; address line 2. */
export const UnitedKingdom: Story = () => {
  const [value, setValue] = useState<BillingAddressValue>({
    streetAddress: '10 High Street',
    locality: 'Leeds',
    region: 'West Yorkshire',
    postalCode: 'LS1 4AP',
  });
  return <BillingInformation value={value} onChange={setValue} labels={billingLabelsGB} optionalFields={['region']} />;
};

/** While the payment is submitted the fieldset is disabled. */
export const Submitting: Story = () => (
  <BillingInformation
    value={{ streetAddress: '1 Main Street', locality: 'Austin', region: 'TX', postalCode: '78701' }}
    onChange={() => {}}
    labels={billingLabelsUS}
    disabled
  />
);

/** The same story on a 360 px phone. */
export const Phone: Story = () => <Interactive />;
Phone.meta = { width: 360 };
