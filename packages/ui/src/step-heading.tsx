import { useEffect, useRef, type ReactNode } from 'react';

/** Props of {@link StepHeading}. */
export interface StepHeadingProps {
  /** The step's localized title. */
  children: ReactNode;
  /** Changes whenever the step changes (e.g. the step id); focus moves to the heading each time. */
  stepKey: string | number;
  /** Skip focusing on the very first render (page load), so the browser's normal start applies. Default true. */
  skipInitialFocus?: boolean;
  /** DOM id of the `<h1>` (e.g. for `aria-labelledby` of the step's form). */
  id?: string;
}

/**
 * The `<h1>` of a join step. When `stepKey` changes it takes focus (`tabIndex=-1`), so keyboard and screen-reader
 * users start reading the new step from its title (WCAG 2.4.3 focus order).
 */
export function StepHeading({ children, stepKey, skipInitialFocus = true, id }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Compare with the last focused key rather than counting renders, so StrictMode's double effect is harmless.
  const lastKey = useRef<string | number | undefined>(skipInitialFocus ? stepKey : undefined);
  useEffect(() => {
    if (lastKey.current === stepKey) return;
    lastKey.current = stepKey;
    ref.current?.focus();
  }, [stepKey]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="ofw-step-heading">
      {children}
    </h1>
  );
}

/** Props of {@link StatusMessage}. */
export interface StatusMessageProps {
  /** Localized status text ("Loading packages…"); empty renders an empty live region so later text is announced. */
  children?: ReactNode;
  /** Visually hide the text (still announced). */
  hidden?: boolean;
}

/** A polite live region (`role="status"`) for loading and saving states. */
export function StatusMessage({ children, hidden }: StatusMessageProps) {
  return (
    <div role="status" className={hidden ? 'ofw-visually-hidden' : 'ofw-status'}>
      {children ? (
        <>
          {!hidden ? <span className="ofw-spinner" aria-hidden="true" /> : null}
          {children}
        </>
      ) : null}
    </div>
  );
}
