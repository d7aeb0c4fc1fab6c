import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { CoParentEmailQuestion, type CoParentEmailLabels, type CoParentEmailValue } from '../src/index.js';

export default { title: 'Steps / Co-parent email question' } satisfies StoryDefault;

const LABELS: CoParentEmailLabels = {
  legend: 'Do you know your co-parent’s email address?',
  yes: 'Yes',
  no: 'No',
  email: 'Co-parent’s email address',
};

/** "Yes" reveals the email field; "No" hides it. */
export const Interactive: Story = () => {
  const [value, setValue] = useState<CoParentEmailValue>({ hasEmail: undefined, email: '' });
  return <CoParentEmailQuestion value={value} onChange={setValue} labels={LABELS} />;
};

export const AnsweredYes: Story = () => {
  const [value, setValue] = useState<CoParentEmailValue>({ hasEmail: true, email: 'sam@example.com' });
  return <CoParentEmailQuestion value={value} onChange={setValue} labels={LABELS} />;
};

export const WithError: Story = () => (
  <CoParentEmailQuestion
    value={{ hasEmail: true, email: 'sam@' }}
    onChange={() => {}}
    labels={LABELS}
    error="Enter a valid email address."
  />
);

export const Disabled: Story = () => (
  <CoParentEmailQuestion value={{ hasEmail: false, email: '' }} onChange={() => {}} labels={LABELS} disabled />
);

export const Phone: Story = () => {
  const [value, setValue] = useState<CoParentEmailValue>({ hasEmail: undefined, email: '' });
  return (
    <CoParentEmailQuestion
      value={value}
      onChange={setValue}
      labels={{
        legend: '¿Conoce el correo electrónico del otro progenitor?',
        yes: 'Sí',
        no: 'No',
        email: 'Correo electrónico del otro progenitor',
      }}
    />
  );
};
Phone.meta = { width: 360 };
