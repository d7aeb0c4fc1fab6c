import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../src/index.js';

export default { title: 'Primitives / Button' } satisfies StoryDefault;

/** The three variants; every one is at least 44×44 px. */
export const Variants: Story = () => (
  <div className="ofw-actions">
    <Button>Continue</Button>
    <Button variant="secondary">Back</Button>
    <Button variant="link">Have a coupon?</Button>
  </div>
);

/**
 * Submitting: a click makes the button busy for 2 s (a request in flight); clicks meanwhile are ignored, so the
 * counter shows one submission however often it is pressed.
 */
export const Submitting: Story = () => {
  const [busy, setBusy] = useState(false);
  const [submissions, setSubmissions] = useState(0);
  return (
    <>
      <Button
        busy={busy}
        onClick={() => {
          setSubmissions((n) => n + 1);
          setBusy(true);
          setTimeout(() => setBusy(false), 2000);
        }}
      >
        Pay $216.00
      </Button>
      <p role="status">Submissions: {submissions}</p>
    </>
  );
};

export const Busy: Story = () => <Button busy>Pay $216.00</Button>;

export const Disabled: Story = () => <Button disabled>Continue</Button>;
