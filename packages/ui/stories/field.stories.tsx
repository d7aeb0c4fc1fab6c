import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { SelectField, TextField } from '../src/index.js';

export default { title: 'Primitives / Fields' } satisfies StoryDefault;

export const Text: Story = () => <TextField label="First name" autoComplete="given-name" />;

export const WithHint: Story = () => (
  <TextField label="Password" type="password" hint="At least 8 characters, with a letter and a number." />
);

/** An error sets `aria-invalid` and is read with the field (`aria-describedby`). */
export const WithError: Story = () => (
  <TextField
    label="Email"
    type="email"
    defaultValue="ada@"
    hint="We send your receipt here."
    error="Enter a valid email address."
  />
);

/** Validates on blur: leave the field empty and tab away to see the error appear. */
export const ValidateOnBlur: Story = () => {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  return (
    <TextField
      label="Username"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => setTouched(true)}
      error={touched && !value ? 'This field is required.' : undefined}
    />
  );
};

export const Select: Story = () => (
  <SelectField
    label="How did you hear about us?"
    placeholder="Select…"
    options={[
      { value: 'court', label: 'Court or attorney' },
      { value: 'friend', label: 'A friend' },
      { value: 'web', label: 'Web search' },
    ]}
  />
);

export const SelectWithError: Story = () => (
  <SelectField
    label="State"
    placeholder="Select…"
    options={[
      { value: 'TX', label: 'Texas' },
      { value: 'WA', label: 'Washington' },
    ]}
    error="Choose a state."
  />
);

export const Disabled: Story = () => <TextField label="Email" defaultValue="ada@example.com" disabled />;
