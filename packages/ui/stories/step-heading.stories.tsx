import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button, StatusMessage, StepHeading } from '../src/index.js';

export default { title: 'Feedback / Step heading and status' } satisfies StoryDefault;

const TITLES = ['Your details', 'Choose your plan', 'Terms of service', 'Payment'];

/** Focus management: "Next" changes the step and focus moves to the new step's heading (not on first load). */
export const StepChangeMovesFocus: Story = () => {
  const [step, setStep] = useState(0);
  return (
    <>
      <StepHeading stepKey={step}>{TITLES[step]}</StepHeading>
      <Button onClick={() => setStep((s) => (s + 1) % TITLES.length)}>Next</Button>
    </>
  );
};

/** A polite live region: "Load" shows a loading status for 2 s, then the result; screen readers read both. */
export const LoadingStatus: Story = () => {
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  return (
    <>
      <Button
        busy={state === 'loading'}
        onClick={() => {
          setState('loading');
          setTimeout(() => setState('done'), 2000);
        }}
      >
        Load plans
      </Button>
      <StatusMessage>
        {state === 'loading' ? 'Loading plans…' : state === 'done' ? '3 plans available.' : null}
      </StatusMessage>
    </>
  );
};

export const Loading: Story = () => <StatusMessage>Loading plans…</StatusMessage>;

export const Saving: Story = () => <StatusMessage>Saving your details…</StatusMessage>;

/** Announced but not shown (e.g. "Total updated" beside a live total). */
export const VisuallyHidden: Story = () => (
  <>
    <p>Only screen readers hear the status below.</p>
    <StatusMessage hidden>Total updated: $243.00</StatusMessage>
  </>
);
