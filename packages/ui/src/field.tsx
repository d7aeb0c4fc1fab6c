import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.js';

/** Props shared by {@link TextField} and {@link SelectField}. All strings are already localized by the caller. */
export interface FieldBaseProps {
  /** Visible label text; becomes the control's accessible name. */
  label: string;
  /** Optional help text, linked to the control with `aria-describedby`. */
  hint?: ReactNode;
  /** Error message; when set the control gets `aria-invalid="true"` and the message is linked with `aria-describedby`. */
  error?: string | undefined;
  /** Extra class on the wrapper element. */
  className?: string;
}

/** Ids for a field's control, hint and error, and the `aria-describedby` value joining the ones rendered. */
export function useFieldIds(id: string | undefined, hasHint: boolean, hasError: boolean) {
  const generated = useId();
  const controlId = id ?? `f${generated.replace(/:/g, '')}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function FieldShell({
  label,
  hint,
  error,
  className,
  ids,
  children,
}: FieldBaseProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={cx('ofw-field', error && 'ofw-field--invalid', className)}>
      <label className="ofw-field__label" htmlFor={ids.controlId}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="ofw-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="ofw-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of {@link TextField}: a labelled `<input>` plus {@link FieldBaseProps}. */
export type TextFieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

/**
 * A labelled text input with optional hint and error. The error is exposed through `aria-invalid` and
 * `aria-describedby`, so screen readers announce it with the field (WCAG 3.3.1).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, className, id, ...inputProps },
  ref,
) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <FieldShell label={label} hint={hint} error={error} className={className} ids={ids}>
      <input
        ref={ref}
        id={ids.controlId}
        className="ofw-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
    </FieldShell>
  );
});

/** One `<option>` of a {@link SelectField}. */
export interface SelectOption {
  /** Submitted value. */
  value: string;
  /** Localized text shown to the user. */
  label: string;
}

/** A group of options rendered as an `<optgroup>`; an empty label renders the options ungrouped. */
export interface SelectOptionGroup {
  label: string;
  options: readonly SelectOption[];
}

/** Props of {@link SelectField}. */
export type SelectFieldProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    /** Flat options, or groups (e.g. priority countries first). */
    options: readonly (SelectOption | SelectOptionGroup)[];
    /** Text of a first, empty option (e.g. "Select…"); omitted when undefined. */
    placeholder?: string;
  };

function isGroup(o: SelectOption | SelectOptionGroup): o is SelectOptionGroup {
  return 'options' in o;
}

/** A labelled native `<select>` (native for the best screen-reader and touch support) with hint and error. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, className, id, options, placeholder, ...selectProps },
  ref,
) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <FieldShell label={label} hint={hint} error={error} className={className} ids={ids}>
      <select
        ref={ref}
        id={ids.controlId}
        className="ofw-field__control ofw-field__control--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o, i) =>
          isGroup(o) ? (
            o.label ? (
              <optgroup key={`g${i}`} label={o.label}>
                {o.options.map((opt) => (
                  <option key={opt.value} value={opt.value}>
                    {opt.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              o.options.map((opt) => (
                <option key={opt.value} value={opt.value}>
                  {opt.label}
                </option>
              ))
            )
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </FieldShell>
  );
});
