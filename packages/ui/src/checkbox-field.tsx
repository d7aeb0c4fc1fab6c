import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx.js';
import { useFieldIds } from './field.js';

/** Props of {@link CheckboxField}: a checkbox `<input>` (controlled with `checked` + `onChange`) with its texts. */
export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> {
  /** Visible label, beside the box; becomes its accessible name (already localized; may hold a formatted price). */
  label: ReactNode;
  /**
   * What ticking the box means, in a sentence under the label (already localized); linked to the box with
   * `aria-describedby`, so a screen reader reads it with the choice.
   */
  description?: ReactNode;
  /** Extra class on the wrapper element. */
  className?: string;
}

/**
 * A choice the user makes plainly: one checkbox with its label beside it (the whole label is the click target, 44 px
 * high at least) and an optional sentence saying what it means. Never pre-checked by this component: the caller owns
 * `checked`.
 */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, description, className, id, ...inputProps },
  ref,
) {
  const ids = useFieldIds(id, Boolean(description), false);
  return (
    <div className={cx('ofw-checkbox', className)}>
      <label className="ofw-checkbox__label" htmlFor={ids.controlId}>
        <input ref={ref} id={ids.controlId} type="checkbox" aria-describedby={ids.describedBy} {...inputProps} />
        <span>{label}</span>
      </label>
      {description ? (
        <p id={ids.hintId} className="ofw-checkbox__description">
          {description}
        </p>
      ) : null}
    </div>
  );
});
