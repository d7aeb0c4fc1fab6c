import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button, StepIndicator } from '../src/index.js';

export default { title: 'Navigation / Step indicator' } satisfies StoryDefault;

const STEPS = ['Details', 'Plan', 'Terms', 'Payment', 'Account'];
const describe = (i: number, name: string) => `Step ${i + 1} of ${STEPS.length}: ${name}`;

export const First: Story = () => (
  <StepIndicator label="Join progress" steps={STEPS} current={0} describeStep={describe} />
);

export const Middle: Story = () => (
  <StepIndicator label="Join progress" steps={STEPS} current={2} describeStep={describe} />
);

export const Last: Story = () => (
  <StepIndicator label="Join progress" steps={STEPS} current={4} describeStep={describe} />
);

/** Steps through the join; the current dot carries `aria-current="step"`. */
export const Interactive: Story = () => {
  const [current, setCurrent] = useState(0);
  return (
    <>
      <StepIndicator label="Join progress" steps={STEPS} current={current} describeStep={describe} />
      <div className="ofw-actions">
        <Button variant="secondary" disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
          Previous
        </Button>
        <Button disabled={current === STEPS.length - 1} onClick={() => setCurrent((c) => c + 1)}>
          Next
        </Button>
      </div>
    </>
  );
};

export const Phone: Story = () => <StepIndicator label="Progreso" steps={STEPS} current={1} describeStep={describe} />;
Phone.meta = { width: 360 };
