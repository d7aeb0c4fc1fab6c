import { BackButton, ErrorBanner, TermsList } from '@ofw/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useServices } from '../../services.js';
import { applyParentState } from '../../state/parent-state.js';
import { appMessages, stepMessages, termsMessages } from '../messages.js';
import { usePaymentStepPrefetch } from '../payment-prefetch.js';
import { useJoin, type StepNav } from '../use-join.js';

/**
 * Step 3, terms (§2 "A terms-and-conditions list with a continue button"): Continue records agreement (PUT …/terms).
 * While the parent reads, the payment step's code, config and card frames load (issue 15, usePaymentStepPrefetch).
 */
export function TermsStep({ nav }: { nav: StepNav }) {
  const intl = useIntl();
  usePaymentStepPrefetch();
  const { api } = useServices();
  const { state, setState } = useJoin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const items = [
    termsMessages.service,
    termsMessages.renewal,
    termsMessages.records,
    termsMessages.coparent,
    termsMessages.refunds,
  ].map((m) => intl.formatMessage(m));

  async function onContinue() {
    setError(undefined);
    const userId = Number(state.parent.userId);
    if (!userId) {
      setError(intl.formatMessage(appMessages.unexpectedError));
      return;
    }
    setBusy(true);
    try {
      const ps = await api.putTerms(userId);
      setState((s) => ({ ...applyParentState(s, ps), agreedToTerms: true }));
      nav.next();
    } catch {
      setError(intl.formatMessage(appMessages.unexpectedError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="app-narrow">
      <ErrorBanner message={error} />
      <TermsList
        intro={intl.formatMessage(termsMessages.intro)}
        items={items}
        continueLabel={intl.formatMessage(stepMessages.continue)}
        onContinue={() => void onContinue()}
        busy={busy}
      />
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
    </div>
  );
}
