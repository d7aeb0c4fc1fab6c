import { PRIORITY_COUNTRIES } from '@ofw/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  BillingInformation,
  type BillingAddressValue,
  type BillingInformationProps,
  CountrySelect,
  PhoneCodeSelect,
  SecurityQuestions,
  type SecurityAnswer,
  TextField,
  splitPriority,
} from '../src/index.js';

describe('TextField', () => {
  it('§2 accessibility: the label names the input and the error is described-by and marks it invalid', () => {
    render(<TextField label="Email" error="Enter a valid email address" defaultValue="x" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
  });
  it('has no aria-invalid and no description without an error', () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('CountrySelect', () => {
  it('§1 priority countries (US, AU, CA, GB, MX, NZ) come first, in that order', () => {
    const countries = ['FR', 'NZ', 'US', 'DE', 'GB', 'AU', 'MX', 'CA'].map((c) => ({ value: c, label: c }));
    const { top, rest } = splitPriority(countries, PRIORITY_COUNTRIES);
    expect(top.map((c) => c.value)).toEqual(['US', 'AU', 'CA', 'GB', 'MX', 'NZ']);
    expect(rest.map((c) => c.value)).toEqual(['FR', 'DE']);
    render(
      <CountrySelect
        label="Country"
        countries={countries}
        groupLabels={{ priority: 'Common', all: 'All countries' }}
        priority={PRIORITY_COUNTRIES}
      />,
    );
    const options = screen.getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(options).toEqual(['US', 'AU', 'CA', 'GB', 'MX', 'NZ', 'FR', 'DE']);
    expect(screen.getByRole('group', { name: 'Common' })).toBeInTheDocument();
  });
  it("facts: the priority list is the caller's (domain's PRIORITY_COUNTRIES); without one nothing moves", () => {
    const countries = ['FR', 'NZ', 'US'].map((c) => ({ value: c, label: c }));
    render(<CountrySelect label="Country" countries={countries} />);
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['FR', 'NZ', 'US']);
    expect(splitPriority(countries, ['US']).top.map((c) => c.value)).toEqual(['US']);
  });
  it('§2 phone-country-code select is named by its label and keeps the given value', () => {
    render(
      <PhoneCodeSelect
        label="Country code"
        value="+1"
        onChange={() => {}}
        codes={[
          { value: '+1', label: '+1' },
          { value: '+44', label: '+44' },
        ]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('+1');
  });
});

/** A US billing form holding its own value, shown as JSON in an `<output>` (role status) after every edit. */
function BillingHarness({
  initial,
  ...props
}: Partial<Omit<BillingInformationProps, 'value' | 'onChange'>> & { initial?: Partial<BillingAddressValue> }) {
  const [v, setV] = useState<BillingAddressValue>({
    streetAddress: '',
    locality: '',
    region: '',
    postalCode: '',
    ...initial,
  });
  return (
    <>
      <BillingInformation
        value={v}
        onChange={setV}
        labels={{
          legend: 'Billing address',
          streetAddress: 'Street address',
          locality: 'City',
          region: 'State',
          postalCode: 'ZIP code',
        }}
        {...props}
      />
      <output>{JSON.stringify(v)}</output>
    </>
  );
}

describe('BillingInformation', () => {
  it('address line 2 (Braintree extendedAddress) is shown when labelled and never required; optional fields are not required', () => {
    render(
      <BillingInformation
        value={{ streetAddress: '', locality: '', region: '', postalCode: '' }}
        onChange={() => {}}
        labels={{
          legend: 'Billing address',
          streetAddress: 'Street address',
          extendedAddress: 'Address line 2 (optional)',
          locality: 'Town or city',
          region: 'County (optional)',
          postalCode: 'Postcode',
        }}
        optionalFields={['region']}
      />,
    );
    const line2 = screen.getByRole('textbox', { name: 'Address line 2 (optional)' });
    expect(line2).toHaveAttribute('autocomplete', 'address-line2');
    expect(line2).not.toBeRequired();
    expect(line2).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'County (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toBeRequired();
  });

  it('§2 billing information: four labelled fields, edits reported as a whole address', async () => {
    render(<BillingHarness errors={{ postalCode: 'Enter a ZIP code' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await userEvent.type(screen.getByRole('textbox', { name: 'State' }), 'TX');
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701');
    expect(JSON.parse(screen.getByRole('status', { hidden: true })?.textContent ?? '{}')).toEqual({
      streetAddress: '1 Main St',
      locality: 'Austin',
      region: 'TX',
      postalCode: '78701',
    });
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription('Enter a ZIP code');
    expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
  });
});

describe('BillingInformation with regionChoices', () => {
  it('the region is a labelled, required select of the given regions, so a parent picks a code the address check accepts', async () => {
    render(
      <BillingHarness
        initial={{ region: 'Texas' }}
        errors={{ region: 'Choose a state' }}
        regionChoices={{
          placeholder: 'Choose…',
          options: [
            { value: 'NY', label: 'New York' },
            { value: 'TX', label: 'Texas' },
          ],
        }}
      />,
    );
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state).toBeRequired();
    expect(state).toHaveAttribute('autocomplete', 'address-level1');
    expect(state).toHaveAccessibleDescription('Choose a state');
    // free text that names no option (typed before the field was a select) shows the empty choice, not a wrong one
    expect(state).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'New York', 'Texas']);
    await userEvent.selectOptions(state, 'New York');
    expect(JSON.parse(screen.getByRole('status', { hidden: true }).textContent ?? '{}')).toMatchObject({
      region: 'NY',
    });
    expect(state).toHaveValue('NY');
  });
});

describe('SecurityQuestions', () => {
  it('§2 security questions: selects "Security question n" and inputs "Answer n"; a chosen question is not offered twice', async () => {
    const questions = [
      { id: 'q1', text: 'First pet?' },
      { id: 'q2', text: 'Birth city?' },
      { id: 'q3', text: 'First school?' },
      { id: 'q4', text: 'Favourite teacher?' },
    ];
    function Harness() {
      const [v, setV] = useState<SecurityAnswer[]>([1, 2, 3].map(() => ({ questionId: '', answer: '' })));
      return (
        <SecurityQuestions
          questions={questions}
          value={v}
          onChange={setV}
          labels={{
            legend: 'Security questions',
            question: (n) => `Security question ${n}`,
            answer: (n) => `Answer ${n}`,
            placeholder: 'Choose',
          }}
        />
      );
    }
    render(<Harness />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Security question 1' }), 'q2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Paris');
    const second = screen.getByRole('combobox', { name: 'Security question 2' });
    const offered = Array.from(second.querySelectorAll('option')).map((o) => o.value);
    expect(offered).not.toContain('q2');
    expect(offered).toContain('q1');
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveValue('Paris');
    expect(screen.getByRole('textbox', { name: 'Answer 3' })).toBeInTheDocument();
  });
});
