import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { cx } from './cx.js';
import { GLYPH } from './glyphs.js';

/** Props of {@link ErrorBanner}. */
export interface ErrorBannerProps {
  /** Localized message; the banner renders nothing when empty. */
  message: string | undefined | null;
  /** Optional localized heading shown above the message. */
  title?: string;
  /** When set, a close button with this localized accessible name is shown. */
  dismissLabel?: string;
  /** Called by the close button; the caller clears `message`. */
  onDismiss?: () => void;
  /** Move focus to the banner when a new message appears (default true), so keyboard users land on it. */
  focusOnShow?: boolean;
  /** Extra class on the banner. */
  className?: string;
}

/**
 * The §2 payment-step error banner (also used for the §8 product errors). `role="alert"` makes screen readers
 * announce a new message at once; the banner takes focus when a message appears.
 */
export const ErrorBanner = forwardRef<HTMLDivElement | null, ErrorBannerProps>(function ErrorBanner(
  { message, title, dismissLabel, onDismiss, focusOnShow = true, className },
  ref,
) {
  const el = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => el.current as HTMLDivElement, []);
  useEffect(() => {
    if (message && focusOnShow) el.current?.focus();
  }, [message, focusOnShow]);
  if (!message) return null;
  return (
    <div ref={el} role="alert" tabIndex={-1} className={cx('ofw-error-banner', className)}>
      <div className="ofw-error-banner__body">
        {title ? <p className="ofw-error-banner__title">{title}</p> : null}
        <p className="ofw-error-banner__message">{message}</p>
      </div>
      {dismissLabel && onDismiss ? (
        <button type="button" className="ofw-icon-button" aria-label={dismissLabel} onClick={onDismiss}>
          <span aria-hidden="true">{GLYPH.close}</span>
        </button>
      ) : null}
    </div>
  );
});
