import type { AnchorHTMLAttributes, MouseEventHandler } from 'react';
import { cx } from './cx.js';
import { GLYPH } from './glyphs.js';

/** Props of {@link BackButton}. */
export interface BackButtonProps {
  /** Localized text, e.g. "Back"; it is the accessible name. */
  label: string;
  /** Called on click, Enter or Space; the caller goes back one step (keeping that step's input). */
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** Disables the button (e.g. on the first step or while a request is in flight). */
  disabled?: boolean;
  /** Extra class on the `<button>`. */
  className?: string;
}

/** The §2 back button: returns to the previous join step (the caller keeps the step's input). */
export function BackButton({ label, onClick, disabled, className }: BackButtonProps) {
  return (
    <button
      type="button"
      className={cx('ofw-button', 'ofw-button--secondary', 'ofw-back', className)}
      onClick={onClick}
      disabled={disabled}
    >
      <span aria-hidden="true" className="ofw-back__arrow">
        {GLYPH.back}
      </span>
      {label}
    </button>
  );
}

/** Props of {@link BackLink}: an anchor with a localized `label`. */
export interface BackLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> {
  /** Localized link text, e.g. "Back to sign up"; it is the accessible name (the arrow is hidden). Pass `href` too. */
  label: string;
}

/** The §2 back link: a real link (e.g. to leave the join for the previous page). */
export function BackLink({ label, className, ...rest }: BackLinkProps) {
  return (
    <a className={cx('ofw-back-link', className)} {...rest}>
      <span aria-hidden="true">{GLYPH.back} </span>
      {label}
    </a>
  );
}
