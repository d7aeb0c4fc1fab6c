import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../join/AppShell.js';
import { NotFound } from '../join/NotFound.js';

export const Route = createRootRoute({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFound,
});
