import { SelectField, TextField } from './field.js';

/** One question of the list served by the API. */
export interface SecurityQuestionOption {
  /** The question's id as the API lists it (the option value). */
  id: string;
  /** Localized question text. */
  text: string;
}

/** The parent's choice for one of the three slots. */
export interface SecurityAnswer {
  /** Chosen question id; `''` until chosen. */
  questionId: string;
  /** The parent's answer. */
  answer: string;
}

/** Localized texts of {@link SecurityQuestions}. */
export interface SecurityQuestionsLabels {
  /** Fieldset legend, e.g. "Security questions". */
  legend: string;
  /** e.g. (1) => "Security question 1". */
  question: (n: number) => string;
  /** e.g. (1) => "Answer 1". */
  answer: (n: number) => string;
  /** Text of the empty first option, e.g. "Choose a question". */
  placeholder: string;
}

/** Props of {@link SecurityQuestions}. */
export interface SecurityQuestionsProps {
  /** Every question the API offers. */
  questions: readonly SecurityQuestionOption[];
  /** Exactly one entry per slot (usually three). */
  value: readonly SecurityAnswer[];
  /** Called with all slots after any edit. */
  onChange: (value: SecurityAnswer[]) => void;
  /** Localized legend, per-slot labels and placeholder. */
  labels: SecurityQuestionsLabels;
  /** Localized errors per slot. */
  errors?: ReadonlyArray<{ question?: string | undefined; answer?: string | undefined } | undefined>;
  /** Disables every control (the fieldset). */
  disabled?: boolean;
}

/**
 * §2 "Security questions": one select and one answer per slot. A question chosen in one slot is not offered
 * in the others, so the three are always different.
 */
export function SecurityQuestions({ questions, value, onChange, labels, errors, disabled }: SecurityQuestionsProps) {
  const update = (i: number, patch: Partial<SecurityAnswer>) =>
    onChange(value.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <fieldset className="ofw-fieldset" disabled={disabled}>
      <legend className="ofw-fieldset__legend">{labels.legend}</legend>
      {value.map((slot, i) => {
        const taken = new Set(value.filter((_, j) => j !== i).map((v) => v.questionId));
        const options = questions.filter((q) => !taken.has(q.id)).map((q) => ({ value: q.id, label: q.text }));
        return (
          <div key={i} className="ofw-security-question">
            <SelectField
              id={`security-question-${i + 1}`}
              label={labels.question(i + 1)}
              placeholder={labels.placeholder}
              options={options}
              required
              value={slot.questionId}
              error={errors?.[i]?.question}
              onChange={(e) => update(i, { questionId: e.target.value })}
            />
            <TextField
              id={`security-answer-${i + 1}`}
              label={labels.answer(i + 1)}
              required
              autoComplete="off"
              value={slot.answer}
              error={errors?.[i]?.answer}
              onChange={(e) => update(i, { answer: e.target.value })}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
