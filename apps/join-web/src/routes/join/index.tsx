import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../../join/JoinPage.js';
import { parseStepSearch } from '../../state/steps.js';

/** `/join` — the regular join (flow 'join', §2); `?step=` names the step shown (README "Steps in the URL"). */
export const Route = createFileRoute('/join/')({
  validateSearch: parseStepSearch,
  component: () => <JoinPage />,
});
