/**
 * Accessible form controls: each control named by its label, hint and error describing it with aria-invalid, a busy
 * submit that keeps focus and submits once (WCAG 2.2: 1.3.1, 3.3.1, 4.1.2; spec §2's billing, security question,
 * country, phone-code and co-parent e-mail steps).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  BillingInformation,
  Button,
  CoParentEmailQuestion,
  CountrySelect,
  PhoneCodeSelect,
  SecurityQuestions,
  SelectField,
  TextField,
} from '../src/index.js';
import { billingLabels } from './a11y-fixtures.js';

describe('Button', () => {
  it('submitting: a busy submit button sets aria-busy, keeps focus and submits its form once', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    function Form() {
      const [busy, setBusy] = useState(false);
      return (
        <form
          onSubmit={(e) => {
            onSubmit(e);
            setBusy(true);
          }}
        >
          <TextField label="Email" />
          <Button type="submit" busy={busy}>
            Pay
          </Button>
        </form>
      );
    }
    render(<Form />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).not.toBeDisabled(); // stays focusable, so focus is not lost mid-submit
    expect(pay).toHaveFocus();
    await userEvent.click(pay);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'a{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
  it('a disabled button is not operable and reports aria-disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('TextField and SelectField', () => {
  it('WCAG 3.3.1: hint and error both describe the input; the error sets aria-invalid', () => {
    render(<TextField label="Password" hint="At least 8 characters." error="Too short." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 8 characters. Too short.');
  });
  it('WCAG 3.3.1: a select is named by its label, its error described and marked invalid', () => {
    render(
      <SelectField
        label="State"
        placeholder="Select…"
        options={[{ value: 'TX', label: 'Texas' }]}
        error="Choose a state."
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a state.');
    expect(within(select).getByRole('option', { name: 'Select…' })).toHaveValue('');
  });
  it('a caller-given id keeps the label association and the error id', () => {
    render(<TextField id="email" label="Email" error="Required." />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-describedby', 'email-error');
  });
});

describe('BillingInformation', () => {
  it('§2 billing information: errors mark their fields invalid, blur is reported per field, autocomplete set', async () => {
    const onBlurField = vi.fn();
    render(
      <BillingInformation
        value={{ streetAddress: '', locality: '', region: '', postalCode: '' }}
        onChange={() => {}}
        labels={billingLabels}
        errors={{ streetAddress: 'This field is required.' }}
        onBlurField={onBlurField}
      />,
    );
    const street = screen.getByRole('textbox', { name: 'Street address' });
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street).toHaveAccessibleDescription('This field is required.');
    expect(street).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAttribute('autocomplete', 'postal-code');
    await userEvent.click(street);
    await userEvent.tab();
    expect(onBlurField).toHaveBeenCalledWith('streetAddress');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveFocus();
  });
  it('disabled while submitting: every field is disabled', () => {
    render(
      <BillingInformation
        value={{ streetAddress: '', locality: '', region: '', postalCode: '' }}
        onChange={() => {}}
        labels={billingLabels}
        disabled
      />,
    );
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
  });
});

describe('SecurityQuestions', () => {
  it('§2 security questions: a labelled group; slot errors are described and mark their control invalid', () => {
    render(
      <SecurityQuestions
        questions={[{ id: 'q1', text: 'First pet?' }]}
        value={[
          { questionId: '', answer: '' },
          { questionId: 'q1', answer: '' },
        ]}
        onChange={() => {}}
        labels={{
          legend: 'Security questions',
          question: (n) => `Question ${n}`,
          answer: (n) => `Answer ${n}`,
          placeholder: 'Choose',
        }}
        errors={[{ question: 'Choose a question.' }, { answer: 'Enter an answer.' }]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Security questions' });
    const q1 = within(group).getByRole('combobox', { name: 'Question 1' });
    expect(q1).toHaveAttribute('aria-invalid', 'true');
    expect(q1).toHaveAccessibleDescription('Choose a question.');
    const a2 = within(group).getByRole('textbox', { name: 'Answer 2' });
    expect(a2).toHaveAccessibleDescription('Enter an answer.');
    expect(within(group).getByRole('textbox', { name: 'Answer 1' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('CountrySelect and PhoneCodeSelect', () => {
  it('§2 country select: labelled, its error described and marked invalid', () => {
    render(
      <CountrySelect label="Country" countries={[{ value: 'US', label: 'United States' }]} error="Choose a country." />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a country.');
  });
  it('§2 phone-country-code select: autocomplete tel-country-code, changed by keyboard', async () => {
    const onChange = vi.fn();
    render(
      <PhoneCodeSelect
        label="Country code"
        codes={[
          { value: '+1', label: '+1' },
          { value: '+44', label: '+44' },
        ]}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country code' });
    expect(select).toHaveAttribute('autocomplete', 'tel-country-code');
    await userEvent.selectOptions(select, '+44');
    expect(onChange).toHaveBeenCalledWith('+44');
  });
});

describe('CoParentEmailQuestion', () => {
  it('§2 co-parent email question: a radio group named by the question; the email error is described', () => {
    render(
      <CoParentEmailQuestion
        value={{ hasEmail: true, email: 'x@' }}
        onChange={() => {}}
        labels={{ legend: 'Do you know their email?', yes: 'Yes', no: 'No', email: 'Their email' }}
        error="Enter a valid email address."
      />,
    );
    const group = screen.getByRole('group', { name: 'Do you know their email?' });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
    const email = within(group).getByRole('textbox', { name: 'Their email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
  });
  it('answered by keyboard: Space checks the focused radio', async () => {
    const onChange = vi.fn();
    render(
      <CoParentEmailQuestion
        value={{ hasEmail: undefined, email: '' }}
        onChange={onChange}
        labels={{ legend: 'Q', yes: 'Yes', no: 'No', email: 'Email' }}
      />,
    );
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ hasEmail: true, email: '' });
  });
});
