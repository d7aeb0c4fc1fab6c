import { Provider as JotaiProvider } from 'jotai';
import type { CoreContext } from './core-context.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { AppShell } from './join/AppShell.js';
import { firstScreenPort } from './join/first-screen-port.js';
import { JoinPortProvider } from './join/join-port.js';
import { StepFrame } from './join/StepFrame.js';
import { DetailsStep } from './join/steps/DetailsStep.js';
import type { StepNav } from './join/use-join.js';
import { ServicesProvider } from './services.js';
import { stepsFor } from './state/steps.js';

/** The regular join's steps (§2; a fresh join has no parent yet, so no pro-created account). */
const JOIN_STEPS = stepsFor('join');

/**
 * Until the full app is in, no step is left: the first-screen port records Continue for the full app
 * (pending-signup.ts) instead of signing up, and only a finished sign-up moves on. Back has nowhere to go.
 */
const STAY: StepNav = {
  index: 0,
  next: () => undefined,
  resume: () => undefined,
  back: () => undefined,
  goTo: () => undefined,
};

/**
 * docs/performance/join-web.md "First paint", the first-screen tree: a fresh `/join` at the details step as the full app's first commit
 * shows it — the header and the details step in the same markup — without TanStack Router and TanStack Query, so
 * neither is in the first load. src/main.tsx takes the prerendered shell over with it, loads the full app right after
 * and lets it take over from this tree (same jotai store: what was typed stays; the focus is carried over).
 */
export function FirstScreen({ context }: { context: CoreContext }) {
  return (
    <JotaiProvider store={context.store}>
      <JoinPortProvider port={firstScreenPort}>
        <ServicesProvider services={context.services}>
          <I18nProvider>
            <AppShell>
              <StepFrame steps={JOIN_STEPS} step="details" proName="">
                <DetailsStep flow="join" nav={STAY} />
              </StepFrame>
            </AppShell>
          </I18nProvider>
        </ServicesProvider>
      </JoinPortProvider>
    </JotaiProvider>
  );
}
