import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

/**
 * `/renewal/$token` — the page of a renewal e-mail's link (docs/RENEWAL.md): turn automatic renewal off, update the
 * payment method after a declined renewal, or come back after the subscription ended; a used or expired link is a
 * dead end with a way onward. Lazy: its chunk (and the payment code of the update-card form) loads only here.
 */
export const Route = createFileRoute('/renewal/$token')({
  component: lazyRouteComponent(() => import('../../renewal/RenewalPage.js'), 'RenewalPage'),
});
