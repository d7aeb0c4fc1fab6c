import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from './cx.js';
import { GLYPH } from './glyphs.js';

/** Props of {@link ThreeDSecureModal}. */
export interface ThreeDSecureModalProps {
  /** Shows the frame (while the provider's challenge runs); closed renders nothing and returns focus. */
  open: boolean;
  /** Localized dialog title, e.g. "Verify your card". */
  title: string;
  /** Localized accessible name of the close button, e.g. "Cancel verification". */
  closeLabel: string;
  /** Called on Escape, a backdrop click or the close button (§2: each cancels the challenge). */
  onCancel: () => void;
  /**
   * `modal` (default) and `inline`: a 400×400 frame area; `bootstrap`: the 440 px wide modal variant (§2, §9).
   */
  variant?: 'modal' | 'inline' | 'bootstrap';
  /** Receives the element the provider mounts its challenge iframe into. */
  frameContainerRef?: (el: HTMLDivElement | null) => void;
  /** Or render the iframe yourself. */
  children?: ReactNode;
}

/** What Tab can reach inside the dialog; the provider's challenge `iframe` counts (focus then enters it). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * §2 3D Secure challenge frame: a modal dialog (or an inline frame) sized 400×400 (440 px wide for the bootstrap
 * variant). Escape, a backdrop click or the close button call `onCancel`. Focus moves into the dialog on open and
 * back to where it was on close; in the modal variants Tab and Shift+Tab stay inside the dialog (focus guards
 * before and after it wrap around, so this works even when focus leaves the provider's iframe).
 */
export function ThreeDSecureModal({
  open,
  title,
  closeLabel,
  onCancel,
  variant = 'modal',
  frameContainerRef,
  children,
}: ThreeDSecureModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        cancelRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const frame = (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal={variant === 'inline' ? undefined : true}
      aria-label={title}
      tabIndex={-1}
      className={cx('ofw-3ds', `ofw-3ds--${variant}`)}
    >
      <div className="ofw-3ds__header">
        <p className="ofw-3ds__title">{title}</p>
        <button type="button" className="ofw-icon-button" aria-label={closeLabel} onClick={() => cancelRef.current()}>
          <span aria-hidden="true">{GLYPH.close}</span>
        </button>
      </div>
      <div ref={frameContainerRef} className="ofw-3ds__frame" data-testid="three-d-secure-frame">
        {children}
      </div>
    </div>
  );
  if (variant === 'inline') return frame;
  const focusEdge = (edge: 'first' | 'last') => {
    const inside = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    (edge === 'first' ? inside[0] : inside[inside.length - 1])?.focus();
  };
  return (
    <div
      className="ofw-3ds-backdrop"
      data-testid="three-d-secure-backdrop"
      onClick={(e) => e.target === e.currentTarget && cancelRef.current()}
    >
      <span tabIndex={0} className="ofw-visually-hidden" data-focus-guard="" onFocus={() => focusEdge('last')} />
      {frame}
      <span tabIndex={0} className="ofw-visually-hidden" data-focus-guard="" onFocus={() => focusEdge('first')} />
    </div>
  );
}
