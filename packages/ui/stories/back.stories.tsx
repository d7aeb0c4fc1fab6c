import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BackButton, BackLink } from '../src/index.js';

export default { title: 'Navigation / Back' } satisfies StoryDefault;

/** §2 back button: returns to the previous step (here it counts the steps back). */
export const Button: Story = () => {
  const [step, setStep] = useState(3);
  return (
    <>
      <BackButton label="Back" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0} />
      <p>Step {step + 1}</p>
    </>
  );
};

/** §2 back link: a real link out of the join. */
export const Link: Story = () => <BackLink label="Back to ourfamilywizard.com" href="#home" />;

export const Spanish: Story = () => (
  <div className="ofw-actions">
    <BackButton label="Atrás" onClick={() => {}} />
    <BackLink label="Volver a ourfamilywizard.com" href="#home" />
  </div>
);
