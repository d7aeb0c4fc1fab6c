/**
 * Focus and announcements: focus on step change and on error, a live region for status, the 3D Secure dialog's focus
 * trap and return (WCAG 2.2: 2.4.3, 3.3.1, 4.1.3; spec §2 3DS frame).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ErrorBanner,
  StatusMessage,
  StepHeading,
  ThreeDSecureModal,
  type ThreeDSecureModalProps,
} from '../src/index.js';

describe('StepHeading and StatusMessage', () => {
  it('focus on step change: each new stepKey focuses the new heading; same key does not steal focus', () => {
    const { rerender } = render(
      <>
        <StepHeading stepKey="plan">Choose your plan</StepHeading>
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() =>
      rerender(
        <>
          <StepHeading stepKey="terms">Terms</StepHeading>
          <button type="button">Elsewhere</button>
        </>,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toHaveFocus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() =>
      rerender(
        <>
          <StepHeading stepKey="terms">Terms</StepHeading>
          <button type="button">Elsewhere</button>
        </>,
      ),
    );
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
  it('skipInitialFocus=false focuses the heading on first render', () => {
    render(
      <StepHeading stepKey="payment" skipInitialFocus={false}>
        Payment
      </StepHeading>,
    );
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();
  });
  it('live region: the status region exists before its text, so the text is announced when it appears', () => {
    const { rerender } = render(<StatusMessage />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    rerender(<StatusMessage>Loading plans…</StatusMessage>);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Loading plans…');
  });
  it('a hidden status is visually hidden but still in the accessibility tree', () => {
    render(<StatusMessage hidden>Total updated</StatusMessage>);
    const region = screen.getByRole('status');
    expect(region).toHaveClass('ofw-visually-hidden');
    expect(region).toHaveTextContent('Total updated');
  });
});

describe('ErrorBanner', () => {
  it('focus on error: each new message is announced and focused; dismiss is a named button', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<ErrorBanner message="Card declined." dismissLabel="Dismiss" onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveFocus();
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    rerender(<ErrorBanner message="Verification failed." dismissLabel="Dismiss" onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Verification failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
  it('focusOnShow=false announces without moving focus', () => {
    render(
      <>
        <input aria-label="Card number" autoFocus />
        <ErrorBanner message="An unexpected error occurred, please try again later." focusOnShow={false} />
      </>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus();
  });
});

describe('ThreeDSecureModal', () => {
  function Harness({ variant }: { variant?: ThreeDSecureModalProps['variant'] }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Pay
        </button>
        <ThreeDSecureModal
          open={open}
          variant={variant}
          title="Verify your card"
          closeLabel="Cancel verification"
          onCancel={() => setOpen(false)}
        >
          <input aria-label="One-time code" />
        </ThreeDSecureModal>
      </>
    );
  }
  it('§2 3DS frame: opens focused as a modal dialog; Escape closes it and focus returns to the opener', async () => {
    render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    const dialog = screen.getByRole('dialog', { name: 'Verify your card' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pay).toHaveFocus();
  });
  it('§2 3DS frame: the close button works by keyboard and returns focus', async () => {
    render(<Harness variant="bootstrap" />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel verification' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();
  });
  it('§2 3DS frame: Tab stays inside the modal dialog, both ways', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const close = screen.getByRole('button', { name: 'Cancel verification' });
    const code = screen.getByRole('textbox', { name: 'One-time code' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(code).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(code).toHaveFocus();
  });
  it('inline variant: not modal, no backdrop; Escape still cancels; a closed dialog no longer listens', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <ThreeDSecureModal open variant="inline" title="Verify" closeLabel="Cancel" onCancel={onCancel} />,
    );
    expect(screen.getByRole('dialog', { name: 'Verify' })).not.toHaveAttribute('aria-modal');
    expect(screen.queryByTestId('three-d-secure-backdrop')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ThreeDSecureModal open={false} variant="inline" title="Verify" closeLabel="Cancel" onCancel={onCancel} />,
    );
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
