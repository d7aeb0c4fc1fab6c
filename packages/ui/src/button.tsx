import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from './cx.js';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight. Default `primary`. */
  variant?: 'primary' | 'secondary' | 'link';
  /**
   * While true the button shows a spinner, sets `aria-busy` and ignores clicks (`aria-disabled`, not `disabled`,
   * so it keeps focus), so a parent can never submit twice.
   */
  busy?: boolean;
}

/** A button at least 44×44 px (beyond WCAG 2.5.8's 24×24 px) with a busy state that blocks double submits. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, className, onClick, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx('ofw-button', `ofw-button--${variant}`, busy && 'ofw-button--busy', className)}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest.disabled || undefined}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
      {...rest}
    >
      {busy ? <span className="ofw-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
});
