import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` has no screen of its own (§2 "No other routes are shown"): it goes to the regular join. */
export const Route = createFileRoute('/')({
  // `throw: true` makes the router's redirect throw itself (TanStack Router's `redirect` options).
  beforeLoad: () => redirect({ to: '/join', throw: true }),
});
