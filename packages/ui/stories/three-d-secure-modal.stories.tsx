import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button, ThreeDSecureModal, type ThreeDSecureModalProps } from '../src/index.js';

export default { title: 'Payment / 3D Secure frame' } satisfies StoryDefault;

/** Stands in for the bank's challenge iframe (the provider mounts its own into `frameContainerRef`). */
const Challenge = () => (
  <div style={{ padding: 16 }}>
    <p>Your bank’s verification page appears here (400×400).</p>
    <label>
      One-time code <input inputMode="numeric" autoComplete="one-time-code" />
    </label>
  </div>
);

/**
 * Opens the challenge; Escape, the close button or a click on the backdrop cancels it and focus returns to the
 * button that opened it.
 */
function Demo({ variant }: { variant: ThreeDSecureModalProps['variant'] }) {
  const [open, setOpen] = useState(true);
  const [cancelled, setCancelled] = useState(0);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Pay $216.00</Button>
      <p role="status">{cancelled ? `Verification cancelled ${cancelled} time(s).` : ''}</p>
      <ThreeDSecureModal
        open={open}
        variant={variant}
        title="Verify your card"
        closeLabel="Cancel verification"
        onCancel={() => {
          setOpen(false);
          setCancelled((n) => n + 1);
        }}
      >
        <Challenge />
      </ThreeDSecureModal>
    </>
  );
}

export const Modal: Story = () => <Demo variant="modal" />;

/** The 440 px wide variant (§2, §9). */
export const Bootstrap: Story = () => <Demo variant="bootstrap" />;

/** In the page, no backdrop (not `aria-modal`). */
export const Inline: Story = () => <Demo variant="inline" />;

export const Phone: Story = () => <Demo variant="modal" />;
Phone.meta = { width: 360 };
