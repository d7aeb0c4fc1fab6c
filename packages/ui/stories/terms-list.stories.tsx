import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { CheckboxField, StatusMessage, TermsList } from '../src/index.js';

export default { title: 'Steps / Terms list' } satisfies StoryDefault;

const ITEMS = [
  'Your subscription renews automatically unless you cancel before the renewal date.',
  'You can cancel at any time from your account settings.',
  <>
    You agree to the <a href="#terms">Terms of Service</a> and the <a href="#privacy">Privacy Policy</a>.
  </>,
];

export const Default: Story = () => (
  <TermsList
    intro="By continuing you agree to the following:"
    items={ITEMS}
    continueLabel="Continue"
    onContinue={() => {}}
  />
);

/** Continue saves the agreement: the button is busy for 2 s and ignores further presses. */
export const Submitting: Story = () => {
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <TermsList
        intro="By continuing you agree to the following:"
        items={ITEMS}
        continueLabel="Continue"
        busy={busy}
        onContinue={() => {
          setBusy(true);
          setTimeout(() => {
            setBusy(false);
            setSaved((n) => n + 1);
          }, 2000);
        }}
      />
      <StatusMessage>{busy ? 'Saving…' : saved ? `Saved ${saved} time(s).` : null}</StatusMessage>
    </>
  );
};

export const Busy: Story = () => <TermsList items={ITEMS} continueLabel="Continue" onContinue={() => {}} busy />;

/** The same story on a 360 px phone. */
export const Phone: Story = () => <Default />;
Phone.meta = { width: 360 };

/** A choice before Continue (automatic renewal): unticked until the user ticks it. */
export const WithChoice: Story = () => {
  const [renew, setRenew] = useState(false);
  return (
    <TermsList
      intro="By continuing you agree to the following:"
      items={ITEMS}
      continueLabel="Continue"
      onContinue={() => {}}
    >
      <CheckboxField
        label="Renew automatically every year at $216.00"
        description="We charge your saved payment method on the last day of each term and remind you 30 and 7 days before."
        checked={renew}
        onChange={(e) => setRenew(e.target.checked)}
      />
    </TermsList>
  );
};
