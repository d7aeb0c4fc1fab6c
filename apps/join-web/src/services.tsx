import type { ApiClient } from '@ofw/api-client';
import { createContext, useContext, type ReactNode } from 'react';

/** What screens need from the outside world; tests pass fakes. */
export interface Services {
  /** join-api client (docs/CONTRACTS.md). */
  api: ApiClient;
  /** Leaves the SPA for a server page (§4 "Completion": `/ofw/home.form`). Default `window.location.assign`. */
  leaveTo: (url: string) => void;
  /** A fresh idempotency key per payment or signup attempt. Default `crypto.randomUUID`. */
  newIdempotencyKey: () => string;
}

const ServicesContext = createContext<Services | null>(null);

/** Provides {@link Services} to the screens. */
export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/**
 * The app's {@link Services}.
 * @throws Error "useServices must be used within <ServicesProvider>" outside the provider.
 */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used within <ServicesProvider>');
  return services;
}
