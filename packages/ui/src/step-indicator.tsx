import { cx } from './cx.js';

/** Props of {@link StepIndicator}. */
export interface StepIndicatorProps {
  /** Localized step names, in order. */
  steps: readonly string[];
  /** Zero-based index of the current step. */
  current: number;
  /** Accessible name of the navigation landmark, e.g. "Join progress". */
  label: string;
  /**
   * Localized "Step {n} of {total}: {name}" text for each dot, read by screen readers
   * (the dots themselves are decorative). Defaults to the step name.
   */
  describeStep?: (index: number, name: string) => string;
}

/**
 * §2 "A step indicator with dots": one dot per step, completed dots filled, the current one marked with
 * `aria-current="step"`. The list is an `<ol>` inside a labelled `<nav>`, so assistive technology hears the
 * position and the total.
 */
export function StepIndicator({ steps, current, label, describeStep }: StepIndicatorProps) {
  return (
    <nav className="ofw-steps" aria-label={label}>
      <ol className="ofw-steps__list">
        {steps.map((name, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          return (
            <li
              key={`${i}-${name}`}
              className={cx('ofw-steps__item', `ofw-steps__item--${state}`)}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="ofw-steps__dot" aria-hidden="true" />
              <span className="ofw-visually-hidden">{describeStep ? describeStep(i, name) : name}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
