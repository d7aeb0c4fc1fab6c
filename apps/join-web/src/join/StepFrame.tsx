import { StepHeading, StepIndicator } from '@ofw/ui';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { StepId } from '../state/join-state.js';
import { appMessages, detailsMessages, stepMessages } from './messages.js';

/**
 * What surrounds every step of the wizard (§2): the step indicator with dots, the focused step heading, the
 * professional's name on a pro-referred join, then the step; it names the page after the step. Shared by
 * JoinStepper and the first-screen tree (src/first-screen.tsx), so both lay out the same screen.
 * @param steps - the flow's steps.
 * @param step - the step shown (one of `steps`).
 * @param proName - the referring professional's name ('' for none).
 */
export function StepFrame({
  steps,
  step,
  proName,
  children,
}: {
  steps: readonly StepId[];
  step: StepId;
  proName: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage(stepMessages[step]);
  useEffect(() => {
    document.title = intl.formatMessage(appMessages.pageTitle, { step: title });
  }, [intl, title]);
  const names = steps.map((s) => intl.formatMessage(stepMessages[s]));
  return (
    <div>
      <StepIndicator
        label={intl.formatMessage(stepMessages.progress)}
        steps={names}
        current={steps.indexOf(step)}
        describeStep={(i, name) =>
          intl.formatMessage(stepMessages.describe, { number: i + 1, total: steps.length, name })
        }
      />
      <StepHeading stepKey={step}>{title}</StepHeading>
      {proName ? (
        <p className="pro-banner app-narrow">{intl.formatMessage(detailsMessages.proReferral, { name: proName })}</p>
      ) : null}
      {children}
    </div>
  );
}
