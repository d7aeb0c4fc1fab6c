import type { ReactNode } from 'react';
import { Button } from './button.js';

/** Props of {@link TermsList}. */
export interface TermsListProps {
  /** Localized terms, one list item each (strings or rich nodes with links). */
  items: readonly ReactNode[];
  /** Localized text of the continue button, e.g. "Continue". */
  continueLabel: string;
  /** Called when the parent accepts the terms by continuing. */
  onContinue: () => void;
  /** While true the continue button is busy (request in flight). */
  busy?: boolean;
  /** Optional localized sentence above the list (e.g. "By continuing you agree to:"). */
  intro?: ReactNode;
  /** Choices the user makes before continuing (e.g. a `CheckboxField`), shown between the list and Continue. */
  children?: ReactNode;
}

/** §2 "A terms-and-conditions list with a continue button". Continuing records agreement (§3 `agreedToTerms`). */
export function TermsList({ items, continueLabel, onContinue, busy, intro, children }: TermsListProps) {
  return (
    <div className="ofw-terms">
      {intro ? <p className="ofw-terms__intro">{intro}</p> : null}
      <ul className="ofw-terms__list">
        {items.map((item, i) => (
          <li key={i} className="ofw-terms__item">
            {item}
          </li>
        ))}
      </ul>
      {children}
      <div className="ofw-actions">
        <Button busy={busy} onClick={onContinue}>
          {continueLabel}
        </Button>
      </div>
    </div>
  );
}
