import { useId } from 'react';
import { TextField } from './field.js';

/** Value of {@link CoParentEmailQuestion}: `hasEmail` undefined until answered. */
export interface CoParentEmailValue {
  /** The yes/no answer; `undefined` until the parent answers. */
  hasEmail: boolean | undefined;
  /** The co-parent's email; only meaningful when `hasEmail` is true. */
  email: string;
}

/** Localized texts of {@link CoParentEmailQuestion}. */
export interface CoParentEmailLabels {
  /** The question, e.g. "Do you know your co-parent's email address?" */
  legend: string;
  /** Text of the two radios, e.g. "Yes" / "No". */
  yes: string;
  no: string;
  /** Label of the email field shown on "yes". */
  email: string;
}

/** Props of {@link CoParentEmailQuestion}. */
export interface CoParentEmailQuestionProps {
  /** The answer shown (controlled). */
  value: CoParentEmailValue;
  /** Called with the whole new value when the answer or the email changes. */
  onChange: (value: CoParentEmailValue) => void;
  /** Localized question, radio texts and email label. */
  labels: CoParentEmailLabels;
  /** Localized error of the email field (`aria-invalid` + `aria-describedby`). */
  error?: string | undefined;
  /** Disables the whole question (the fieldset). */
  disabled?: boolean;
}

/** §2 "A co-parent email question": a yes/no radio group that reveals an email field on "yes". */
export function CoParentEmailQuestion({ value, onChange, labels, error, disabled }: CoParentEmailQuestionProps) {
  const name = `coparent-${useId().replace(/:/g, '')}`;
  return (
    <fieldset className="ofw-fieldset" disabled={disabled}>
      <legend className="ofw-fieldset__legend">{labels.legend}</legend>
      <div className="ofw-radio-row">
        {([true, false] as const).map((answer) => (
          <label key={String(answer)} className="ofw-radio">
            <input
              type="radio"
              name={name}
              checked={value.hasEmail === answer}
              onChange={() => onChange({ ...value, hasEmail: answer })}
            />
            <span>{answer ? labels.yes : labels.no}</span>
          </label>
        ))}
      </div>
      {value.hasEmail ? (
        <TextField
          label={labels.email}
          type="email"
          autoComplete="off"
          value={value.email}
          error={error}
          onChange={(e) => onChange({ ...value, email: e.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
