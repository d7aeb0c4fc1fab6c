import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../../join/JoinPage.js';

/** `/join` — the regular join (flow 'join', §2). */
export const Route = createFileRoute('/join/')({
  component: () => <JoinPage />,
});
