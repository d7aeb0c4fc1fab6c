import { useId } from 'react';
import { TextField } from './field.js';

/** Value of {@link CoParentEmailQuestion}: `hasEmail` undefined until answered. */
export interface CoParentEmailValue {
  hasEmail: boolean | undefined;
  email: string;
}

/** Localized texts of {@link CoParentEmailQuestion}. */
export interface CoParentEmailLabels {
  /** The question, e.g. "Do you know your co-parent's email address?" */
  legend: string;
  yes: string;
  no: string;
  email: string;
}

/** Props of {@link CoParentEmailQuestion}. */
export interface CoParentEmailQuestionProps {
  value: CoParentEmailValue;
  onChange: (value: CoParentEmailValue) => void;
  labels: CoParentEmailLabels;
  error?: string | undefined;
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
