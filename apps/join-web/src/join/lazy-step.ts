import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` with a `preload()`: once the module has loaded (preloaded, or rendered before), the component renders
 * at once. A plain `lazy` over an already-downloaded chunk still suspends on its first render (the `import()` promise
 * settles a microtask later), and React then holds the revealed content back for its Suspense throttle (~300 ms);
 * here the factory hands React the loaded module synchronously.
 * @param load - the dynamic import, e.g. `() => import('./steps/PaymentStep.js')`.
 * @returns the lazy component and `preload()` (shares one request; a failed load can be retried).
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back synchronously: React.lazy reads the module without suspending.
        ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(loaded!) } as unknown as Promise<{
          default: ComponentType<P>;
        }>)
      : preload(),
  );
  return { Component, preload };
}

/** The payment step (its chunk brings @ofw/payments): preloaded by the terms step, rendered by JoinStepper. */
export const paymentStep = preloadableLazy(() => import('./steps/PaymentStep.js'));
